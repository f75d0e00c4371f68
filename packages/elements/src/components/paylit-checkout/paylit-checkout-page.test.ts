// <paylit-checkout> on pages as merchants write them: indented, commented, wrapped in their
// own elements, two on a page, changed and moved; and its dev-mode warnings.
import { expect, fixture, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../../../../test/support/wait-until.js';
import { PaylitCheckout } from '../../paylit-checkout.js';
import type { PaylitErrorEvent, PaylitSubmitEvent } from '../../events/payment-events.js';
import { scaled } from '../../../../../test/support/time.mjs';

const env = (await (await fetch('/__paylit/env.json')).json()) as { endpoint: string };
const order = async (amount = 120) =>
  (await (await fetch(`/__paylit/order?amount=${amount}`)).json()).order as {
    id: string;
    clientSecret: string;
  };
const button = (el: PaylitCheckout) =>
  el.shadowRoot?.querySelector<HTMLButtonElement>('button[part=button]') ?? null;
const ready = (el: PaylitCheckout) =>
  waitUntil(() => button(el)?.getAttribute('aria-disabled') === 'false', 'the checkout loads', {
    timeout: scaled(2_000),
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A page written by hand: `html` is put in a <div> as a merchant's template would put it. */
async function page(
  markup: string,
  setup: (el: PaylitCheckout) => void = () => {},
): Promise<HTMLElement> {
  const div = document.createElement('div');
  div.innerHTML = markup;
  div.querySelectorAll('paylit-checkout').forEach((el) => setup(el as PaylitCheckout));
  return fixture(div);
}

/** A fetch that counts the checkout loads, as a merchant would set it. */
function counting() {
  const calls: string[] = [];
  const f: typeof fetch = (input, init) => {
    calls.push(String(input));
    return fetch(input, init);
  };
  return { calls, fetch: f };
}

function warnings(): string[] {
  return (console.warn as unknown as { calls: string[] }).calls;
}

let warn: typeof console.warn;
beforeEach(() => {
  (globalThis as { paylitIssuedWarnings?: Set<string> }).paylitIssuedWarnings?.clear();
  warn = console.warn;
  const calls: string[] = [];
  console.warn = Object.assign((...args: unknown[]) => void calls.push(args.join(' ')), { calls });
});
afterEach(() => {
  console.warn = warn;
});

describe('<paylit-checkout> on a merchant page: slots', () => {
  it('indented and commented markup shows the default form; nothing else is created', async () => {
    const o = await order();
    const root = await page(`
      <paylit-checkout endpoint="${env.endpoint}" order="${o.clientSecret}" lang="en">
        <!-- the payment form -->
      </paylit-checkout>`);
    const el = root.querySelector('paylit-checkout')!;
    await ready(el);
    expect(
      [
        ...el.shadowRoot!.querySelectorAll(
          'paylit-card-fields, paylit-installments, paylit-wallet-select',
        ),
      ].map((e) => e.localName),
    ).to.deep.equal(['paylit-wallet-select', 'paylit-card-fields', 'paylit-installments']);
  });

  it("the merchant's own card fields, in their own wrapper and forwarded through their own element's slot, are the ones used; no defaults are created", async () => {
    if (!customElements.get('merchant-layout')) {
      customElements.define(
        'merchant-layout',
        class extends HTMLElement {
          constructor() {
            super();
            this.attachShadow({ mode: 'open' }).innerHTML = `
            <paylit-checkout endpoint="${env.endpoint}" lang="en">
              <slot></slot>
            </paylit-checkout>`;
          }
        },
      );
    }
    const o = await order();
    const root = await page(`
      <merchant-layout>
        <div class="col">
          <paylit-card-fields></paylit-card-fields>
        </div>
      </merchant-layout>`);
    const el = root.querySelector('merchant-layout')!.shadowRoot!.querySelector('paylit-checkout')!;
    el.order = o.clientSecret;
    await ready(el);
    expect(
      el.shadowRoot!.querySelector('paylit-card-fields, paylit-installments, paylit-wallet-select'),
    ).to.equal(null);
    const fields = root.querySelector('paylit-card-fields')!;
    await fields.updateComplete;
    const type = (id: string, value: string) => {
      const input = fields.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!;
      input.value = value;
      input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    };
    type('number', '4111111111111111');
    type('expiry', '12/30');
    type('cvv', '123');
    type('holder', 'Ana Lima');
    const errors: PaylitErrorEvent[] = [];
    el.addEventListener('paylit-error', (e) => errors.push(e as PaylitErrorEvent));
    el.addEventListener('paylit-submit', (e) => e.preventDefault());
    const submitted = oneEvent(el, 'paylit-submit') as Promise<PaylitSubmitEvent>;
    void el.submit();
    expect((await submitted).submission.method).to.include({
      type: 'card',
      holderName: 'Ana Lima',
    });
    expect(errors).to.deep.equal([]);
  });

  it('elements added later replace the defaults, which come back when they are removed', async () => {
    const o = await order();
    const root = await page(`
      <paylit-checkout endpoint="${env.endpoint}" order="${o.clientSecret}" lang="en">
      </paylit-checkout>`);
    const el = root.querySelector('paylit-checkout')!;
    await ready(el);
    const col = document.createElement('div');
    col.innerHTML = '\n  <paylit-card-fields></paylit-card-fields>\n';
    el.append(col);
    await waitUntil(() => !el.shadowRoot!.querySelector('paylit-card-fields'), 'the defaults go');
    col.remove();
    await waitUntil(
      () => el.shadowRoot!.querySelector('paylit-card-fields'),
      'the defaults come back',
    );
  });
});

describe('<paylit-checkout> on a merchant page: misuse explained once, in development', () => {
  it('a missing order or endpoint, a malformed key (a paylit-error, nothing thrown), an unknown lang: one warning each, with a README link', async () => {
    const errors: PaylitErrorEvent[] = [];
    const root = await page(
      `
      <paylit-checkout endpoint="/paylit"></paylit-checkout>
      <paylit-checkout endpoint="/paylit"></paylit-checkout>
      <paylit-checkout amount="10" currency="BRL" country="BR" public-key="{not json" lang="de"></paylit-checkout>
      <paylit-checkout></paylit-checkout>`,
      (el) => el.addEventListener('paylit-error', (e) => errors.push(e as PaylitErrorEvent)),
    );
    await Promise.all(
      [...root.querySelectorAll('paylit-checkout')].map(
        (el) => (el as PaylitCheckout).updateComplete,
      ),
    );
    const w = warnings();
    expect(w.filter((line) => line.includes('no order'))).to.have.length(1);
    expect(w.filter((line) => line.includes('has no endpoint'))).to.have.length(1);
    expect(w.filter((line) => line.includes('public-key must be'))).to.have.length(1);
    expect(w.filter((line) => line.includes('lang="de" has no catalog'))).to.have.length(1);
    for (const line of w)
      expect(line).to.match(/\nSee https:\/\/github\.com\/paylit\/paylit#[a-z-]+$/);
    expect(errors.map((e) => e.kind)).to.deep.equal(['configuration']);
    // Each link is a heading of the README.
    const readme = await (await fetch('/README.md')).text();
    const anchors = new Set(
      [...readme.matchAll(/^#+ (.+)$/gm)].map((m) =>
        m[1]!
          .toLowerCase()
          .replace(/[^\w\s-]/g, '')
          .trim()
          .replace(/\s+/g, '-'),
      ),
    );
    for (const line of w) expect(anchors.has(line.split('#').at(-1)!), line).to.equal(true);
  });

  it('a page that is not a secure context is told it cannot encrypt', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    try {
      await page('<paylit-checkout endpoint="/paylit"></paylit-checkout>');
    } finally {
      delete (window as { isSecureContext?: boolean }).isSecureContext;
    }
    expect(warnings().filter((line) => line.includes('not a secure context'))).to.have.length(1);
  });

  it('a server that cannot be reached: the warning asks whether it runs, and where; a network paylit-error (a server refusing the origin: paylit-checkout-states.test.ts)', async () => {
    const o = await order();
    let error: PaylitErrorEvent | undefined;
    await page(
      `<paylit-checkout endpoint="http://127.0.0.1:9/paylit" order="${o.clientSecret}"></paylit-checkout>`,
      (el) => el.addEventListener('paylit-error', (e) => (error = e as PaylitErrorEvent)),
    );
    await waitUntil(() => error, 'a paylit-error');
    expect(error!.kind).to.equal('network');
    expect(
      warnings().filter(
        (line) =>
          line.includes(
            'could not reach the companion server at http://127.0.0.1:9/paylit/checkout',
          ) && line.includes('Is it running, and mounted at http://127.0.0.1:9/paylit?'),
      ),
    ).to.have.length(1);
  });
});

describe('<paylit-checkout> on a merchant page: a failed load is a state', () => {
  it("fields disabled, the message in the shopper's language, and a retry button that loads again", async () => {
    const o = await order();
    let fail = true;
    const calls: string[] = [];
    const root = await page(
      `
      <paylit-checkout endpoint="${env.endpoint}" order="${o.clientSecret}" lang="pt-BR">
      </paylit-checkout>`,
      (el) => {
        el.fetch = (input, init) => {
          calls.push(String(input));
          return fail ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);
        };
      },
    );
    const el = root.querySelector('paylit-checkout')!;
    await waitUntil(() => el.shadowRoot!.querySelector('[part=retry]'), 'the retry button');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part=message]')!.textContent).to.equal(
      'Não foi possível conectar à loja. Verifique sua conexão e tente de novo.',
    );
    const fields = el.shadowRoot!.querySelector('paylit-card-fields')!;
    await fields.updateComplete;
    expect(fields.shadowRoot!.querySelector<HTMLInputElement>('#number')!.disabled).to.equal(true);
    // No pay button saying "Loading the checkout…" under the error: only the error and the retry.
    expect(button(el)).to.equal(null);
    await expect(el).to.be.accessible();
    fail = false;
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part=retry]')!.click();
    await ready(el);
    // Two loads of the order; beside the first, the request that looked for a server refusing the origin.
    expect(calls.filter((url) => url.includes('?order='))).to.have.length(2);
    expect(el.shadowRoot!.querySelector('[part=retry]')).to.equal(null);
    await fields.updateComplete;
    expect(fields.shadowRoot!.querySelector<HTMLInputElement>('#number')!.disabled).to.equal(false);
  });

  it('a late answer for an order since replaced is dropped', async () => {
    const [first, second] = [await order(100), await order(200)];
    let askedFirst = false;
    let answerFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (answerFirst = resolve));
    const root = await page(
      `<paylit-checkout endpoint="${env.endpoint}" order="${first.clientSecret}" lang="en"></paylit-checkout>`,
      (el) => {
        // The first order's answer comes late (once the second is shown), whatever the signal says.
        el.fetch = async (input, init) => {
          const slow = String(input).includes(first.clientSecret);
          if (slow) askedFirst = true;
          const res = await fetch(input);
          if (slow) await firstHeld;
          if (init?.signal?.aborted && !slow) throw new DOMException('aborted', 'AbortError');
          return res;
        };
      },
    );
    const el = root.querySelector('paylit-checkout')!;
    await waitUntil(() => askedFirst, 'the first order is asked for');
    el.order = second.clientSecret;
    await ready(el);
    answerFirst();
    // The late answer reaches the element (its fetch resolves); whatever it does with it, it has
    // done in the tasks after and its next update.
    await sleep(0);
    await sleep(0);
    await el.updateComplete;
    expect(button(el)!.textContent!.replace(/\s/g, ' ')).to.equal('Pay R$200.00');
  });
});

describe('<paylit-checkout> on a merchant page: life cycle', () => {
  it('one request per order load: changing order loads once, moving it or removing and re-adding it loads nothing more', async () => {
    const [a, b] = [await order(), await order()];
    const counter = counting();
    const root = await page(
      `
      <div class="left">
        <paylit-checkout endpoint="${env.endpoint}" order="${a.clientSecret}" lang="en"></paylit-checkout>
      </div>
      <div class="right"></div>`,
      (el) => (el.fetch = counter.fetch),
    );
    const el = root.querySelector('paylit-checkout')!;
    // Moved while it loads.
    root.querySelector('.right')!.append(el);
    await ready(el);
    el.remove();
    root.querySelector('.left')!.append(el);
    // A framework that sets its props again on each render, with a new function each time.
    el.fetch = (input, init) => counter.fetch(input, init);
    el.lang = 'en-GB';
    // A load would be asked for as the element updates for these changes.
    await el.updateComplete;
    await sleep(0);
    expect(counter.calls).to.have.length(1);
    el.order = b.clientSecret;
    await ready(el);
    el.endpoint = env.endpoint;
    await el.updateComplete;
    await sleep(0);
    expect(counter.calls.map((url) => url.split('order=')[1])).to.deep.equal([
      a.clientSecret,
      b.clientSecret,
    ]);
  });

  it('removed while it loads: the load is aborted and the element dispatches nothing; added back, it loads', async () => {
    const o = await order();
    const signals: AbortSignal[] = [];
    const events: string[] = [];
    let fail!: () => void;
    const removed = new Promise<void>((resolve) => (fail = resolve));
    const root = await page(
      `<paylit-checkout endpoint="${env.endpoint}" order="${o.clientSecret}" lang="en"></paylit-checkout>`,
      (el) => {
        el.fetch = async (input, init) => {
          signals.push(init!.signal!);
          await removed;
          // A merchant's fetch that ignores the signal: its answer must still be dropped.
          return Promise.reject(new TypeError('Failed to fetch'));
        };
        for (const type of ['paylit-error', 'paylit-paid'])
          el.addEventListener(type, () => events.push(type));
      },
    );
    const el = root.querySelector('paylit-checkout')!;
    await waitUntil(() => signals.length === 1, 'the order is asked for');
    el.remove();
    // The failure comes after the removal; what the element would do with it, it has done by the task after.
    fail();
    await sleep(0);
    await el.updateComplete;
    await sleep(0);
    expect(signals.map((s) => s.aborted)).to.deep.equal([true]);
    expect(events).to.deep.equal([]);
    el.fetch = fetch.bind(globalThis);
    root.append(el);
    await ready(el);
  });

  it('two checkouts on one page: each loads its own order, once', async () => {
    const [a, b] = [await order(100), await order(200)];
    const counters = [counting(), counting()];
    let i = 0;
    const root = await page(
      `
      <section>
        <paylit-checkout endpoint="${env.endpoint}" order="${a.clientSecret}" lang="en">
          <div class="col"><paylit-card-fields></paylit-card-fields></div>
        </paylit-checkout>
      </section>
      <section>
        <paylit-checkout endpoint="${env.endpoint}" order="${b.clientSecret}" lang="en">
        </paylit-checkout>
      </section>`,
      (el) => (el.fetch = counters[i++]!.fetch),
    );
    const [one, two] = [...root.querySelectorAll('paylit-checkout')];
    await ready(one!);
    await ready(two!);
    expect([
      button(one!)!.textContent!.replace(/\s/g, ' '),
      button(two!)!.textContent!.replace(/\s/g, ' '),
    ]).to.deep.equal(['Pay R$100.00', 'Pay R$200.00']);
    expect(counters.map((c) => c.calls.length)).to.deep.equal([1, 1]);
  });
});

describe('<paylit-checkout> in a framework', () => {
  it("a Vue remount: the removed checkout's load is aborted and it dispatches nothing; the new one loads its order once", async () => {
    // The browser build of Vue (the package's default build needs a bundler for process.env).
    const { createApp, h, ref } = (await import(
      // @ts-expect-error: the browser build has no declarations of its own; it is the package's API
      'vue/dist/vue.runtime.esm-browser.js'
    )) as typeof import('vue');
    const o = await order();
    const calls: { signal: AbortSignal; element: string }[] = [];
    const events: string[] = [];
    const generation = ref(0);
    const host = await fixture<HTMLDivElement>(document.createElement('div'));
    const app = createApp({
      setup: () => () =>
        h(
          'paylit-checkout',
          {
            key: generation.value,
            endpoint: env.endpoint,
            order: o.clientSecret,
            lang: 'en',
            fetch: (input: RequestInfo, init?: RequestInit) => {
              calls.push({ signal: init!.signal!, element: String(generation.value) });
              return fetch(input, init);
            },
            'onPaylit-error': () => events.push(`error ${generation.value}`),
          },
          ['\n  '],
        ),
    });
    app.mount(host);
    await sleep(0);
    // Remounted before the first load answers.
    generation.value++;
    await sleep(0);
    const el = host.querySelector('paylit-checkout') as PaylitCheckout;
    await ready(el);
    expect(calls.map((c) => [c.element, c.signal.aborted])).to.deep.equal([
      ['0', true],
      ['1', false],
    ]);
    expect(events).to.deep.equal([]);
    app.unmount();
  });
});
