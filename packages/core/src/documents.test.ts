import { expect } from 'chai';
import { documentProblem, isCnpj, isCpf } from './documents.js';

describe('documents: CPF and CNPJ check digits', () => {
  // 123.456.789-09 by hand. First check digit: 1·10 + 2·9 + 3·8 + 4·7 + 5·6 + 6·5 + 7·4 + 8·3 + 9·2
  // = 210; 210 mod 11 = 1, under 2, so 0. Second: 1·11 + 2·10 + 3·9 + 4·8 + 5·7 + 6·6 + 7·5
  // + 8·4 + 9·3 + 0·2 = 255; 255 mod 11 = 2, so 11 - 2 = 9.
  it('takes a CPF with its check digits, bare or punctuated', () => {
    for (const cpf of ['123.456.789-09', '12345678909', '529.982.247-25', '53033315550', '111.444.777-35']) expect(isCpf(cpf), cpf).to.equal(true);
  });

  it('refuses a CPF with a wrong check digit, a wrong length, letters, or one digit repeated', () => {
    for (const cpf of ['123.456.789-08', '123.456.789-19', '530.333.155-51', '1234567890', '123456789091', '123.456.789-0X', 'bad_document', '', '111.111.111-11', '00000000000', '99999999999']) {
      expect(isCpf(cpf), cpf).to.equal(false);
    }
  });

  // 11.222.333/0001-81 by hand. First: 1·5 + 1·4 + 2·3 + 2·2 + 2·9 + 3·8 + 3·7 + 3·6 + 0·5 + 0·4
  // + 0·3 + 1·2 = 102; 102 mod 11 = 3, so 11 - 3 = 8. Second: 1·6 + 1·5 + 2·4 + 2·3 + 2·2 + 3·9
  // + 3·8 + 3·7 + 0·6 + 0·5 + 0·4 + 1·3 + 8·2 = 120; 120 mod 11 = 10, so 11 - 10 = 1.
  it('takes a CNPJ with its check digits, bare or punctuated', () => {
    for (const cnpj of ['11.222.333/0001-81', '11222333000181', '12.345.678/0001-95', '11.444.777/0001-61']) expect(isCnpj(cnpj), cnpj).to.equal(true);
  });

  it('refuses a CNPJ with a wrong check digit, a wrong length, letters, or one digit repeated', () => {
    for (const cnpj of ['11.222.333/0001-82', '11.222.333/0001-91', '1122233300018', '112223330001811', '11.222.333/0001-8A', '11.111.111/1111-11', '00000000000000']) {
      expect(isCnpj(cnpj), cnpj).to.equal(false);
    }
  });

  it('tells a CPF from a CNPJ by its length', () => {
    expect(isCnpj('123.456.789-09')).to.equal(false);
    expect(isCpf('11.222.333/0001-81')).to.equal(false);
  });

  it('checks Brazilian documents only; other countries are a matter of length, for the schemas', () => {
    expect(documentProblem('BR', '123.456.789-09')).to.equal(undefined);
    expect(documentProblem('BR', '12.345.678/0001-95')).to.equal(undefined);
    expect(documentProblem('BR', 'bad_document')).to.equal('must be a CPF (11 digits) or a CNPJ (14 digits) with valid check digits in Brazil');
    expect(documentProblem('BR', '111.111.111-11')).to.be.a('string');
    expect(documentProblem('MX', '128475869794933')).to.equal(undefined);
    expect(documentProblem('PE', '184853849')).to.equal(undefined);
    expect(documentProblem('AR', 'bad_document')).to.equal(undefined);
  });

  it('answers false, never throws, for what is not a string', () => {
    for (const value of [undefined, null, 12345678909, {}, []]) {
      expect(isCpf(value)).to.equal(false);
      expect(isCnpj(value)).to.equal(false);
    }
  });
});
