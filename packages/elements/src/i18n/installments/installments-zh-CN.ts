import type { InstallmentMessages } from './installments-en.js';

export const installmentsZhCN: InstallmentMessages = {
  installments: '分期付款',
  installmentOption: '{amount} × {count} 期',
  installmentTotal: '总计 {amount}',
  interestFree: '免息',
  interestFreeArgentina: '免息',
  issuerPlan: '{name}：{plan}',
  withInterest: '含利息',
  monthsInterestFree: '分 {count} 期免息，每月 {amount}',
  monthsWithInterest: '分 {count} 期，每月 {amount}（含利息）',
  chooseInstallments: '分期期数',
  rateTna: 'TNA（名义年利率）{rate}',
  rateTea: 'TEA（实际年利率）{rate}',
  rateCft: 'CFT（融资总成本，含增值税）{rate}',
  rateCat: 'CAT（年度总成本）{rate}，不含增值税，仅供参考',
  rateCet: 'CET（实际总成本）年化 {rate}',
  bankSetsInterest: '利息以发卡银行规定为准',
  payInFull: '不分期',
  payWithPlan: '支付 {amount}（{plan}）',
  installmentsWithLast: '{plan}，最后一期 {amount}',
};

export default installmentsZhCN;
