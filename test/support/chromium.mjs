// Where Chromium is: $CHROME_PATH, else Debian's /usr/bin/chromium. Nothing here downloads a browser.
import { existsSync } from 'node:fs';

/**
 * The features Playwright's launcher turns off (playwright-core's chromiumSwitches.ts): Chromium
 * reads only the last `--disable-features` of its command line, so the one below repeats them
 * (test/chromium.spec.ts checks it still does after an upgrade of Playwright).
 */
export const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Parts of the browser's own window that a headless run never shows: the address bar's
 * suggestion popups, two web pages (`chrome://omnibox-popup.top-chrome/`) that Chromium loads,
 * each in a renderer process of its own, for every new window, which is every page a test
 * opens. Measured here: about 0.7 s of CPU of a demo page's 1.35 s to open, on a loaded 2-core
 * machine. The page under test, its frames and their processes (one per site, the card frame's
 * opaque origin in its own) are as before.
 */
export const windowUiFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The spare renderer: a renderer process Chromium starts ahead of the next navigation, and
 * starts again each time one is taken. A test's pages each take a new one anyway (a new
 * context per test); the spare only adds a process start per page. Measured here: a page with
 * a sandboxed frame opened in a new context cost 291–319 ms of Chromium's CPU without it,
 * 334–369 ms with it. Which process each page and frame runs in is as before.
 */
export const spareRendererFeatures = ['SpareRendererForSitePerProcess'];

export const chromiumArgs = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...playwrightDisabledFeatures, ...windowUiFeatures, ...spareRendererFeatures].join(',')}`,
];

/**
 * The flags for the benches, which time what a shopper waits for: the tests' own but for the
 * features they turn off to save the suite's CPU (the window's popups, the spare renderer a
 * browser in use has ready for the next page and its card frame), so that a bench's Chromium
 * is as a shopper's (Playwright still turns off its own list).
 */
export const shopperChromiumArgs = chromiumArgs.filter(
  (arg) => !arg.startsWith('--disable-features='),
);

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
