import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../../../../../test/support/wait-until.js';
import { sendKeys } from '@web/test-runner-commands';
import { planRates } from '@paylit/core/installments';
import type { PaylitCheckout } from '../paylit-checkout/paylit-checkout.js';
import { type InstallmentsPlan } from '../../context/checkout-context.js';
import { format } from '../../i18n/index.js';
import { scaled } from '../../../../../test/support/time.mjs';
import {
  env,
  order,
  button,
  plansOf,
  wordsFor,
  text,
  labels,
  percent,
  checkoutWithCard,
  withPlan,
  option,
} from '../../../../../test/support/installments.js';

describe('<paylit-installments>: busy, right to left, amounts, names and sizes', () => {
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
