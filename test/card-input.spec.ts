/**
 * Card input the way shoppers really enter it (issue 16), in Debian's Chromium, on the
 * script-tag file as merchants load it: paste from the clipboard with the keyboard
 * shortcut, the browser's autofill (its `input` events, the whole value at once), digits
 * typed in the scripts of paylit's languages, a CJK keyboard's composition, and a phone's
 * touch and keyboard. Each test reads what the shopper sees, and the card as the JWE
 * holds it, opened with the private key.
 */
import { decryptCard, generateCardKeyPair, type CardKeyPair } from '@paylit/core/crypto';
import { devices, expect, test as base, type Page } from '@playwright/test';
import { test as demoTest, openCheckout } from './support/demo.js';
import { serveBundlePage } from './support/bundle-page.js';
import { consoleErrors } from './support/console.js';
import type { Served } from './support/shop-front.js';

let served: Served;
let origin: string;
let keys: CardKeyPair;

const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [consoleErrors, { auto: true }],
});

test.beforeAll(async () => {
  keys = await generateCardKeyPair();
  const publicKey = JSON.stringify(keys.publicJwk).replace(/'/g, '&#39;');
  // `?lang=` picks the checkout's language; `#form` puts the card fields alone in a form;
  // `?isolation=frame` keeps the card in its frame.
  const page = (
    lang: string,
    isolation = 'page',
  ) => `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card input</title><script src="/paylit.js"></script><script src="/page.js"></script></head>
<body><main><paylit-checkout amount="120" currency="BRL" country="BR" isolation="${isolation}" public-key='${publicKey}'></paylit-checkout></main></body></html>`;
  const pageScript = `document.addEventListener('paylit-submit', (e) => { window.submission = e.submission; });`;
  served = await serveBundlePage(
    (url) =>
      page(url.searchParams.get('lang') ?? 'en', url.searchParams.get('isolation') ?? undefined),
    pageScript,
  );
  origin = served.url;
});

test.afterAll(() => served.close());

type Field = 'number' | 'expiry' | 'cvv' | 'holder';
const field = (page: Page, id: Field) => page.locator(`paylit-card-fields #${id}`);
const errorOf = (page: Page, id: Field) => page.locator(`paylit-card-fields #${id}-error`);

async function open(page: Page, lang = 'en'): Promise<void> {
  await page.goto(`${origin}/?lang=${lang}`);
  await expect(page.locator('paylit-checkout button[part=button]')).toHaveAttribute(
    'aria-disabled',
    'false',
  );
}

/** Copies `text` to the clipboard, then pastes it into the field with the keyboard shortcut. */
async function paste(page: Page, id: Field, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await field(page, id).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

/** Pays, and opens the JWE the checkout handed over with the private key. */
async function sealed(
  page: Page,
): Promise<{ number: string; cvv: string; expirationMonth: number; expirationYear: number }> {
  await page.locator('paylit-checkout button[part=button]').click();
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { submission?: unknown }).submission !== undefined),
    )
    .toBe(true);
  const { method } = await page.evaluate(
    () =>
      (
        window as unknown as {
          submission: {
            method: { encryptedData: string; expirationMonth: number; expirationYear: number };
          };
        }
      ).submission,
  );
  return {
    ...(await decryptCard(method.encryptedData, keys.privateJwk)),
    expirationMonth: method.expirationMonth,
    expirationYear: method.expirationYear,
  };
}

/** Types the rest of a valid card after what a test entered itself. */
async function complete(page: Page, card: Partial<Record<Field, string>> = {}): Promise<void> {
  for (const [id, text] of Object.entries({
    number: '4111111111111111',
    expiry: '1230',
    cvv: '123',
    holder: 'Ana Lima',
    ...card,
  }) as [Field, string][]) {
    if ((await field(page, id).inputValue()) === '') await field(page, id).pressSequentially(text);
  }
}

/** What Chromium's autofill does to a field: the whole value at once, then `input` (no `inputType`, or `insertReplacementText`) and `change`. */
async function autofill(
  page: Page,
  values: Partial<Record<Field, string>>,
  inputType?: 'insertReplacementText',
): Promise<void> {
  await page.locator('paylit-card-fields').evaluate(
    (el, [values, inputType]) => {
      for (const [id, value] of Object.entries(values)) {
        const input = el.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!;
        input.value = value!;
        input.dispatchEvent(
          inputType
            ? new InputEvent('input', { inputType, bubbles: true, composed: true })
            : new Event('input', { bubbles: true, composed: true }),
        );
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }
    },
    [values, inputType] as const,
  );
}

test('an expiry typed key by key with a four-digit year, 1 2 / 2 0 3 0, is December 2030 and seals as such', async ({
  page,
}) => {
  await open(page);
  await field(page, 'expiry').pressSequentially('12/2030');
  await expect(field(page, 'expiry')).toHaveValue('12/30');
  await field(page, 'expiry').blur();
  await expect(errorOf(page, 'expiry')).toHaveText('');
  await complete(page);
  const card = await sealed(page);
  expect([card.expirationMonth, card.expirationYear]).toEqual([12, 2030]);
});

/**
 * A screen reader says a field's message once. Focus moved to a field reads its description
 * (the message it is described by); the live region says only what focus does not: Pay with the
 * card empty moves focus to the number, whose message is then not said again; Enter in the name
 * (focus already there, nothing read anew) says the name's message in the live region.
 */
for (const isolation of ['page', 'frame'] as const)
  test(`${isolation} isolation: the first wrong field's message is said once, by the focus or by the live region`, async ({
    page,
  }) => {
    await page.goto(`${origin}/?isolation=${isolation}`);
    const pay = page.locator('paylit-checkout button[part=button]');
    await expect(pay).toHaveAttribute('aria-disabled', 'false');
    const host = page.locator('paylit-card-fields');
    const fields =
      isolation === 'frame'
        ? host.locator('iframe').contentFrame().locator('paylit-card-fields')
        : host;
    const live = fields.locator('[role=status]');
    const number = fields.locator('#number');
    await expect(number).toBeVisible();
    await pay.click();
    await expect(number).toBeFocused();
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toHaveAccessibleDescription('Enter the card number.');
    // What the focus said is not said again (a polite region speaks after the focus).
    await expect(live).toBeEmpty();
    await number.pressSequentially('4111111111111111');
    await fields.locator('#expiry').pressSequentially('1230');
    await fields.locator('#cvv').pressSequentially('123');
    const holder = fields.locator('#holder');
    await holder.focus();
    await holder.press('Enter');
    await expect(holder).toHaveAttribute('aria-invalid', 'true');
    await expect(holder).toBeFocused();
    await expect(live).toHaveText('Enter the name as it appears on the card.');
    // A number partly typed, then Pay: its message is said once, as the description of the field
    // Pay's focus brings the shopper back to, not also by the live region as they left it.
    await holder.fill('Ana Lima');
    await number.fill('');
    await number.pressSequentially('4111');
    await live.evaluate((region) => {
      const said: string[] = ((window as unknown as { said: string[] }).said = []);
      new MutationObserver(() => said.push(region.textContent!)).observe(region, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await pay.click();
    await expect(number).toBeFocused();
    await expect(number).toHaveAccessibleDescription('The card number is incomplete.');
    expect(await live.evaluate(() => (window as unknown as { said: string[] }).said)).not.toContain(
      'The card number is incomplete.',
    );
  });

/**
 * Under load the browser runs a click before messages waiting for the page: the frame's state
 * after the shopper's last keystrokes may reach the card fields only after Pay was clicked. The
 * page then still holds the card complete and asks the frame to seal it; the frame refuses, and
 * focus must still go to the wrong field (a frame cannot take focus from the page by itself).
 * Here the page's side of the frame's channel holds the frame's messages back while
 * `holdMessages` is set, and hands them on, in order, before the answer to a seal: the channel's
 * own order, late.
 */
test('frame isolation: Pay clicked before the frame told the page of a number partly typed again: the number is focused with its message, and nothing is sealed', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!;
    Object.defineProperty(MessagePort.prototype, 'onmessage', {
      configurable: true,
      get() {
        return onmessage.get!.call(this);
      },
      set(handler: ((event: MessageEvent) => void) | null) {
        const held: MessageEvent[] = [];
        const port = this as MessagePort;
        onmessage.set!.call(port, (event: MessageEvent) => {
          const type = (event.data as { type?: unknown } | null)?.type;
          const answer = type === 'sealed' || type === 'refused';
          if ((window as unknown as { holdMessages?: boolean }).holdMessages && !answer) {
            held.push(event);
            return;
          }
          while (held.length) handler?.call(port, held.shift()!);
          handler?.call(port, event);
        });
      },
    });
  });
  await page.goto(`${origin}/?isolation=frame`);
  const pay = page.locator('paylit-checkout button[part=button]');
  await expect(pay).toHaveAttribute('aria-disabled', 'false');
  const host = page.locator('paylit-card-fields');
  const fields = host.locator('iframe').contentFrame().locator('paylit-card-fields');
  const number = fields.locator('#number');
  await number.fill('4111111111111111');
  await fields.locator('#expiry').fill('1230');
  await fields.locator('#cvv').fill('123');
  await fields.locator('#holder').fill('Ana Lima');
  await expect
    .poll(() => host.evaluate((el) => (el as HTMLFormElement).checkValidity()))
    .toBe(true);
  await page.evaluate(() => ((window as unknown as { holdMessages: boolean }).holdMessages = true));
  await number.fill('4111');
  await pay.click();
  await expect(number).toBeFocused();
  await expect(number).toHaveAccessibleDescription('The card number is incomplete.');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  // The page knows the truth now, and nothing was sealed or submitted.
  expect(await host.evaluate((el) => (el as HTMLFormElement).checkValidity())).toBe(false);
  expect(
    await page.evaluate(() => (window as unknown as { submission?: unknown }).submission),
  ).toBe(undefined);
});

test('the Delete key just before a separator deletes the digit after it, and the caret stays: the number and the expiry', async ({
  page,
}) => {
  await open(page);
  await field(page, 'number').pressSequentially('41115678');
  await field(page, 'number').evaluate((i: HTMLInputElement) => i.setSelectionRange(4, 4));
  await field(page, 'number').press('Delete');
  await expect(field(page, 'number')).toHaveValue('4111 678');
  await field(page, 'number').press('9');
  await expect(field(page, 'number')).toHaveValue('4111 9678');
  await field(page, 'expiry').pressSequentially('1230');
  await field(page, 'expiry').evaluate((i: HTMLInputElement) => i.setSelectionRange(2, 2));
  await field(page, 'expiry').press('Delete');
  await expect(field(page, 'expiry')).toHaveValue('12/0');
  await field(page, 'expiry').press('4');
  await expect(field(page, 'expiry')).toHaveValue('12/40');
});

test("card fields of the merchant's own form on a page in pt-BR, typed in, then taken away (a route change): the card goes with them, and no error", async ({
  page,
  consoleErrors,
}) => {
  await open(page, 'pt-BR');
  const number = page.locator('#own paylit-card-fields #number');
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.id = 'own';
    form.append(document.createElement('paylit-card-fields'));
    document.body.append(form);
  });
  await number.pressSequentially('4111111111111111');
  const kept = await page.locator('#own paylit-card-fields').evaluate((fields) => {
    fields.remove();
    return fields.shadowRoot!.querySelector<HTMLInputElement>('#number')!.value;
  });
  expect(kept).toBe('');
  // A page error thrown as the element leaves (its words read with no language around it).
  await page.evaluate(() => new Promise((done) => setTimeout(done, 50)));
  expect(consoleErrors).toEqual([]);
});

test.describe('paste', () => {
  test('a pasted expiry of 13/30 stays 13/30 with its message, and nothing is sealed', async ({
    page,
  }) => {
    await open(page);
    await paste(page, 'expiry', '13/30');
    await expect(field(page, 'expiry')).toHaveValue('13/30');
    await expect(errorOf(page, 'expiry')).toHaveText('The month must be 01 to 12.');
    await expect(field(page, 'expiry')).toHaveAttribute('aria-invalid', 'true');
    await complete(page);
    await page.locator('paylit-checkout button[part=button]').click();
    await expect(field(page, 'expiry')).toBeFocused();
    expect(
      await page.evaluate(() => (window as unknown as { submission?: unknown }).submission),
    ).toBeUndefined();
    // Corrected by the shopper, it is sealed as entered.
    await paste(page, 'expiry', '12/30');
    await expect(field(page, 'expiry')).toHaveValue('12/30');
    await expect(errorOf(page, 'expiry')).toHaveText('');
    expect(await sealed(page)).toEqual({
      number: '4111111111111111',
      cvv: '123',
      expirationMonth: 12,
      expirationYear: 2030,
    });
  });

  for (const text of [
    '4111 1111 1111 1111',
    '4111-1111-1111-1111',
    '4111.1111.1111.1111',
    ' 4111111111111111 ',
  ]) {
    test(`a pasted number "${text}"`, async ({ page }) => {
      await open(page);
      await paste(page, 'number', text);
      await expect(field(page, 'number')).toHaveValue('4111 1111 1111 1111');
      await expect(page.locator('paylit-card-fields [part=icon]')).toHaveAttribute('title', 'Visa');
      await complete(page);
      expect(await sealed(page)).toMatchObject({ number: '4111111111111111' });
    });
  }

  for (const text of ['12/30', '12/2030', '12 / 30', '12-30', '1230', '122030']) {
    test(`a pasted expiry "${text}"`, async ({ page }) => {
      await open(page);
      await paste(page, 'expiry', text);
      await expect(field(page, 'expiry')).toHaveValue('12/30');
      await complete(page);
      expect(await sealed(page)).toMatchObject({ expirationMonth: 12, expirationYear: 2030 });
    });
  }

  test('a card line from a password manager: the number alone is taken, said without repeating it, and no page listener gets it', async ({
    page,
  }) => {
    await open(page, 'es');
    await page.evaluate(() => {
      const w = window as unknown as { heard: string[] };
      w.heard = [];
      for (const type of ['paste', 'input', 'beforeinput', 'change', 'keydown']) {
        // Bubbling, as the page's own listeners and analytics listen (a capturing listener on the
        // document sees composed events before the shadow root: a limit of the platform).
        document.addEventListener(type, (e) =>
          w.heard.push(
            `${type} ${(e as InputEvent).data ?? ''} ${(e as ClipboardEvent).clipboardData?.getData('text') ?? ''}`,
          ),
        );
      }
    });
    await paste(page, 'number', 'ANA LIMA  5555 5555 5555 4444  12/30  737');
    await expect(field(page, 'number')).toHaveValue('5555 5555 5555 4444');
    const note = 'Solo se ha tomado el número de la tarjeta de lo que has pegado.';
    await expect(errorOf(page, 'number')).toHaveText(note);
    await expect(page.locator('paylit-card-fields [role=status]')).toHaveText(note);
    await expect(field(page, 'number')).toHaveAttribute('aria-invalid', 'false');
    await expect(page.locator('paylit-card-fields [part=icon]')).toHaveAttribute(
      'title',
      'Mastercard',
    );
    const heard = await page.evaluate(() =>
      (window as unknown as { heard: string[] }).heard.join('\n'),
    );
    expect(heard).not.toMatch(/5555|737/);
    await complete(page, { cvv: '737' });
    expect(await sealed(page)).toEqual({
      number: '5555555555554444',
      cvv: '737',
      expirationMonth: 12,
      expirationYear: 2030,
    });
  });

  test('a pasted number with a letter in it is kept as it came, with its message', async ({
    page,
  }) => {
    await open(page);
    await paste(page, 'number', '4111 1111 1111 111l');
    await expect(field(page, 'number')).toHaveValue('4111 1111 1111 111l');
    await expect(errorOf(page, 'number')).toHaveText('The card number can only have digits.');
  });
});

test.describe('autofill', () => {
  for (const inputType of [undefined, 'insertReplacementText'] as const) {
    for (const expiry of ['12/30', '12/2030', '12 / 30', '12-30', '1230', '122030']) {
      test(`Chromium's autofill (${inputType ?? 'no inputType'}) with cc-exp "${expiry}": formatted, validated, the brand shown, the card sealed`, async ({
        page,
      }) => {
        await open(page);
        await autofill(
          page,
          { number: '5555555555554444', expiry, cvv: '737', holder: 'ANA LIMA' },
          inputType,
        );
        await expect(field(page, 'number')).toHaveValue('5555 5555 5555 4444');
        await expect(field(page, 'expiry')).toHaveValue('12/30');
        await expect(field(page, 'cvv')).toHaveValue('737');
        await expect(field(page, 'holder')).toHaveValue('ANA LIMA');
        await expect(page.locator('paylit-card-fields [part=icon]')).toHaveAttribute(
          'title',
          'Mastercard',
        );
        await expect(page.locator('paylit-card-fields [part=icon] svg')).toHaveAttribute(
          'data-mark',
          'mastercard',
        );
        await expect(page.locator('paylit-card-fields .error:not(:empty)')).toHaveCount(0);
        expect(await sealed(page)).toEqual({
          number: '5555555555554444',
          cvv: '737',
          expirationMonth: 12,
          expirationYear: 2030,
        });
      });
    }
  }

  test('an autofilled expired card shows its message at once', async ({ page }) => {
    await open(page);
    await autofill(page, { number: '4111111111111111', expiry: '01/2020' });
    await expect(field(page, 'expiry')).toHaveValue('01/20');
    await expect(errorOf(page, 'expiry')).toHaveText('The card has expired.');
  });
});

demoTest(
  'autofill: the installment plans follow the autofilled number, as they follow typing',
  async ({ page, demo }) => {
    const optionsFor = async (enter: () => Promise<void>) => {
      await openCheckout(page, demo, 'plain', 'installments-br');
      const plans = page.locator('paylit-installments');
      await expect(plans.getByRole('combobox')).toHaveCount(0);
      await enter();
      // Brazil offers this order 12 plans, in a select.
      await expect(plans.getByRole('combobox').locator('option')).toHaveCount(12);
      return plans.getByRole('combobox').locator('option').allTextContents();
    };
    const typed = await optionsFor(() =>
      field(page, 'number').pressSequentially('5555555555554444'),
    );
    const filled = await optionsFor(() =>
      autofill(page, {
        number: '5555555555554444',
        expiry: '12/2030',
        cvv: '737',
        holder: 'ANA LIMA',
      }),
    );
    expect(filled).toEqual(typed);
    await expect(page.locator('paylit-card-fields [part=icon]')).toHaveAttribute(
      'title',
      'Mastercard',
    );
  },
);

const scripts = {
  'Arabic-Indic': '٠١٢٣٤٥٦٧٨٩',
  'Extended Arabic-Indic': '۰۱۲۳۴۵۶۷۸۹',
  Devanagari: '०१२३४५६७८९',
  Thai: '๐๑๒๓๔๕๖๗๘๙',
  'full-width': '０１２３４５６７８９',
};
const native = (digits: string, ascii: string) => ascii.replace(/\d/g, (d) => digits[Number(d)]!);
const langOf: Record<string, string> = {
  'Arabic-Indic': 'ar',
  'Extended Arabic-Indic': 'ar',
  Devanagari: 'hi',
  Thai: 'th',
  'full-width': 'zh-CN',
};

test.describe('native digits', () => {
  for (const [script, digits] of Object.entries(scripts)) {
    test(`${script} digits typed: Latin digits on screen, ASCII in the JWE, the caret where the shopper expects`, async ({
      page,
    }) => {
      await open(page, langOf[script]);
      const number = field(page, 'number');
      await number.pressSequentially(native(digits, '41112222'));
      await expect(number).toHaveValue('4111 2222');
      // A digit typed in the middle pushes a digit past the separator; the caret stays after it.
      await number.evaluate((el: HTMLInputElement) => el.setSelectionRange(2, 2));
      await page.keyboard.insertText(digits[9]!);
      await expect(number).toHaveValue('4191 1222 2');
      expect(await number.evaluate((el: HTMLInputElement) => el.selectionStart)).toBe(3);
      // Backspace just after a separator deletes the digit before it.
      await number.evaluate((el: HTMLInputElement) => el.setSelectionRange(5, 5));
      await page.keyboard.press('Backspace');
      await expect(number).toHaveValue('4191 2222');
      expect(await number.evaluate((el: HTMLInputElement) => el.selectionStart)).toBe(3);
      await number.fill('');
      await number.pressSequentially(native(digits, '5555555555554444'));
      await expect(number).toHaveValue('5555 5555 5555 4444');
      await expect(page.locator('paylit-card-fields [part=icon]')).toHaveAttribute(
        'title',
        'Mastercard',
      );
      await field(page, 'expiry').pressSequentially(native(digits, '1230'));
      await expect(field(page, 'expiry')).toHaveValue('12/30');
      await field(page, 'cvv').pressSequentially(native(digits, '737'));
      await expect(field(page, 'cvv')).toHaveValue('737');
      await field(page, 'holder').fill('Ana Lima');
      expect(await sealed(page)).toEqual({
        number: '5555555555554444',
        cvv: '737',
        expirationMonth: 12,
        expirationYear: 2030,
      });
    });
  }
});

test("a CJK keyboard's composition: nothing half-composed is read, the whole is read when it ends", async ({
  page,
}) => {
  await open(page, 'zh-CN');
  const number = field(page, 'number');
  await number.pressSequentially('4111');
  await number.focus();
  const cdp = await page.context().newCDPSession(page);
  // The IME shows what is being composed in the field; the card fields leave it alone until it ends.
  await cdp.send('Input.imeSetComposition', { text: '１', selectionStart: 1, selectionEnd: 1 });
  await cdp.send('Input.imeSetComposition', {
    text: '１１１１',
    selectionStart: 4,
    selectionEnd: 4,
  });
  await expect(number).toHaveValue('4111１１１１');
  await cdp.send('Input.insertText', { text: '１１１１' });
  await expect(number).toHaveValue('4111 1111');
  await cdp.send('Input.imeSetComposition', {
    text: '１１１１１１１１',
    selectionStart: 8,
    selectionEnd: 8,
  });
  await cdp.send('Input.insertText', { text: '１１１１１１１１' });
  await expect(number).toHaveValue('4111 1111 1111 1111');
  await complete(page);
  expect(await sealed(page)).toMatchObject({ number: '4111111111111111' });
});

test.describe('a phone', () => {
  // Chromium's mobile emulation: a phone's screen, touch, and its user agent (the browser stays Debian's Chromium).
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
  test.use(pixel);

  test('a tap into each field: a numeric keyboard where digits go, Enter to the next field and Pay from the last, no zoom', async ({
    page,
  }) => {
    await open(page, 'pt-BR');
    const expected: [Field, string | null, string][] = [
      ['number', 'numeric', 'next'],
      ['expiry', 'numeric', 'next'],
      ['cvv', 'numeric', 'next'],
      ['holder', null, 'go'],
    ];
    for (const [id, mode, enter] of expected) {
      await field(page, id).tap();
      await expect(field(page, id)).toBeFocused();
      await expect(field(page, id)).toHaveAttribute('enterkeyhint', enter);
      if (mode) await expect(field(page, id)).toHaveAttribute('inputmode', mode);
      else await expect(field(page, id)).not.toHaveAttribute('inputmode');
      expect(
        parseFloat(await field(page, id).evaluate((el) => getComputedStyle(el).fontSize)),
        id,
      ).toBeGreaterThanOrEqual(16);
      expect(await page.evaluate(() => visualViewport!.scale), id).toBe(1);
    }
    await field(page, 'number').tap();
    await page.keyboard.type('4111111111111111');
    await page.keyboard.press('Enter');
    await expect(field(page, 'expiry')).toBeFocused();
    await page.keyboard.type('1230');
    await page.keyboard.press('Enter');
    await expect(field(page, 'cvv')).toBeFocused();
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    await expect(field(page, 'holder')).toBeFocused();
    await page.keyboard.type('Ana Lima');
    // Enter on the last field pays.
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as unknown as { submission?: unknown }).submission !== undefined,
        ),
      )
      .toBe(true);
    const { method } = await page.evaluate(
      () => (window as unknown as { submission: { method: { encryptedData: string } } }).submission,
    );
    expect(await decryptCard(method.encryptedData, keys.privateJwk)).toEqual({
      number: '4111111111111111',
      cvv: '123',
    });
  });
});
