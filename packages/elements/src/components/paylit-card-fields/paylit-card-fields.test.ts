import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { cardBrands, formatCardNumber } from '@paylit/core/card';
import { decryptCard, generateCardKeyPair } from '@paylit/core/crypto';
import { PaylitError } from '@paylit/core/errors';
import { brandTestNumbers } from '../../../../core/test/fixtures/brand-numbers.js';
import { locales, messagesFor } from '../../i18n/index.js';
import { brandsWithIcons } from '../../internal/brand-icon.js';
import './paylit-card-fields.js';
import type { PaylitCardFields } from './paylit-card-fields.js';

const input = (el: PaylitCardFields, id: string) => el.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!;
const errorOf = (el: PaylitCardFields, id: string) => el.shadowRoot!.querySelector(`#${id}-error`)!.textContent!.trim();

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
  field.dispatchEvent(new InputEvent('input', { inputType: 'insertFromPaste', bubbles: true, composed: true }));
  await el.updateComplete;
}

async function fill(el: PaylitCardFields, card = { number: '4111111111111111', expiry: '1230', cvv: '123', holder: 'Ana Lima' }) {
  await type(el, 'number', card.number);
  await type(el, 'expiry', card.expiry);
  await type(el, 'cvv', card.cvv);
  await type(el, 'holder', card.holder);
}

describe('<paylit-card-fields>', () => {
  it('has four labelled inputs with the autofill tokens and numeric keyboards', async () => {
    const el = await fixture<PaylitCardFields>(html`<paylit-card-fields lang="en"></paylit-card-fields>`);
    const expected: [string, string, string | null][] = [['number', 'cc-number', 'numeric'], ['expiry', 'cc-exp', 'numeric'], ['cvv', 'cc-csc', 'numeric'], ['holder', 'cc-name', null]];
    for (const [id, autocomplete, mode] of expected) {
      const field = input(el, id);
      expect(field.getAttribute('autocomplete')).to.equal(autocomplete);
      expect(field.getAttribute('inputmode')).to.equal(mode);
      expect(el.shadowRoot!.querySelector(`label[for=${id}]`)!.textContent).to.have.length.above(3);
    }
    await expect(el).to.be.accessible();
  });

  it('formats the number by brand as the shopper types, and shows the brand', async () => {
    const el = await fixture<PaylitCardFields>(html`<paylit-card-fields></paylit-card-fields>`);
    await type(el, 'number', '378282246310005');
    expect(input(el, 'number').value).to.equal('3782 822463 10005');
    expect(el.brand?.code).to.equal('AE');
    expect(el.shadowRoot!.querySelector('[part=icon]')!.getAttribute('title')).to.equal('American Express');
    expect(input(el, 'cvv').maxLength).to.equal(4);
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

  it('shows every brand of core\'s table with its icon and grouping', async () => {
    expect(cardBrands.map((b) => b.id).filter((id) => !brandsWithIcons.includes(id))).to.deep.equal([]);
    const el = await fixture<PaylitCardFields>(html`<paylit-card-fields></paylit-card-fields>`);
    for (const [number, id] of brandTestNumbers) {
      await paste(el, 'number', number);
      expect(el.brand?.id, number).to.equal(id);
      expect(input(el, 'number').value, number).to.equal(formatCardNumber(number));
      expect(el.shadowRoot!.querySelector('[part=icon] svg')).to.exist;
    }
  });

  it('adds the expiry slash and cuts the CVV to the brand\'s length', async () => {
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
      const el = await fixture<PaylitCardFields>(html`<paylit-card-fields lang=${locale}></paylit-card-fields>`);
      expect(el.shadowRoot!.querySelector('label[for=number]')!.textContent).to.equal(t.cardNumber);
      expect(el.reportValidity()).to.equal(false);
      await el.updateComplete;
      expect(errorOf(el, 'number')).to.equal(t.errors.number.empty);
      expect(errorOf(el, 'expiry')).to.equal(t.errors.expiry.empty);
      expect(errorOf(el, 'cvv')).to.equal(t.errors.cvv.empty);
      expect(errorOf(el, 'holder')).to.equal(t.errors.holder.empty);
      expect(input(el, 'number').getAttribute('aria-describedby')).to.equal('number-error');
      expect(input(el, 'number').getAttribute('aria-invalid')).to.equal('true');
      expect(el.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal(t.errors.number.empty);
      await expect(el).to.be.accessible();

      await type(el, 'number', '4111111111111112');
      expect(errorOf(el, 'number')).to.equal(t.errors.number.luhn);
      await type(el, 'expiry', '13');
      expect(input(el, 'expiry').value).to.equal('01/3');
      expect(errorOf(el, 'expiry')).to.equal(t.errors.expiry.incomplete);
      input(el, 'expiry').value = '';
      await type(el, 'expiry', '0120');
      expect(errorOf(el, 'expiry')).to.equal(t.errors.expiry.expired);
      await type(el, 'cvv', '12');
      expect(errorOf(el, 'cvv')).to.equal(t.errors.cvv.wrong_length.replace('{digits}', '3'));
    });
  }

  it('takes the page\'s language when it has none of its own', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div lang="es-AR"><paylit-card-fields></paylit-card-fields></div>`);
    const el = wrapper.querySelector('paylit-card-fields')!;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('label[for=expiry]')!.textContent).to.equal((await messagesFor('es-419')).expiry);
    // No lang="" of its own, which would mark its text as of an unknown language.
    expect(el.hasAttribute('lang')).to.equal(false);
    el.lang = 'pt-BR';
    await el.updateComplete;
    expect(el.getAttribute('lang')).to.equal('pt-BR');
  });

  it('completes with the keyboard alone, and is valid', async () => {
    const el = await fixture<PaylitCardFields>(html`<paylit-card-fields lang="pt-BR"></paylit-card-fields>`);
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
    const form = await fixture<HTMLFormElement>(html`<form><fieldset><paylit-card-fields name="pay"></paylit-card-fields></fieldset></form>`);
    const el = form.querySelector('paylit-card-fields')!;
    await el.updateComplete;
    expect(form.checkValidity()).to.equal(false);
    await fill(el);
    expect(form.checkValidity()).to.equal(true);
    expect([...new FormData(form).entries()]).to.deep.equal([['pay-brand', 'VI'], ['pay-last4', '1111']]);
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
    expect(submission).to.include({ holderName: 'Ana Lima', expirationMonth: 9, expirationYear: 2031, brand: 'NJ', bin: '58956278', last4: '3005' });
    expect(await decryptCard(submission.encryptedData, keys.privateJwk)).to.deep.equal({ number: '5895627823453005', cvv: '737' });
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
    expect((error as unknown as { fields: string[] }).fields).to.deep.equal(['expiry', 'cvv', 'holder']);
    expect(el.shadowRoot!.activeElement?.id).to.equal('expiry');
  });

  it('keeps the number and CVV out of attributes, events, form values, the console and requests', async () => {
    const number = '5555555555554444';
    const cvv = '987';
    const seen: string[] = [];
    const record = (what: string, value: unknown) => {
      try {
        seen.push(`${what} ${JSON.stringify(value, (_k, v) => (v instanceof Node ? (v as Element).outerHTML ?? v.nodeName : v))}`);
      } catch {
        seen.push(`${what} ${String(value)}`);
      }
    };
    const types = ['input', 'change', 'beforeinput', 'textInput', 'keydown', 'keypress', 'keyup', 'focus', 'blur', 'focusin', 'focusout', 'invalid', 'paste'];
    const listener = (e: Event) => record(`event ${e.type}`, { ...e, data: (e as InputEvent).data, detail: (e as CustomEvent).detail, target: (e.target as Element)?.outerHTML });
    for (const t of types) document.addEventListener(t, listener);
    const original = { log: console.log, warn: console.warn, error: console.error, info: console.info, debug: console.debug };
    for (const k of Object.keys(original) as (keyof typeof original)[]) console[k] = (...args: unknown[]) => record(`console.${k}`, args);
    const realFetch = window.fetch;
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => (record('fetch', { input: String(input), body: init?.body }), realFetch(input, init))) as typeof fetch;
    try {
      const keys = await generateCardKeyPair();
      const form = await fixture<HTMLFormElement>(html`<form><paylit-card-fields name="card"></paylit-card-fields></form>`);
      const el = form.querySelector('paylit-card-fields')!;
      await el.updateComplete;
      await fill(el, { number, expiry: '1230', cvv, holder: 'Ana Lima' });
      input(el, 'holder').blur();
      const submission = await el.encrypt(keys.publicJwk);
      record('attributes', [el.outerHTML, el.shadowRoot!.innerHTML, ...el.getAttributeNames().map((n) => el.getAttribute(n))]);
      record('form', [...new FormData(form).entries()]);
      record('submission', { ...submission, encryptedData: '(the JWE)' });
      record('validity', el.validationMessage);
      const everything = seen.join('\n');
      // Keystrokes carry one character each: none of them reaches the page's bubbling listeners.
      expect(seen.filter((line) => /^event (beforeinput|textInput|keydown|keypress|keyup|paste) /.test(line))).to.deep.equal([]);
      expect(everything).not.to.contain(number);
      expect(everything).not.to.contain(formatCardNumber(number));
      expect(everything).not.to.match(new RegExp(`\\b${cvv}\\b`));
      // …while the JWE holds them.
      expect(await decryptCard(submission.encryptedData, keys.privateJwk)).to.deep.equal({ number, cvv });
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

describe('<paylit-card-fields> layout and themes', () => {
  it('lays out right to left: the brand icon sits at the inline end', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div dir="rtl" lang="es"><paylit-card-fields></paylit-card-fields></div>`);
    const el = wrapper.querySelector('paylit-card-fields')!;
    await el.updateComplete;
    const field = input(el, 'number').getBoundingClientRect();
    const icon = el.shadowRoot!.querySelector('[part=icon]')!.getBoundingClientRect();
    expect(icon.left - field.left).to.be.below(field.width / 2);
  });

  it('follows the page\'s color scheme, and the merchant\'s tokens win', async () => {
    const light = await fixture<PaylitCardFields>(html`<paylit-card-fields></paylit-card-fields>`);
    // A dark page: its scheme and its background.
    const dark = (await fixture<HTMLDivElement>(html`<div style="color-scheme: dark; background: #020617"><paylit-card-fields></paylit-card-fields></div>`)).querySelector('paylit-card-fields')!;
    const themed = (await fixture<HTMLDivElement>(html`<div style="--paylit-color-surface: rgb(1, 2, 3); color-scheme: dark"><paylit-card-fields></paylit-card-fields></div>`)).querySelector('paylit-card-fields')!;
    await dark.updateComplete;
    await themed.updateComplete;
    const background = (el: PaylitCardFields) => getComputedStyle(input(el, 'number')).backgroundColor;
    expect(background(light)).to.equal('rgb(255, 255, 255)');
    expect(background(dark)).to.equal('rgb(15, 23, 42)');
    expect(background(themed)).to.equal('rgb(1, 2, 3)');
    await expect(dark).to.be.accessible();
  });
});
