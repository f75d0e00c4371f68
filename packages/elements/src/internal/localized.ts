/**
 * What every paylit element shares about language: its `lang` property, the catalog it
 * speaks, the direction it is laid out in, and no render before that catalog is here.
 *
 * Catalogs other than English load as their own chunk when an element first needs them
 * (i18n/index.ts). Until then the element's update waits (Lit's `scheduleUpdate`), so a
 * shopper never sees a flash of English before their language.
 */
import { LitElement } from 'lit';
import type { PropertyDeclarations } from 'lit';
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
   * The language asked for, before it is resolved to a catalog, as `Intl` reads it (`intlLang`:
   * `pt_BR` is `pt-BR`). Children of the checkout add the checkout's.
   */
  protected requestedLang(): string | undefined {
    return intlLang(this.lang || inheritedLang(this));
  }

  /** The catalog this element speaks. */
  protected get locale(): Locale {
    return resolveLocale(this.requestedLang());
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
