import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../../../../test/support/wait-until.js';
import { sendKeys } from '@web/test-runner-commands';
import { ContextProvider } from '@lit/context';
import { planRates } from '@paylit/core/installments';
import { formatAmount } from '@paylit/core/money';
import '../../paylit-checkout.js';
import '../../paylit-installments.js';
import type { PaylitCheckout } from '../paylit-checkout/paylit-checkout.js';
import type { PaylitInstallments } from './paylit-installments.js';
import type { PaylitPaymentEvent, PaylitSubmitEvent } from '../../events/payment-events.js';
import {
  checkoutContext,
  type CheckoutContextValue,
  type InstallmentOption,
  type InstallmentsPlan,
} from '../../context/checkout-context.js';
import { format, resolveLocale } from '../../i18n/index.js';
import { installmentWords, loadInstallmentWords } from './installment-words.js';
import { scaled } from '../../../../../test/support/time.mjs';

const env = (await (await fetch('/__paylit/env.json')).json()) as { endpoint: string };

const payers = {
  AR: { name: 'Lucía Fernández', email: 'lucia@example.com', document: '30111222' },
  MX: { name: 'Mariana Ruiz', email: 'mariana@example.com', document: 'RUMA900101MDFXXX06' },
  BR: {
    name: 'Ana Lima',
    email: 'ana@example.com',
    document: '53033315550',
    phone: '+5511999999999',
  },
};

async function order(country: keyof typeof payers, currency: string, amount: number) {
  const q = new URLSearchParams({
    country,
    currency,
    amount: String(amount),
    payer: JSON.stringify(payers[country]),
  });
  const { order } = (await (await fetch(`/__paylit/order?${q}`)).json()) as {
    order: { id: string; amount: number; clientSecret: string };
  };
  return order;
}

const button = (el: PaylitCheckout) => el.shadowRoot?.querySelector('button') as HTMLButtonElement;
const plansOf = (el: PaylitCheckout) =>
  el.shadowRoot!.querySelector('paylit-installments') as PaylitInstallments;
/** Text as read, with the no-break spaces of formatted amounts as plain spaces. */
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
/** The installments' words of a language tag, once loaded (installment-words.ts). */
const wordsFor = async (tag: string) => {
  const locale = resolveLocale(tag);
  await loadInstallmentWords(locale);
  return installmentWords(locale);
};
const text = (node: Element | null | undefined) => norm(node?.textContent ?? '');
const labels = (plans: Element) =>
  [...plans.shadowRoot!.querySelectorAll('label[part=option]')].map(text);
const percent = (lang: string) => {
  const f = new Intl.NumberFormat(lang, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (rate: number) => f.format(rate);
};

/** A checkout of the real companion server and sandbox, with the card typed: the plans are the sandbox's. */
async function checkoutWithCard(
  country: keyof typeof payers,
  currency: string,
  amount: number,
  lang: string,
  number = '4111111111111111',
) {
  const o = await order(country, currency, amount);
  const el = await fixture<PaylitCheckout>(
    html`<paylit-checkout endpoint=${env.endpoint} order=${o.clientSecret} lang=${lang}></paylit-checkout>`,
  );
  await waitUntil(
    () => button(el)?.getAttribute('aria-disabled') === 'false',
    'the checkout loads',
    { timeout: scaled(2_000) },
  );
  const fields = el.shadowRoot!.querySelector('paylit-card-fields')!;
  await fields.updateComplete;
  for (const [id, typed] of [
    ['number', number],
    ['expiry', '1230'],
    ['cvv', '123'],
    ['holder', 'Ana Lima'],
  ] as const) {
    fields.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!.focus();
    await sendKeys({ type: typed });
  }
  const plans = plansOf(el);
  await waitUntil(
    () => plans.options.length > 1 && plans.shadowRoot!.querySelector('fieldset, select'),
    'the plans show',
    { timeout: scaled(2_000) },
  );
  await plans.updateComplete;
  return { el, plans, amount: o.amount };
}

/** The element with a plan given through the checkout context, as a checkout would give it. */
async function withPlan(
  plan: InstallmentsPlan,
  orderView: Partial<NonNullable<CheckoutContextValue['order']>>,
  lang: string,
) {
  const wrapper = document.createElement('div');
  wrapper.lang = lang;
  let value: CheckoutContextValue = {
    status: 'ready',
    order: {
      id: 'ORDER-1',
      amount: plan.amount,
      currency: plan.currency,
      country: plan.country,
      intent: 'capture',
      installments: true,
      ...orderView,
    },
    paymentMethods: [],
    savedCards: [],
    savedWallets: [],
    lang,
    selection: { type: 'card' },
    bin: plan.bin,
    plan: undefined,
    setBin: () => {},
    choosePlan: (chosen) => provider.setValue((value = { ...value, plan: chosen })),
    select: () => {},
    loadPlans: async () => plan,
  };
  const provider = new ContextProvider(wrapper, { context: checkoutContext, initialValue: value });
  const el = document.createElement('paylit-installments');
  wrapper.append(el);
  await fixture(html`${wrapper}`);
  await waitUntil(
    () => el.options.length > 1 && el.shadowRoot!.querySelector('fieldset'),
    'the plans show',
    { timeout: scaled(1_000) },
  );
  await el.updateComplete;
  return { el, chosen: () => value.plan };
}

const option = (
  id: string,
  installments: number,
  each: number,
  total = Number((each * installments).toFixed(2)),
): InstallmentOption => ({ id, installments, installment_amount: each, total_amount: total });

describe('<paylit-installments>', () => {
  it('Argentina, a plan with interest: each installment and the total, TNA, TEA and the CFT as core computes them, the CFT at least twice their size', async () => {
    const { plans, amount } = await checkoutWithCard('AR', 'ARS', 90000, 'es-AR');
    const t = await wordsFor('es-AR');
    const six = plans.options.find((o) => o.installments === 6)!;
    const rates = planRates(amount, six, { currency: 'ARS' });
    const pct = percent('es-AR');
    const label = [...plans.shadowRoot!.querySelectorAll('label[part=option]')].find(
      (l) => l.querySelector('input')!.value === '6',
    )!;
    expect(text(label)).to.contain(
      norm(
        format(t.installmentOption, {
          count: 6,
          amount: formatAmount(six.installment_amount, 'ARS', 'es-AR'),
        }),
      ),
    );
    expect(text(label)).to.contain(t.withInterest);
    expect(text(label)).to.contain(
      norm(format(t.installmentTotal, { amount: formatAmount(six.total_amount, 'ARS', 'es-AR') })),
    );
    // The rates are the plan's description for a screen reader, not only what is seen.
    const radio = label.querySelector('input')!;
    const described = plans.shadowRoot!.getElementById(radio.getAttribute('aria-describedby')!)!;
    const [tna, tea] = [...described.querySelectorAll('[part=rate]')];
    const cft = described.querySelector('[part=cft]')!;
    expect(text(tna!)).to.equal(format(t.rateTna, { rate: pct(rates.tna) }));
    expect(text(tea!)).to.equal(format(t.rateTea, { rate: pct(rates.tea) }));
    expect(text(cft)).to.equal(format(t.rateCft, { rate: pct(rates.cft) }));
    expect(rates.cft).to.be.above(rates.tea);
    const size = (node: Element) => parseFloat(getComputedStyle(node).fontSize);
    expect(size(cft)).to.be.at.least(2 * size(tna!));
    expect(size(cft)).to.be.at.least(2 * size(tea!));
    // Paying in full has no rates.
    const single = [...plans.shadowRoot!.querySelectorAll('input')].find((i) => i.value === '1')!;
    expect(single.hasAttribute('aria-describedby')).to.equal(false);
    await expect(plans).to.be.accessible();
  });

  it('Argentina says "sin interés" beside an interest-free plan, and names Naranja\'s "Plan Z" (es-AR, a Naranja card)', async () => {
    const { plans } = await checkoutWithCard('AR', 'ARS', 90000, 'es-AR', '5895627823453005');
    const free = [...plans.shadowRoot!.querySelectorAll('[part~=free]')].map((n) => n.textContent);
    // The bytes its offers use: "sin inter", U+00E9, "s" (not Mexico's "sin intereses").
    expect(free).to.deep.equal(['sin inter\u00e9s']);
    expect(labels(plans).some((l) => l.includes('sin intereses'))).to.equal(false);
    const three = [...plans.shadowRoot!.querySelectorAll('label[part=option]')].find(
      (l) => l.querySelector('input')!.value === '3',
    )!;
    expect(text(three.querySelector('.text'))).to.match(/^Plan Z: 3 × \$\s?30\.000,00$/);
    // A Visa's plans in Argentina all carry interest: no Plan Z.
    const visa = await checkoutWithCard('AR', 'ARS', 90000, 'es-AR');
    expect(labels(visa.plans).some((l) => l.includes('Plan Z'))).to.equal(false);
    await expect(plans).to.be.accessible();
  });

  it('Mexico says "meses sin intereses" (es-MX)', async () => {
    const { plans } = await checkoutWithCard('MX', 'MXN', 6000, 'es-MX');
    const t = await wordsFor('es-MX');
    expect(labels(plans)[1]).to.contain(
      norm(format(t.monthsInterestFree, { count: 3, amount: formatAmount(2000, 'MXN', 'es-MX') })),
    );
    expect(labels(plans)[1]).to.contain('3 meses sin intereses de');
    expect(
      labels(plans)
        .slice(1)
        .every((l) => l.includes('meses sin intereses')),
    ).to.equal(true);
    expect(plans.shadowRoot!.querySelector('[part=rates]')).to.equal(null);
    await expect(plans).to.be.accessible();
  });

  it('Brazil says "sem juros" and "com juros" with the total, and the CET of a plan with interest', async () => {
    // 25 BRL: five plans of at least R$ 5, so radios.
    const { plans, amount } = await checkoutWithCard('BR', 'BRL', 25, 'pt-BR');
    const all = labels(plans);
    expect(all).to.have.length(5);
    expect(all[0]).to.contain('À vista');
    // Interest-free: the order's amount in all, the last installment taking the rounding (not the API's R$ 25,02).
    expect(all[2]).to.contain('3x de R$ 8,34, a última parcela de R$ 8,32');
    expect(all[2]).to.contain('sem juros');
    expect(all[2]).to.contain('Total: R$ 25,00');
    expect(all[2]).to.not.contain('25,02');
    const four = plans.options.find((o) => o.installments === 4)!;
    expect(all[3]).to.contain(
      norm(`4x de ${formatAmount(four.installment_amount, 'BRL', 'pt-BR')}`),
    );
    expect(all[3]).to.contain('com juros');
    expect(all[3]).to.contain(norm(`Total: ${formatAmount(four.total_amount, 'BRL', 'pt-BR')}`));
    expect(plans.shadowRoot!.querySelectorAll('[part~=free]')).to.have.length(2);
    const t = await wordsFor('pt-BR');
    const rates = plans.shadowRoot!.querySelectorAll('[part=rates]');
    expect(rates).to.have.length(2);
    expect(text(rates[0])).to.equal(
      format(t.rateCet, {
        rate: percent('pt-BR')(planRates(amount, four, { currency: 'BRL' }).cet),
      }),
    );
    await expect(plans).to.be.accessible();
  });

  it('interest-free plans come first and are marked; a plan with interest in Mexico states its CAT', async () => {
    const plan: InstallmentsPlan = {
      id: 'INS1',
      country: 'MX',
      bin: '411111',
      amount: 10000,
      currency: 'MXN',
      installments: [
        option('INS1-12', 12, 1100),
        option('INS1-6', 6, 1950),
        option('INS1-1', 1, 10000),
        option('INS1-3', 3, 3333.34),
        option('INS1-9', 9, 1111.12),
      ],
      installments_by_bank: false,
    };
    const { el } = await withPlan(plan, {}, 'es-MX');
    expect(el.options.map((o) => o.installments)).to.deep.equal([1, 3, 9, 6, 12]);
    const shown = labels(el);
    expect(shown[1]).to.contain('3 meses sin intereses de');
    expect(shown[2]).to.contain('9 meses sin intereses de');
    expect(shown[3]).to.contain('6 meses con intereses de');
    expect(el.shadowRoot!.querySelectorAll('[part~=free]')).to.have.length(0);
    // Mexico's wording says "sin intereses" itself: no note beside it, and no loose mark.
    expect(shown.join(' ')).to.not.contain('✓');
    const t = await wordsFor('es-MX');
    const cat = percent('es-MX')(planRates(10000, plan.installments[1]!).cat);
    expect(text(el.shadowRoot!.querySelector('[part=rates]'))).to.equal(
      format(t.rateCat, { rate: cat }),
    );
    await expect(el).to.be.accessible();
  });

  it("more than six plans are a select: labelled, the same wording, the chosen plan's figures below it, and the keyboard's choice is what the checkout charges", async () => {
    const { el, plans, amount } = await checkoutWithCard('BR', 'BRL', 1200, 'pt-BR');
    expect(plans.options).to.have.length(12);
    expect(plans.shadowRoot!.querySelectorAll('input[type=radio]')).to.have.length(0);
    const select = plans.shadowRoot!.querySelector('select')!;
    const t = await wordsFor('pt-BR');
    expect(text(plans.shadowRoot!.querySelector('label[for=select]'))).to.equal(
      t.chooseInstallments,
    );
    const texts = [...select.options].map(text);
    expect(texts[0]).to.contain('À vista');
    expect(texts[2]).to.equal('3x de R$ 400,00 · sem juros · Total: R$ 1.200,00');
    expect(texts[3]).to.contain('com juros');
    expect(select.value).to.equal('1');
    expect(plans.shadowRoot!.querySelector('[part=rates]')).to.equal(null);
    await expect(plans).to.be.accessible();

    select.focus();
    const changed = oneEvent(plans, 'change');
    await sendKeys({ press: 'ArrowDown' });
    await changed;
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => select.value === '4', 'the keyboard moves to 4x');
    await plans.updateComplete;
    const four = plans.options.find((o) => o.installments === 4)!;
    const rates = plans.shadowRoot!.querySelector('[part=rates]')!;
    expect(select.getAttribute('aria-describedby')).to.equal(rates.id);
    expect(text(rates)).to.equal(
      format(t.rateCet, {
        rate: percent('pt-BR')(planRates(amount, four, { currency: 'BRL' }).cet),
      }),
    );
    await expect(plans).to.be.accessible();

    const submit = oneEvent(el, 'paylit-submit') as Promise<PaylitSubmitEvent>;
    const paid = oneEvent(el, 'paylit-paid') as Promise<PaylitPaymentEvent>;
    button(el).click();
    const method = (await submit).submission.method as {
      installments?: string;
      installmentsId?: string;
    };
    expect(method.installments).to.equal('4');
    expect(method.installmentsId).to.equal(four.id);
    expect((await paid).payment.card).to.include({ installments: '4' });
  });

  it('six plans or fewer stay radios in the accent colour', async () => {
    const plan: InstallmentsPlan = {
      id: 'INS2',
      country: 'CO',
      bin: '411111',
      amount: 600000,
      currency: 'COP',
      installments: [1, 2, 3, 6, 12, 24].map((n) => option(`INS2-${n}`, n, 600000 / n)),
      installments_by_bank: true,
    };
    const { el, chosen } = await withPlan(plan, {}, 'en');
    el.style.setProperty('--paylit-color-accent', 'rgb(1, 2, 3)');
    const radios = el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type=radio]');
    expect(radios).to.have.length(6);
    expect(getComputedStyle(radios[0]!).accentColor).to.equal('rgb(1, 2, 3)');
    expect(labels(el)[1]).to.contain('interest set by your bank');
    radios[3]!.click();
    expect(chosen()?.id).to.equal('INS2-6');
  });

  it('busy while the plans of a newly typed card are on their way (they push Pay down when they come): aria-busy on the group until they are drawn', async () => {
    const o = await order('MX', 'MXN', 6000);
    const el = await fixture<PaylitCheckout>(
      html`<paylit-checkout endpoint=${env.endpoint} order=${o.clientSecret} lang="es-MX"></paylit-checkout>`,
    );
    await waitUntil(() => button(el)?.getAttribute('aria-disabled') === 'false', 'loads', {
      timeout: scaled(2_000),
    });
    const plans = plansOf(el);
    expect(plans.hasAttribute('aria-busy')).to.equal(false);
    const fields = el.shadowRoot!.querySelector('paylit-card-fields')!;
    await fields.updateComplete;
    fields.shadowRoot!.querySelector<HTMLInputElement>('#number')!.focus();
    await sendKeys({ type: '4111111111111111' });
    await waitUntil(
      () => plans.getAttribute('aria-busy') === 'true',
      'busy once the BIN is known',
      {
        timeout: scaled(1_000),
      },
    );
    expect(plans.shadowRoot!.querySelector('fieldset, select')).to.equal(null);
    await waitUntil(() => !plans.hasAttribute('aria-busy'), 'no longer busy', {
      timeout: scaled(2_000),
    });
    await plans.updateComplete;
    // Not busy means drawn: nothing more is on its way to move the form.
    expect(plans.shadowRoot!.querySelector('fieldset, select')).to.not.equal(null);
    await expect(plans).to.be.accessible();
  });

  it('in Arabic the group is laid out right to left, and axe finds nothing', async () => {
    const { plans } = await checkoutWithCard('AR', 'ARS', 90000, 'ar');
    const fieldset = plans.shadowRoot!.querySelector('fieldset')!;
    expect(fieldset.getAttribute('dir')).to.equal('rtl');
    expect(getComputedStyle(fieldset).direction).to.equal('rtl');
    expect(plans.shadowRoot!.querySelectorAll('[part=cft]').length).to.be.above(0);
    await expect(plans).to.be.accessible();
  });

  it("an interest-free plan costs the order's amount: 9 meses sin intereses of 6 000 MXN read 666.67, the last 666.64, 6 000.00 in all (not the API's 6 000.03)", async () => {
    const plan: InstallmentsPlan = {
      id: 'INS3',
      country: 'MX',
      bin: '411111',
      amount: 6000,
      currency: 'MXN',
      installments_by_bank: false,
      installments: [
        option('INS3-1', 1, 6000),
        option('INS3-3', 3, 2000),
        option('INS3-9', 9, 666.67),
      ],
    };
    expect(plan.installments[2]!.total_amount).to.equal(6000.03);
    for (const [lang, wording, total] of [
      ['es-MX', '9 meses sin intereses de $666.67, la última cuota de $666.64', 'Total $6,000.00'],
      [
        'en',
        '9 interest-free monthly payments of MX$666.67, the last one MX$666.64',
        'Total MX$6,000.00',
      ],
    ] as const) {
      const { el } = await withPlan(plan, {}, lang);
      const nine = labels(el)[2]!;
      expect(nine).to.contain(wording);
      expect(nine).to.contain(total);
      expect(nine).to.not.contain('6,000.03');
      // The radio's name is the wording and the total.
      const radio = el.shadowRoot!.querySelector<HTMLInputElement>('input[value="9"]')!;
      const name = radio
        .getAttribute('aria-labelledby')!
        .split(' ')
        .map((id) => text(el.shadowRoot!.getElementById(id)))
        .join(' ');
      expect(name).to.equal(`${wording} ${total}`);
      await expect(el).to.be.accessible();
    }
  });

  for (const [width, lang] of [
    [390, 'es-AR'],
    [390, 'ar'],
    [1280, 'es-AR'],
    [1280, 'en'],
  ] as const) {
    it(`at ${width} px in ${lang}: each radio beside its words, the CFT inside its plan's box, boxes of a row of one height`, async () => {
      const { el, plans } = await checkoutWithCard('AR', 'ARS', 90000, lang);
      el.style.display = 'block';
      el.style.inlineSize = `${width - 32}px`;
      await plans.updateComplete;
      const boxes = [...plans.shadowRoot!.querySelectorAll<HTMLElement>('label[part=option]')];
      expect(boxes.length).to.be.above(2);
      const rtl = lang === 'ar';
      for (const box of boxes) {
        const radio = box.querySelector('input')!.getBoundingClientRect();
        const words = box.querySelector('.text')!.getBoundingClientRect();
        // Beside, on the words' first line, on the reading side.
        expect(radio.top, "radio on the words' first line").to.be.below(
          words.top + words.height / 2 + 4,
        );
        expect(radio.bottom).to.be.above(words.top);
        if (rtl) expect(radio.left).to.be.at.least(words.right - 1);
        else expect(radio.right).to.be.at.most(words.left + 1);
        const inside = box.getBoundingClientRect();
        for (const part of box.querySelectorAll('[part=cft], [part=rates], [part=total]')) {
          const r = part.getBoundingClientRect();
          expect(r.top, 'inside its box').to.be.at.least(inside.top);
          expect(r.bottom, 'inside its box').to.be.at.most(inside.bottom);
        }
      }
      // Every plan with interest has its CFT inside its own box, bold.
      const withInterest = boxes.filter((b) => b.querySelector('[part=rates]'));
      expect(withInterest.length).to.be.above(0);
      for (const box of withInterest) {
        const cft = box.querySelector('[part=cft]')!;
        expect(Number(getComputedStyle(cft).fontWeight)).to.be.at.least(700);
      }
      const rows = new Map<number, number[]>();
      for (const box of boxes) {
        const r = box.getBoundingClientRect();
        rows.set(Math.round(r.top), [...(rows.get(Math.round(r.top)) ?? []), Math.round(r.height)]);
      }
      for (const heights of rows.values())
        expect(new Set(heights).size, 'one height per row').to.equal(1);
      if (width === 390) expect(rows.size, 'one column on a phone').to.equal(boxes.length);
      else expect(rows.size, 'boxes side by side on a wide form').to.be.below(boxes.length);
      // Five plans, three with their rates: far from the 1,400 px of a radio above each label.
      if (width === 390) expect(plans.getBoundingClientRect().height).to.be.below(900);
      await expect(plans).to.be.accessible();
    });
  }

  it("the radios' group is named once, by its legend; the select by its label alone", async () => {
    const { plans } = await checkoutWithCard('AR', 'ARS', 90000, 'en');
    const t = await wordsFor('en');
    expect(plans.shadowRoot!.querySelectorAll('legend')).to.have.length(1);
    expect(text(plans.shadowRoot!.querySelector('legend'))).to.equal(t.installments);
    expect(plans.shadowRoot!.querySelector('select')).to.equal(null);
    const { plans: select } = await checkoutWithCard('BR', 'BRL', 1200, 'en');
    expect(select.shadowRoot!.querySelector('select')).to.not.equal(null);
    expect(select.shadowRoot!.querySelectorAll('legend, fieldset')).to.have.length(0);
    expect(select.shadowRoot!.textContent).to.not.contain(t.installments + t.chooseInstallments);
    expect([...select.shadowRoot!.querySelectorAll('label')].map(text)).to.deep.equal([
      t.chooseInstallments,
    ]);
    await expect(select).to.be.accessible();
  });

  it("the select is as tall as the card fields' inputs, and the chosen plan's CET starts where the select does (no indent), its words unchanged", async () => {
    for (const lang of ['en', 'ar']) {
      const { el, plans, amount } = await checkoutWithCard('BR', 'BRL', 1200, lang);
      const select = plans.shadowRoot!.querySelector('select')!;
      select.value = '4';
      select.dispatchEvent(new Event('change'));
      await plans.updateComplete;
      const rates = plans.shadowRoot!.querySelector<HTMLElement>('[part=rates]')!;
      const input = el
        .shadowRoot!.querySelector('paylit-card-fields')!
        .shadowRoot!.querySelector<HTMLInputElement>('#holder')!;
      const box = select.getBoundingClientRect();
      expect(box.height, `${lang}: the select's height`).to.be.closeTo(
        input.getBoundingClientRect().height,
        0.5,
      );
      // The line's text starts at the select's start edge: its left in English, its right in Arabic.
      const range = document.createRange();
      range.selectNodeContents(rates);
      const line = range.getBoundingClientRect();
      if (lang === 'ar') expect(line.right, 'ar: the CET line').to.be.closeTo(box.right, 0.5);
      else expect(line.left, 'en: the CET line').to.be.closeTo(box.left, 0.5);
      const four = plans.options.find((o) => o.installments === 4)!;
      const t = await wordsFor(lang);
      expect(text(rates)).to.equal(
        format(t.rateCet, {
          rate: percent(lang)(planRates(amount, four, { currency: 'BRL' }).cet),
        }),
      );
    }
  });
});
