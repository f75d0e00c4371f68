/**
 * The script-tag build's lazy parts: `paylit.marks.js` beside `paylit.js`, found from the
 * script's own URL (read while the script runs: afterwards `currentScript` is gone).
 */
import { scriptBase } from './script-base.js';

export const importMarks = (): Promise<typeof import('./marks.js')> => import(/* @vite-ignore */ new URL('paylit.marks.js', scriptBase).href);
