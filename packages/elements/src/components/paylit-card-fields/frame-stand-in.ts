/**
 * The card frame's place, held on the page until the frame first tells its height: in frame
 * isolation the frame is of no height until its page side has configured it (its language, the
 * order's brands), about a second after the form is drawn, and growing then it would push Pay
 * and everything below it down under a shopper's pointer.
 *
 * So the card fields draw, beside the frame and unseen, the layout the frame's fields will have
 * (frame/frame-fields.ts draws them): the same grid, fields, label lines, accepted brands' row and
 * note, with the same styles (paylit-card-fields.styles.ts) and the page's theme, language and
 * direction, each input a box of an input's height. The frame's box is as high as this stand-in
 * from the form's first paint; the frame's first height replaces it, by the same height in the
 * default theme and languages.
 *
 * What the page cannot know exactly: a web font the page loads (the frame has none of the
 * page's), or a root font size other than 16px (the frame's `rem` is 16px): then the first
 * height corrects the stand-in by the difference.
 */
import { css, html, nothing } from 'lit';
import { getBrand } from '@paylit/core/card';
import type { SavedCardView } from '../../context/checkout-context.js';
import type { CardWords } from '../../i18n/card-words.js';
import { DEFAULT_BRANDS, FIELDS, SAVED_CARD_FIELDS, fieldLabels } from './card-entry.js';

/** The frame's room for its focus ring on each side (frame/card-frame.ts RING). */
const RING = 4;

/**
 * The room to add under a stand-in `high` px high for it to be as high as the frame will be on
 * the page: the page gives the frame its document's height rounded up to a whole pixel
 * (internal/frame-host.ts), the ring's room on each side included, which the frame's margins take
 * back.
 */
const roomBelow = (high: number): number => Math.ceil(high + 2 * RING) - 2 * RING - high;

const round = (stand: HTMLElement, high: number) =>
  (stand.style.paddingBlockEnd = `${roomBelow(high)}px`);

/** Rounds each stand-in up when its size changed (drawn, a width, a font that arrived), before it is drawn. */
let sizes: ResizeObserver | undefined;

/**
 * The stand-in `host` drew (if it drew one), set in the frame's type and made as high as the frame will be: its
 * size is read after each layout that changed it, before that frame is drawn (a `ResizeObserver`:
 * no layout of its own, while the page is still loading).
 */
export function fitStandIn(host: HTMLElement): void {
  const stand = host.shadowRoot?.querySelector<HTMLElement>('.stand-in');
  if (!stand) return;
  // The frame's type, as the frame's page side gives it when the merchant set no `--paylit-font`:
  // the host's computed font, whose line height is then a length (internal/frame-host.ts INHERITED).
  const style = getComputedStyle(host);
  if (!style.getPropertyValue('--paylit-font').trim())
    stand.style.font = style.getPropertyValue('font');
  (sizes ??= new ResizeObserver((entries) => {
    for (const entry of entries)
      round(entry.target as HTMLElement, entry.contentBoxSize[0]!.blockSize);
  })).observe(stand);
}

export const standInStyles = css`
  /* The frame and its stand-in in one place: the box is as high as the higher. */
  .framed {
    display: grid;
    container-type: inline-size;
  }
  .framed > * {
    grid-area: 1 / 1;
    min-inline-size: 0;
  }
  .stand-in {
    visibility: hidden;
  }
  .stand-in .label {
    font-size: var(--paylit-label-size, 0.875rem);
    font-weight: 600;
  }
  /* An input's height: its line is the higher of the inherited line height and the font's own (as an input's is). */
  .stand-in .input {
    display: flow-root;
    font-size: var(--paylit-input-size, 1rem);
    padding-block: 0.6rem;
    border: 1px solid;
  }
  .stand-in .input > span {
    display: inline-block;
    line-height: normal;
  }
  /* The frame's own viewport is its width (this box's and its ring's, 8px): up to 640px, a phone's, its inputs take 16px at least. */
  @container (max-width: 632px) {
    .stand-in .input {
      font-size: max(16px, var(--paylit-input-size, 1rem));
    }
  }
  @media (pointer: coarse) {
    .stand-in .input {
      font-size: max(16px, var(--paylit-input-size, 1rem));
    }
  }
  .stand-in .lock {
    flex: none;
    inline-size: 14px;
    block-size: 14px;
  }
`;

/**
 * The frame's fields' layout, unseen: the fields shown (the security code alone for a saved
 * card), their labels in `t`, the accepted brands' row of the order's `brands` (API codes).
 */
export function standIn(t: CardWords, saved: SavedCardView | undefined, brands: readonly string[]) {
  const shown = saved ? SAVED_CARD_FIELDS : FIELDS;
  const marks = (brands.length ? brands : DEFAULT_BRANDS).filter((code) => getBrand(code));
  const labels = fieldLabels(t, saved);
  return html`<div class="stand-in" aria-hidden="true">
    <div class="grid ${saved ? 'saved' : ''}">
      ${shown.map(
        (field) =>
          html`<div class="field ${field === 'number' || field === 'holder' ? 'wide' : ''}">
            <div class="head">
              <span class="label">${labels[field]}</span>
              ${
                field === 'number'
                  ? html`<span class="accepted">${marks.map(() => html`<span class="mark"></span>`)}</span>`
                  : nothing
              }
            </div>
            <span class="input"><span>&nbsp;</span></span>
          </div>`,
      )}
    </div>
    <p class="encrypted"><span class="lock"></span><span>${t.encrypted}</span></p>
  </div>`;
}
