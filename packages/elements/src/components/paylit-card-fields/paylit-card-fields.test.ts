import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { cardBrands, formatCardNumber, getBrand } from '@paylit/core/card';
import { decryptCard, generateCardKeyPair } from '@paylit/core/crypto';
import { PaylitError } from '@paylit/core/errors';
import { brandTestNumbers } from '../../../../core/test/fixtures/brand-numbers.js';
import { locales, messagesFor } from '../../i18n/index.js';
import { paymentMethods } from '../../../../sandbox/src/catalogs/payment-methods.js';
import { checkoutContext, type CheckoutContextValue } from '../../context/checkout-context.js';
import { importMethodMarks } from '../../internal/lazy.js';
import '../../paylit-card-fields.js';
import type { PaylitCardFields } from './paylit-card-fields.js';

const input = (el: PaylitCardFields, id: string) =>
  el.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!;
const errorOf = (el: PaylitCardFields, id: string) =>
  el.shadowRoot!.querySelector(`#${id}-error`)!.textContent!.trim();

async function type(el: PaylitCardFields, id: string, text: string) {
  input(el, id).focus();
  await sendKeys({ type: text });
  await el.updateComplete;
}

/** What a paste does: the whole text lands at the caret as one input event. */
async function paste(el: PaylitCardFields, id: string, text: string) {
  const field = input(el, id);
  field.focus();
  field.value = text;
  field.setSelectionRange(text.length, text.length);
  field.dispatchEvent(
    new InputEvent('input', { inputType: 'insertFromPaste', bubbles: true, composed: true }),
  );
  await el.updateComplete;
}

async function fill(
  el: PaylitCardFields,
  card = { number: '4111111111111111', expiry: '1230', cvv: '123', holder: 'Ana Lima' },
) {
  await type(el, 'number', card.number);
  await type(el, 'expiry', card.expiry);
  await type(el, 'cvv', card.cvv);
  await type(el, 'holder', card.holder);
}

/** Waits for a condition the element reaches on its own (the marks' chunk arriving). */
async function until(what: string, ok: () => boolean, ms = 3000) {
  const end = performance.now() + ms;
  while (!ok()) {
    if (performance.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
const marksIn = (root: ParentNode) =>
  [...root.querySelectorAll('svg[data-mark]')].map((m) => m.getAttribute('data-mark'));

// First in the file: nothing here has loaded the marks' chunk yet.
describe('<paylit-card-fields> before the marks arrive', () => {
  it("renders empty boxes of the marks' size first, then the marks in the same boxes", async () => {
    // The shopper's words first, as a checkout's page has them by the time its fields draw;
    // the marks' chunk is not asked for yet.
    await messagesFor('en');
    const el = document.createElement('paylit-card-fields');
    el.lang = 'en';
    document.body.append(el);
    try {
      // The first render, in microtasks only: the marks are asked for in a later task (a
      // setTimeout after connection), so nothing can have brought them yet. Waiting for
      // updateComplete instead waited for the catalog too, long enough for the marks' chunk
      // to arrive first on a quiet machine.
      for (let i = 0; i < 1000 && !el.hasUpdated; i++) await Promise.resolve();
      expect(el.hasUpdated, 'rendered within microtasks').to.equal(true);
      const row = el.shadowRoot!.querySelector('[part=accepted]')!;
      const boxes = [...row.querySelectorAll('.mark')];
      expect(boxes).to.have.length(3);
      expect(marksIn(row)).to.deep.equal([]);
      const before = boxes.map((b) => JSON.stringify(b.getBoundingClientRect()));
      expect(boxes[0]!.getBoundingClientRect().width).to.equal(28);
      await until('the marks arrive', () => marksIn(row).length === 3);
      expect(marksIn(row)).to.deep.equal(['visa', 'mastercard', 'american-express']);
      expect(boxes.map((b) => JSON.stringify(b.getBoundingClientRect()))).to.deep.equal(before);
    } finally {
      el.remove();
    }
  });
});

describe('<paylit-card-fields>', () => {
  it('has four labelled inputs with the autofill tokens and numeric keyboards', async () => {
    const el = await fixture<PaylitCardFields>(
      html`<paylit-card-fields lang="en"></paylit-card-fields>`,
    );
    const expected: [string, string, string | null, string][] = [
      ['number', 'cc-number', 'numeric', 'next'],
      ['expiry', 'cc-exp', 'numeric', 'next'],
      ['cvv', 'cc-csc', 'numeric', 'next'],
      ['holder', 'cc-name', null, 'go'],
    ];
    for (const [id, autocomplete, mode, enter] of expected) {
      const field = input(el, id);
      expect(field.getAttribute('autocomplete')).to.equal(autocomplete);
      expect(field.getAttribute('inputmode')).to.equal(mode);
      expect(field.getAttribute('enterkeyhint'), id).to.equal(enter);
      expect(el.shadowRoot!.querySelector(`label[for=${id}]`)!.textContent).to.have.length.above(3);
    }
    await expect(el).to.be.accessible();
  });

  it('formats the number by brand as the shopper types, and shows the brand', async () => {
    const el = await fixture<PaylitCardFields>(html`<paylit-card-fields></paylit-card-fields>`);
    await type(el, 'number', '378282246310005');
    expect(input(el, 'number').value).to.equal('3782 822463 10005');
    expect(el.brand?.code).to.equal('AE');
    expect(el.shadowRoot!.querySelector('[part=icon]')!.getAttribute('title')).to.equal(
      'American Express',
    );
    expect(input(el, 'cvv').placeholder).to.equal('1234');
    expect(el.bin).to.equal('378282');
  });

  it('reads a pasted spaced or dashed number', async () => {
    const el = await fixture<PaylitCardFields>(html`<paylit-card-fields></paylit-card-fields>`);
    await paste(el, 'number', '4111-1111 1111.1111');
    expect(input(el, 'number').value).to.equal('4111 1111 1111 1111');
    expect(el.bin).to.equal('41111111');
  });

  it('keeps the caret where the shopper expects when deleting in the middle, and over a space', async () => {
    const el = await fixture<PaylitCardFields>(html`<paylit-card-fields></paylit-card-fields>`);
    await type(el, 'number', '4111222233334444');
    const field = input(el, 'number');
    field.setSelectionRange(7, 7); // 4111 22|22 3333 4444
    await sendKeys({ press: 'Backspace' });
    expect(field.value).to.equal('4111 2223 3334 444');
    expect(field.selectionStart).to.equal(6);
    field.setSelectionRange(5, 5); // 4111 |2223…: Backspace over the space deletes the 4th digit
    await sendKeys({ press: 'Backspace' });
    expect(field.value).to.equal('4112 2233 3344 44');
    expect(field.selectionStart).to.equal(3);
    field.setSelectionRange(2, 2); // typing in the middle
    await sendKeys({ type: '9' });
    expect(field.value).to.equal('4191 2223 3334 444');
    expect(field.selectionStart).to.equal(3);
  });

  it("shows every brand of core's table with its icon and grouping", async () => {
    const el = await fixture<PaylitCardFields>(html`<paylit-card-fields></paylit-card-fields>`);
    for (const [number, id] of brandTestNumbers) {
      await paste(el, 'number', number);
      expect(el.brand?.id, number).to.equal(id);
      expect(input(el, 'number').value, number).to.equal(formatCardNumber(number));
      await until(
        `${id}'s mark`,
        () => marksIn(el.shadowRoot!.querySelector('[part=icon]')!)[0] === id,
      );
    }
  });

  it("has a mark of its own for every brand of core's table and every method of the catalog", async () => {
    const { brandMark, methodMark } = await importMethodMarks();
    for (const brand of cardBrands) {
      const mark = brandMark(brand.id);
      expect(mark.getAttribute('data-mark'), brand.id).to.equal(brand.id);
      expect(mark.getAttribute('viewBox')).to.equal('0 0 40 26');
      expect(mark.getAttribute('aria-hidden')).to.equal('true');
      if (brand.code)
        expect(brandMark(brand.code).getAttribute('data-mark'), brand.code).to.equal(brand.id);
    }
    expect(brandMark(undefined).getAttribute('data-mark')).to.equal('generic');
    expect(brandMark('no-such-brand').getAttribute('data-mark')).to.equal('generic');
    const methods = new Map(
      Object.values(paymentMethods)
        .flat()
        .map((m) => [m.id, m.name]),
    );
    // 'CARD' is "a new card": the generic card is its mark.
    methods.delete('CARD');
    for (const [id, name] of methods) {
      const mark = methodMark(id, name);
      expect(mark.getAttribute('data-mark'), `${id} ${name}`).to.equal(getBrand(id)?.id ?? id);
      expect(mark.querySelector('*'), id).to.exist;
    }
    expect(methodMark('ZZ', 'Banco Nuevo').getAttribute('data-mark')).to.equal('initials');
    expect(methodMark('ZZ', 'Banco Nuevo').textContent).to.equal('BN');
    // Each call is a new node: a caller may insert it anywhere.
    expect(brandMark('visa')).not.to.equal(brandMark('visa'));
  });

  it('draws Mercado Pago and Diners Club as their lockups: the handshake oval and the split circle beside their names', async () => {
    const { brandMark, methodMark } = await importMethodMarks();
    const words = (mark: SVGSVGElement) =>
      [...mark.querySelectorAll('text')].map((t) => t.textContent);
    const mp = methodMark('MP', 'Mercado Pago');
    expect(words(mp)).to.deep.equal(['mercado', 'pago']);
    expect(mp.querySelector('ellipse')!.getAttribute('fill')).to.equal('#00b1ea');
    expect(mp.querySelector('path'), 'the handshake').to.exist;
    const diners = brandMark('DC');
    expect(words(diners)).to.deep.equal(['Diners', 'Club']);
    expect(diners.querySelectorAll('circle')).to.have.length(2);
  });

  it("shows the order's accepted brands while the number is empty, and the typed brand once typed", async () => {
    const { el } = await inCheckout('pt-BR', {
      paymentMethods: [
        { id: 'CARD', type: 'CARD', name: 'Card' },
        { id: 'VI', type: 'CARD', name: 'Visa' },
        { id: 'MC', type: 'CARD', name: 'Mastercard' },
        { id: 'EL', type: 'CARD', name: 'Elo' },
        { id: 'HI', type: 'CARD', name: 'Hipercard' },
        { id: 'PX', type: 'BANK_TRANSFER', name: 'Pix' },
      ],
    } as unknown as Partial<CheckoutContextValue>);
    const t = await messagesFor('pt-BR');
    const row = () => el.shadowRoot!.querySelector('[part=accepted]');
    expect(row()!.getAttribute('role')).to.equal('list');
    expect(row()!.getAttribute('aria-label')).to.equal(t.acceptedCards);
    expect(
      [...row()!.querySelectorAll('[role=listitem] .sr-only')].map((i) => i.textContent),
    ).to.deep.equal(['Visa', 'Mastercard', 'Elo', 'Hipercard']);
    await until('the marks arrive', () => marksIn(row()!).length === 4);
    expect(marksIn(row()!)).to.deep.equal(['visa', 'mastercard', 'elo', 'hipercard']);
    await expect(el).to.be.accessible();
    await type(el, 'number', '5');
    expect(row()).to.equal(null);
    expect(marksIn(el.shadowRoot!.querySelector('[part=icon]')!)).to.deep.equal(['generic']);
    await type(el, 'number', '555');
    expect(marksIn(el.shadowRoot!.querySelector('[part=icon]')!)).to.deep.equal(['mastercard']);
    input(el, 'number').select();
    await sendKeys({ press: 'Backspace' });
    await el.updateComplete;
    expect(row()).to.exist;
  });

  it('shows Visa, Mastercard and American Express as accepted on its own', async () => {
    const el = await fixture<PaylitCardFields>(
      html`<paylit-card-fields lang="es-419"></paylit-card-fields>`,
    );
    const row = el.shadowRoot!.querySelector('[part=accepted]')!;
    expect(row.getAttribute('aria-label')).to.equal((await messagesFor('es-419')).acceptedCards);
    expect(
      [...row.querySelectorAll('[role=listitem] .sr-only')].map((i) => i.textContent),
    ).to.deep.equal(['Visa', 'Mastercard', 'American Express']);
  });

  it('shows where the security code is: on the front for American Express, on the back otherwise', async () => {
    const t = await messagesFor('en');
    const el = await fixture<PaylitCardFields>(
      html`<paylit-card-fields lang="en"></paylit-card-fields>`,
    );
    const description = () =>
      input(el, 'cvv')
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => el.shadowRoot!.getElementById(id)!.textContent!.trim());
    await type(el, 'number', '4111');
    expect(description()).to.deep.equal([t.cvvWhereBack.replace('{digits}', '3')]);
    const drawn = () =>
      el.shadowRoot!.querySelector('[part=cvv-hint] svg')?.getAttribute('data-mark');
    await until('the back of a card is drawn', () => drawn() === 'cvv-back');
    input(el, 'number').value = '';
    await type(el, 'number', '3782');
    expect(description()).to.deep.equal([t.cvvWhereFront.replace('{digits}', '4')]);
    await until('the front of a card is drawn', () => drawn() === 'cvv-front');
    // With an error, the error first, then where the code is.
    await type(el, 'cvv', '12');
    input(el, 'cvv').blur();
    await el.updateComplete;
    expect(description()).to.deep.equal([
      t.errors.cvv.wrong_length.replace('{digits}', '4'),
      t.cvvWhereFront.replace('{digits}', '4'),
    ]);
  });

  it('spaces the placeholders as the brand spaces its numbers', async () => {
    const el = await fixture<PaylitCardFields>(
      html`<paylit-card-fields lang="en"></paylit-card-fields>`,
    );
    expect(input(el, 'number').placeholder).to.equal('1234 1234 1234 1234');
    expect(input(el, 'cvv').placeholder).to.equal('123');
    expect(input(el, 'expiry').placeholder).to.equal((await messagesFor('en')).expiryPlaceholder);
    await type(el, 'number', '37');
    expect(input(el, 'number').placeholder).to.equal('1234 123456 12345');
    expect(input(el, 'cvv').placeholder).to.equal('1234');
  });

  it("opens a message's space only for a message", async () => {
    const el = await fixture<PaylitCardFields>(
      html`<paylit-card-fields lang="en"></paylit-card-fields>`,
    );
    for (const f of ['number', 'expiry', 'cvv', 'holder']) {
      expect(
        el.shadowRoot!.querySelector(`#${f}-error`)!.getBoundingClientRect().height,
        f,
      ).to.equal(0);
    }
    el.reportValidity();
    await el.updateComplete;
    expect(
      el.shadowRoot!.querySelector('#number-error')!.getBoundingClientRect().height,
    ).to.be.above(10);
  });

  it('shows no error when an empty field is left before anything was typed in it; on submit, or on leaving it once typed, it does', async () => {
    const el = await fixture<PaylitCardFields>(
      html`<paylit-card-fields lang="en"></paylit-card-fields>`,
    );
    const shown = (id: string) =>
      el.shadowRoot!.querySelector(`#${id}-error`)!.getBoundingClientRect().height > 0;
    await type(el, 'number', '4111111111111111');
    // Tabbing through the CVV without typing: the shopper sees nothing red, hears nothing.
    input(el, 'cvv').focus();
    input(el, 'holder').focus();
    await el.updateComplete;
    expect(shown('cvv')).to.equal(false);
    expect(input(el, 'cvv').getAttribute('aria-invalid')).to.equal('false');
    expect(el.shadowRoot!.querySelector('[role=status]')!.textContent).not.to.contain(
      'security code',
    );
    // Typed in, then left: its message shows and is announced.
    await type(el, 'expiry', '12');
    input(el, 'cvv').focus();
    await el.updateComplete;
    expect(shown('expiry')).to.equal(true);
    expect(errorOf(el, 'expiry')).to.equal((await messagesFor('en')).errors.expiry.incomplete);
    expect(el.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal(
      errorOf(el, 'expiry'),
    );
    // The submit shows the untouched CVV's message too.
    el.reportValidity();
    await el.updateComplete;
    expect(shown('cvv')).to.equal(true);
    expect(input(el, 'cvv').getAttribute('aria-invalid')).to.equal('true');
  });

  it("says a partly typed number's message once when the shopper leaves the fields for Pay: where Pay's focus brings them back, not also as they leave", async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div><paylit-card-fields lang="en"></paylit-card-fields><button>Pay</button></div>`,
    );
    const el = wrapper.querySelector('paylit-card-fields')!;
    await el.updateComplete;
    const region = el.shadowRoot!.querySelector('[role=status]')!;
    const said: string[] = [];
    new MutationObserver(() => said.push(region.textContent!)).observe(region, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    await type(el, 'number', '4111');
    // The shopper presses Pay (focus leaves the fields), and Pay reports the fields.
    wrapper.querySelector('button')!.focus();
    await el.updateComplete;
    expect(el.reportValidity()).to.equal(false);
    await el.updateComplete;
    const message = (await messagesFor('en')).errors.number.incomplete;
    // Read once, as the description of the field focus came back to.
    expect(el.shadowRoot!.activeElement).to.equal(input(el, 'number'));
    expect(errorOf(el, 'number')).to.equal(message);
    expect(input(el, 'number').getAttribute('aria-describedby')).to.equal('number-error');
    expect(said.filter((s) => s === message)).to.deep.equal([]);
  });

  it("shows a focused field in error in the error's colour alone: its border and its ring, not the accent's ring around an error border", async () => {
    const host = await fixture<HTMLDivElement>(
      html`<div style="--paylit-color-accent: rgb(0, 160, 0); --paylit-color-error: rgb(200, 0, 0)"><paylit-card-fields lang="en"></paylit-card-fields></div>`,
    );
    const el = host.querySelector('paylit-card-fields')!;
    await el.updateComplete;
    /** The colour's channels as Chrome computes them (rgb() or color(srgb …) for a mix), 0 to 255. */
    const channels = (color: string) => {
      const n = color.match(/[\d.]+/g)!.map(Number);
      return color.startsWith('color(')
        ? n.slice(0, 3).map((c) => Math.round(c * 255))
        : n.slice(0, 3);
    };
    await type(el, 'cvv', '12');
    input(el, 'holder').focus();
    await el.updateComplete;
    expect(input(el, 'cvv').getAttribute('aria-invalid')).to.equal('true');
    input(el, 'cvv').focus();
    await el.updateComplete;
    const style = getComputedStyle(input(el, 'cvv'));
    expect(style.outlineStyle).to.equal('solid');
    expect(channels(style.borderColor)).to.deep.equal([200, 0, 0]);
    expect(channels(style.outlineColor)).to.deep.equal([200, 0, 0]);
    // A valid field focused keeps the accent's ring.
    input(el, 'number').focus();
    expect(channels(getComputedStyle(input(el, 'number')).outlineColor)).to.deep.equal([0, 160, 0]);
  });

  it('says the card is encrypted in the browser', async () => {
    const el = await fixture<PaylitCardFields>(
      html`<paylit-card-fields lang="pt-BR"></paylit-card-fields>`,
    );
    const line = el.shadowRoot!.querySelector('[part=encrypted]')!;
    expect(line.textContent!.trim()).to.equal((await messagesFor('pt-BR')).encrypted);
    expect(line.querySelector('svg')!.getAttribute('aria-hidden')).to.equal('true');
  });

  it('keeps the inputs at 16px or more on a phone', async () => {
    await setViewport({ width: 375, height: 740 });
    try {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div style="--paylit-input-size: 13px"><paylit-card-fields lang="en"></paylit-card-fields></div>`,
      );
      const el = wrapper.querySelector('paylit-card-fields')!;
      await el.updateComplete;
      for (const f of ['number', 'expiry', 'cvv', 'holder']) {
        expect(parseFloat(getComputedStyle(input(el, f)).fontSize), f).to.be.at.least(16);
      }
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it("adds the expiry slash and cuts the CVV to the brand's length", async () => {
    const el = await fixture<PaylitCardFields>(html`<paylit-card-fields></paylit-card-fields>`);
    await type(el, 'expiry', '1230');
    expect(input(el, 'expiry').value).to.equal('12/30');
    await type(el, 'number', '4111111111111111');
    await type(el, 'cvv', '12a345');
    expect(input(el, 'cvv').value).to.equal('123');
  });

  for (const locale of locales) {
    it(`says what is wrong with each field, in ${locale}, linked and announced`, async () => {
      const t = await messagesFor(locale);
      const el = await fixture<PaylitCardFields>(
        html`<paylit-card-fields lang=${locale}></paylit-card-fields>`,
      );
      expect(el.shadowRoot!.querySelector('label[for=number]')!.textContent).to.equal(t.cardNumber);
      expect(el.reportValidity()).to.equal(false);
      await el.updateComplete;
      expect(errorOf(el, 'number')).to.equal(t.errors.number.empty);
      expect(errorOf(el, 'expiry')).to.equal(t.errors.expiry.empty);
      expect(errorOf(el, 'cvv')).to.equal(t.errors.cvv.empty);
      expect(errorOf(el, 'holder')).to.equal(t.errors.holder.empty);
      expect(input(el, 'number').getAttribute('aria-describedby')).to.equal('number-error');
      expect(input(el, 'number').getAttribute('aria-invalid')).to.equal('true');
      // Said once: by the focus moved to the number (its description), not again by the live region.
      expect(el.shadowRoot!.activeElement).to.equal(input(el, 'number'));
      expect(el.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('');
      await expect(el).to.be.accessible();

      await type(el, 'number', '4111111111111112');
      expect(errorOf(el, 'number')).to.equal(t.errors.number.luhn);
      // 13 is a wrong month, kept as typed: never read as 01/3….
      await type(el, 'expiry', '13');
      expect(input(el, 'expiry').value).to.equal('13/');
      expect(errorOf(el, 'expiry')).to.equal(t.errors.expiry.invalid_month);
      input(el, 'expiry').value = '';
      await type(el, 'expiry', '0120');
      expect(errorOf(el, 'expiry')).to.equal(t.errors.expiry.expired);
      await type(el, 'cvv', '12');
      expect(errorOf(el, 'cvv')).to.equal(t.errors.cvv.wrong_length.replace('{digits}', '3'));
    });
  }

  it("takes the page's language when it has none of its own", async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div lang="es-AR"><paylit-card-fields></paylit-card-fields></div>`,
    );
    const el = wrapper.querySelector('paylit-card-fields')!;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('label[for=expiry]')!.textContent).to.equal(
      (await messagesFor('es-419')).expiry,
    );
    // No lang="" of its own, which would mark its text as of an unknown language.
    expect(el.hasAttribute('lang')).to.equal(false);
    el.lang = 'pt-BR';
    await el.updateComplete;
    expect(el.getAttribute('lang')).to.equal('pt-BR');
  });

  it("says a field's message in the page's language when the page switches it after the message showed", async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div lang="en"><paylit-card-fields></paylit-card-fields></div>`,
    );
    const el = wrapper.querySelector('paylit-card-fields')!;
    await el.updateComplete;
    await type(el, 'number', '4111');
    input(el, 'number').blur();
    await el.updateComplete;
    const [en, pt] = [await messagesFor('en'), await messagesFor('pt-BR')];
    expect(errorOf(el, 'number')).to.equal(en.errors.number.incomplete);
    // The page's language switcher, on the wrapper: the fields follow it once drawn in it.
    wrapper.setAttribute('lang', 'pt-BR');
    const label = el.shadowRoot!.querySelector('label[for=number]')!;
    await until('the fields speak pt-BR', () => label.textContent === pt.cardNumber);
    expect(errorOf(el, 'number')).to.equal(pt.errors.number.incomplete);
    expect(el.validationMessage).to.equal(pt.errors.number.incomplete);
  });

  it('completes with the keyboard alone, and is valid', async () => {
    const el = await fixture<PaylitCardFields>(
      html`<paylit-card-fields lang="pt-BR"></paylit-card-fields>`,
    );
    el.focus();
    await sendKeys({ type: '5555555555554444' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: '1230' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: '321' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'Joana Silva' });
    await el.updateComplete;
    expect(el.complete).to.equal(true);
    expect(el.checkValidity()).to.equal(true);
    expect(input(el, 'holder').value).to.equal('Joana Silva');
    await expect(el).to.be.accessible();
  });

  it('is a form control: validity, a value without card data, reset and disabled', async () => {
    const form = await fixture<HTMLFormElement>(
      html`<form><fieldset><paylit-card-fields name="pay"></paylit-card-fields></fieldset></form>`,
    );
    const el = form.querySelector('paylit-card-fields')!;
    await el.updateComplete;
    expect(form.checkValidity()).to.equal(false);
    await fill(el);
    expect(form.checkValidity()).to.equal(true);
    expect([...new FormData(form).entries()]).to.deep.equal([
      ['pay-brand', 'VI'],
      ['pay-last4', '1111'],
    ]);
    form.reset();
    await el.updateComplete;
    expect(input(el, 'number').value).to.equal('');
    expect(el.brand).to.equal(undefined);
    expect(form.checkValidity()).to.equal(false);
    form.querySelector('fieldset')!.disabled = true;
    await el.updateComplete;
    expect(input(el, 'number').disabled).to.equal(true);
  });

  it('encrypts what was typed into a JWE that the private key opens', async () => {
    const keys = await generateCardKeyPair({ kid: 'k1' });
    const el = await fixture<PaylitCardFields>(html`<paylit-card-fields></paylit-card-fields>`);
    await fill(el, { number: '5895627823453005', expiry: '0931', cvv: '737', holder: 'Ana Lima' });
    const submission = await el.encrypt(keys.publicJwk);
    expect(submission).to.include({
      holderName: 'Ana Lima',
      expirationMonth: 9,
      expirationYear: 2031,
      brand: 'NJ',
      bin: '58956278',
      last4: '3005',
    });
    expect(await decryptCard(submission.encryptedData, keys.privateJwk)).to.deep.equal({
      number: '5895627823453005',
      cvv: '737',
    });
  });

  it("a card number typed into the name is refused, with its message, in any digits: it would have been sent in clear as the holder's name", async () => {
    const keys = await generateCardKeyPair();
    for (const holder of ['4111 1111 1111 1111', 'ANA 4111111111111111', 'ANA ٤١١١ LIMA']) {
      const el = await fixture<PaylitCardFields>(html`<paylit-card-fields></paylit-card-fields>`);
      await fill(el, { number: '5555555555554444', expiry: '1230', cvv: '123', holder });
      let error: Error | undefined;
      await el.encrypt(keys.publicJwk).catch((e: Error) => (error = e));
      expect(error?.name, holder).to.equal('CardFieldsInvalidError');
      expect((error as unknown as { fields: string[] }).fields).to.deep.equal(['holder']);
      await el.updateComplete;
      expect(errorOf(el, 'holder')).to.equal('Enter the name on the card, not a number.');
      expect(el.complete).to.equal(false);
    }
    // A name with fewer digits in a row is a name.
    const el = await fixture<PaylitCardFields>(html`<paylit-card-fields></paylit-card-fields>`);
    await fill(el, {
      number: '5555555555554444',
      expiry: '1230',
      cvv: '123',
      holder: 'Ana Lima 3rd',
    });
    expect((await el.encrypt(keys.publicJwk)).holderName).to.equal('Ana Lima 3rd');
  });

  it('a name the companion server would refuse (past 100 characters, a tab, a bidirectional override, a next line, a line separator or a zero-width space pasted in) is asked for again in the fields, never sent', async () => {
    const keys = await generateCardKeyPair();
    for (const holder of [
      `Ana ${'Lima '.repeat(20)}Souza`,
      'Ana\tLima',
      'Ana\u202eLima',
      'Ana\u0085Lima',
      'Ana\u2028Lima',
      'Ana\u200bLima',
    ]) {
      const el = await fixture<PaylitCardFields>(html`<paylit-card-fields></paylit-card-fields>`);
      await fill(el, { number: '5555555555554444', expiry: '1230', cvv: '123', holder: 'A' });
      await paste(el, 'holder', holder);
      await el.updateComplete;
      let error: Error | undefined;
      await el.encrypt(keys.publicJwk).catch((e: Error) => (error = e));
      expect(error?.name, JSON.stringify(holder)).to.equal('CardFieldsInvalidError');
      expect((error as unknown as { fields: string[] }).fields).to.deep.equal(['holder']);
      await el.updateComplete;
      expect(errorOf(el, 'holder')).to.equal('Enter the name as it appears on the card.');
      expect(el.complete).to.equal(false);
    }
  });

  it('refuses to encrypt an incomplete card, and shows why', async () => {
    const keys = await generateCardKeyPair();
    const el = await fixture<PaylitCardFields>(html`<paylit-card-fields></paylit-card-fields>`);
    await type(el, 'number', '4111111111111111');
    let error: Error | undefined;
    try {
      await el.encrypt(keys.publicJwk);
    } catch (e) {
      error = e as Error;
    }
    expect(error?.name).to.equal('CardFieldsInvalidError');
    // One base and one vocabulary of kinds for every paylit error.
    expect(error).to.be.instanceOf(PaylitError);
    expect((error as PaylitError).kind).to.equal('validation');
    expect((error as unknown as { fields: string[] }).fields).to.deep.equal([
      'expiry',
      'cvv',
      'holder',
    ]);
    expect(el.shadowRoot!.activeElement?.id).to.equal('expiry');
  });

  it('keeps the number and CVV out of attributes, events, form values, the console and requests', async () => {
    const number = '5555555555554444';
    const cvv = '987';
    const seen: string[] = [];
    const record = (what: string, value: unknown) => {
      try {
        seen.push(
          `${what} ${JSON.stringify(value, (_k, v) => (v instanceof Node ? ((v as Element).outerHTML ?? v.nodeName) : v))}`,
        );
      } catch {
        seen.push(`${what} ${String(value)}`);
      }
    };
    const types = [
      'input',
      'change',
      'beforeinput',
      'textInput',
      'keydown',
      'keypress',
      'keyup',
      'focus',
      'blur',
      'focusin',
      'focusout',
      'invalid',
      'paste',
    ];
    const listener = (e: Event) =>
      record(`event ${e.type}`, {
        ...e,
        data: (e as InputEvent).data,
        detail: (e as CustomEvent).detail,
        target: (e.target as Element)?.outerHTML,
      });
    for (const t of types) document.addEventListener(t, listener);
    const original = {
      log: console.log,
      warn: console.warn,
      error: console.error,
      info: console.info,
      debug: console.debug,
    };
    for (const k of Object.keys(original) as (keyof typeof original)[])
      console[k] = (...args: unknown[]) => record(`console.${k}`, args);
    const realFetch = window.fetch;
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => (
      record('fetch', { input: String(input), body: init?.body }),
      realFetch(input, init)
    )) as typeof fetch;
    try {
      const keys = await generateCardKeyPair();
      const form = await fixture<HTMLFormElement>(
        html`<form><paylit-card-fields name="card"></paylit-card-fields></form>`,
      );
      const el = form.querySelector('paylit-card-fields')!;
      await el.updateComplete;
      await fill(el, { number, expiry: '1230', cvv, holder: 'Ana Lima' });
      input(el, 'holder').blur();
      const submission = await el.encrypt(keys.publicJwk);
      record('attributes', [
        el.outerHTML,
        el.shadowRoot!.innerHTML,
        ...el.getAttributeNames().map((n) => el.getAttribute(n)),
      ]);
      record('form', [...new FormData(form).entries()]);
      record('submission', { ...submission, encryptedData: '(the JWE)' });
      record('validity', el.validationMessage);
      const everything = seen.join('\n');
      // Keystrokes carry one character each: none of them reaches the page's bubbling listeners.
      expect(
        seen.filter((line) =>
          /^event (beforeinput|textInput|keydown|keypress|keyup|paste) /.test(line),
        ),
      ).to.deep.equal([]);
      expect(everything).not.to.contain(number);
      expect(everything).not.to.contain(formatCardNumber(number));
      expect(everything).not.to.match(new RegExp(`\\b${cvv}\\b`));
      // …while the JWE holds them.
      expect(await decryptCard(submission.encryptedData, keys.privateJwk)).to.deep.equal({
        number,
        cvv,
      });
    } finally {
      for (const t of types) document.removeEventListener(t, listener);
      Object.assign(console, original);
      window.fetch = realFetch;
    }
  });

  it('clears the number and CVV when removed from the page, and works again when put back', async () => {
    const el = await fixture<PaylitCardFields>(html`<paylit-card-fields></paylit-card-fields>`);
    await fill(el);
    const parent = el.parentElement!;
    el.remove();
    parent.append(el);
    await el.updateComplete;
    expect(input(el, 'number').value).to.equal('');
    expect(input(el, 'cvv').value).to.equal('');
    await type(el, 'number', '4111111111111111');
    expect(input(el, 'number').value).to.equal('4111 1111 1111 1111');
  });
});

/** What Chromium's autofill does: the whole value at once, then `input` (with no `inputType`, or `insertReplacementText`) and `change`. */
async function autofill(
  el: PaylitCardFields,
  id: string,
  value: string,
  inputType?: 'insertReplacementText',
) {
  const field = input(el, id);
  field.value = value;
  field.dispatchEvent(
    inputType
      ? new InputEvent('input', { inputType, bubbles: true, composed: true })
      : new Event('input', { bubbles: true, composed: true }),
  );
  field.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
}

/** A checkout around the fields (ready, card chosen, what `context` adds), and the BINs it was given, as the installments see them. */
async function inCheckout(lang = 'en', context: Partial<CheckoutContextValue> = {}) {
  const bins: (string | undefined)[] = [];
  const checkout = {
    status: 'ready',
    paymentMethods: [],
    savedCards: [],
    savedWallets: [],
    selection: { type: 'card' },
    setBin: (bin: string | undefined) => bins.push(bin),
    ...context,
  } as unknown as CheckoutContextValue;
  const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
  wrapper.addEventListener('context-request', (e: Event) => {
    const request = e as Event & { context: unknown; callback: (v: CheckoutContextValue) => void };
    if (request.context !== checkoutContext) return;
    e.stopPropagation();
    request.callback(checkout);
  });
  const el = document.createElement('paylit-card-fields');
  el.lang = lang;
  wrapper.append(el);
  await el.updateComplete;
  return { el, bins };
}

describe('<paylit-card-fields> as shoppers really enter a card', () => {
  it('reads a pasted number with spaces, dashes, dots or spaces around it', async () => {
    const el = await fixture<PaylitCardFields>(
      html`<paylit-card-fields lang="en"></paylit-card-fields>`,
    );
    for (const text of [
      '4111 1111 1111 1111',
      '4111-1111-1111-1111',
      '4111.1111.1111.1111',
      ' 4111111111111111 ',
      // The dashes a document or a phone's text writes between digits: the hyphen (U+2010), the
      // non-breaking hyphen (U+2011), the figure dash (U+2012, made for digits), the en dash
      // (U+2013, a word processor's "-"), the minus sign (U+2212).
      '4111\u20101111\u20101111\u20101111',
      '4111\u20111111\u20111111\u20111111',
      '4111\u20121111\u20121111\u20121111',
      '4111 \u2013 1111 \u2013 1111 \u2013 1111',
      '4111\u22121111\u22121111\u22121111',
    ]) {
      await paste(el, 'number', text);
      expect(input(el, 'number').value, text).to.equal('4111 1111 1111 1111');
      expect(errorOf(el, 'number'), text).to.equal('');
    }
  });

  it('reads a pasted expiry in every format, and keeps one it cannot read as it came, with its message', async () => {
    const t = await messagesFor('en');
    const el = await fixture<PaylitCardFields>(
      html`<paylit-card-fields lang="en"></paylit-card-fields>`,
    );
    for (const text of ['12/30', '12/2030', '12 / 30', '12-30', '12\u201330', '1230', '122030']) {
      await paste(el, 'expiry', text);
      expect(input(el, 'expiry').value, text).to.equal('12/30');
      expect(errorOf(el, 'expiry'), text).to.equal('');
    }
    // Once "01/33": a valid date the shopper never entered.
    await paste(el, 'expiry', '13/30');
    expect(input(el, 'expiry').value).to.equal('13/30');
    expect(errorOf(el, 'expiry')).to.equal(t.errors.expiry.invalid_month);
    expect(input(el, 'expiry').getAttribute('aria-invalid')).to.equal('true');
    expect(el.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal(
      t.errors.expiry.invalid_month,
    );
    await paste(el, 'expiry', '12345');
    expect(input(el, 'expiry').value).to.equal('12345');
    expect(errorOf(el, 'expiry')).to.equal(t.errors.expiry.incomplete);
  });

  it('keeps a pasted number with letters in it as it came, and says so', async () => {
    const t = await messagesFor('en');
    const el = await fixture<PaylitCardFields>(
      html`<paylit-card-fields lang="en"></paylit-card-fields>`,
    );
    await paste(el, 'number', '4111 1111 1111 111O');
    expect(input(el, 'number').value).to.equal('4111 1111 1111 111O');
    expect(errorOf(el, 'number')).to.equal(t.errors.number.not_digits);
    expect(el.complete).to.equal(false);
  });

  it('takes the number alone out of a pasted card line, says so without repeating it, and seals that number', async () => {
    const t = await messagesFor('pt-BR');
    const keys = await generateCardKeyPair();
    const el = await fixture<PaylitCardFields>(
      html`<paylit-card-fields lang="pt-BR"></paylit-card-fields>`,
    );
    await paste(el, 'number', 'Ana Lima 5555 5555 5555 4444 12/30 737');
    expect(input(el, 'number').value).to.equal('5555 5555 5555 4444');
    expect(errorOf(el, 'number')).to.equal(t.numberTaken);
    expect(t.numberTaken).not.to.match(/\d/);
    expect(input(el, 'number').getAttribute('aria-invalid')).to.equal('false');
    expect(el.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal(t.numberTaken);
    expect(el.brand?.code).to.equal('MC');
    // The next edit of the number ends the note.
    await type(el, 'expiry', '1230');
    await type(el, 'cvv', '737');
    await type(el, 'holder', 'Ana Lima');
    expect(
      await decryptCard((await el.encrypt(keys.publicJwk)).encryptedData, keys.privateJwk),
    ).to.deep.equal({ number: '5555555555554444', cvv: '737' });
    input(el, 'number').focus();
    input(el, 'number').setSelectionRange(19, 19);
    await sendKeys({ press: 'Backspace' });
    await el.updateComplete;
    expect(errorOf(el, 'number')).to.equal(t.errors.number.incomplete);
  });

  for (const inputType of [undefined, 'insertReplacementText'] as const) {
    it(`takes Chromium's autofill (input event ${inputType ?? 'with no inputType'}): formats, validates, shows the brand and gives the BIN`, async () => {
      const t = await messagesFor('en');
      const { el, bins } = await inCheckout();
      await autofill(el, 'number', '5555555555554444', inputType);
      expect(input(el, 'number').value).to.equal('5555 5555 5555 4444');
      expect(el.brand?.code).to.equal('MC');
      expect(bins.at(-1)).to.equal('55555555');
      await until(
        'the mark',
        () => marksIn(el.shadowRoot!.querySelector('[part=icon]')!)[0] === 'mastercard',
      );
      for (const text of ['12/2030', '12 / 30', '12-30', '1230', '122030']) {
        await autofill(el, 'expiry', text, inputType);
        expect(input(el, 'expiry').value, text).to.equal('12/30');
      }
      await autofill(el, 'cvv', '737', inputType);
      await autofill(el, 'holder', 'ANA LIMA', inputType);
      expect(el.complete).to.equal(true);
      // Filled with an expired card: its message shows at once.
      await autofill(el, 'expiry', '01/2020', inputType);
      expect(input(el, 'expiry').value).to.equal('01/20');
      expect(errorOf(el, 'expiry')).to.equal(t.errors.expiry.expired);
    });
  }

  const scripts = {
    'Arabic-Indic': '٠١٢٣٤٥٦٧٨٩',
    'Extended Arabic-Indic': '۰۱۲۳۴۵۶۷۸۹',
    Devanagari: '०१२३४५६७८९',
    Thai: '๐๑๒๓๔๕๖๗๘๙',
    'full-width': '０１２３４５６７８９',
  };
  const native = (digits: string, ascii: string) => ascii.replace(/\d/g, (d) => digits[Number(d)]!);
  for (const [script, digits] of Object.entries(scripts)) {
    it(`reads ${script} digits typed one by one as Latin digits, and seals them as ASCII`, async () => {
      const keys = await generateCardKeyPair();
      const el = await fixture<PaylitCardFields>(
        html`<paylit-card-fields lang="en"></paylit-card-fields>`,
      );
      await type(el, 'number', native(digits, '4111111111111111'));
      expect(input(el, 'number').value).to.equal('4111 1111 1111 1111');
      expect(el.brand?.code).to.equal('VI');
      await type(el, 'expiry', native(digits, '1230'));
      expect(input(el, 'expiry').value).to.equal('12/30');
      await type(el, 'cvv', native(digits, '123'));
      expect(input(el, 'cvv').value).to.equal('123');
      await type(el, 'holder', 'Ana Lima');
      const submission = await el.encrypt(keys.publicJwk);
      expect(submission).to.include({
        expirationMonth: 12,
        expirationYear: 2030,
        bin: '41111111',
        last4: '1111',
      });
      expect(await decryptCard(submission.encryptedData, keys.privateJwk)).to.deep.equal({
        number: '4111111111111111',
        cvv: '123',
      });
    });
  }

  it('keeps the caret after each native digit typed or deleted in the middle, where separators move', async () => {
    const el = await fixture<PaylitCardFields>(
      html`<paylit-card-fields lang="ar"></paylit-card-fields>`,
    );
    await type(el, 'number', '٤١١١٢٢٢٢٣٣٣٣');
    const field = input(el, 'number');
    expect(field.value).to.equal('4111 2222 3333');
    field.setSelectionRange(2, 2); // 41|11 2222 3333
    await sendKeys({ type: '٩' });
    expect(field.value).to.equal('4191 1222 2333 3');
    expect(field.selectionStart).to.equal(3);
    field.setSelectionRange(5, 5); // 4191 |1222…: Backspace over the space deletes the 4th digit
    await sendKeys({ press: 'Backspace' });
    expect(field.value).to.equal('4191 2222 3333');
    expect(field.selectionStart).to.equal(3);
    await sendKeys({ type: '४' });
    expect(field.value).to.equal('4194 1222 2333 3');
    expect(field.selectionStart).to.equal(4);
  });

  it('reads nothing while a composition runs, and the whole of it when it ends', async () => {
    const el = await fixture<PaylitCardFields>(
      html`<paylit-card-fields lang="zh-CN"></paylit-card-fields>`,
    );
    await type(el, 'number', '4111');
    const field = input(el, 'number');
    field.dispatchEvent(
      new CompositionEvent('compositionstart', { data: '', bubbles: true, composed: true }),
    );
    for (const composing of ['4111ｓ', '4111１', '4111１１１１']) {
      field.value = composing;
      field.dispatchEvent(
        new InputEvent('input', {
          inputType: 'insertCompositionText',
          isComposing: true,
          bubbles: true,
          composed: true,
        }),
      );
      await el.updateComplete;
      expect(field.value).to.equal(composing);
    }
    field.dispatchEvent(
      new CompositionEvent('compositionend', { data: '１１１１', bubbles: true, composed: true }),
    );
    await el.updateComplete;
    expect(field.value).to.equal('4111 1111');
    expect(el.bin).to.equal('411111');
  });

  it('moves to the next field on Enter, and submits the form from the last', async () => {
    const form = await fixture<HTMLFormElement>(
      html`<form><paylit-card-fields lang="en"></paylit-card-fields></form>`,
    );
    const el = form.querySelector('paylit-card-fields')!;
    await el.updateComplete;
    let submitted = 0;
    form.addEventListener('submit', (e) => (e.preventDefault(), submitted++));
    await fill(el);
    input(el, 'number').focus();
    for (const next of ['expiry', 'cvv', 'holder']) {
      await sendKeys({ press: 'Enter' });
      expect(el.shadowRoot!.activeElement?.id).to.equal(next);
    }
    expect(submitted).to.equal(0);
    await sendKeys({ press: 'Enter' });
    expect(submitted).to.equal(1);
  });
});

describe('<paylit-card-fields> layout and themes', () => {
  it('lays out right to left in Arabic: the brand icon at the inline end, the digits left to right', async () => {
    // The language decides the direction: the element's root says it, whatever the page's.
    const wrapper = await fixture<HTMLDivElement>(
      html`<div lang="ar"><paylit-card-fields></paylit-card-fields></div>`,
    );
    const el = wrapper.querySelector('paylit-card-fields')!;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.root')!.getAttribute('dir')).to.equal('rtl');
    for (const f of ['number', 'expiry', 'cvv'])
      expect(input(el, f).getAttribute('dir'), f).to.equal('ltr');
    await type(el, 'number', '4111');
    const field = input(el, 'number').getBoundingClientRect();
    const icon = el.shadowRoot!.querySelector('[part=icon]')!.getBoundingClientRect();
    expect(icon.left - field.left).to.be.below(field.width / 2);
    // The label sits at the right, the start of the mirrored layout.
    const label = el.shadowRoot!.querySelector('label[for=number]')!.getBoundingClientRect();
    expect(field.right - label.right).to.be.below(2);
    el.reportValidity();
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('lays out left to right for a left-to-right language', async () => {
    const el = await fixture<PaylitCardFields>(
      html`<paylit-card-fields lang="es-419"></paylit-card-fields>`,
    );
    expect(el.shadowRoot!.querySelector('.root')!.getAttribute('dir')).to.equal('ltr');
  });

  it("follows the page's color scheme, and the merchant's tokens win", async () => {
    const light = await fixture<PaylitCardFields>(html`<paylit-card-fields></paylit-card-fields>`);
    // A dark page: its scheme and its background.
    const dark = (
      await fixture<HTMLDivElement>(
        html`<div style="color-scheme: dark; background: #020617"><paylit-card-fields></paylit-card-fields></div>`,
      )
    ).querySelector('paylit-card-fields')!;
    const themed = (
      await fixture<HTMLDivElement>(
        html`<div style="--paylit-color-surface: rgb(1, 2, 3); color-scheme: dark"><paylit-card-fields></paylit-card-fields></div>`,
      )
    ).querySelector('paylit-card-fields')!;
    await dark.updateComplete;
    await themed.updateComplete;
    const background = (el: PaylitCardFields) =>
      getComputedStyle(input(el, 'number')).backgroundColor;
    expect(background(light)).to.equal('rgb(255, 255, 255)');
    expect(background(dark)).to.equal('rgb(15, 23, 42)');
    expect(background(themed)).to.equal('rgb(1, 2, 3)');
    await expect(dark).to.be.accessible();
  });
});
