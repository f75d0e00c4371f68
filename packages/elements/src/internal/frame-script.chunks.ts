/**
 * The script-tag build's card frame script: `paylit.frame.js`, beside this chunk
 * (`paylit.isolation.js`), which is beside `paylit.js`.
 */
export const frameScript = (): string =>
  new URL(/* @vite-ignore */ 'paylit.frame.js', import.meta.url).href;
