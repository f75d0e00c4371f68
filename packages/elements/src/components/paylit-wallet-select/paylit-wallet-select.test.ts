import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../paylit-checkout/paylit-checkout.js';
import type { PaylitCheckout } from '../paylit-checkout/paylit-checkout.js';
import type { PaylitPaymentEvent, PaylitRedirectEvent, PaylitSubmitEvent } from '../../events/payment-events.js';
import { format, messagesFor } from '../../i18n/index.js';

const env = (await (await fetch('/__paylit/env.json')).json()) as { endpoint: string };

async function checkout(params: Record<string, string>, lang = 'en') {
  const { order } = await (await fetch(`/__paylit/order?${new URLSearchParams(params)}`)).json();
  const el = await fixture<PaylitCheckout>(html`<paylit-checkout endpoint=${env.endpoint} order=${order.id} lang=${lang}></paylit-checkout>`);
  await waitUntil(() => el.shadowRoot?.querySelector('button')?.getAttribute('aria-disabled') === 'false', 'loads', { timeout: 5000 });
  const select = el.shadowRoot!.querySelector('paylit-wallet-select')!;
  await waitUntil(() => select.shadowRoot!.querySelectorAll('input[type=radio]').length > 0, 'methods show');
  return { el, select, order };
}

const options = (select: Element) => [...select.shadowRoot!.querySelectorAll('label')].map((l) => l.textContent!.replace(/\s+/g, ' ').trim());
const radio = (select: Element, text: string) => [...select.shadowRoot!.querySelectorAll('label')].find((l) => l.textContent!.includes(text))!.querySelector('input')!;

describe('<paylit-wallet-select>', () => {
  it('offers the saved card, a new card, and the wallets and redirect methods the order allows', async () => {
    const { select } = await checkout({ savedCard: '5555555555554444', methods: 'CARD,PX,BL,MP' });
    expect(options(select)).to.deep.equal(['Mastercard ending in 4444, expires 10/40', 'New card', 'Mercado Pago', 'Pix', 'Boleto Bancário']);
    expect(radio(select, 'New card').checked).to.equal(true);
    await expect(select).to.be.accessible();
  });

  it('pays with a saved card: the card fields ask for its security code alone, sealed in its own JWE', async () => {
    const { el, select } = await checkout({ savedCard: '378282246310005' }, 'pt-BR');
    const fields = el.shadowRoot!.querySelector('paylit-card-fields')!;
    const shown = () => [...fields.shadowRoot!.querySelectorAll<HTMLElement>('[part~=field]')].filter((f) => !f.hidden).map((f) => f.querySelector('input')!.id);
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
    expect(fields.shadowRoot!.querySelector('label[for=cvv]')!.textContent!.trim()).to.equal('Código de segurança do cartão American Express final 0005');
    expect(cvv.maxLength).to.equal(4);
    await expect(fields).to.be.accessible();

    // Paying without it shows why, and sends nothing.
    const submits: Event[] = [];
    el.addEventListener('paylit-submit', (e) => submits.push(e));
    el.shadowRoot!.querySelector('button')!.click();
    await waitUntil(() => fields.shadowRoot!.querySelector('#cvv-error')!.textContent!.trim() !== '', 'the message shows');
    expect(fields.shadowRoot!.querySelector('#cvv-error')!.textContent!.trim()).to.equal((await messagesFor('pt-BR')).errors.cvv.empty);
    expect(submits).to.have.length(0);

    cvv.focus();
    await sendKeys({ type: '1234' });
    const paid = oneEvent(el, 'paylit-paid') as Promise<PaylitPaymentEvent>;
    el.shadowRoot!.querySelector('button')!.click();
    expect((await paid).payment.card).to.include({ last4: '0005' });
    const method = (submits[0] as PaylitSubmitEvent).submission.method;
    expect(method).to.have.keys(['type', 'cardId', 'encryptedCvv']);
    expect(JSON.stringify(method)).not.to.contain('1234');
  });

  it('a security code too short for the saved card\'s brand is refused in the page, in the shopper\'s language', async () => {
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
    await waitUntil(() => fields.shadowRoot!.querySelector('#cvv-error')!.textContent!.trim() !== '', 'too short is refused in the page');
    expect(fields.shadowRoot!.querySelector('#cvv-error')!.textContent!.trim()).to.equal(format((await messagesFor('es-419')).errors.cvv.wrong_length, { digits: 3 }));
    expect(submits).to.have.length(0);
  });

  it('a redirect method sends the payer to the bank\'s page', async () => {
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
});
