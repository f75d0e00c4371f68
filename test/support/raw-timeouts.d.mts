export declare function rawTimeouts(root?: string, files?: string[]): string[];
export declare function coveredFiles(root?: string): string[];
