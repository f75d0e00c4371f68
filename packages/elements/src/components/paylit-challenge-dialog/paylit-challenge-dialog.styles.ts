/**
 * The look of the bank's 3-D Secure dialog: as large as the screen allows up to 30 by 42 rem,
 * the bank's page filling it; the same custom properties as the other elements, light and dark
 * by `light-dark()`.
 */
import { css } from 'lit';

export const challengeStyles = css`
  :host {
    display: contents;
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
    /* Unseen on its own background; a contrast theme draws it in its text colour, the dialog's
       edge against the page behind once the theme has given both the same background. */
    border: 1px solid transparent;
    border-radius: var(--paylit-radius, 8px);
    color: inherit;
    background: var(--_surface);
    /* Shorter still than its bar and question: scrolled, never cut off. */
    overflow: auto;
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
  /* It gives way to the title bar and the question on a short screen (400 % zoom): an
     iframe's own 150 px would push them out of the dialog's box. */
  .challenge iframe {
    flex: 1;
    min-block-size: 0;
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
  .challenge .error {
    margin: 0;
    color: var(--paylit-color-error, light-dark(#b91c1c, #fca5a5));
  }
`;
