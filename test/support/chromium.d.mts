export declare const playwrightDisabledFeatures: string[];
export declare const windowUiFeatures: string[];
export declare const spareRendererFeatures: string[];
export declare const chromiumArgs: string[];
export declare const shopperChromiumArgs: string[];
export declare function chromiumPath(
  env?: Record<string, string | undefined>,
  exists?: (path: string) => boolean,
): string;
