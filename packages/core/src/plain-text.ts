/**
 * The one rule for the text of a person's name and address (the card holder's name, the
 * payer's name, every address field): one plain line, shown as it is stored. Such text
 * travels to the API and into the merchant's records, e-mails and back office, where a
 * character that is not seen would make it read otherwise than it is: a bidirectional
 * override (`U+202E`) turns `Ana‮moc.evil` around, a next-line or line separator breaks a
 * record in two, a zero-width space makes two names look alike. None is ever part of a name.
 *
 * Refused (by Unicode general category, so that every member of each class is, in every
 * version of Unicode the engine knows):
 * - `Cc`, every control: C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F, with U+0085
 *   next line);
 * - `Cf`, every format character: the bidirectional controls (U+061C, U+200E, U+200F,
 *   U+202A–U+202E, U+2066–U+2069), the zero-width space U+200B, the word joiner U+2060, the
 *   byte order mark U+FEFF, the soft hyphen U+00AD, the invisible operators, the tags;
 * - `Zl` and `Zp`, the line and paragraph separators U+2028 and U+2029;
 * - `Cs`, a lone surrogate (half of a character, which no encoding carries on).
 *
 * Kept: the zero-width non-joiner U+200C and the zero-width joiner U+200D, both `Cf` but part
 * of how names are written: Persian (`می‌خواهم`), Hindi, Bengali, Malayalam and Sinhala
 * spell words with them, and a keyboard types them. They change how letters join, never the
 * order text reads in, so a name holding one reads as it is.
 *
 * Everything else a name needs passes: letters and marks of any script (Arabic, Devanagari,
 * Thai, Chinese, accented Latin), spaces, apostrophes, hyphens and dots.
 */

/** A character a name or an address may not hold (see the module's comment); ZWNJ and ZWJ are not one. */
export const FORMAT_CHARACTER = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/**
 * The first character of `text` that a name or an address may not hold, as `U+XXXX`, or
 * undefined when there is none.
 *
 * @example formatCharacterIn('Ana\u202eSouza') // 'U+202E'
 */
export function formatCharacterIn(text: string): string | undefined {
  const found = FORMAT_CHARACTER.exec(text);
  if (!found) return undefined;
  return `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The message of a refusal for `found` (`formatCharacterIn`'s answer). */
export function formatCharacterMessage(found: string): string {
  return `must not hold ${found}: no control, bidirectional, line separator or other invisible format character`;
}
