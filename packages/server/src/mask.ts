/**
 * A connection URL as it may be printed: the password of `user:password@` as `***`, and a
 * userinfo without a colon (Redis's `redis://password@host`) as `***` whole. The userinfo runs to
 * the last `@` before the path, so a password holding an unencoded `@` is masked whole too.
 */
export function maskUrl(url: string): string {
  return url.replace(
    /\/\/([^/]*)@/,
    (_, userinfo: string) =>
      `//${userinfo.includes(':') ? `${userinfo.slice(0, userinfo.indexOf(':'))}:***` : '***'}@`,
  );
}
