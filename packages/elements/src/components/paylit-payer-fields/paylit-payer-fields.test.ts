import { expect } from '@open-wc/testing';
import { waitUntil } from '../../../../../test/support/wait-until.js';
import { ContextProvider } from '@lit/context';
import type { AsksView } from '@paylit/core/checkout';
import {
  checkoutContext,
  emptyCheckout,
  type CheckoutContextValue,
  type Selection,
} from '../../context/checkout-context.js';
import '../../internal/module-loaders.js';
import es419 from '../../i18n/payer/payer-es-419.js';
import en from '../../i18n/payer/payer-en.js';
import { format } from '../../i18n/format.js';
import { locales } from '../../i18n/locales.js';
import vi from '../../i18n/payer/payer-vi.js';
import { loadPayerWords, payerWords } from './payer-words.js';
import { PaylitPayerFields } from './paylit-payer-fields.js';

interface State {
  order: { id: string; country: string; asks?: AsksView };
  selection: { type: Selection['type']; methodId?: string };
  lang: string;
  paymentMethods?: CheckoutContextValue['paymentMethods'];
}

/**
 * `<paylit-payer-fields>` inside a checkout as it reads one: a provider of the checkout's
 * context (`set` gives it another state, as the checkout does at each change).
 */
async function payerFields(state: State) {
  const host = document.createElement('div');
  const provider = new ContextProvider(host, {
    context: checkoutContext,
    initialValue: value(state),
  });
  const el = document.createElement('paylit-payer-fields');
  host.append(el);
  document.body.append(host);
  await el.updateComplete;
  const set = async (next: State) => {
    provider.setValue(value(next));
    await el.updateComplete;
  };
  return { host, el, set };
}

function value(state: State): CheckoutContextValue {
  return {
    ...emptyCheckout,
    status: 'ready',
    order: {
      amount: 10,
      currency: 'BRL',
      intent: 'capture',
      installments: false,
      ...state.order,
    } as CheckoutContextValue['order'],
    selection: state.selection as Selection,
    lang: state.lang,
    paymentMethods: state.paymentMethods ?? [],
    setBin: () => undefined,
    choosePlan: () => undefined,
    select: () => undefined,
    loadPlans: async () => null,
  };
}

const field = (el: PaylitPayerFields, name: string) =>
  el.shadowRoot!.querySelector<HTMLInputElement | HTMLSelectElement>(`[name=${name}]`)!;

function type(input: HTMLInputElement, text: string) {
  input.focus();
  for (const ch of text) {
    const at = input.selectionStart ?? input.value.length;
    input.value = input.value.slice(0, at) + ch + input.value.slice(input.selectionEnd ?? at);
    input.setSelectionRange(at + 1, at + 1);
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: ch }));
  }
}

const described = (el: PaylitPayerFields, control: Element) =>
  el.shadowRoot!.getElementById(control.getAttribute('aria-describedby')!)!.textContent;

/** Whether a field's message is a live region (said as it changes): `polite`, or `off`. */
const liveness = (el: PaylitPayerFields, control: Element) =>
  el
    .shadowRoot!.getElementById(control.getAttribute('aria-describedby')!)!
    .getAttribute('aria-live');

describe('<paylit-payer-fields>: what the order lacks, asked for before the pay button', () => {
  it('draws the fields for the way the shopper pays, labelled, with their autocomplete tokens; axe finds nothing', async () => {
    const { host, el, set } = await payerFields({
      order: {
        id: 'o-1',
        country: 'IN',
        asks: { card: ['document', 'phone', 'birth_date', 'address'] },
      },
      selection: { type: 'card' },
      lang: 'en',
    });
    const fieldset = el.shadowRoot!.querySelector('fieldset[part=payer]')!;
    const labels = [...fieldset.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).to.deep.equal([
      'PAN',
      'Phone',
      'Date of birth',
      'Street',
      'Number',
      'City',
      'State or province',
      'Postal code',
    ]);
    for (const label of fieldset.querySelectorAll('label'))
      expect(el.shadowRoot!.getElementById(label.htmlFor), label.textContent!).not.to.equal(null);
    expect(
      ['phone', 'birth_date', 'street', 'city', 'state', 'zip_code'].map(
        (n) => (field(el, n) as HTMLInputElement).autocomplete,
      ),
    ).to.deep.equal([
      'tel',
      'bday',
      'address-line1',
      'address-level2',
      'address-level1',
      'postal-code',
    ]);
    await expect(el).to.be.accessible();
    // A wallet needs nothing this order lacks: the fields go.
    await set({
      order: { id: 'o-1', country: 'IN', asks: {} },
      selection: { type: 'wallet' },
      lang: 'en',
    });
    expect(el.shadowRoot!.querySelector('fieldset')).to.equal(null);
    host.remove();
  });

  it("formats a CPF as it is completed, the caret kept after the digit typed; a CNPJ's letters upper-cased", async () => {
    const { host, el } = await payerFields({
      order: { id: 'o-1', country: 'BR', asks: { card: ['document'] } },
      selection: { type: 'card' },
      lang: 'pt-BR',
    });
    expect(el.shadowRoot!.querySelector('label[for$=document]')!.textContent).to.equal('CPF');
    const input = field(el, 'document') as HTMLInputElement;
    type(input, '53033315550');
    expect(input.value).to.equal('530.333.155-50');
    expect(input.selectionStart).to.equal(input.value.length);
    // A digit changed in the middle: the caret stays after it.
    input.setSelectionRange(2, 3);
    type(input, '0');
    expect(input.value.slice(0, 3)).to.equal('530');
    // Delete just before a dot, as the browser does it: the digit after the dot goes, the caret stays.
    input.value = '530333.155-50';
    input.setSelectionRange(3, 3);
    input.dispatchEvent(
      new InputEvent('input', { bubbles: true, composed: true, inputType: 'deleteContentForward' }),
    );
    expect(input.value).to.equal('530.331.555-0');
    expect(input.selectionStart).to.equal(3);
    const select = field(el, 'document_type') as HTMLSelectElement;
    select.value = 'CNPJ';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('label[for$=document]')!.textContent).to.equal('CNPJ');
    host.remove();
  });

  it('a CNPJ typed while CPF is chosen is written and checked as a CNPJ: the select and the label say so', async () => {
    const { host, el } = await payerFields({
      order: { id: 'o-1', country: 'BR', asks: { card: ['document'] } },
      selection: { type: 'card' },
      lang: 'pt-BR',
    });
    const input = field(el, 'document') as HTMLInputElement;
    const select = field(el, 'document_type') as HTMLSelectElement;
    expect(select.value).to.equal('CPF');
    type(input, '11222333000181');
    await el.updateComplete;
    expect(input.value).to.equal('11.222.333/0001-81');
    expect(select.value).to.equal('CNPJ');
    expect(el.shadowRoot!.querySelector('label[for$=document]')!.textContent).to.equal('CNPJ');
    expect(el.details()).to.deep.equal({ document_type: 'CNPJ', document: '11222333000181' });
    host.remove();
  });

  it('the document type select is as tall as the inputs beside it, in English and Arabic', async () => {
    for (const lang of ['en', 'ar']) {
      const { host, el } = await payerFields({
        order: { id: 'o-1', country: 'BR', asks: { card: ['document', 'phone'] } },
        selection: { type: 'card' },
        lang,
      });
      const select = field(el, 'document_type').getBoundingClientRect();
      const input = field(el, 'document').getBoundingClientRect();
      expect(select.height, `${lang}: select beside input`).to.be.closeTo(input.height, 0.5);
      host.remove();
    }
  });

  it('a wrong detail: no details to send, said on its field, the first focused; the right ones answered normalized', async () => {
    const { host, el } = await payerFields({
      order: { id: 'o-1', country: 'AR', asks: { wallet: ['name', 'email', 'document', 'phone'] } },
      selection: { type: 'wallet' },
      lang: 'es-AR',
    });
    (field(el, 'name') as HTMLInputElement).value = '  Lucía   Pérez ';
    (field(el, 'email') as HTMLInputElement).value = 'lucia@example';
    (field(el, 'document_type') as HTMLSelectElement).value = 'CUIT';
    field(el, 'document_type').dispatchEvent(new Event('change', { bubbles: true }));
    await el.updateComplete;
    (field(el, 'document') as HTMLInputElement).value = '20-12345678-5';
    (field(el, 'phone') as HTMLInputElement).value = '11 5555-1234';
    expect(el.details()).to.equal(undefined);
    await el.updateComplete;
    const email = field(el, 'email');
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    expect(el.shadowRoot!.activeElement).to.equal(email);
    expect(described(el, email)).to.equal(es419.emailInvalid);
    // Said once: the focused field's message by the focus (its description), not again by a
    // live region; the other wrong field's, where focus is not, by its live region.
    expect(liveness(el, email)).to.equal('off');
    expect(field(el, 'document').getAttribute('aria-invalid')).to.equal('true');
    expect(described(el, field(el, 'document'))).to.equal(
      'Este número de CUIT no es válido: revisa los dígitos.',
    );
    expect(liveness(el, field(el, 'document'))).to.equal('polite');
    // Typed in, its message is live again (a correction is said as it changes).
    (email as HTMLInputElement).value = 'lucia@example.';
    email.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: '.' }));
    await el.updateComplete;
    expect(liveness(el, email)).to.equal('polite');

    (field(el, 'email') as HTMLInputElement).value = 'lucia@example.com';
    (field(el, 'document') as HTMLInputElement).value = '20-12345678-6';
    expect(el.details()).to.deep.equal({
      name: 'Lucía Pérez',
      email: 'lucia@example.com',
      document_type: 'CUIT',
      document: '20123456786',
      phone: '+541155551234',
    });
    host.remove();
  });

  it("check(): Pay pressed, each field's problem shows at once, with no focus taken", async () => {
    const { host, el } = await payerFields({
      order: { id: 'o-1', country: 'CL', asks: { card: ['document'] } },
      selection: { type: 'card' },
      lang: 'en',
    });
    expect(el.check()).to.equal(false);
    await el.updateComplete;
    expect(field(el, 'document').getAttribute('aria-invalid')).to.equal('true');
    // What the RUT is for, when paying by card (no longer "This field is required.").
    expect(described(el, field(el, 'document'))).to.equal(
      format(en.needDocument, { type: 'RUT', method: en.byCard }),
    );
    expect(el.shadowRoot!.activeElement).to.equal(null);
    host.remove();
  });

  it('a missing detail says what it is for, per field and the way the shopper pays, in each of the 13 languages', async () => {
    const boleto = { id: 'BL', name: 'Boleto Bancário', type: 'TICKET' };
    const english = new Map<string, string>();
    for (const lang of locales) {
      await loadPayerWords(lang);
      const t = payerWords(lang);
      for (const [selection, method] of [
        [{ type: 'redirect' as const, methodId: 'BL' }, 'Boleto Bancário'],
        [{ type: 'card' as const }, t.byCard],
      ] as const) {
        const { host, el } = await payerFields({
          order: {
            id: `o-${lang}`,
            country: 'BR',
            asks: {
              [selection.type]: ['name', 'email', 'document', 'phone', 'birth_date', 'address'],
            },
          },
          selection,
          lang,
          paymentMethods: [boleto] as unknown as CheckoutContextValue['paymentMethods'],
        });
        await waitUntil(() => el.shadowRoot!.querySelector('legend')?.textContent === t.details);
        expect(el.check()).to.equal(false);
        await el.updateComplete;
        const said = (name: string) => described(el, field(el, name))!;
        const where = `${lang}, ${selection.type}`;
        expect(said('document'), where).to.equal(format(t.needDocument, { type: 'CPF', method }));
        expect(said('email'), where).to.equal(format(t.needEmail, { method }));
        expect(said('phone'), where).to.equal(format(t.needPhone, { method }));
        expect(said('birth_date'), where).to.equal(format(t.needBirthDate, { method }));
        expect(said('name'), where).to.equal(format(t.needName, { method }));
        expect(said('zip_code'), where).to.equal(format(t.needAddress, { method, field: t.zip }));
        expect(said('street'), where).to.equal(format(t.needAddress, { method, field: t.street }));
        // Each names the way the shopper pays, and says something of its own.
        const all = ['name', 'email', 'document', 'phone', 'birth_date', 'zip_code', 'street'].map(
          said,
        );
        for (const message of all) {
          expect(message, where).to.contain(method);
          expect(message, where).not.to.equal(t.required);
        }
        expect(new Set(all).size, where).to.equal(all.length);
        // A real translation, not English left in another catalog.
        if (lang === 'en') english.set(selection.type, all.join('|'));
        else expect(all.join('|'), where).not.to.equal(english.get(selection.type));
        host.remove();
      }
    }
  });

  it("the server's refusal of a field is said on that field", async () => {
    const { host, el } = await payerFields({
      order: { id: 'o-1', country: 'ZA', asks: { card: ['address'] } },
      selection: { type: 'card' },
      lang: 'en',
    });
    for (const [name, v] of Object.entries({
      street: 'Long Street',
      number: '1',
      city: 'Cape Town',
      state: 'WC',
      zip_code: '8001',
    }))
      (field(el, name) as HTMLInputElement).value = v;
    expect(el.refuse([{ param: 'payer.address.city' }])).to.equal(true);
    await el.updateComplete;
    expect(field(el, 'city').getAttribute('aria-invalid')).to.equal('true');
    expect(described(el, field(el, 'city'))).to.equal(en.refused);
    expect(el.shadowRoot!.activeElement).to.equal(field(el, 'city'));
    // Said by the focus, not again by a live region.
    expect(liveness(el, field(el, 'city'))).to.equal('off');
    host.remove();
  });

  it('the consent to save a new card: unticked, with its terms; ticked, saveCard; a saved card or another order is not', async () => {
    const state = (id: string, t: Selection['type'], asks: AsksView = { card: ['save_card'] }) => ({
      order: { id, country: 'BR', asks },
      selection: { type: t },
      lang: 'en',
    });
    const { host, el, set } = await payerFields(state('o-1', 'card'));
    // Nothing else is asked: no fieldset, the box alone.
    expect(el.shadowRoot!.querySelector('fieldset')).to.equal(null);
    const box = field(el, 'save_card') as HTMLInputElement;
    expect(box.closest('[part=save-card]')).not.to.equal(null);
    expect([box.type, box.checked]).to.deep.equal(['checkbox', false]);
    expect(box.closest('label')!.textContent).to.equal(en.saveCard);
    expect(described(el, box)).to.equal(en.saveCardTerms);
    expect([el.saveCard, el.details()]).to.deep.equal([false, {}]);
    box.click();
    expect(el.saveCard).to.equal(true);
    // A saved card is not asked (the view asks nothing for it): the box goes.
    await set(state('o-1', 'saved_card', {}));
    expect(field(el, 'save_card')).to.equal(null);
    expect(el.saveCard).to.equal(false);
    // Another order: unticked again.
    await set(state('o-2', 'card'));
    expect((field(el, 'save_card') as HTMLInputElement).checked).to.equal(false);
    expect(el.saveCard).to.equal(false);
    host.remove();
  });

  it("a document named in English words (Viet Nam's citizen ID) is the shopper's own 'document number'", async () => {
    const { host, el } = await payerFields({
      order: { id: 'o-1', country: 'VN', asks: { card: ['document'] } },
      selection: { type: 'card' },
      lang: 'vi',
    });
    expect(el.shadowRoot!.querySelector('label[for$=document]')!.textContent).to.equal(vi.document);
    host.remove();
  });

  it('two checkouts on one page: each has its own fields, ids and details', async () => {
    const state = {
      order: { id: 'o-1', country: 'CL', asks: { card: ['document' as const] } },
      selection: { type: 'card' as const },
      lang: 'es',
    };
    const [a, b] = [await payerFields(state), await payerFields(state)];
    expect(field(a.el, 'document').id).not.to.equal(field(b.el, 'document').id);
    (field(a.el, 'document') as HTMLInputElement).value = '10.000.013-K';
    expect(a.el.details()).to.deep.equal({ document: '10000013K' });
    // The other, left empty, refuses its own only.
    expect(b.el.details()).to.equal(undefined);
    await Promise.all([a.el.updateComplete, b.el.updateComplete]);
    expect(field(b.el, 'document').getAttribute('aria-invalid')).to.equal('true');
    expect(field(a.el, 'document').hasAttribute('aria-invalid')).to.equal(false);
    a.host.remove();
    b.host.remove();
  });

  it('Enter in a field asks the checkout to pay (`pay`), as in the card fields', async () => {
    const { host, el } = await payerFields({
      order: { id: 'o-1', country: 'CL', asks: { card: ['document'] } },
      selection: { type: 'card' },
      lang: 'es',
    });
    let pays = 0;
    el.addEventListener('pay', () => pays++);
    field(el, 'document').dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
    );
    expect(pays).to.equal(1);
    host.remove();
  });
});
