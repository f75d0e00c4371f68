/**
 * `@paylit/core/crypto`: card encryption (JWE) and the V2-HMAC-SHA256 signatures.
 * WebCrypto and jose only; no zod.
 */
export {
  JWE_ALG,
  JWE_ENC,
  MIN_RSA_BITS,
  cardKeyPairFromPrivateKey,
  decryptCard,
  decryptCvv,
  encryptCard,
  encryptCvv,
  generateCardKeyPair,
  jweKeyId,
} from './jwe.js';
export type { CardKeyPair, CardSecret, KeyInput } from './jwe.js';
export {
  API_VERSION,
  MAX_CLOCK_SKEW_MS,
  SIGNATURE_SCHEME,
  authorizationHeader,
  callbackSignatureText,
  createCallbackSignature,
  createSignature,
  formatXDate,
  isXDateFresh,
  parseAuthorizationHeader,
  parseXDate,
  signedHeaders,
  signedHeadersSync,
  verifyCallbackSignature,
  verifySignature,
  webCryptoHmac,
} from './signature.js';
export type {
  CallbackSignatureInput,
  Credentials,
  HmacSha256,
  SignatureInput,
  SignedBody,
  TextHmacSha256,
} from './signature.js';
