/**
 * The shop's own chrome around each checkout page: the scenario picker and the outcome
 * log. Nothing here touches card data; the checkout integration of each page is in its
 * own file (plain.ts, react.tsx, vue.ts).
 */
import { scenarios } from '../scenarios.js';

/** The order id the shop's server put into the page. */
export function orderOfPage(): string {
  const order = document.querySelector<HTMLMetaElement>('meta[name=paylit-order]')?.content ?? '';
  keepOrderInAddress(order);
  return order;
}

/**
 * The page's order stays in its address (`?order=`), as a merchant's session keeps it: a reload,
 * or the way back from the bank's app, shows the same order (a Pix that waits, a payment made)
 * rather than a new one.
 */
export function keepOrderInAddress(order: string | null | undefined): void {
  if (!order || order.startsWith('__')) return;
  const url = new URL(location.href);
  if (url.searchParams.get('order') === order) return;
  url.searchParams.set('order', order);
  history.replaceState(history.state, '', url);
}

/** Where the card fields keep the card on this page: `page`, or `frame` (?isolation=frame). */
export function isolationOfPage(): 'page' | 'frame' {
  return document.querySelector<HTMLMetaElement>('meta[name=paylit-isolation]')?.content === 'frame'
    ? 'frame'
    : 'page';
}

/** Links to every scenario on this page, the current one marked, and its hint. */
export function renderPicker(container: HTMLElement): void {
  const params = new URLSearchParams(location.search);
  const current = scenarios.find((s) => s.id === params.get('scenario')) ?? scenarios[0]!;
  const nav = document.createElement('nav');
  nav.setAttribute('aria-label', 'Scenarios');
  const list = document.createElement('ul');
  for (const s of scenarios) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    const kept = new URLSearchParams(
      [...params].filter(([k]) => k === 'lang' || k === 'isolation'),
    );
    link.href = `?${new URLSearchParams([['scenario', s.id], ...kept])}`;
    link.textContent = s.label;
    if (s === current) link.setAttribute('aria-current', 'page');
    item.append(link);
    list.append(item);
  }
  nav.append(list);
  const hint = document.createElement('p');
  hint.className = 'hint';
  hint.textContent = current.hint;
  container.replaceChildren(nav, hint, isolationToggle(params));
  if (current.id === 'decline') {
    const label = document.createElement('label');
    label.textContent = 'Decline code ';
    const select = document.createElement('select');
    for (let code = 300; code <= 326; code++)
      select.append(
        new Option(String(code), String(code), false, params.get('code') === String(code)),
      );
    if (!params.get('code')) select.value = '302';
    select.addEventListener('change', () =>
      location.assign(`?scenario=decline&code=${select.value}`),
    );
    label.append(select);
    container.append(label);
  }
}

/** The two isolation modes, as links to this page in each: the card fields in the page, or in a sandboxed frame. */
function isolationToggle(params: URLSearchParams): HTMLElement {
  const nav = document.createElement('nav');
  nav.setAttribute('aria-label', 'Card fields');
  nav.className = 'isolation';
  nav.append('Card fields: ');
  const framed = params.get('isolation') === 'frame';
  for (const [mode, text] of [
    ['page', 'in the page'],
    ['frame', 'in a sandboxed frame'],
  ] as const) {
    const link = document.createElement('a');
    const next = new URLSearchParams(
      [...params].filter(([k]) => k !== 'isolation' && k !== 'order'),
    );
    if (mode === 'frame') next.set('isolation', 'frame');
    link.href = `?${next}`;
    link.textContent = text;
    if ((mode === 'frame') === framed) link.setAttribute('aria-current', 'page');
    nav.append(link, ' ');
  }
  return nav;
}

const outcomes = [
  'paylit-paid',
  'paylit-authorized',
  'paylit-verified',
  'paylit-pending',
  'paylit-redirect',
  'paylit-declined',
  'paylit-error',
  'paylit-subscribed',
] as const;

/** A line for the log: what the event says, never more than the sanitized record. */
export function describe(event: Event): string {
  const e = event as Event & {
    payment?: {
      id: string;
      status: string;
      status_detail?: string;
      amount?: number;
      currency?: string;
      card?: { card_id?: string };
    };
    message?: string;
    code?: string;
    url?: string;
    subscription?: { order: string; method: string; status: string };
  };
  const p = e.payment;
  switch (event.type) {
    case 'paylit-declined':
      return `Declined (${e.code}): ${e.message}`;
    case 'paylit-error':
      return `Error: ${e.message}`;
    case 'paylit-subscribed':
      return `Subscribed: ${e.subscription?.method} ${e.subscription?.status} (${e.subscription?.order})`;
    case 'paylit-redirect':
      return `Redirecting to ${new URL(e.url!).host} for ${p?.status_detail ?? 'the next step'}`;
    default:
      return `${p?.status}: ${p?.status_detail ?? ''} ${p ? `(${p.id})` : ''}${p?.card?.card_id ? ' · card saved' : ''}`.trim();
  }
}

/** Writes every outcome event of `target` to the log list. */
export function logOutcomes(target: EventTarget, log: HTMLElement): void {
  for (const type of outcomes)
    target.addEventListener(type, (event) => appendLog(log, describe(event), type, event));
}

interface PendingPayment {
  id: string;
  ticket?: unknown;
  bank_transfer?: unknown;
}

function appendLog(log: HTMLElement, text: string, type: string, event?: Event): void {
  const item = document.createElement('li');
  item.dataset['type'] = type;
  item.textContent = `${new Date().toLocaleTimeString()} ${text}`;
  // The card the payer saved: the merchant keeps its id; the next order offers it.
  const saved = (event as { payment?: { card?: { card_id?: string } } } | undefined)?.payment?.card
    ?.card_id;
  // A Pix, a voucher or a transfer waits for the payer: the sandbox can play the payer's part.
  const waiting = (event as { payment?: PendingPayment } | undefined)?.payment;
  if (type === 'paylit-pending' && waiting && (waiting.ticket || waiting.bank_transfer))
    for (const [action, label] of [
      ['pay', 'Pay it in the sandbox'],
      ['expire', 'Let it expire (moves the sandbox clock)'],
    ] as const) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      button.addEventListener('click', () => {
        button.disabled = true;
        void fetch(`/shop/sandbox/${action}/${encodeURIComponent(waiting.id)}`, { method: 'POST' });
      });
      item.append(' ', button);
    }
  if (saved) {
    const next = document.createElement('a');
    next.href = `?${new URLSearchParams({ scenario: 'save-card', card: saved })}`;
    next.textContent = 'Pay a new order with the saved card';
    item.append(' ', next);
  }
  log.prepend(item);
}
