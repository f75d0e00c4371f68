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

export function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium'].filter(Boolean);
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  throw new Error(
    `Chromium not found (looked at ${candidates.join(', ')}). ` +
      'Install Debian\'s package with `apt-get install -y chromium`, or set CHROME_PATH to a Chromium or Chrome binary. ' +
      'Test tools\' own browser downloads do not work on this network.',
  );
}
