/**
 * The card frame's script (`paylit.frame.js`, a classic script: the frame's opaque origin
 * loads no ES module without CORS), for the frame's page side (frame-host.ts). The path is
 * from the sources to the built script-tag files; the ES modules' build writes it from where
 * they are (vite.config.ts `esModules`), and the script-tag build's chunk finds the file
 * beside itself (frame-script.chunks.ts).
 */
export const frameScript = (): string =>
  new URL('../../dist/bundle/paylit.frame.js', import.meta.url).href;
