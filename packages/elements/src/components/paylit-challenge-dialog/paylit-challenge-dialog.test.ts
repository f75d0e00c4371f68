import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../../../../../test/support/wait-until.js';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import type { PaymentView } from '@paylit/core/checkout';
import { en } from '../../i18n/en.js';
import '../../internal/module-loaders.js';
import './paylit-challenge-dialog.js';
import type { PaylitChallengeDialog } from './paylit-challenge-dialog.js';

const t = en.pendingView;
const payment = { id: 'D-3DS-1', status: 'PENDING', amount: 10, currency: 'ZAR' } as PaymentView;

async function opened(server = { endpoint: 'http://127.0.0.1:9/paylit' }) {
  const el = await fixture<PaylitChallengeDialog>(
    html`<paylit-challenge-dialog .url=${'about:blank'} .payment=${payment} .server=${server}
      order="x" .messages=${en}></paylit-challenge-dialog>`,
  );
  const root = el.shadowRoot!;
  const dialog = root.querySelector('dialog')!;
  await waitUntil(() => dialog.open, 'the dialog opens, modal');
  const ask = root.querySelector<HTMLElement>('[role=alertdialog]')!;
  const button = (name: string) =>
    [...root.querySelectorAll('button')].find(
      (b) => (b.getAttribute('aria-label') ?? b.textContent) === name,
    )!;
  return { el, root, dialog, ask, button };
}

describe('<paylit-challenge-dialog>', () => {
  it("opens modal over the page with the bank's page, labelled, its parts for the checkout to export", async () => {
    const { root, dialog } = await opened();
    expect(dialog.matches(':modal')).to.equal(true);
    expect(dialog.getAttribute('part')).to.equal('challenge');
    expect(root.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).to.equal(
      t.bankCheck,
    );
    const frame = root.querySelector('iframe')!;
    expect(frame.getAttribute('part')).to.equal('challenge-frame');
    expect(frame.title).to.equal(t.bankPage);
    expect(root.querySelector('[part=close]')!.getAttribute('aria-label')).to.equal(t.close);
  });

  it('Esc asks "Cancel the payment?" (focus on "No, go on") instead of closing; No goes on; Close asks too', async () => {
    const { el, root, dialog, ask, button } = await opened();
    // The shopper has used the page (the browser lets Esc be asked about only then).
    const heading = root.querySelector('h2')!.getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(heading.x + 2), Math.round(heading.y + 2)],
    });
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(dialog.open).to.equal(true);
    expect(ask.hidden).to.equal(false);
    expect(root.activeElement).to.equal(button(t.cancelNo));
    expect(root.querySelector('iframe')!.inert).to.equal(true);
    button(t.cancelNo).click();
    await el.updateComplete;
    expect(ask.hidden).to.equal(true);
    expect(root.activeElement).to.equal(button(t.close));
    button(t.close).click();
    await el.updateComplete;
    expect(ask.hidden).to.equal(false);
  });

  it('yes, with no server to answer: not cancelled, said in the dialog, which stays', async () => {
    const { el, root, dialog, button } = await opened();
    let settled = false;
    el.addEventListener('paylit-pending-settled', () => (settled = true));
    button(t.close).click();
    await el.updateComplete;
    button(t.cancelYes).click();
    await waitUntil(() => root.querySelector('[role=alert]'), 'the failure is said');
    expect(root.querySelector('[role=alert]')!.textContent).to.equal(en.networkError);
    expect(dialog.open).to.equal(true);
    expect(settled).to.equal(false);
  });
});
