/**
 * The shop's own chrome around each checkout page: the scenario picker and the outcome
 * log. Nothing here touches card data; the checkout integration of each page is in its
 * own file (plain.ts, react.tsx, vue.ts).
 */
import { scenarios } from '../scenarios.js';

/** The order id the shop's server put into the page. */
export function orderOfPage(): string {
  return document.querySelector<HTMLMetaElement>('meta[name=paylit-order]')?.content ?? '';
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
    const lang = params.get('lang');
    link.href = `?scenario=${s.id}${lang ? `&lang=${encodeURIComponent(lang)}` : ''}`;
    link.textContent = s.label;
    if (s === current) link.setAttribute('aria-current', 'page');
    item.append(link);
    list.append(item);
  }
  nav.append(list);
  const hint = document.createElement('p');
  hint.className = 'hint';
  hint.textContent = current.hint;
  container.replaceChildren(nav, hint);
  if (current.id === 'decline') {
    const label = document.createElement('label');
    label.textContent = 'Decline code ';
    const select = document.createElement('select');
    for (let code = 300; code <= 326; code++) select.append(new Option(String(code), String(code), false, params.get('code') === String(code)));
    if (!params.get('code')) select.value = '302';
    select.addEventListener('change', () => location.assign(`?scenario=decline&code=${select.value}`));
    label.append(select);
    container.append(label);
  }
}

const outcomes = ['paylit-paid', 'paylit-authorized', 'paylit-verified', 'paylit-pending', 'paylit-redirect', 'paylit-declined', 'paylit-error'] as const;

/** A line for the log: what the event says, never more than the sanitized record. */
export function describe(event: Event): string {
  const e = event as Event & { payment?: { id: string; status: string; status_detail?: string; amount?: number; currency?: string }; message?: string; code?: string; url?: string };
  const p = e.payment;
  switch (event.type) {
    case 'paylit-declined':
      return `Declined (${e.code}): ${e.message}`;
    case 'paylit-error':
      return `Error: ${e.message}`;
    case 'paylit-redirect':
      return `Redirecting to ${new URL(e.url!).host} for ${p?.status_detail ?? 'the next step'}`;
    default:
      return `${p?.status}: ${p?.status_detail ?? ''} ${p ? `(${p.id})` : ''}`.trim();
  }
}

/** Writes every outcome event of `target` to the log list. */
export function logOutcomes(target: EventTarget, log: HTMLElement): void {
  for (const type of outcomes) target.addEventListener(type, (event) => appendLog(log, describe(event), type));
}

function appendLog(log: HTMLElement, text: string, type: string): void {
  const item = document.createElement('li');
  item.dataset['type'] = type;
  item.textContent = `${new Date().toLocaleTimeString()} ${text}`;
  log.prepend(item);
}
