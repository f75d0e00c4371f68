/**
 * Where the ES modules find the card frame's later scripts (frame-loaders.ts `FRAME_SCRIPTS`),
 * handed to the frame's element (internal/frame-element.ts) by the entries that can draw card
 * fields, before any element is defined: each through `new URL(…, import.meta.url)`, which a
 * merchant's bundler copies as an asset of its own name, as it does the first script
 * (internal/module-loaders.ts). The frame reads them from its first script (`data-marks`,
 * `data-crypto`). The script-tag file hands none: they are beside `paylit.frame.js`.
 */
import { provideLaterScripts } from '../internal/frame-config.js';

provideLaterScripts(() => ({
  marks: new URL('../../frame/paylit.frame-marks.js', import.meta.url).href,
  crypto: new URL('../../frame/paylit.frame-crypto.js', import.meta.url).href,
}));
