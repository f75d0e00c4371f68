import type { PayerMessages } from './payer-en.js';

export const payerFr: PayerMessages = {
  details: 'Vos informations',
  name: 'Nom complet',
  email: 'E-mail',
  documentType: 'Type de document',
  document: 'Numéro de document',
  phone: 'Téléphone',
  birthDate: 'Date de naissance',
  street: 'Rue',
  number: 'Numéro',
  city: 'Ville',
  state: 'État ou province',
  zip: 'Code postal',
  required: 'Ce champ est obligatoire.',
  byCard: 'carte',
  needName:
    'Saisissez votre nom complet : pour payer par {method}, le paiement est établi à votre nom.',
  needEmail: 'Saisissez votre adresse e-mail : pour payer par {method}, votre reçu y est envoyé.',
  needDocument:
    'Saisissez votre {type} : pour payer par {method}, le paiement est enregistré sous ce numéro.',
  needPhone:
    'Saisissez votre numéro de téléphone : pour payer par {method}, c’est ainsi que l’on vous joint au sujet de ce paiement.',
  needBirthDate:
    'Saisissez votre date de naissance : pour payer par {method}, elle confirme qui paie.',
  needAddress:
    '{field} : fait partie de l’adresse de facturation nécessaire pour payer par {method}.',
  emailInvalid: 'Saisissez une adresse e-mail, par exemple nom@exemple.com.',
  documentInvalid: 'Ce numéro de {type} n’est pas valide\u202f: vérifiez les chiffres.',
  documentFormat: 'Ce n’est pas un numéro de {type}\u202f: vérifiez sa longueur et ses caractères.',
  phoneInvalid: 'Saisissez un numéro de téléphone avec l’indicatif régional.',
  zipInvalid: 'Saisissez un code postal, par exemple {example}.',
  dateInvalid: 'Saisissez une date de naissance valide.',
  lengthBetween: 'Utilisez entre {min} et {max} caractères.',
  refused: 'La boutique n’a pas pu accepter cette information. Vérifiez-la et réessayez.',
  saveCard: 'Enregistrer cette carte pour la prochaine fois',
  saveCardTerms:
    'La boutique conserve cette carte pour la débiter de nouveau, uniquement lorsque vous la choisirez au moment de payer. Le numéro de la carte reste chez le prestataire de paiement, et non chez la boutique. Vous pouvez demander à la boutique de la supprimer à tout moment.',
};

export default payerFr;
