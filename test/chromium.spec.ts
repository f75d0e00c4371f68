/** How both test runners find Chromium, and what they say when there is none. */
import { expect, test } from '@playwright/test';
import { chromiumPath } from './support/chromium.mjs';

const only =
  (...present: string[]) =>
  (path: string) =>
    present.includes(path);

test('CHROME_PATH comes first', () => {
  expect(
    chromiumPath(
      { CHROME_PATH: '/opt/chrome/chrome' },
      only('/opt/chrome/chrome', '/usr/bin/chromium'),
    ),
  ).toBe('/opt/chrome/chrome');
});

test("Debian's /usr/bin/chromium otherwise, or when CHROME_PATH points nowhere", () => {
  expect(chromiumPath({}, only('/usr/bin/chromium'))).toBe('/usr/bin/chromium');
  expect(chromiumPath({ CHROME_PATH: '/nowhere' }, only('/usr/bin/chromium'))).toBe(
    '/usr/bin/chromium',
  );
});

test('no Chromium: an error that says how to install it', () => {
  expect(() => chromiumPath({ CHROME_PATH: '/nowhere' }, only())).toThrow(
    /Chromium not found \(looked at \/nowhere, \/usr\/bin\/chromium\)\. Install Debian's package with `apt-get install -y chromium`, or set CHROME_PATH/,
  );
});
