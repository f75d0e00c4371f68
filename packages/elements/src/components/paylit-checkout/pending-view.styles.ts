/**
 * The pending view's look (Pix, vouchers, transfers), in plain CSS: the chunk imports no Lit,
 * and adopts it as a constructed sheet (CSP's `style-src` does not apply to those). The same
 * custom properties as the card and payer fields; light and dark by `light-dark()`.
 */
export const pendingStyles = `
.pending-view {
  --_border: var(--paylit-color-border, light-dark(#94a3b8, #64748b));
  --_accent: var(--paylit-color-accent, light-dark(#2563eb, #60a5fa));
  --_muted: var(--paylit-color-muted, light-dark(#475569, #94a3b8));
  --_surface: var(--paylit-color-surface, light-dark(#fff, #0f172a));
  --_radius: var(--paylit-radius, 8px);
  display: grid;
  gap: 0.75rem;
  inline-size: 100%;
  max-inline-size: 28rem;
  margin-inline: auto;
  text-align: start;
}
.pending-view h3 {
  margin: 0;
  font-size: 1rem;
  text-align: center;
}
.pending-view p {
  margin: 0;
}
.pending-view .steps,
.pending-view .waiting,
.pending-view .due {
  font-size: 0.875rem;
  color: var(--_muted);
  text-align: center;
}
.pending-view .due {
  color: inherit;
  font-weight: 600;
  font-variant-numeric: tabular-nums;
}
.pending-view .qr {
  margin: 0;
  justify-self: center;
  padding: 0.5rem;
  background: #fff;
  border-radius: var(--_radius);
  line-height: 0;
}
.pending-view .qr img {
  inline-size: min(14rem, 60vw);
  block-size: auto;
  image-rendering: pixelated;
}
.pending-view .barcode {
  margin: 0;
  display: grid;
  gap: 0.25rem;
  padding: 0.75rem;
  background: #fff;
  color: #000;
  border-radius: var(--_radius);
}
.pending-view .barcode svg {
  inline-size: 100%;
  block-size: 4.5rem;
  fill: #000;
}
.pending-view .barcode figcaption {
  font-family: ui-monospace, monospace;
  font-size: 0.75rem;
  text-align: center;
  letter-spacing: 0.05em;
  overflow-wrap: anywhere;
}
.pending-view .copyable {
  display: grid;
  gap: 0.25rem;
}
.pending-view label {
  font-size: var(--paylit-label-size, 0.875rem);
  font-weight: 600;
}
.pending-view .row {
  display: flex;
  gap: 0.5rem;
}
.pending-view input {
  flex: 1 1 auto;
  inline-size: auto;
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
[dir='rtl'] .pending-view input,
.pending-view[dir='rtl'] input {
  text-align: right;
}
.pending-view button {
  flex: none;
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
.pending-view button.primary {
  color: var(--paylit-color-on-accent, light-dark(#fff, #0f172a));
  background: var(--_accent);
  justify-self: center;
  padding-inline: 1.25rem;
}
.pending-view button[aria-disabled='true'] {
  opacity: 0.7;
  cursor: progress;
}
.pending-view input:focus-visible,
.pending-view button:focus-visible,
.pending-view a:focus-visible {
  outline: 3px solid color-mix(in srgb, var(--_accent) 40%, transparent);
  outline-offset: 2px;
}
.pending-view .facts {
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.25rem 1rem;
  margin: 0;
  font-size: 0.875rem;
}
.pending-view dt {
  color: var(--_muted);
}
.pending-view dd {
  margin: 0;
  font-weight: 600;
  text-align: end;
  overflow-wrap: anywhere;
}
.pending-view .amount-words {
  font-size: 0.875rem;
  text-align: end;
}
.pending-view .link {
  justify-self: center;
  color: var(--_accent);
  font-weight: 600;
}
.pending-view .expired {
  text-align: center;
}
.pending-view .sr-only {
  position: absolute;
  inline-size: 1px;
  block-size: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
}

.challenge {
  --_surface: var(--paylit-color-surface, light-dark(#fff, #0f172a));
  --_border: var(--paylit-color-border, light-dark(#94a3b8, #64748b));
  --_accent: var(--paylit-color-accent, light-dark(#2563eb, #60a5fa));
  box-sizing: border-box;
  inline-size: min(30rem, 100vw - 1rem);
  block-size: min(42rem, 100dvh - 1rem);
  max-inline-size: none;
  max-block-size: none;
  padding: 0;
  border: 0;
  border-radius: var(--paylit-radius, 8px);
  color: inherit;
  background: var(--_surface);
  overflow: hidden;
}
.challenge[open] {
  display: flex;
  flex-direction: column;
}
.challenge::backdrop {
  background: rgb(15 23 42 / 0.6);
}
.challenge .bar {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  padding-block: 0.5rem;
  padding-inline: 1rem 0.5rem;
  border-block-end: 1px solid var(--_border);
}
.challenge h2 {
  margin: 0;
  font-size: 1rem;
}
.challenge iframe {
  flex: 1;
  inline-size: 100%;
  border: 0;
  background: #fff;
}
.challenge button {
  inline-size: auto;
  min-block-size: 2.75rem;
  padding-block: 0.5rem;
  padding-inline: 1rem;
  font: inherit;
  font-weight: 600;
  color: var(--_accent);
  background: transparent;
  border: 1px solid var(--_accent);
  border-radius: var(--paylit-radius, 8px);
  cursor: pointer;
}
.challenge button.primary {
  color: var(--paylit-button-text, light-dark(#fff, #0f172a));
  background: var(--_accent);
}
.challenge .close {
  min-inline-size: 2.75rem;
  padding: 0;
  font-size: 1.5rem;
  line-height: 1;
  color: inherit;
  border-color: transparent;
}
.challenge button:focus-visible {
  outline: 3px solid color-mix(in srgb, var(--_accent) 40%, transparent);
  outline-offset: 2px;
}
.challenge .ask {
  display: grid;
  gap: 0.75rem;
  padding: 1rem;
  border-block-start: 1px solid var(--_border);
  background: var(--_surface);
}
.challenge .ask[hidden] {
  display: none;
}
.challenge .ask p {
  margin: 0;
  font-weight: 600;
}
.challenge .ask .row {
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.5rem;
}
`;
