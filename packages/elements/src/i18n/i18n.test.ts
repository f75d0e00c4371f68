import { expect } from 'chai';
import { apiErrors, rejectionCodes } from '@paylit/core/codes';
import '../internal/module-loaders.js';
import { en } from './en.js';
import {
  directionOf,
  format,
  locales,
  messages,
  messagesFor,
  resolveLocale,
  type Messages,
} from './index.js';

/** Every message of a catalog, by its path of keys (`errors.number.empty`). */
function flatten(catalog: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalog)) {
    if (value && typeof value === 'object')
      for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
    else out.set(`${prefix}${key}`, value);
  }
  return out;
}
const placeholders = (message: string) =>
  [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const reference = flatten(en);

describe('i18n', () => {
  it('falls back es-AR → es-419 → es → en, pt-PT → pt-BR, zh-TW → zh-CN, and finds each of the 13 languages', () => {
    for (const tag of ['es-AR', 'es_mx', 'es-CO', 'es-CL', 'es-PE', 'es-419'])
      expect(resolveLocale(tag), tag).to.equal('es-419');
    expect(resolveLocale('es-ES')).to.equal('es');
    expect(resolveLocale('es')).to.equal('es');
    expect(resolveLocale('pt-PT')).to.equal('pt-BR');
    expect(resolveLocale('zh-TW')).to.equal('zh-CN');
    expect(resolveLocale('zh-Hans-CN')).to.equal('zh-CN');
    expect(resolveLocale('fr-CA')).to.equal('fr');
    expect(resolveLocale('ar-EG')).to.equal('ar');
    expect(resolveLocale('hi-IN')).to.equal('hi');
    expect(resolveLocale('in')).to.equal('id');
    expect(resolveLocale('de-DE')).to.equal('en');
    expect(resolveLocale(undefined)).to.equal('en');
    for (const locale of locales) expect(resolveLocale(locale), locale).to.equal(locale);
    expect(locales).to.have.length(13);
  });

  it('only Arabic is written right to left', () => {
    expect(locales.filter((l) => directionOf(l) === 'rtl')).to.deep.equal(['ar']);
  });

  for (const locale of locales) {
    describe(locale, () => {
      let t: Messages;
      before(async () => {
        t = await messagesFor(locale);
      });

      it('loads as its own module and then is what messages() gives', () => {
        expect(messages(locale)).to.equal(t);
        if (locale !== 'en') expect(t, `${locale} fell back to English`).to.not.equal(en);
      });

      it('has the same keys as English, the same placeholders in each message, and no empty string', () => {
        const catalog = flatten(t);
        expect([...catalog.keys()].sort()).to.deep.equal([...reference.keys()].sort());
        for (const [key, message] of reference) {
          const translated = catalog.get(key);
          expect(translated, `${locale} ${key}`).to.be.a('string');
          expect((translated as string).trim(), `${locale} ${key} is empty`).to.not.equal('');
          expect(
            placeholders(translated as string),
            `${locale} ${key}'s placeholders`,
          ).to.deep.equal(placeholders(message as string));
        }
      });

      it('has a message for every rejection code and API error code of core', () => {
        for (const code of Object.keys(rejectionCodes))
          expect((t.rejections as Record<string, string>)[code], `${locale} ${code}`)
            .to.be.a('string')
            .and.not.equal('');
        for (const code of Object.keys(apiErrors))
          expect((t.apiErrors as Record<string, string>)[code], `${locale} ${code}`)
            .to.be.a('string')
            .and.not.equal('');
      });

      if (locale !== 'en' && !locale.startsWith('es')) {
        it('translates every message: none is left in English', () => {
          // Names that read the same in every language: codes, acronyms, brands.
          const same = (message: string) =>
            /^[\s\d{}\w/×·.,:()%–-]*$/.test(message) &&
            !/[a-z]{4,}/i.test(message.replace(/\{\w+\}/g, ''));
          // Words the language itself writes as English does (Indonesian and Vietnamese "Email",
          // Indonesian and Malay "Bank").
          const own: Record<string, string[]> = {
            id: ['payer.email', 'pendingView.bank'],
            ms: ['pendingView.bank'],
            vi: ['payer.email'],
          };
          const left = [...flatten(t)]
            .filter(
              ([key, message]) =>
                message === reference.get(key) &&
                !same(message as string) &&
                !own[locale]?.includes(key),
            )
            .map(([key]) => key);
          expect(left, `${locale}: left in English`).to.deep.equal([]);
        });
      }
    });
  }

  it('fills placeholders and leaves unknown ones', () => {
    expect(format('{count} × {amount}', { count: 3, amount: 'R$ 40,00' })).to.equal('3 × R$ 40,00');
    expect(format('{missing}')).to.equal('{missing}');
  });
});
