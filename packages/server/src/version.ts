/** The package's version, for the User-Agent (a spec checks it against package.json). */
export const VERSION = '0.1.0';
