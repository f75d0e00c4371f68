/**
 * The payer's side: the pages `redirect_url` and `three_dsecure.redirect_url` point at.
 * Each is single-use; when the payer finishes, the browser is sent to `callback_url` with
 * a signed form POST of `paymentId`, `status`, `date` and `signature`.
 */
import type { Context, Hono } from 'hono';
import type { SandboxEnv } from '../env.js';
import type { SandboxInternals } from '../internals.js';
import { findMethod } from '../catalogs/payment-methods.js';
import { completeEnrollmentPage } from '../state/enrollments.js';
import {
  callbackFields,
  completePage,
  openPagePayment,
  type PageOutcome,
} from '../state/payments.js';
import type { Payment } from '../state/store.js';
import { amountLine, autoPost, escapeHtml, gone, outcomeForm, page } from '../pages/html.js';

async function outcome(c: Context<SandboxEnv>): Promise<string | undefined> {
  const form = await c.req.parseBody();
  return typeof form.outcome === 'string' ? form.outcome : undefined;
}

function selfUrl(c: Context<SandboxEnv>): string {
  const url = new URL(c.req.url);
  return `${url.pathname}${url.search}`;
}

/**
 * The origins that may frame a payment's challenge: its callback_url's and the merchant's
 * sites (`frameOrigins`), else none.
 */
function framingOrigins(callbackUrl: string | undefined, sites: readonly string[] = []): string {
  let callback: string | undefined;
  try {
    const { origin } = new URL(callbackUrl ?? '');
    callback = /^https?:\/\//.test(origin) ? origin : undefined;
  } catch {
    callback = undefined;
  }
  const all = [...new Set([...(callback ? [callback] : []), ...sites])];
  return all.length ? all.join(' ') : "'none'";
}

export function mountPages(app: Hono<SandboxEnv>, sandbox: SandboxInternals): void {
  const { store } = sandbox;

  const finish = async (c: Context<SandboxEnv>, p: Payment) => {
    if (p.callback_url)
      return c.html(autoPost(p.callback_url, await callbackFields(store, p, sandbox.credentials)));
    return c.html(
      page(
        'Done',
        `<h1>Done</h1><p>The payment is now <code>${escapeHtml(p.status)}</code>. You can close this window.</p>`,
      ),
    );
  };

  // A cash voucher to print (the ticket's image_url): what to pay, where, and by when; the
  // payment's id is not guessable, and the page can be opened again until it is paid or expires.
  app.get('/sandbox-pages/voucher/:id', (c) => {
    const p = store.payments.get(c.req.param('id'));
    const t = p?.ticket as Record<string, string | number | undefined> | undefined;
    if (!p || !t || p.status !== 'PENDING') return c.html(gone(), 404);
    const text = (v: unknown) => escapeHtml(String(v ?? ''));
    return c.html(
      page(
        `${text(t.provider_name)} voucher`,
        // What the voucher charges: the ticket's local amount (a USD payment converted).
        `<h1>Pay at ${text(t.provider_name)}</h1>${amountLine(Number(t.amount ?? p.amount), String(t.currency ?? p.currency))}` +
          `<p>Reference <strong class="reference">${text(t.number)}</strong></p>` +
          `<p>Barcode (${text(t.format)}) <code>${text(t.barcode)}</code></p>` +
          `<p>Pay by ${text(t.expiration_date)} to ${text(t.company_name)}.</p>`,
      ),
    );
  });

  app.get('/sandbox-pages/3ds/:id', (c) => {
    const p = openPagePayment(store, c.req.param('id'), c.req.query('t'));
    if (!p) return c.html(gone(), 410);
    // The challenge may be framed by the merchant's origins (its callback_url's and its
    // registered sites), so that a checkout can show it in a dialog over the page; by no other.
    c.header(
      'Content-Security-Policy',
      `frame-ancestors ${framingOrigins(p.callback_url, sandbox.frameOrigins)}`,
    );
    return c.html(
      page(
        '3-D Secure',
        `<h1>Confirm this payment with your bank</h1><p>Card ending in <strong>${escapeHtml(p.card?.last4 ?? '')}</strong></p>${amountLine(p.amount, p.currency)}` +
          outcomeForm(selfUrl(c), [
            ['approve', 'Approve', true],
            ['reject', 'Reject'],
          ]),
      ),
    );
  });

  app.get('/sandbox-pages/redirect/:id', (c) => {
    const p = openPagePayment(store, c.req.param('id'), c.req.query('t'));
    if (!p) return c.html(gone(), 410);
    const method = findMethod(p.country, p.payment_method_id);
    const name = method?.name ?? 'Card';
    if (p.payment_method_type === 'TICKET') {
      return c.html(
        page(
          `${name} voucher`,
          `<h1>${escapeHtml(name)} voucher</h1>${amountLine(p.amount, p.currency)}<p>Reference <code>${escapeHtml(p.id.slice(-12))}</code>. Pay it at any ${escapeHtml(name)} point.</p>` +
            outcomeForm(selfUrl(c), [
              ['approve', 'Pay the voucher now', true],
              ['pending', 'Pay later'],
              ['reject', 'Reject'],
            ]),
        ),
      );
    }
    return c.html(
      page(
        name,
        `<h1>Pay with ${escapeHtml(name)}</h1>${amountLine(p.amount, p.currency)}` +
          outcomeForm(selfUrl(c), [
            ['approve', 'Pay', true],
            ['reject', 'Reject'],
          ]),
      ),
    );
  });

  for (const kind of ['3ds', 'redirect'] as const) {
    app.post(`/sandbox-pages/${kind}/:id`, async (c) => {
      const chosen = await outcome(c);
      const allowed: readonly string[] =
        kind === 'redirect' ? ['approve', 'reject', 'pending'] : ['approve', 'reject'];
      if (chosen === undefined || !allowed.includes(chosen))
        return c.html(
          page('Choose', '<h1>Choose an outcome</h1><p>The form did not say what you chose.</p>'),
          400,
        );
      const p = completePage(store, c.req.param('id'), c.req.query('t'), chosen as PageOutcome);
      if (!p) return c.html(gone(), 410);
      return finish(c, p);
    });
  }

  app.get('/sandbox-pages/enrollment/:id', (c) => {
    const e = store.enrollments.get(c.req.param('id'));
    if (!e || e.status !== 'PENDING' || e.page_token !== c.req.query('t'))
      return c.html(gone(), 410);
    return c.html(
      page(
        'Recurring payments',
        `<h1>Allow recurring payments?</h1><p>${escapeHtml(e.description ?? e.external_id ?? '')}</p>` +
          outcomeForm(selfUrl(c), [
            ['approve', 'Allow', true],
            ['reject', 'Decline'],
          ]),
      ),
    );
  });

  app.post('/sandbox-pages/enrollment/:id', async (c) => {
    const chosen = await outcome(c);
    if (chosen !== 'approve' && chosen !== 'reject')
      return c.html(page('Choose', '<h1>Choose an outcome</h1>'), 400);
    const e = completeEnrollmentPage(store, c.req.param('id'), c.req.query('t'), chosen);
    if (!e) return c.html(gone(), 410);
    if (e.callback_url)
      return c.html(autoPost(e.callback_url, { enrollmentId: e.id, status: e.status }));
    return c.html(
      page(
        'Done',
        `<h1>Done</h1><p>The enrollment is now <code>${escapeHtml(e.status)}</code>.</p>`,
      ),
    );
  });
}
