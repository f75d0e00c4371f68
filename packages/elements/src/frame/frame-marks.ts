/**
 * The card frame's marks (`paylit.frame-marks.js`, a classic script that sets the frame's global
 * `paylitFrameMarks`): the brand marks and the security code's hint the card fields draw, added
 * by frame-loaders.ts once the frame's fields are drawn. The wallet picker's marks and look stay out.
 */
export { brandMark, cvvMark } from '../internal/marks.js';
