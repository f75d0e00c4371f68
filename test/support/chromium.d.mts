export declare const chromiumArgs: string[];
export declare function chromiumPath(
  env?: Record<string, string | undefined>,
  exists?: (path: string) => boolean,
): string;
