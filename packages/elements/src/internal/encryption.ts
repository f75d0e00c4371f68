/**
 * The card encryption (core's JWE, with jose), as its own chunk: the card fields load it
 * when a field is first focused, and `encrypt()` always awaits it (lazy.ts `importCrypto`).
 * Only the two functions the fields call, so that the chunk carries no signature code.
 */
export { encryptCard, encryptCvv } from '@paylit/core/crypto';
