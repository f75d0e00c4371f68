/**
 * The card frame's encryption (`paylit.frame-crypto.js`, a classic script that sets the frame's
 * global `paylitFrameCrypto`): the card fields' `encrypt()` and `encryptCvv()`, added by
 * frame-loaders.ts when a field is first focused, and awaited before a card is sealed.
 */
export * from '../internal/encryption.js';
