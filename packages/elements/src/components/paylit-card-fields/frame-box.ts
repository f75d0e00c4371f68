/**
 * What `<paylit-card-fields isolation="frame">` draws before frame isolation's page side has
 * loaded: the card frame in its box (internal/frame-element.ts) and, until the frame tells its
 * height, its stand-in (frame-stand-in.ts). One chunk (`paylit.frame-box.js`), loaded before the
 * card fields (and a checkout in that mode) first draw, beside the page side's chunk: a page in
 * page isolation never downloads it.
 */
export { CardFrame } from '../../internal/frame-element.js';
export { fitStandIn, standIn, standInStyles } from './frame-stand-in.js';
