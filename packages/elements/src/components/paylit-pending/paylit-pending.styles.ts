/**
 * The look of `<paylit-pending>` (Pix, vouchers, transfers): the same custom properties as the
 * card and payer fields, light and dark by `light-dark()`. Lit adopts it as a constructed sheet,
 * which CSP's `style-src 'self'` allows. Laid out for a 320 px phone: every row wraps before it
 * would overflow. What only a voucher or a transfer draws (a barcode, a value over two lines, a
 * link) is in their chunk's look (voucher-transfer.ts), adopted with it.
 */
import { css } from 'lit';

export const pendingStyles = css`
  :host {
    display: block;
    inline-size: 100%;
    max-inline-size: 28rem;
    min-inline-size: 0;
    margin-inline: auto;
  }
  /* The view's own properties; the rules below need no .pending-view before them: the shadow
     root holds nothing else. */
  .pending-view {
    --_border: var(--paylit-color-border, light-dark(#94a3b8, #64748b));
    --_accent: var(--paylit-color-accent, light-dark(#2563eb, #60a5fa));
    --_muted: var(--paylit-color-muted, light-dark(#475569, #94a3b8));
    --_surface: var(--paylit-color-surface, light-dark(#fff, #0f172a));
    --_radius: var(--paylit-radius, 8px);
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.75rem;
    inline-size: 100%;
    max-inline-size: 28rem;
    margin-inline: auto;
    text-align: start;
  }
  p {
    margin: 0;
  }
  .steps,
  .waiting,
  .due {
    font-size: 0.875rem;
    color: var(--_muted);
    text-align: center;
  }
  .due {
    color: inherit;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  .qr {
    margin: 0;
    justify-self: center;
    box-sizing: border-box;
    max-inline-size: 100%;
    padding: 0.5rem;
    background: #fff;
    border-radius: var(--_radius);
    line-height: 0;
  }
  /* Its size is set where it is drawn: whole device pixels per module. */
  .qr canvas {
    display: block;
    inline-size: 14rem;
    max-inline-size: 100%;
    block-size: auto;
    aspect-ratio: 1;
    image-rendering: pixelated;
  }
  .copyable {
    display: grid;
    gap: 0.25rem;
  }
  label {
    font-size: var(--paylit-label-size, 0.875rem);
    font-weight: 600;
  }
  /* On a narrow phone the Copy button goes under its value, as wide as it. */
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  input,
  textarea {
    flex: 999 1 10rem;
    inline-size: 0;
    min-inline-size: 0;
    box-sizing: border-box;
    font-family: ui-monospace, monospace;
    font-size: 0.875rem;
    padding-block: 0.5rem;
    padding-inline: 0.625rem;
    color: inherit;
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    text-overflow: ellipsis;
  }
  button {
    flex: 1 0 auto;
    inline-size: auto;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    font: inherit;
    font-size: 0.875rem;
    font-weight: 600;
    padding-block: 0.5rem;
    padding-inline: 0.875rem;
    color: var(--_accent);
    background: transparent;
    border: 1px solid var(--_accent);
    border-radius: var(--_radius);
    cursor: pointer;
    min-block-size: 2.5rem;
  }
  button.primary {
    color: var(--paylit-color-on-accent, light-dark(#fff, #0f172a));
    background: var(--_accent);
    justify-self: center;
    padding-inline: 1.25rem;
  }
  button[aria-disabled='true'] {
    opacity: 0.7;
    cursor: progress;
  }
  input:focus-visible,
  textarea:focus-visible,
  button:focus-visible,
  a:focus-visible {
    outline: 3px solid color-mix(in srgb, var(--_accent) 40%, transparent);
    outline-offset: 2px;
  }
  .facts {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 0.25rem 1rem;
    margin: 0;
    font-size: 0.875rem;
  }
  dt {
    color: var(--_muted);
  }
  dd {
    margin: 0;
    font-weight: 600;
    text-align: end;
    overflow-wrap: anywhere;
  }
  .expired {
    text-align: center;
  }
  .sr-only {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
