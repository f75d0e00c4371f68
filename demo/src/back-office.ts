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
  card?: { brand?: string; last4?: string };
  refunds?: { id: string; status: string; amount: number }[];
}
interface Row {
  order: { id: string; scenario: string; page: string };
  payment: Payment;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & { dataset?: Record<string, string> } = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  const { dataset, ...rest } = props;
  Object.assign(node, rest);
  if (dataset) Object.assign(node.dataset, dataset);
  node.append(...children);
  return node;
}

const statusLine = document.getElementById('status')!;
const money = (amount: number, currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);

/**
 * One operator action: `id` is made when its button is drawn and kept until the table is
 * drawn again, so a double click or a retry of the same action captures or refunds once.
 */
async function act(payment: Payment, action: 'capture' | 'cancel' | 'refunds', id: string, amount?: number): Promise<void> {
  statusLine.textContent = 'Working…';
  const res = await fetch(`/shop/payments/${encodeURIComponent(payment.id)}/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: id, ...(amount === undefined ? {} : { amount }) }),
  });
  const body = await res.json();
  const verb = { capture: 'Capture', cancel: 'Cancel', refunds: 'Refund' }[action];
  statusLine.textContent = res.ok ? `${verb}: ${(body.payment ?? body.refund).status}` : `${verb} refused: ${body.error?.message ?? res.status}`;
  await refresh();
}

/** An amount box and a button: `action` with the amount, or the whole when left empty. */
function amountAction(payment: Payment, action: 'capture' | 'refunds', label: string): HTMLElement {
  const input = el('input', { type: 'number', min: '0.01', step: '0.01', placeholder: String(payment.amount), className: 'amount' });
  input.setAttribute('aria-label', `${label} amount for ${payment.id}`);
  const button = el('button', { type: 'button', textContent: label });
  const id = crypto.randomUUID();
  button.addEventListener('click', () => void act(payment, action, id, input.value === '' ? undefined : Number(input.value)));
  return el('span', { className: 'action' }, input, button);
}

function actions(p: Payment): Node[] {
  if (p.status === 'AUTHORIZED') {
    const cancel = el('button', { type: 'button', textContent: 'Cancel' });
    const id = crypto.randomUUID();
    cancel.addEventListener('click', () => void act(p, 'cancel', id));
    return [amountAction(p, 'capture', 'Capture'), cancel];
  }
  if (p.status === 'PAID') return [amountAction(p, 'refunds', 'Refund')];
  return [];
}

async function refresh(): Promise<void> {
  const { payments } = (await (await fetch('/shop/payments')).json()) as { payments: Row[] };
  const body = document.getElementById('payments')!;
  body.replaceChildren(
    ...payments.map(({ order, payment: p }) => {
      const refunds = (p.refunds ?? []).map((r) => `${r.status} ${money(r.amount, p.currency)}`).join(', ');
      return el(
        'tr',
        { dataset: { payment: p.id, status: p.status } },
        el('td', {}, el('code', { textContent: p.id })),
        el('td', { textContent: `${order.scenario} (${order.page})` }),
        el('td', { textContent: p.card?.last4 ? `${p.card.brand ?? ''} •••• ${p.card.last4}` : p.payment_method_id ?? '' }),
        el('td', { textContent: money(p.amount, p.currency) }),
        el('td', { className: 'status', textContent: p.status, title: p.status_detail ?? '' }),
        el('td', { textContent: refunds }),
        el('td', {}, ...actions(p)),
      );
    }),
  );
  if (payments.length === 0) body.append(el('tr', {}, el('td', { colSpan: 7, textContent: 'No payments yet: pay on one of the shop\'s pages.' })));
  await refreshNotifications();
}

async function refreshNotifications(): Promise<void> {
  const { notifications } = (await (await fetch('/shop/notifications')).json()) as { notifications: { at: string; kind: string; id: string; status: string; orderId: string | null }[] };
  document.getElementById('notifications')!.replaceChildren(
    ...notifications.map((n) => el('li', { textContent: `${new Date(n.at).toLocaleTimeString()} ${n.kind} ${n.id} ${n.status}${n.orderId ? ` (order ${n.orderId})` : ''}` })),
  );
}

document.getElementById('refresh')!.addEventListener('click', () => void refresh());
await refresh();
// The log follows on its own; the payments table waits for the refresh button or an action, so typing is never lost.
setInterval(() => void refreshNotifications(), 3000);
