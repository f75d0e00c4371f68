// Where Chromium is: $CHROME_PATH, else Debian's /usr/bin/chromium. Nothing here downloads a browser.
import { existsSync } from 'node:fs';

export const chromiumArgs = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The Chromium binary to test with. `env` and `exists` are the process's own unless a
 * test gives others.
 */
export function chromiumPath(env = process.env, exists = existsSync) {
  const candidates = [env.CHROME_PATH, '/usr/bin/chromium'].filter(Boolean);
  const found = candidates.find((path) => exists(path));
  if (found) return found;
  throw new Error(
    `Chromium not found (looked at ${candidates.join(', ')}). ` +
      "Install Debian's package with `apt-get install -y chromium`, or set CHROME_PATH to a Chromium or Chrome binary. " +
      "Test tools' own browser downloads do not work on this network.",
  );
}
