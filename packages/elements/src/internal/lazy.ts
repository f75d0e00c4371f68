/**
 * The parts of the elements that are loaded when first needed, not with the first render:
 * the brand, wallet and bank marks (when card fields are connected) and the card encryption
 * (when a card field is first focused, and always before `encrypt()`). The ES modules keep
 * these `import()`s for the merchant's bundler to split; the script-tag build replaces this
 * file with lazy.chunks.ts (packages/elements/vite.config.ts), which loads `paylit.marks.js`
 * and `paylit.crypto.js` from beside `paylit.js`.
 */
export const importMarks = () => import('./marks.js');
export const importCrypto = () => import('./encryption.js');
