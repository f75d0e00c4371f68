import { expect } from '@open-wc/testing';
import { locales } from '../../i18n/locales.js';
import { payerMessages } from './payer-messages.js';
import { draw } from './payer-fields.js';

/** A checkout as the payer's fields see it: a shadow root with a pay button, and `submit()`. */
function checkoutHost() {
  const host = document.createElement('div') as HTMLDivElement & {
    renderRoot: ShadowRoot;
    submit(): Promise<void>;
    submits: number;
  };
  host.renderRoot = host.attachShadow({ mode: 'open' });
  host.renderRoot.innerHTML = '<div class="body"><button part="button">Pay</button></div>';
  host.submits = 0;
  host.submit = async () => void host.submits++;
  document.body.append(host);
  return host;
}

/** Dispatches the submission as the checkout does, and answers it and whether it went on. */
function dispatchSubmit(host: HTMLElement) {
  const submission: Record<string, unknown> = { order: 'o', attempt: 'a', method: {} };
  let heard = false;
  const listener = () => void (heard = true);
  document.addEventListener('paylit-submit', listener);
  const sent = host.dispatchEvent(
    new CustomEvent('paylit-submit', {
      bubbles: true,
      composed: true,
      cancelable: true,
      detail: { submission },
    }),
  );
  document.removeEventListener('paylit-submit', listener);
  return { submission, sent, heard };
}

const field = (host: { renderRoot: ShadowRoot }, name: string) =>
  host.renderRoot.querySelector<HTMLInputElement | HTMLSelectElement>(`[name=${name}]`)!;

function type(input: HTMLInputElement, text: string) {
  input.focus();
  for (const ch of text) {
    const at = input.selectionStart ?? input.value.length;
    input.value = input.value.slice(0, at) + ch + input.value.slice(input.selectionEnd ?? at);
    input.setSelectionRange(at + 1, at + 1);
    input.dispatchEvent(new InputEvent('input', { bubbles: true, data: ch }));
  }
}

describe('payer fields: what the order lacks, asked for before the pay button', () => {
  it("every language has each of English's messages, with the same placeholders", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
    for (const locale of locales) {
      const catalog = payerMessages[locale] as Record<string, string>;
      for (const [key, english] of Object.entries(payerMessages.en)) {
        expect(catalog[key], `${locale}.${key}`).to.be.a('string').and.not.equal('');
        expect(placeholders(catalog[key]!), `${locale}.${key}`).to.deep.equal(
          placeholders(english),
        );
      }
    }
  });

  it('draws the fields for the way the shopper pays, before the pay button, labelled, with their autocomplete tokens', () => {
    const host = checkoutHost();
    draw(host, {
      order: {
        id: 'o-1',
        country: 'IN',
        asks: { card: ['document', 'phone', 'birth_date', 'address'] },
      },
      selection: { type: 'card' },
      lang: 'en',
    });
    const fieldset = host.renderRoot.querySelector('fieldset')!;
    expect(fieldset.nextElementSibling?.getAttribute('part')).to.equal('button');
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
      expect(host.renderRoot.getElementById(label.htmlFor), label.textContent!).not.to.equal(null);
    expect(
      ['phone', 'birth_date', 'street', 'city', 'state', 'zip_code'].map(
        (n) => (field(host, n) as HTMLInputElement).autocomplete,
      ),
    ).to.deep.equal([
      'tel',
      'bday',
      'address-line1',
      'address-level2',
      'address-level1',
      'postal-code',
    ]);
    // A wallet needs nothing this order lacks: the fields go.
    draw(host, {
      order: { id: 'o-1', country: 'IN', asks: {} },
      selection: { type: 'wallet' },
      lang: 'en',
    });
    expect(host.renderRoot.querySelector('fieldset')).to.equal(null);
    host.remove();
  });

  it("formats a CPF as it is completed, the caret kept after the digit typed; a CNPJ's letters upper-cased", () => {
    const host = checkoutHost();
    draw(host, {
      order: { id: 'o-1', country: 'BR', asks: { card: ['document'] } },
      selection: { type: 'card' },
      lang: 'pt-BR',
    });
    expect(host.renderRoot.querySelector('label[for$=document]')!.textContent).to.equal('CPF');
    const input = field(host, 'document') as HTMLInputElement;
    type(input, '53033315550');
    expect(input.value).to.equal('530.333.155-50');
    expect(input.selectionStart).to.equal(input.value.length);
    // A digit changed in the middle: the caret stays after it.
    input.setSelectionRange(2, 3);
    type(input, '0');
    expect(input.value.slice(0, 3)).to.equal('530');
    const select = field(host, 'document_type') as HTMLSelectElement;
    select.value = 'CNPJ';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(host.renderRoot.querySelector('label[for$=document]')!.textContent).to.equal('CNPJ');
    host.remove();
  });

  it('a wrong detail stops the submission, unheard, and says why on its field; the right ones join it normalized', () => {
    const host = checkoutHost();
    draw(host, {
      order: { id: 'o-1', country: 'AR', asks: { wallet: ['name', 'email', 'document', 'phone'] } },
      selection: { type: 'wallet' },
      lang: 'es-AR',
    });
    (field(host, 'name') as HTMLInputElement).value = '  Lucía   Pérez ';
    (field(host, 'email') as HTMLInputElement).value = 'lucia@example';
    (field(host, 'document_type') as HTMLSelectElement).value = 'CUIT';
    field(host, 'document_type').dispatchEvent(new Event('change', { bubbles: true }));
    (field(host, 'document') as HTMLInputElement).value = '20-12345678-5';
    (field(host, 'phone') as HTMLInputElement).value = '11 5555-1234';
    const refused = dispatchSubmit(host);
    expect([refused.sent, refused.heard]).to.deep.equal([false, false]);
    const email = field(host, 'email');
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    expect(host.renderRoot.activeElement).to.equal(email);
    const described = host.renderRoot.getElementById(email.getAttribute('aria-describedby')!)!;
    expect(described.textContent).to.equal(payerMessages['es-419'].emailInvalid);
    expect(field(host, 'document').getAttribute('aria-invalid')).to.equal('true');
    expect(
      host.renderRoot.getElementById(field(host, 'document').getAttribute('aria-describedby')!)!
        .textContent,
    ).to.equal('Este número de CUIT no es válido: revisa los dígitos.');

    (field(host, 'email') as HTMLInputElement).value = 'lucia@example.com';
    (field(host, 'document') as HTMLInputElement).value = '20-12345678-6';
    const paid = dispatchSubmit(host);
    expect([paid.sent, paid.heard]).to.deep.equal([true, true]);
    expect(paid.submission.payer).to.deep.equal({
      name: 'Lucía Pérez',
      email: 'lucia@example.com',
      document_type: 'CUIT',
      document: '20123456786',
      phone: '+541155551234',
    });
    host.remove();
  });

  it("the server's refusal of a field, announced by the checkout, is said on that field", () => {
    const host = checkoutHost();
    draw(host, {
      order: { id: 'o-1', country: 'ZA', asks: { card: ['address'] } },
      selection: { type: 'card' },
      lang: 'en',
    });
    for (const [name, value] of Object.entries({
      street: 'Long Street',
      number: '1',
      city: 'Cape Town',
      state: 'WC',
      zip_code: '8001',
    }))
      (field(host, name) as HTMLInputElement).value = value;
    host.dispatchEvent(
      new CustomEvent('paylit-error', {
        detail: { fields: [{ param: 'payer.address.city', message: 'is unknown' }] },
      }),
    );
    expect(field(host, 'city').getAttribute('aria-invalid')).to.equal('true');
    expect(host.renderRoot.activeElement).to.equal(field(host, 'city'));
    host.remove();
  });

  it('the consent to save a new card: unticked, with its terms; ticked, the new card is saved, and a saved card or another order is not', () => {
    const host = checkoutHost();
    const state = (id: string, type: string) => ({
      order: { id, country: 'BR', asks: { card: ['save_card' as const] } },
      selection: { type },
      lang: 'en',
    });
    draw(host, state('o-1', 'card'));
    // Nothing else is asked: no fieldset, the box alone, before the pay button.
    expect(host.renderRoot.querySelector('fieldset')).to.equal(null);
    const box = field(host, 'save_card') as HTMLInputElement;
    expect(box.closest('[part=save-card]')!.nextElementSibling!.getAttribute('part')).to.equal(
      'button',
    );
    expect([box.type, box.checked]).to.deep.equal(['checkbox', false]);
    expect(box.closest('label')!.textContent).to.equal(payerMessages.en.saveCard);
    expect(
      host.renderRoot.getElementById(box.getAttribute('aria-describedby')!)!.textContent,
    ).to.equal(payerMessages.en.saveCardTerms);
    const card = () => {
      const submission = {
        order: 'o',
        attempt: 'a',
        method: { type: 'card' } as Record<string, unknown>,
      };
      host.dispatchEvent(
        new CustomEvent('paylit-submit', { cancelable: true, detail: { submission } }),
      );
      return submission.method;
    };
    expect(card()).not.to.have.property('save');
    box.click();
    expect(card()).to.include({ save: true });
    // A saved card is not asked (the view asks nothing for it): the box goes.
    draw(host, { ...state('o-1', 'saved_card'), order: { id: 'o-1', country: 'BR', asks: {} } });
    expect(field(host, 'save_card')).to.equal(null);
    // Another order: unticked again.
    draw(host, state('o-2', 'card'));
    expect((field(host, 'save_card') as HTMLInputElement).checked).to.equal(false);
    host.remove();
  });

  it("a document named in English words (Viet Nam's citizen ID) is the shopper's own 'document number'", () => {
    const host = checkoutHost();
    draw(host, {
      order: { id: 'o-1', country: 'VN', asks: { card: ['document'] } },
      selection: { type: 'card' },
      lang: 'vi',
    });
    expect(host.renderRoot.querySelector('label[for$=document]')!.textContent).to.equal(
      payerMessages.vi.document,
    );
    host.remove();
  });

  it('two checkouts on one page: each has its own fields, ids and submission', () => {
    const [a, b] = [checkoutHost(), checkoutHost()];
    for (const host of [a, b])
      draw(host, {
        order: { id: 'o-1', country: 'CL', asks: { card: ['document'] } },
        selection: { type: 'card' },
        lang: 'es',
      });
    expect(field(a, 'document').id).not.to.equal(field(b, 'document').id);
    (field(a, 'document') as HTMLInputElement).value = '10.000.013-K';
    expect(dispatchSubmit(a).submission.payer).to.deep.equal({ document: '10000013K' });
    // The other, left empty, stops its own submission only.
    expect(dispatchSubmit(b).sent).to.equal(false);
    expect(field(b, 'document').getAttribute('aria-invalid')).to.equal('true');
    expect(field(a, 'document').hasAttribute('aria-invalid')).to.equal(false);
    a.remove();
    b.remove();
  });

  it('Enter in a field pays, as in the card fields', () => {
    const host = checkoutHost();
    draw(host, {
      order: { id: 'o-1', country: 'CL', asks: { card: ['document'] } },
      selection: { type: 'card' },
      lang: 'es',
    });
    field(host, 'document').dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
    );
    expect(host.submits).to.equal(1);
    host.remove();
  });
});
