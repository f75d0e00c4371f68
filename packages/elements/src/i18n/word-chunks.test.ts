import { expect } from '@open-wc/testing';
import { locales } from './locales.js';
import {
  loadSubscriptionWords,
  subscriptionWords,
} from '../components/paylit-checkout/subscription-words.js';
import {
  loadSavedMethodsWords,
  savedMethodsWords,
} from '../components/paylit-saved-methods/saved-methods-words.js';
import { loadPayerWords, payerWords } from '../components/paylit-payer-fields/payer-words.js';
import {
  installmentWords,
  loadInstallmentWords,
} from '../components/paylit-installments/installment-words.js';
import type { Locale } from './locales.js';

/** Every message of the words, by its path of keys, with its placeholders. */
function shape(words: object): string[] {
  return Object.entries(words).flatMap(([key, value]: [string, unknown]) =>
    typeof value === 'string'
      ? [
          `${key} ${[...value.matchAll(/\{(\w+)\}/g)]
            .map((m) => m[1])
            .sort()
            .join(',')}`,
        ]
      : Object.keys(value as object).map((k) => `${key}.${k}`),
  );
}

const sets: Record<
  string,
  { words(locale: Locale): object; load(locale: Locale): Promise<void> | undefined }
> = {
  "a subscription's sign-up": { words: subscriptionWords, load: loadSubscriptionWords },
  "a returning payer's saved methods": { words: savedMethodsWords, load: loadSavedMethodsWords },
  "the payer's details": { words: payerWords, load: loadPayerWords },
  'the installments': { words: installmentWords, load: loadInstallmentWords },
};

for (const [name, set] of Object.entries(sets)) {
  describe(`the words of ${name}, kept out of the catalogs`, () => {
    it('each of the 13 languages loads as its own module with every message of English and the same placeholders, none empty', async () => {
      // English first (a chunk of its own for the payer's details; in the part's chunk otherwise).
      await set.load('en');
      const english = shape(set.words('en'));
      for (const locale of locales) {
        await set.load(locale);
        const words = set.words(locale);
        if (locale !== 'en') expect(words, locale).to.not.equal(set.words('en'));
        expect(shape(words), locale).to.deep.equal(english);
        for (const [key, value] of Object.entries(words))
          if (typeof value === 'string') expect(value.trim(), `${locale} ${key}`).to.not.equal('');
      }
    });
  });
}
