import { expect, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../../../../test/support/wait-until.js';
import { sendKeys } from '@web/test-runner-commands';
import { planRates } from '@paylit/core/installments';
import { formatAmount } from '@paylit/core/money';
import type { PaylitPaymentEvent, PaylitSubmitEvent } from '../../events/payment-events.js';
import { type InstallmentsPlan } from '../../context/checkout-context.js';
import { format } from '../../i18n/index.js';
import {
  order,
  button,
  norm,
  wordsFor,
  text,
  labels,
  percent,
  checkoutWithCard,
  withPlan,
  option,
} from '../../../../../test/support/installments.js';

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
});
