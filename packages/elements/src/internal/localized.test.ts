import { expect } from 'chai';
import '../paylit-card-fields.js';
import type { PaylitCardFields } from '../paylit-card-fields.js';
import { en } from '../i18n/en.js';
import { messages, messagesFor, type Locale, type Messages } from '../i18n/index.js';
import indonesian from '../i18n/id.js';
import vietnamese from '../i18n/vi.js';

/** The messages `messages(locale)` gives now: undefined while no catalog at all has loaded. */
function given(locale: Locale): Messages | undefined {
  try {
    return messages(locale);
  } catch {
    return undefined;
  }
}

/** Every text the element's labels showed, from the first render on. */
function labelsSeen(el: HTMLElement): string[] {
  const seen: string[] = [];
  const record = () => {
    const label = el.shadowRoot?.querySelector('label[for=number]');
    if (label) seen.push(label.textContent ?? '');
  };
  new MutationObserver(record).observe(el.shadowRoot!, {
    childList: true,
    subtree: true,
    characterData: true,
  });
  return seen;
}

describe('LocalizedElement', () => {
  it('renders nothing before its language has loaded, then its language: never a flash of English', async () => {
    // Vietnamese is loaded by nothing else in this page.
    expect(given('vi')?.cardNumber).to.not.equal(vietnamese.cardNumber);
    const el = document.createElement('paylit-card-fields');
    el.lang = 'vi';
    document.body.append(el);
    const seen = labelsSeen(el);
    await (el as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete;
    const vi = await messagesFor('vi');
    expect(vi.cardNumber).to.not.equal(en.cardNumber);
    expect(el.shadowRoot!.querySelector('label[for=number]')!.textContent).to.equal(vi.cardNumber);
    expect(seen.length).to.be.greaterThan(0);
    expect(
      seen.every((text) => text === vi.cardNumber),
      `labels seen: ${seen.join(' | ')}`,
    ).to.equal(true);
    el.remove();
  });

  it('card fields asked to report before their language has loaded are not valid, and show every message once drawn', async () => {
    // Indonesian is loaded by nothing else in this page.
    expect(given('id')?.cardNumber).to.not.equal(indonesian.cardNumber);
    const el = document.createElement('paylit-card-fields') as PaylitCardFields;
    el.lang = 'id';
    document.body.append(el);
    expect(el.checkValidity()).to.equal(false);
    expect(el.reportValidity()).to.equal(false);
    await el.updateComplete;
    const id = await messagesFor('id');
    expect(el.shadowRoot!.querySelector('#number-error')!.textContent!.trim()).to.equal(
      id.errors.number.empty,
    );
    expect(el.shadowRoot!.querySelector('#holder-error')!.textContent!.trim()).to.equal(
      id.errors.holder.empty,
    );
    el.remove();
  });

  it('switches language when lang changes, again with no English in between, and mirrors for Arabic', async () => {
    const el = document.createElement('paylit-card-fields') as HTMLElement & {
      updateComplete: Promise<boolean>;
    };
    el.lang = 'fr';
    document.body.append(el);
    await el.updateComplete;
    const seen = labelsSeen(el);
    el.lang = 'ar';
    await el.updateComplete;
    const ar = await messagesFor('ar');
    expect(el.shadowRoot!.querySelector('label[for=number]')!.textContent).to.equal(ar.cardNumber);
    expect(seen.filter((text) => text === en.cardNumber)).to.deep.equal([]);
    expect(getComputedStyle(el.shadowRoot!.querySelector('label[for=number]')!).direction).to.equal(
      'rtl',
    );
    el.remove();
  });
});
