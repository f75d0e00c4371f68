/** The countries the sandbox processes, with their local currency (USD is accepted everywhere). */
export const countries: Readonly<Record<string, { currency: string; name: string }>> = {
  AR: { currency: 'ARS', name: 'Argentina' },
  BR: { currency: 'BRL', name: 'Brazil' },
  CL: { currency: 'CLP', name: 'Chile' },
  CO: { currency: 'COP', name: 'Colombia' },
  MX: { currency: 'MXN', name: 'Mexico' },
  PE: { currency: 'PEN', name: 'Peru' },
  UY: { currency: 'UYU', name: 'Uruguay' },
  IN: { currency: 'INR', name: 'India' },
  ZA: { currency: 'ZAR', name: 'South Africa' },
  TR: { currency: 'TRY', name: 'Turkey' },
  PH: { currency: 'PHP', name: 'Philippines' },
  MY: { currency: 'MYR', name: 'Malaysia' },
};

export function isSupportedCountry(country: string): boolean {
  return Object.hasOwn(countries, country);
}

/** Local currency or USD. */
export function isAllowedCurrency(country: string, currency: string): boolean {
  return currency === 'USD' || countries[country]?.currency === currency;
}
