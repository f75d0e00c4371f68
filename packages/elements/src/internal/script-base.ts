/**
 * The script-tag file's own URL, read while it runs (afterwards `document.currentScript` is
 * gone): its chunks (languages, marks) are loaded from beside it.
 */
export const scriptBase: string =
  (document.currentScript as HTMLScriptElement | null)?.src || document.baseURI;
