/** Brazilian Portuguese words of signing up to a subscription (see `subscription-en.ts`). */
import type { SubscriptionMessages } from './subscription-en.js';

const words: SubscriptionMessages = {
  how: 'Como você quer pagar a assinatura?',
  card: 'Cartão',
  terms: 'Autorização do Pix Automático',
  payee: 'Recebedor',
  frequency: 'Frequência',
  amount: 'Valor',
  upTo: 'Até {amount} por cobrança',
  starts: 'Primeira cobrança',
  ends: 'Término',
  noEnd: 'Até você cancelar',
  cancelInBank: 'Você pode cancelar a qualquer momento no app do seu banco.',
  authorize: 'Autorizar Pix Automático',
  waitingTitle: 'Autorize no seu banco',
  waitingSteps: 'Abra o app do seu banco e aprove a autorização do Pix Automático.',
  openBank: 'Ir para a página do banco para autorizar',
  waiting: 'Esta página se atualiza sozinha assim que o banco responder.',
  active: 'Pix Automático ativado',
  activeDetail: 'A primeira cobrança será em {date}.',
  rejected: 'Seu banco recusou a autorização. Nada será cobrado.',
  cancelled: 'A autorização foi cancelada. Nada será cobrado.',
  failed: 'Não foi possível ativar o Pix Automático. Tente de novo.',
  consentFixed: 'Autorizo a loja a cobrar {amount} {every} neste cartão até eu cancelar.',
  consentVariable: 'Autorizo a loja a cobrar até {amount} {every} neste cartão até eu cancelar.',
  consentTerms:
    'O cartão fica salvo para pagar cada período a partir de {date}. Para cancelar, fale com a loja: nenhum período é cobrado depois do cancelamento.',
  consentRequired:
    'Para assinar com este cartão, marque a caixa e aceite as cobranças recorrentes.',
  every: {
    WEEKLY: 'toda semana',
    MONTHLY: 'todo mês',
    QUARTERLY: 'a cada três meses',
    SEMI_ANNUAL: 'a cada seis meses',
    ANNUAL: 'todo ano',
  },
  frequencies: {
    WEEKLY: 'Semanal',
    MONTHLY: 'Mensal',
    QUARTERLY: 'Trimestral',
    SEMI_ANNUAL: 'Semestral',
    ANNUAL: 'Anual',
  },
};

export default words;
