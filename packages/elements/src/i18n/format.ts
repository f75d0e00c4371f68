/** A message with `{name}` placeholders filled. On its own, so that a chunk can fill messages without carrying the catalogs. */
export function format(
  message: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
