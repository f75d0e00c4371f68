import { expect } from 'chai';
import { checkoutFlow, choices, methodProblem, payableMethods, payingWays } from './methods.js';

const card = { id: 'CARD', type: 'CARD', allowed_flows: ['DIRECT', 'REDIRECT'] };
const visa = { id: 'VI', type: 'CARD', allowed_flows: ['DIRECT', 'REDIRECT'] };
const applePay = { id: 'AP', type: 'WALLET', allowed_flows: ['DIRECT'] };
const mercadoPago = { id: 'MP', type: 'WALLET', allowed_flows: ['DIRECT', 'REDIRECT'] };
const pixQr = { id: 'PQ', type: 'TICKET', allowed_flows: ['DIRECT'] };
const boleto = { id: 'BL', type: 'TICKET', allowed_flows: ['DIRECT', 'REDIRECT'] };

describe('methods: what the order can be paid with in the checkout', () => {
  it('the flow the checkout pays each kind in', () => {
    expect([
      checkoutFlow('CARD'),
      checkoutFlow('WALLET'),
      checkoutFlow('WALLET', true),
      checkoutFlow('TICKET'),
      checkoutFlow('BANK_TRANSFER'),
    ]).to.deep.equal(['DIRECT', 'REDIRECT', 'DIRECT', 'REDIRECT', 'REDIRECT']);
  });

  it('a voucher, Pix or transfer the API takes DIRECT is shown in the checkout; one it does not, by its page', () => {
    expect([
      checkoutFlow('TICKET', false, ['DIRECT']),
      checkoutFlow('TICKET', false, ['DIRECT', 'REDIRECT']),
      checkoutFlow('BANK_TRANSFER', false, ['DIRECT', 'REDIRECT']),
      checkoutFlow('BANK_TRANSFER', false, ['REDIRECT']),
      checkoutFlow('WALLET', false, ['DIRECT', 'REDIRECT']),
    ]).to.deep.equal(['DIRECT', 'DIRECT', 'DIRECT', 'REDIRECT', 'REDIRECT']);
  });

  it("a method whose flows lack the checkout's, a non-card method of an order that does not charge now; a wallet whatever the payer has (the checkout asks for the phone)", () => {
    expect(methodProblem({}, applePay)).to.match(/only in the DIRECT flow/);
    expect(methodProblem({}, pixQr)).to.equal(undefined);
    expect(methodProblem({}, mercadoPago)).to.equal(undefined);
    expect(methodProblem({}, boleto)).to.equal(undefined);
    expect(methodProblem({ intent: 'authorize' }, boleto)).to.match(/^an authorize order/);
    expect(methodProblem({ intent: 'verify' }, mercadoPago)).to.match(/^a verify order/);
    expect(methodProblem({ intent: 'verify' }, visa)).to.equal(undefined);
  });

  it("the order's methods: CARD allows every brand", () => {
    expect(methodProblem({ methods: ['CARD'] }, visa)).to.equal(undefined);
    expect(methodProblem({ methods: ['BL'] }, visa)).to.equal(
      "the order's methods (BL) do not include CARD",
    );
    expect(methodProblem({ methods: ['CARD'] }, mercadoPago)).to.equal(
      "the order's methods (CARD) do not include MP",
    );
  });

  it('splits a list, in its order, and the saved wallets by the DIRECT flow of their method', () => {
    const { offered, hidden, savedWallets } = payableMethods(
      {},
      [card, visa, applePay, mercadoPago, pixQr, boleto],
      [{ methodId: 'MP' }, { methodId: 'AP' }, { methodId: 'XX' }],
    );
    expect(offered.map((m) => m.id)).to.deep.equal(['CARD', 'VI', 'MP', 'PQ', 'BL']);
    expect(hidden.map((m) => [m.id, m.saved ?? false])).to.deep.equal([
      ['AP', false],
      ['XX', true],
    ]);
    expect(savedWallets).to.deep.equal([{ methodId: 'MP' }, { methodId: 'AP' }]);
  });

  it('Pix is one choice, "Pix", paid by its code in the page (PQ) when the API lists both its methods; the others unchanged, in their order (Pix where it first stands)', () => {
    const named = (id: string, name: string, type = 'TICKET') => ({ id, name, type });
    const px = named('PX', 'Pix', 'BANK_TRANSFER');
    const pq = named('PQ', 'Pix QR');
    const bl = named('BL', 'Boleto Bancário');
    expect(choices([named('CARD', 'Card', 'CARD'), px, bl, pq])).to.deep.equal([
      named('CARD', 'Card', 'CARD'),
      named('PQ', 'Pix'),
      bl,
    ]);
    expect(choices([pq])).to.deep.equal([named('PQ', 'Pix')]);
    expect(choices([px, bl])).to.deep.equal([px, bl]);
  });

  it('the ways an order can be paid: only those of the methods it offers, a saved card beside a card', () => {
    const offered = (methods: string[]) =>
      payableMethods({ methods }, [card, visa, mercadoPago, pixQr, boleto]).offered;
    expect(payingWays(offered(['BL']))).to.deep.equal(['redirect']);
    expect(payingWays(offered(['PQ', 'BL']))).to.deep.equal(['redirect']);
    expect(payingWays(offered(['CARD']))).to.deep.equal(['card', 'saved_card']);
    expect(payingWays(offered(['CARD', 'MP']))).to.deep.equal(['card', 'saved_card', 'wallet']);
    expect(payingWays(offered(['PQ']), 1)).to.deep.equal(['wallet', 'redirect']);
    expect(payingWays([])).to.deep.equal([]);
  });
});
