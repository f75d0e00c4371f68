import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../paylit-checkout/paylit-checkout.js';
import type { PaylitCheckout } from '../paylit-checkout/paylit-checkout.js';
import type { PaylitPaymentEvent, PaylitRedirectEvent } from '../../events/payment-events.js';

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

  it('pays with a saved card: the card fields step aside', async () => {
    const { el, select } = await checkout({ savedCard: '4111111111111111' }, 'pt-BR');
    radio(select, 'final 1111').click();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('paylit-card-fields')!.hidden).to.equal(true);
    const paid = oneEvent(el, 'paylit-paid') as Promise<PaylitPaymentEvent>;
    el.shadowRoot!.querySelector('button')!.click();
    expect((await paid).payment.card).to.include({ last4: '1111' });
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
