import { expect } from '@open-wc/testing';
import type { PaymentView } from '@paylit/core/checkout';
import { CheckoutFlow, type Settled } from './checkout-flow.js';

const payment = { id: 'D-1', status: 'PAID', status_code: '200' } as PaymentView;
const refused = (retryable: boolean): Settled => ({
  to: 'refused',
  text: 'refused',
  error: { kind: 'server', message: 'refused', retryable },
});

/** A flow with a loaded order, and how many times it told the element to render again. */
function ready() {
  const changes = { count: 0 };
  const flow = new CheckoutFlow(() => changes.count++);
  flow.load();
  flow.loaded();
  return { flow, changes };
}

describe('the checkout flow', () => {
  it('loading → ready → submitting → outcome; every transition asks for a render', () => {
    const changes = { count: 0 };
    const flow = new CheckoutFlow(() => changes.count++);
    expect(flow.phase).to.equal('loading');
    expect(flow.submit()).to.equal(undefined);
    flow.loaded();
    expect(flow.phase).to.equal('ready');
    const run = flow.submit()!;
    expect(flow.phase).to.equal('submitting');
    expect(flow.submit(), 'a second Pay while the first is in flight').to.equal(undefined);
    flow.settled({ to: 'outcome', payment });
    expect([flow.phase, flow.outcome?.payment]).to.deep.equal(['outcome', payment]);
    flow.end(run);
    expect(flow.phase, 'the outcome stays once the submission ends').to.equal('outcome');
    expect(flow.submit()).to.equal(undefined);
    expect(changes.count).to.equal(3);
  });

  it('an unknown outcome keeps the attempt id, so the same attempt is sent again and cannot charge twice', () => {
    const { flow } = ready();
    flow.submit();
    const first = flow.attempt();
    flow.settled({ to: 'unreachable' });
    expect(flow.phase).to.equal('ready');
    flow.submit();
    expect(flow.attempt()).to.equal(first);
    flow.settled(refused(true));
    flow.submit();
    expect(flow.attempt(), 'a refusal worth sending again').to.equal(first);
    flow.settled({ to: 'outcome', payment });
    flow.reset();
    flow.submit();
    expect(flow.attempt(), 'after an outcome').not.to.equal(first);
  });

  it('a known outcome, a final refusal, a decline or a submission handed over: the next attempt is new', () => {
    const { flow } = ready();
    const answers: Settled[] = [
      refused(false),
      { to: 'declined', payment, text: 'declined' },
      { to: 'redirect', payment, url: 'https://bank.example/3ds', text: 'redirecting' },
    ];
    for (const answer of answers) {
      const run = flow.submit()!;
      const attempt = flow.attempt();
      flow.settled(answer);
      flow.end(run);
      expect(flow.phase, answer.to).to.equal('ready');
      flow.submit();
      expect(flow.attempt(), answer.to).not.to.equal(attempt);
      flow.handedOver();
      flow.end(run + 1);
    }
    const attempt = flow.attempt();
    flow.handedOver();
    expect(flow.attempt()).not.to.equal(attempt);
  });

  it('a locked order gives way to no form until reset; reset brings the form back', () => {
    const { flow } = ready();
    flow.submit();
    flow.settled({ to: 'locked', text: 'locked' });
    expect(flow.phase).to.equal('locked');
    expect(flow.submit()).to.equal(undefined);
    flow.reset();
    expect(flow.phase).to.equal('ready');
  });

  it('a load that fails can be loaded again; one final (an order that cannot be paid) shows no form', () => {
    const { flow } = ready();
    flow.load();
    flow.loadFailed(false);
    expect(flow.phase).to.equal('failed');
    flow.load();
    flow.loadFailed(true);
    expect(flow.phase).to.equal('closed');
    expect(flow.submit()).to.equal(undefined);
    flow.reset();
    expect(flow.phase, 'the retry is offered again').to.equal('failed');
    flow.load();
    flow.loaded();
    expect(flow.phase).to.equal('ready');
  });

  it('a payment found while loading (a return page, an order paid already) stays once the order is here; a new load clears it', () => {
    const flow = new CheckoutFlow(() => undefined);
    flow.settled({ to: 'outcome', payment });
    flow.loaded();
    expect(flow.phase).to.equal('outcome');
    flow.settled({ to: 'declined', payment, text: 'declined' });
    flow.load();
    expect([flow.phase, flow.outcome]).to.deep.equal(['loading', undefined]);
  });

  it('a submission that ends after a new load and a newer submission leaves the newer one alone', () => {
    const { flow } = ready();
    const old = flow.submit()!;
    flow.load();
    flow.loaded();
    flow.submit();
    flow.end(old);
    expect(flow.phase).to.equal('submitting');
  });
});
