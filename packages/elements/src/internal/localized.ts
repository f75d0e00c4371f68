/**
 * What every paylit element shares about language: its `lang` property, the catalog it
 * speaks, the direction it is laid out in, and no render before that catalog is here.
 *
 * Catalogs other than English load as their own chunk when an element first needs them
 * (i18n/index.ts). Until then the element's update waits (Lit's `scheduleUpdate`), so a
 * shopper never sees a flash of English before their language.
 */
import { LitElement } from 'lit';
import type { PropertyDeclarations, PropertyValues } from 'lit';
import {
  directionOf,
  loadCatalog,
  messages,
  resolveLocale,
  type Locale,
  type Messages,
} from '../i18n/index.js';
import { inheritedLang, intlLang, langProperty } from './lang.js';

export class LocalizedElement extends LitElement {
  static override properties: PropertyDeclarations = {
    lang: langProperty,
  };
  /** The language to speak (BCP 47); else the checkout's, the nearest ancestor's or the page's. */
  override lang = '';
  /**
   * Follows `lang` set around the element after render (the page's language switcher, on
   * `<html>` or a wrapper, in the document or a shadow root the element is in): with no `lang`
   * of its own (nor, inside a checkout, the checkout's), the element speaks the page's. The
   * checkout and an element standing alone alike; drawn again only when that changes.
   */
  #pageLang: MutationObserver | undefined;
  /** The language asked for at the last drawing. */
  #drawnIn: string | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.#pageLang ??= new MutationObserver(
      () => void (this.requestedLang() === this.#drawnIn || this.requestUpdate()),
    );
    for (let root = this.getRootNode(); ; root = (root as ShadowRoot).host.getRootNode()) {
      this.#pageLang.observe(root, { attributes: true, attributeFilter: ['lang'], subtree: true });
      if (!(root instanceof ShadowRoot)) break;
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#pageLang?.disconnect();
  }

  protected override update(changed: PropertyValues): void {
    // Out of the page (a route change, a move), its ancestors' `lang` is gone: it keeps its own.
    if (this.isConnected) this.#drawnIn = this.requestedLang();
    super.update(changed);
  }

  /**
   * The language asked for, before it is resolved to a catalog, as `Intl` reads it (`intlLang`:
   * `pt_BR` is `pt-BR`). Children of the checkout add the checkout's.
   */
  protected requestedLang(): string | undefined {
    return intlLang(this.lang || inheritedLang(this));
  }

  /** The catalog this element speaks: out of the page (its ancestors gone), the one it was drawn in. */
  protected get locale(): Locale {
    return resolveLocale(this.isConnected ? this.requestedLang() : this.#drawnIn);
  }

  /** The messages of that catalog (loaded before any render that reads them). */
  protected get t(): Messages {
    return messages(this.locale);
  }

  /** `rtl` for right-to-left languages: put it as `dir` on the element's own root. */
  protected get direction(): 'ltr' | 'rtl' {
    return directionOf(this.locale);
  }

  protected override scheduleUpdate(): void | Promise<unknown> {
    const pending = loadCatalog(this.locale);
    if (!pending) return super.scheduleUpdate();
    return pending.then(() => super.scheduleUpdate());
  }
}
