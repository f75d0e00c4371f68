/**
 * What the card frame's document is written with besides its first script's URL, handed in by the
 * entries before any element is defined and read by the frame's element (frame-element.ts) when
 * it writes the frame: where the frame's later scripts are (the ES modules' entries,
 * frame/module-frame-loaders.ts) and their pins when `paylit.js` was pinned (script-loaders.ts).
 * Beside the entries rather than in frame-element.ts, which is a chunk of frame isolation.
 */
import type { FramePins, FramePinsHandoff } from '../frame/frame-start.js';

export type { FramePins, FramePinsHandoff };

/** The URLs of the card frame's later scripts (frame/frame-loaders.ts), each read by the frame from its first script's `data-*`. */
export type LaterScripts = Partial<Record<'marks' | 'crypto', string>>;

let later: () => LaterScripts = () => ({});
/** The later scripts' URLs of the build the card fields are in (frame/module-frame-loaders.ts); none: beside the first. */
export function provideLaterScripts(urls: () => LaterScripts): void {
  later = urls;
}
export const laterScripts = (): LaterScripts => later();

let pins: FramePins | undefined;
/** The frame's scripts' pins, when `paylit.js` was pinned (internal/script-loaders.ts); none: the frame's scripts load as they are. */
export function provideFramePins(framePins: FramePins): void {
  pins = framePins;
}
export const framePins = (): FramePins | undefined => pins;
