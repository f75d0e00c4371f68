// The back office: the shop's payments with capture (in part), cancel and refund, and the
// notification log. It calls the shop's server, which holds the order API's token.
export {};

interface Payment {
  id: string;
  status: string;
  status_detail?: string;
  amount: number;
  currency: string;
  payment_method_id?: string;
  /** On a capture: the authorization it captured. */
  authorization_id?: string;
  card?: { brand?: string; last4?: string };
  refunds?: Refund[];
}
interface Refund {
  id: string;
  status: string;
  amount: number;
}
interface Row {
  order: { id: string; scenario: string; page: string };
  payment: Payment;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & { dataset?: Record<string, string> } = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  const { dataset, ...rest } = props;
  Object.assign(node, rest);
  if (dataset) Object.assign(node.dataset, dataset);
  node.append(...children);
  return node;
}

const statusLine = document.getElementById('status')!;
const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
/** Cents, so that sums of amounts compare exactly. */
const cents = (amount: number) => Math.round(amount * 100);

/** The rows last drawn, and what each operation answered since: the table is drawn from both. */
let rows: Row[] = [];
const answered = {
  captures: new Map<string, Payment[]>(),
  payments: new Map<string, Payment>(),
  refunds: new Map<string, Refund[]>(),
};

/** What an authorization has had captured: its captures in the table and those answered since. */
function captured(auth: Payment): number {
  const ids = new Set<string>();
  let sum = 0;
  for (const capture of [
    ...rows.map((r) => r.payment),
    ...(answered.captures.get(auth.id) ?? []),
  ]) {
    if (capture.authorization_id !== auth.id || ids.has(capture.id)) continue;
    ids.add(capture.id);
    sum += cents(capture.amount);
  }
  return sum;
}

/** A payment's refunds: its record's, and those answered since (a refund once). */
function refundsOf(p: Payment): Refund[] {
  const all = [...(p.refunds ?? []), ...(answered.refunds.get(p.id) ?? [])];
  return all.filter((r, i) => all.findIndex((o) => o.id === r.id) === i);
}

/** What is left to refund: the amount less the refunds that were not refused. */
function refundable(p: Payment): number {
  return (
    cents(p.amount) -
    refundsOf(p)
      .filter((r) => r.status === 'SUCCESS' || r.status === 'PENDING')
      .reduce((sum, r) => sum + cents(r.amount), 0)
  );
}

/**
 * One operator action: `id` is made when its button is drawn and kept until the table is
 * drawn again, so a double click or a retry of the same action captures or refunds once.
 */
async function act(
  payment: Payment,
  action: 'capture' | 'cancel' | 'refunds',
  id: string,
  amount?: number,
): Promise<void> {
  statusLine.textContent = 'Working…';
  const res = await fetch(`/shop/payments/${encodeURIComponent(payment.id)}/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: id, ...(amount === undefined ? {} : { amount }) }),
  });
  const body = await res.json();
  const verb = { capture: 'Capture', cancel: 'Cancel', refunds: 'Refund' }[action];
  // The buttons follow the answer at once, before the table is read again.
  if (res.ok && action === 'capture')
    answered.captures.set(payment.id, [...(answered.captures.get(payment.id) ?? []), body.payment]);
  if (res.ok && action === 'cancel') answered.payments.set(payment.id, body.payment);
  if (res.ok && action === 'refunds')
    answered.refunds.set(payment.id, [...(answered.refunds.get(payment.id) ?? []), body.refund]);
  draw();
  // The answer is said once the table is read again: until then a redraw may replace the row
  // under the pointer, and a click pressed on one button and released on its replacement is
  // lost (seen in a CI run: a second refund clicked while the first one's redraw came in).
  try {
    await refresh();
  } finally {
    statusLine.textContent = res.ok
      ? `${verb}: ${(body.payment ?? body.refund).status}`
      : `${verb} refused: ${body.error?.message ?? res.status}`;
  }
}

/** An amount box and a button: `action` with the amount, or what is left when left empty. */
function amountAction(
  payment: Payment,
  action: 'capture' | 'refunds',
  label: string,
  left: number,
): HTMLElement {
  const input = el('input', {
    type: 'number',
    min: '0.01',
    step: '0.01',
    placeholder: String(left / 100),
    className: 'amount',
  });
  input.setAttribute('aria-label', `${label} amount for ${payment.id}`);
  const button = el('button', { type: 'button', textContent: label });
  const id = crypto.randomUUID();
  button.addEventListener(
    'click',
    () => void act(payment, action, id, input.value === '' ? undefined : Number(input.value)),
  );
  return el('span', { className: 'action' }, input, button);
}

/**
 * What can still be done: an authorization is captured while some of it is left, and cancelled
 * only before any capture; a payment is refunded while some of it is left.
 */
function actions(p: Payment): Node[] {
  if (p.status === 'AUTHORIZED') {
    const taken = captured(p);
    const left = cents(p.amount) - taken;
    const buttons: Node[] = left > 0 ? [amountAction(p, 'capture', 'Capture', left)] : [];
    if (taken === 0) {
      const cancel = el('button', { type: 'button', textContent: 'Cancel' });
      const id = crypto.randomUUID();
      cancel.addEventListener('click', () => void act(p, 'cancel', id));
      buttons.push(cancel);
    }
    return buttons;
  }
  const left = refundable(p);
  if (p.status === 'PAID' && left > 0) return [amountAction(p, 'refunds', 'Refund', left)];
  return [];
}

/** The status as the back office knows it: the API's, and for an authorization what was captured of it. */
function statusOf(p: Payment): string {
  if (p.status !== 'AUTHORIZED') return p.status;
  const taken = captured(p);
  if (taken === 0) return p.status;
  return taken >= cents(p.amount)
    ? 'AUTHORIZED, captured'
    : `AUTHORIZED, ${money(taken / 100, p.currency)} captured`;
}

function draw(): void {
  const body = document.getElementById('payments')!;
  body.replaceChildren(
    ...rows.map(({ order, payment }) => {
      const p = answered.payments.get(payment.id) ?? payment;
      const refunds = refundsOf(p)
        .map((r) => `${r.status} ${money(r.amount, p.currency)}`)
        .join(', ');
      return el(
        'tr',
        {
          dataset: {
            payment: p.id,
            status: p.status,
            ...(p.authorization_id ? { authorization: p.authorization_id } : {}),
          },
        },
        el('td', {}, el('code', { textContent: p.id })),
        el('td', { textContent: `${order.scenario} (${order.page})` }),
        el('td', {
          textContent: p.card?.last4
            ? `${p.card.brand ?? ''} •••• ${p.card.last4}`
            : (p.payment_method_id ?? ''),
        }),
        el('td', { textContent: money(p.amount, p.currency) }),
        el('td', { className: 'status', textContent: statusOf(p), title: p.status_detail ?? '' }),
        el('td', { textContent: refunds }),
        el('td', {}, ...actions(p)),
      );
    }),
  );
  if (rows.length === 0)
    body.append(
      el(
        'tr',
        {},
        el('td', { colSpan: 7, textContent: "No payments yet: pay on one of the shop's pages." }),
      ),
    );
}

async function refresh(): Promise<void> {
  rows = ((await (await fetch('/shop/payments')).json()) as { payments: Row[] }).payments;
  draw();
  await refreshNotifications();
}

async function refreshNotifications(): Promise<void> {
  const { notifications } = (await (await fetch('/shop/notifications')).json()) as {
    notifications: {
      at: string;
      kind: string;
      id: string;
      status: string;
      orderId: string | null;
    }[];
  };
  document.getElementById('notifications')!.replaceChildren(
    ...notifications.map((n) =>
      el('li', {
        textContent: `${new Date(n.at).toLocaleTimeString()} ${n.kind} ${n.id} ${n.status}${n.orderId ? ` (order ${n.orderId})` : ''}`,
      }),
    ),
  );
}

document.getElementById('refresh')!.addEventListener('click', () => void refresh());
await refresh();
// The log follows on its own; the payments table waits for the refresh button or an action, so typing is never lost.
setInterval(() => void refreshNotifications(), 3000);
