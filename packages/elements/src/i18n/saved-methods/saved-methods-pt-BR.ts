import type { SavedMethodsMessages } from './saved-methods-en.js';

export const savedMethodsPtBR: SavedMethodsMessages = {
  title: 'Formas de pagamento salvas',
  loading: 'Carregando suas formas de pagamento salvas…',
  empty: 'Você não tem cartões nem assinaturas salvos.',
  cards: 'Cartões',
  subscriptions: 'Assinaturas',
  expires: 'Validade {date}',
  remove: 'Remover',
  removeAsk: 'Remover {card}? Ele não vai mais aparecer na hora de pagar.',
  removeYes: 'Sim, remover',
  keep: 'Não, manter',
  removed: '{card} foi removido.',
  cardInUse:
    '{card} paga uma assinatura que ainda está ativa, por isso não foi removido. Cancele a assinatura primeiro.',
  cancel: 'Cancelar assinatura',
  cancelAsk: 'Cancelar sua assinatura de {payee}? Nada mais será cobrado.',
  cancelYes: 'Sim, cancelar',
  cancelled: 'Sua assinatura de {payee} foi cancelada.',
  working: 'Um momento…',
  card: 'Cartão',
  upTo: 'Até {amount}',
  weekly: 'Semanal',
  monthly: 'Mensal',
  quarterly: 'Trimestral',
  semiAnnual: 'Semestral',
  annual: 'Anual',
  pending: 'Aguardando a autorização do seu banco',
  pastDue: 'Há um pagamento em atraso',
  sessionEnded:
    'Sua sessão expirou: recarregue a página para gerenciar suas formas de pagamento salvas.',
  loadFailed: 'Não foi possível carregar suas formas de pagamento salvas.',
  actionFailed: 'Não deu certo, e nada foi alterado. Tente de novo.',
};

export default savedMethodsPtBR;
