import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../../../../test/support/wait-until.js';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../paylit-checkout.js';
import type { PaylitCheckout } from '../paylit-checkout/paylit-checkout.js';
import type {
  PaylitPaymentEvent,
  PaylitRedirectEvent,
  PaylitSubmitEvent,
} from '../../events/payment-events.js';
import { format, messagesFor } from '../../i18n/index.js';
import { markedMethods } from '../../internal/method-marks.js';
import { scaled } from '../../../../../test/support/time.mjs';

const env = (await (await fetch('/__paylit/env.json')).json()) as { endpoint: string };

async function checkout(params: Record<string, string>, lang = 'en') {
  const { order } = await (await fetch(`/__paylit/order?${new URLSearchParams(params)}`)).json();
  const el = await fixture<PaylitCheckout>(
    html`<paylit-checkout endpoint=${env.endpoint} order=${order.clientSecret} lang=${lang}></paylit-checkout>`,
  );
  await waitUntil(
    () => el.shadowRoot?.querySelector('button')?.getAttribute('aria-disabled') === 'false',
    'loads',
    { timeout: scaled(2_000) },
  );
  const select = el.shadowRoot!.querySelector('paylit-wallet-select')!;
  await waitUntil(
    () => select.shadowRoot!.querySelectorAll('input[type=radio]').length > 0,
    'methods show',
  );
  return { el, select, order };
}

/** An option's text as a screen reader names it: the marks are aria-hidden (their lettering is a picture, not the name). */
function nameOf(label: Element): string {
  const copy = label.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden=true]').forEach((hidden) => hidden.remove());
  return copy.textContent!.replace(/\s+/g, ' ').trim();
}
const labels = (select: Element) => [...select.shadowRoot!.querySelectorAll('label')];
const options = (select: Element) => labels(select).map(nameOf);
const radio = (select: Element, text: string) =>
  labels(select)
    .find((l) => nameOf(l).includes(text))!
    .querySelector('input')!;

describe('<paylit-wallet-select>', () => {
  it('offers the saved card, a new card, and the wallets and redirect methods the order allows', async () => {
    const { select } = await checkout({ savedCard: '5555555555554444', methods: 'CARD,PX,BL,MP' });
    expect(options(select)).to.deep.equal([
      'Mastercard ending in 4444',
      'New card',
      'Mercado Pago',
      'Pix',
      'Boleto Bancário',
    ]);
    expect(radio(select, 'New card').checked).to.equal(true);
    await expect(select).to.be.accessible();
  });

  it('pays with a saved card: the card fields ask for its security code alone, sealed in its own JWE', async () => {
    const { el, select } = await checkout({ savedCard: '378282246310005' }, 'pt-BR');
    const fields = el.shadowRoot!.querySelector('paylit-card-fields')!;
    const shown = () =>
      [...fields.shadowRoot!.querySelectorAll<HTMLElement>('[part~=field]')]
        .filter((f) => !f.hidden)
        .map((f) => f.querySelector('input')!.id);
    // A security code typed for a new card is not carried over to the saved one.
    fields.shadowRoot!.querySelector<HTMLInputElement>('#cvv')!.focus();
    await sendKeys({ type: '999' });
    radio(select, 'final 0005').click();
    await el.updateComplete;
    await fields.updateComplete;
    expect(fields.hidden).to.equal(false);
    expect(shown()).to.deep.equal(['cvv']);
    const cvv = fields.shadowRoot!.querySelector<HTMLInputElement>('#cvv')!;
    expect(cvv.value).to.equal('');
    expect(fields.shadowRoot!.querySelector('label[for=cvv]')!.textContent!.trim()).to.equal(
      'Código de segurança do cartão American Express final 0005',
    );
    await expect(fields).to.be.accessible();

    // Paying without it shows why, and sends nothing.
    const submits: Event[] = [];
    el.addEventListener('paylit-submit', (e) => submits.push(e));
    el.shadowRoot!.querySelector('button')!.click();
    await waitUntil(
      () => fields.shadowRoot!.querySelector('#cvv-error')!.textContent!.trim() !== '',
      'the message shows',
    );
    expect(fields.shadowRoot!.querySelector('#cvv-error')!.textContent!.trim()).to.equal(
      (await messagesFor('pt-BR')).errors.cvv.empty,
    );
    expect(submits).to.have.length(0);

    cvv.focus();
    // American Express: four digits; a fifth typed is not taken.
    await sendKeys({ type: '12345' });
    expect(cvv.value).to.equal('1234');
    const paid = oneEvent(el, 'paylit-paid') as Promise<PaylitPaymentEvent>;
    el.shadowRoot!.querySelector('button')!.click();
    expect((await paid).payment.card).to.include({ last4: '0005' });
    const method = (submits[0] as PaylitSubmitEvent).submission.method;
    expect(method).to.have.keys(['type', 'cardId', 'encryptedCvv']);
    expect(JSON.stringify(method)).not.to.contain('1234');
  });

  it("a security code too short for the saved card's brand is refused in the page, in the shopper's language", async () => {
    const { el, select } = await checkout({ savedCard: '4111111111111111' }, 'es-AR');
    radio(select, 'terminada en 1111').click();
    await el.updateComplete;
    const fields = el.shadowRoot!.querySelector('paylit-card-fields')!;
    await fields.updateComplete;
    const submits: Event[] = [];
    el.addEventListener('paylit-submit', (e) => submits.push(e));
    fields.shadowRoot!.querySelector<HTMLInputElement>('#cvv')!.focus();
    await sendKeys({ type: '12' });
    el.shadowRoot!.querySelector('button')!.click();
    await waitUntil(
      () => fields.shadowRoot!.querySelector('#cvv-error')!.textContent!.trim() !== '',
      'too short is refused in the page',
    );
    expect(fields.shadowRoot!.querySelector('#cvv-error')!.textContent!.trim()).to.equal(
      format((await messagesFor('es-419')).errors.cvv.wrong_length, { digits: 3 }),
    );
    expect(submits).to.have.length(0);
  });

  it("a redirect method sends the payer to the bank's page", async () => {
    const { el, select } = await checkout({ methods: 'CARD,PX' });
    radio(select, 'Pix').click();
    el.addEventListener('paylit-redirect', (e) => e.preventDefault());
    const redirect = oneEvent(el, 'paylit-redirect') as Promise<PaylitRedirectEvent>;
    el.shadowRoot!.querySelector('button')!.click();
    const event = await redirect;
    expect(event.payment).to.include({ status: 'PENDING', payment_method_type: 'BANK_TRANSFER' });
    expect(event.url).to.contain('/sandbox-pages/redirect/');
  });

  it('is a keyboard radio group', async () => {
    const { el, select } = await checkout({ methods: 'CARD,PX,BL' });
    radio(select, 'New card').focus();
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(radio(select, 'Pix').checked).to.equal(true);
    expect(el.shadowRoot!.querySelector('paylit-card-fields')!.hidden).to.equal(true);
    await sendKeys({ press: 'ArrowUp' });
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('paylit-card-fields')!.hidden).to.equal(false);
  });

  it('wallets and banks are button-like options with their marks and their names as accessible names', async () => {
    const { select } = await checkout({ savedCard: '5555555555554444', methods: 'CARD,PX,BL,MP' });
    await waitUntil(
      () => select.shadowRoot!.querySelectorAll('[part~=logo] > svg').length === 5,
      'the marks load',
    );
    // Each option's mark: the saved card's brand, a generic card for a new one, each method's own (not the API's logo).
    expect(
      labels(select).map((l) => l.querySelector('[part~=logo] > svg')!.getAttribute('data-mark')),
    ).to.deep.equal(['mastercard', 'generic', 'MP', 'PX', 'BL']);
    expect(['MP', 'PX', 'BL'].every((id) => markedMethods.includes(id))).to.equal(true);
    expect(select.shadowRoot!.querySelector('img'), 'no API logo where paylit has a mark').to.equal(
      null,
    );
    for (const label of labels(select)) {
      const box = getComputedStyle(label);
      // A box the size of a button, bordered, the whole of it the target; the mark in its 40×26 box.
      expect(parseFloat(box.borderTopWidth)).to.be.greaterThan(0);
      expect(label.getBoundingClientRect().height).to.be.at.least(44);
      const mark = label.querySelector('[part~=logo]')!.getBoundingClientRect();
      expect([mark.width, mark.height]).to.deep.equal([40, 26]);
      expect(label.querySelector('svg')!.getAttribute('aria-hidden')).to.equal('true');
    }
    // The chosen option carries the accent; its radio is drawn in it.
    const chosen = radio(select, 'New card');
    expect(getComputedStyle(chosen).accentColor).to.equal('rgb(37, 99, 235)');
    expect(getComputedStyle(chosen.closest('label')!).borderTopColor).to.equal('rgb(37, 99, 235)');
    // What assistive technology hears: each radio named by its label, in which the mark is aria-hidden (its lettering is not read).
    for (const label of labels(select))
      expect(label.querySelector('input')!.labels![0]).to.equal(label);
    expect(options(select)).to.deep.equal([
      'Mastercard ending in 4444',
      'New card',
      'Mercado Pago',
      'Pix',
      'Boleto Bancário',
    ]);
    expect(select.shadowRoot!.querySelector('fieldset > legend')!.textContent).to.equal(
      'Payment method',
    );
    await expect(select).to.be.accessible();
  });

  it('is reached with Tab, chosen with the arrow keys, and paid with from the keyboard', async () => {
    const { order } = await (
      await fetch(`/__paylit/order?${new URLSearchParams({ methods: 'CARD,PX,BL,MP' })}`)
    ).json();
    const page = await fixture<HTMLDivElement>(
      html`<div><button>Back to the cart</button><paylit-checkout endpoint=${env.endpoint} order=${order.clientSecret} lang="en"></paylit-checkout></div>`,
    );
    const el = page.querySelector('paylit-checkout')!;
    const pay = () => el.shadowRoot!.querySelector<HTMLButtonElement>('button[part=button]')!;
    await waitUntil(() => pay()?.getAttribute('aria-disabled') === 'false', 'loads', {
      timeout: scaled(2_000),
    });
    const select = el.shadowRoot!.querySelector('paylit-wallet-select')!;
    await waitUntil(
      () => select.shadowRoot!.querySelectorAll('input[type=radio]').length > 0,
      'methods show',
    );
    page.querySelector('button')!.focus();
    await sendKeys({ press: 'Tab' });
    // Tab lands on the chosen option of the group.
    expect(select.shadowRoot!.activeElement).to.equal(radio(select, 'New card'));
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(radio(select, 'Mercado Pago').checked).to.equal(true);
    expect(select.shadowRoot!.activeElement).to.equal(radio(select, 'Mercado Pago'));
    expect(el.shadowRoot!.querySelector('paylit-card-fields')!.hidden).to.equal(true);
    // With the card fields out of the way, the next Tab is the pay button; Enter pays with the wallet.
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement).to.equal(pay());
    el.addEventListener('paylit-submit', (e) => e.preventDefault());
    const submit = oneEvent(el, 'paylit-submit') as Promise<PaylitSubmitEvent>;
    await sendKeys({ press: 'Enter' });
    expect((await submit).submission.method).to.deep.equal({ type: 'wallet', methodId: 'MP' });
  });

  it('in Arabic: right to left, the marks at the start of each option (the right), the saved card named by brand and last four', async () => {
    const params = { savedCard: '4111111111111111', methods: 'CARD,PX,MP' };
    const ltr = await checkout(params, 'en');
    await waitUntil(
      () => ltr.select.shadowRoot!.querySelectorAll('[part~=logo] > svg').length === 4,
      'the marks load',
    );
    const ltrLabel = radio(ltr.select, 'Pix').closest('label')!;
    const ltrMark = ltrLabel.querySelector('[part~=logo]')!.getBoundingClientRect();
    const ltrName = ltrLabel.querySelector('[part~=name]')!.getBoundingClientRect();
    expect(ltrMark.left).to.be.lessThan(ltrName.left);

    const { el, select } = await checkout(params, 'ar');
    await waitUntil(
      () => select.shadowRoot!.querySelectorAll('[part~=logo] > svg').length === 4,
      'the marks load',
    );
    expect(select.shadowRoot!.querySelector('fieldset')!.getAttribute('dir')).to.equal('rtl');
    expect(el.shadowRoot!.querySelector('.body')!.getAttribute('dir')).to.equal('rtl');
    const t = await messagesFor('ar');
    const label = labels(select).find((l) => nameOf(l) === 'Pix')!;
    const mark = label.querySelector('[part~=logo]')!.getBoundingClientRect();
    const name = label.querySelector('[part~=name]')!.getBoundingClientRect();
    const box = label.getBoundingClientRect();
    // Mirrored: the mark is at the right edge, the name to its left.
    expect(mark.right).to.be.greaterThan(name.right);
    expect(box.right - mark.right).to.be.closeTo(
      ltrMark.left - ltrLabel.getBoundingClientRect().left,
      1,
    );
    expect(options(select)[0]).to.equal(format(t.cardEnding, { brand: 'Visa', last4: '1111' }));
    expect(options(select)).to.include(t.newCard);
    await expect(select).to.be.accessible();
  });

  it("on a 390 px phone, breaks names only between words, in tiles no narrower than a name's longest word, two lines at most", async () => {
    await setViewport({ width: 390, height: 844 });
    try {
      const cases: [country: string, currency: string, lang: string, methods: string][] = [
        ['BR', 'BRL', 'en', 'CARD,MP,PP,PX,BL'],
        ['BR', 'BRL', 'pt-BR', 'CARD,MP,PP,PX,BL'],
        ['AR', 'ARS', 'es-AR', 'CARD,MP,RP,PF,IO'],
        ['BR', 'BRL', 'ar', 'CARD,MP,PP,PX,BL'],
      ];
      for (const [country, currency, lang, methods] of cases) {
        const payer =
          country === 'AR'
            ? '{"name":"Ana Lima","email":"ana@example.com","document":"20123456786","phone":"+5491123456789"}'
            : undefined;
        const { select } = await checkout(
          { country, currency, methods, ...(payer ? { payer } : {}) },
          lang,
        );
        const tiles = [...select.shadowRoot!.querySelectorAll('[part=methods] label')];
        expect(tiles.length, `${lang}: tiles`).to.equal(4);
        for (const tile of tiles) {
          const name = tile.querySelector('[part~=name]')!;
          const text = [...name.childNodes].find(
            (n): n is Text => n instanceof Text && n.data.trim() !== '',
          )!;
          const where = `${lang}: ${text.data}`;
          // Each word in one piece: a word broken across lines has a box on each line.
          for (const word of text.data.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(text, word.index);
            range.setEnd(text, word.index + word[0].length);
            expect(range.getClientRects().length, `${where}: "${word[0]}" in one piece`).to.equal(
              1,
            );
          }
          const whole = document.createRange();
          whole.selectNodeContents(name);
          const lines = new Set([...whole.getClientRects()].map((r) => Math.round(r.top)));
          expect(lines.size, `${where}: lines`).to.be.at.most(2);
          // Inside its tile, and the tile wide enough to read (not a sliver at the inline end).
          const box = tile.getBoundingClientRect();
          const drawn = name.getBoundingClientRect();
          expect(drawn.left, where).to.be.at.least(box.left);
          expect(drawn.right, where).to.be.at.most(box.right);
          expect(box.width, where).to.be.at.least(150);
        }
      }
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('Pix is one choice, "Pix", when the order takes both its methods: it pays by the code shown in the page', async () => {
    const { el, select } = await checkout({ methods: 'CARD,PX,PQ,BL' });
    expect(options(select)).to.deep.equal(['New card', 'Pix', 'Boleto Bancário']);
    radio(select, 'Pix').click();
    const pending = oneEvent(el, 'paylit-pending') as Promise<PaylitPaymentEvent>;
    el.shadowRoot!.querySelector('button')!.click();
    expect((await pending).payment).to.include({ payment_method_id: 'PQ' });
  });

  it('tiles of even width, rows of one height, at 320 and 1280 px: no lone half tile, a wrapped name makes no row taller', async () => {
    const cases: [country: string, currency: string, methods: string][] = [
      // Three tiles: two side by side left a lone half one.
      ['BR', 'BRL', 'CARD,MP,PP,BL'],
      // "Transferencia bancaria" wraps where the others fit on one line.
      ['AR', 'ARS', 'CARD,MP,RP,PF,IO'],
    ];
    const payer =
      '{"name":"Ana Lima","email":"ana@example.com","document":"20123456786","phone":"+5491123456789"}';
    try {
      for (const width of [320, 1280]) {
        await setViewport({ width, height: 800 });
        for (const [country, currency, methods] of cases)
          for (const lang of ['en', 'fr', 'ar']) {
            const { select } = await checkout(
              { country, currency, methods, ...(country === 'AR' ? { payer } : {}) },
              lang,
            );
            const where = `${width} px, ${lang}, ${methods}`;
            const area = select
              .shadowRoot!.querySelector('[part=methods]')!
              .getBoundingClientRect();
            const tiles = [...select.shadowRoot!.querySelectorAll('[part=methods] label')].map(
              (tile) => tile.getBoundingClientRect(),
            );
            for (const tile of tiles)
              expect(tile.height, `${where}: every tile as tall as the first`).to.be.closeTo(
                tiles[0]!.height,
                0.5,
              );
            const rows = new Map<number, DOMRect[]>();
            for (const tile of tiles)
              rows.set(Math.round(tile.top), [...(rows.get(Math.round(tile.top)) ?? []), tile]);
            for (const row of rows.values()) {
              // Each row spans the picker, its tiles of one width.
              expect(Math.min(...row.map((t) => t.left)), `${where}: a row's start`).to.be.closeTo(
                area.left,
                0.5,
              );
              expect(Math.max(...row.map((t) => t.right)), `${where}: a row's end`).to.be.closeTo(
                area.right,
                0.5,
              );
              for (const tile of row)
                expect(tile.width, `${where}: widths in a row`).to.be.closeTo(row[0]!.width, 0.5);
            }
            if (width === 320) expect(rows.size, `${where}: one column`).to.equal(tiles.length);
            else expect(rows.size, `${where}: two columns`).to.be.below(tiles.length);
          }
      }
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it("takes no room when there is nothing to choose but a new card: the checkout does not draw it, and the merchant's own is hidden", async () => {
    const { order } = await (
      await fetch(`/__paylit/order?${new URLSearchParams({ methods: 'CARD' })}`)
    ).json();
    const el = await fixture<PaylitCheckout>(
      html`<paylit-checkout endpoint=${env.endpoint} order=${order.clientSecret} lang="en"></paylit-checkout>`,
    );
    await waitUntil(
      () => el.shadowRoot?.querySelector('button')?.getAttribute('aria-disabled') === 'false',
      'loads',
      { timeout: scaled(2_000) },
    );
    expect(el.shadowRoot!.querySelector('paylit-wallet-select')).to.equal(null);
    // The card fields start where the checkout does: no gap above them.
    const top = el.shadowRoot!.querySelector('.body')!.getBoundingClientRect().top;
    expect(
      el.shadowRoot!.querySelector('paylit-card-fields')!.getBoundingClientRect().top,
    ).to.equal(top);

    const own =
      await fixture<PaylitCheckout>(html`<paylit-checkout endpoint=${env.endpoint} order=${order.clientSecret} lang="en">
      <div class="merchant"><paylit-wallet-select></paylit-wallet-select><paylit-card-fields></paylit-card-fields></div>
    </paylit-checkout>`);
    await waitUntil(
      () => own.shadowRoot?.querySelector('button')?.getAttribute('aria-disabled') === 'false',
      'loads',
      { timeout: scaled(2_000) },
    );
    const select = own.querySelector('paylit-wallet-select')!;
    await select.updateComplete;
    expect(getComputedStyle(select).display).to.equal('none');
    expect(own.querySelector('paylit-card-fields')!.getBoundingClientRect().top).to.equal(
      own.querySelector('.merchant')!.getBoundingClientRect().top,
    );
  });
});
