import { expect } from 'chai';
import { apiErrors, rejectionCodes } from '@paylit/core/codes';
import { catalogs, format, resolveLocale } from './index.js';

describe('i18n', () => {
  it('falls back es-AR → es-419 → es → en, and pt-PT → pt-BR', () => {
    expect(resolveLocale('es-AR')).to.equal('es-419');
    expect(resolveLocale('es_mx')).to.equal('es-419');
    expect(resolveLocale('es-419')).to.equal('es-419');
    expect(resolveLocale('es-ES')).to.equal('es');
    expect(resolveLocale('es')).to.equal('es');
    expect(resolveLocale('pt-PT')).to.equal('pt-BR');
    expect(resolveLocale('fr-FR')).to.equal('en');
    expect(resolveLocale(undefined)).to.equal('en');
  });

  for (const [locale, t] of Object.entries(catalogs)) {
    it(`${locale} has a message for every rejection code and API error code of core`, () => {
      for (const code of Object.keys(rejectionCodes)) expect((t.rejections as Record<string, string>)[code], `${locale} ${code}`).to.be.a('string').and.not.equal('');
      for (const code of Object.keys(apiErrors)) expect((t.apiErrors as Record<string, string>)[code], `${locale} ${code}`).to.be.a('string').and.not.equal('');
    });
  }

  it('fills placeholders and leaves unknown ones', () => {
    expect(format('{count} × {amount}', { count: 3, amount: 'R$ 40,00' })).to.equal('3 × R$ 40,00');
    expect(format('{missing}')).to.equal('{missing}');
  });
});
