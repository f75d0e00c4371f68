/**
 * Frame isolation in a merchant's own layout, written by hand: a checkout with no companion
 * server (amount, currency, country and public key as attributes, the submission handed to the
 * page in paylit-submit), its card fields of its own, wrapped and indented, with their own
 * isolation="frame", on a Portuguese page. Enter in the frame's last field pays; the submission
 * holds the card only inside the JWE.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { decryptCard, generateCardKeyPair } from '@paylit/core/crypto';
import { typeCard } from './support/demo.js';

test("a checkout without a server, the merchant's own wrapped card fields in frame isolation: the page's language, Enter in the frame pays, the card only in the JWE", async ({
  page,
}) => {
  const keys = await generateCardKeyPair();
  const bundle = fileURLToPath(new URL('../packages/elements/dist/bundle/', import.meta.url));
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Loja</title><script src="/paylit.js"></script></head><body><main>
    <section>
      <paylit-checkout amount="120" currency="BRL" country="BR" public-key='${JSON.stringify(keys.publicJwk)}'>
        <!-- o cartão, em um quadro -->
        <div class="minha-caixa">
          <paylit-card-fields
             isolation="frame">
          </paylit-card-fields>
        </div>
      </paylit-checkout>
    </section>
  </main></body></html>`;
  const server = createServer((req, res) => {
    const f = /^\/(paylit[\w.-]*\.js)$/.exec(req.url ?? '')?.[1];
    if (f)
      return void res
        .writeHead(200, { 'Content-Type': 'text/javascript' })
        .end(readFileSync(bundle + f));
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(html);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  try {
    await page.goto(url);
    const submits: string[] = [];
    await page.exposeFunction('got', (s: string) => submits.push(s));
    await page.evaluate(() =>
      document.querySelector('paylit-checkout')!.addEventListener('paylit-submit', (e) => {
        e.preventDefault();
        (window as unknown as { got(s: string): void }).got(
          JSON.stringify(
            (e as CustomEvent).detail ?? (e as unknown as { submission: unknown }).submission,
          ),
        );
      }),
    );
    await expect
      .poll(() =>
        page
          .locator('paylit-card-fields iframe')
          .evaluate((f: HTMLIFrameElement) => parseFloat(f.style.height) || 0),
      )
      .toBeGreaterThan(100);
    await typeCard(page, { number: '5555555555554444' });
    const frame = (await page.locator('paylit-card-fields iframe').elementHandle())!.contentFrame();
    await (await frame)!.locator('paylit-card-fields #holder').press('Enter');
    await expect.poll(() => submits.length).toBe(1);
    const jwe = /"encryptedData":"([^"]+)"/.exec(submits[0]!)![1]!;
    expect(await decryptCard(jwe, keys.privateJwk)).toEqual({
      number: '5555555555554444',
      cvv: '123',
    });
    expect(submits[0]).not.toContain('5555555555554444');
    await expect((await frame)!.locator('paylit-card-fields label[for=number]')).toHaveText(
      'Número do cartão',
    );
  } finally {
    server.close();
  }
});
