/**
 * What a shopper does, for the stories' play functions: type into the card fields one
 * character at a time (as the keyboard does: the text lands at the caret, then `input`),
 * choose an option, press the pay button. Every step waits for the elements to render,
 * and a step that cannot be done throws, so a story that shows the wrong state fails.
 */
import type { PaylitCardFields, PaylitCheckout } from '@paylit/elements';

/** Waits until `check` answers something truthy; throws with `what` after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => T | undefined | null | false,
  timeoutMs = 10_000,
): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (performance.now() - start > timeoutMs)
      throw new Error(`the story did not reach its state: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The card fields in a story: standalone, slotted in a checkout, or inside its shadow root. */
export async function cardFieldsIn(root: Element): Promise<PaylitCardFields> {
  const fields = await until('the card fields are on the page', () => {
    const direct = root.querySelector('paylit-card-fields');
    if (direct) return direct;
    return (
      root.querySelector('paylit-checkout')?.shadowRoot?.querySelector('paylit-card-fields') ??
      undefined
    );
  });
  // Drawn in the story's language: a language other than English renders once its chunk is here.
  await fields.updateComplete;
  return fields;
}

export function inputOf(
  fields: PaylitCardFields,
  id: 'number' | 'expiry' | 'cvv' | 'holder',
): HTMLInputElement {
  const input = fields.shadowRoot?.querySelector<HTMLInputElement>(`#${id}`);
  if (!input) throw new Error(`the card fields have no #${id} input`);
  return input;
}

/** Types `text` into a field, key by key, as the shopper would. */
export async function type(
  fields: PaylitCardFields,
  id: 'number' | 'expiry' | 'cvv' | 'holder',
  text: string,
): Promise<void> {
  await fields.updateComplete;
  const input = inputOf(fields, id);
  input.focus();
  for (const ch of text) {
    const at = input.selectionStart ?? input.value.length;
    input.setRangeText(ch, at, input.selectionEnd ?? at, 'end');
    input.dispatchEvent(
      new InputEvent('input', { inputType: 'insertText', data: ch, bubbles: true, composed: true }),
    );
    await fields.updateComplete;
  }
}

/** Pastes `text` into a field, as the clipboard does: the whole text at the caret, one `input` of `insertFromPaste`. */
export async function paste(
  fields: PaylitCardFields,
  id: 'number' | 'expiry' | 'cvv' | 'holder',
  text: string,
): Promise<void> {
  await fields.updateComplete;
  const input = inputOf(fields, id);
  input.focus();
  input.setRangeText(
    text,
    input.selectionStart ?? 0,
    input.selectionEnd ?? input.value.length,
    'end',
  );
  input.dispatchEvent(
    new InputEvent('input', { inputType: 'insertFromPaste', bubbles: true, composed: true }),
  );
  await fields.updateComplete;
}

/** Fills the fields given as Chromium's autofill does: each whole value at once, then `input` (no `inputType`) and `change`. */
export async function autofill(fields: PaylitCardFields, card: Card): Promise<void> {
  await fields.updateComplete;
  for (const id of ['number', 'expiry', 'cvv', 'holder'] as const) {
    const text = card[id];
    if (text === undefined) continue;
    const input = inputOf(fields, id);
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }
  await fields.updateComplete;
}

/** Visits a field and leaves it, as Tab does: its message shows. */
export async function leave(
  fields: PaylitCardFields,
  id: 'number' | 'expiry' | 'cvv' | 'holder',
): Promise<void> {
  inputOf(fields, id).focus();
  inputOf(fields, id).blur();
  await fields.updateComplete;
}

export interface Card {
  number?: string;
  expiry?: string;
  cvv?: string;
  holder?: string;
}

/** Fills the fields given; the others stay empty. */
export async function fill(fields: PaylitCardFields, card: Card): Promise<void> {
  for (const id of ['number', 'expiry', 'cvv', 'holder'] as const) {
    const text = card[id];
    if (text) await type(fields, id, text);
  }
}

export const VISA: Card = {
  number: '4111111111111111',
  expiry: '1230',
  cvv: '123',
  holder: 'Ana Lima',
};

/** The checkout of a story, once it has loaded its order. */
export async function loadedCheckout(root: Element): Promise<PaylitCheckout> {
  const checkout = await until('the checkout is on the page', () =>
    root.querySelector('paylit-checkout'),
  );
  await until(
    'the checkout loads its order',
    () =>
      checkout.shadowRoot?.querySelector('button[part=button]')?.getAttribute('aria-disabled') ===
      'false',
  );
  return checkout;
}

/** The pay button (null once the checkout shows an outcome). */
export function payButton(checkout: PaylitCheckout): HTMLButtonElement {
  return checkout.shadowRoot!.querySelector<HTMLButtonElement>('button[part=button]')!;
}

/** The checkout's outcome (its success or waiting state) as the shopper reads it, or '' while there is none. */
export function outcomeOf(checkout: PaylitCheckout): string {
  return (
    checkout.shadowRoot
      ?.querySelector<HTMLElement>('[part=outcome]')
      ?.innerText.replace(/\s+/g, ' ')
      .trim() ?? ''
  );
}

export function messageOf(checkout: PaylitCheckout): string {
  return checkout.shadowRoot!.querySelector('[part=message]')?.textContent?.trim() ?? '';
}

/** Checks a radio of a wallet select or an installments group by its label's text. */
export async function choose(host: Element, text: string | RegExp): Promise<void> {
  const label = await until(`an option labelled ${text}`, () =>
    [...(host.shadowRoot?.querySelectorAll('label') ?? [])].find((l) =>
      typeof text === 'string' ? l.textContent!.includes(text) : text.test(l.textContent!),
    ),
  );
  label.querySelector('input')!.click();
}

/**
 * Card fields in frame isolation (`isolation="frame"`), once their frame has drawn its fields
 * and told the page their state. The frame's document has an opaque origin: no script of the
 * page, a play function included, can read it (its `contentDocument` is null) or type into it.
 * What it shows is read on the host, as the merchant's page reads it: the frame's height
 * (which the frame reports once its fields are drawn) and the host's validity, which only the
 * frame's state sets (empty fields: the number's "empty" message).
 */
export async function framedFieldsIn(root: Element): Promise<PaylitCardFields> {
  const fields = await cardFieldsIn(root);
  const frame = await until('the card frame is drawn', () =>
    fields.shadowRoot?.querySelector<HTMLIFrameElement>('iframe[part=frame]'),
  );
  await until('the frame has drawn its fields', () => parseFloat(frame.style.height) > 0);
  await until(
    'the frame has told the page its state',
    () => fields.complete || fields.validationMessage !== '',
  );
  return fields;
}

/**
 * How long a story in frame isolation waits for the shopper. A play function cannot type
 * into the frame (see `framedFieldsIn`): in Storybook the designer types the card into the
 * frame; in test/storybook.spec.ts Playwright, which reaches every frame, types the test Visa
 * into the stories tagged `shopper-types-in-frame`.
 */
export const SHOPPER_MS = 5 * 60_000;

/**
 * The shopper has typed a complete card into the frame, and has stopped typing: the host is
 * complete and has had no `input` for `quietMs` (the name is complete from its first letter,
 * and the checkout's stories pay as soon as this answers).
 */
export async function typedInFrame(fields: PaylitCardFields, quietMs = 1000): Promise<void> {
  let last = performance.now();
  const typing = () => (last = performance.now());
  fields.addEventListener('input', typing);
  try {
    await until(
      'the shopper has typed a valid card into the frame (type it: the page cannot)',
      () => fields.complete && performance.now() - last >= quietMs,
      SHOPPER_MS,
    );
  } finally {
    fields.removeEventListener('input', typing);
  }
}
