import type { PayerMessages } from './payer-en.js';

export const payerPtBR: PayerMessages = {
  details: 'Seus dados',
  name: 'Nome completo',
  email: 'E-mail',
  documentType: 'Tipo de documento',
  document: 'Número do documento',
  phone: 'Telefone',
  birthDate: 'Data de nascimento',
  street: 'Rua',
  number: 'Número',
  city: 'Cidade',
  state: 'Estado',
  zip: 'CEP',
  required: 'Este campo é obrigatório.',
  byCard: 'cartão',
  needName: 'Informe seu nome completo: para pagar com {method}, o pagamento é feito em seu nome.',
  needEmail: 'Informe seu e-mail: para pagar com {method}, o comprovante é enviado para ele.',
  needDocument: 'Informe seu {type}: para pagar com {method}, o pagamento é registrado nele.',
  needPhone:
    'Informe seu telefone: para pagar com {method}, é por ele que entramos em contato sobre este pagamento.',
  needBirthDate:
    'Informe sua data de nascimento: para pagar com {method}, ela confirma quem está pagando.',
  needAddress: '{field}: faz parte do endereço de cobrança necessário para pagar com {method}.',
  emailInvalid: 'Informe um e-mail, como nome@exemplo.com.',
  documentInvalid: 'Este {type} não é válido: confira os dígitos.',
  documentFormat: 'Isso não é um {type}: confira o tamanho e os caracteres.',
  phoneInvalid: 'Informe um telefone com DDD.',
  zipInvalid: 'Informe um CEP, como {example}.',
  dateInvalid: 'Informe uma data de nascimento válida.',
  lengthBetween: 'Use entre {min} e {max} caracteres.',
  refused: 'A loja não aceitou este dado. Confira e tente de novo.',
  saveCard: 'Salvar este cartão para as próximas compras',
  saveCardTerms:
    'A loja guarda este cartão para fazer novas cobranças nele somente quando você o escolher ao pagar. O número do cartão fica com o provedor de pagamentos, não com a loja. Você pode pedir à loja que o remova quando quiser.',
};

export default payerPtBR;
