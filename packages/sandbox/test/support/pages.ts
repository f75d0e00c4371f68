/** Acting as the payer on the sandbox's pages: open, choose, and read the form sent to callback_url. */
export interface CallbackPost {
  action: string;
  fields: Record<string, string>;
}

const decode = (s: string) =>
  s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));

export async function openPage(url: string): Promise<{ status: number; html: string }> {
  const res = await fetch(url);
  return { status: res.status, html: await res.text() };
}

/** Submits the page's form with `outcome`; answers the auto-POST to `callback_url` when there is one. */
export async function choose(
  url: string,
  outcome: string,
): Promise<{ status: number; html: string; callback?: CallbackPost }> {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ outcome }) });
  const html = await res.text();
  const form = /<form id="callback" method="post" action="([^"]*)">(.*?)<\/form>/s.exec(html);
  if (!form) return { status: res.status, html };
  const fields: Record<string, string> = {};
  for (const m of form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[decode(m[1]!)] = decode(m[2]!);
  return { status: res.status, html, callback: { action: decode(form[1]!), fields } };
}
