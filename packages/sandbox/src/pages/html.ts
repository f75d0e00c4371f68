/**
 * The pages the sandbox serves to payers: the 3-D Secure challenge, the redirect method's
 * page, the cash voucher, the enrollment consent, and the auto-submitting form that
 * carries the outcome to the merchant's `callback_url`. Plain HTML, labelled buttons,
 * usable with the keyboard.
 */
import { formatAmount } from '@paylit/core/money';

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · paylit sandbox</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f1f5f9; color: #0f172a; }
  main { max-width: 26rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 1.5rem 2rem; box-shadow: 0 1px 3px #0002; }
  h1 { font-size: 1.25rem; margin: 0 0 .5rem; }
  .note { color: #475569; font-size: .875rem; }
  .amount { font-size: 1.75rem; font-weight: 700; margin: .5rem 0 1rem; }
  .actions { display: flex; gap: .75rem; flex-wrap: wrap; margin-top: 1.25rem; }
  button { font: inherit; padding: .6rem 1.1rem; border-radius: 8px; border: 1px solid #334155; background: #fff; cursor: pointer; }
  button.primary { background: #0f172a; color: #fff; }
  button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  code { background: #f1f5f9; padding: .1rem .3rem; border-radius: 4px; }
</style>
</head>
<body><main>${body}<p class="note">paylit sandbox: no real money moves.</p></main></body>
</html>`;
}

export function amountLine(amount: number, currency: string): string {
  return `<p class="amount">${escapeHtml(formatAmount(amount, currency, 'en'))}</p>`;
}

/** Buttons that POST `outcome` back to the same page. */
export function outcomeForm(
  action: string,
  buttons: readonly [outcome: string, label: string, primary?: boolean][],
): string {
  const items = buttons
    .map(
      ([outcome, label, primary]) =>
        `<button type="submit" name="outcome" value="${escapeHtml(outcome)}"${primary ? ' class="primary"' : ''}>${escapeHtml(label)}</button>`,
    )
    .join('');
  return `<form method="post" action="${escapeHtml(action)}"><div class="actions">${items}</div></form>`;
}

/** Sends the browser to `url` with a form POST of `fields`, as the API does for `callback_url`. */
export function autoPost(url: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  return page(
    'Returning to the shop',
    `<h1>Returning to the shop…</h1><form id="callback" method="post" action="${escapeHtml(url)}">${inputs}<div class="actions"><button type="submit" class="primary">Continue</button></div></form>` +
      `<script>document.getElementById('callback').submit()</script>`,
  );
}

export function gone(): string {
  return page(
    'Link no longer valid',
    '<h1>This link is no longer valid</h1><p>It was already used, or the payment is no longer waiting for you.</p>',
  );
}
