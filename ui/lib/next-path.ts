/**
 * Where sign-in sends people back to (`/signin?next=`): a path on this site, never another origin (an
 * open redirect). The value is parsed as the browser will parse it — as a URL relative to this site, where tabs and
 * newlines vanish and a backslash is a slash — and only a same-origin result is kept, rewritten in its parsed form
 * so nothing else can re-read it differently. Anything else is `/`.
 */
const HERE = 'https://this-site.invalid';

export function nextPath(raw: string | string[] | undefined): string {
  const next = Array.isArray(raw) ? raw[0] : raw;
  // Only a path from the root: not `https://…`, not a relative `evil.example`, not a scheme-relative `//…`.
  if (!next?.startsWith('/') || next.length > 2_000) return '/';
  let url: URL;
  try {
    url = new URL(next, HERE);
  } catch {
    return '/';
  }
  if (url.origin !== HERE) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//evil.example` parses to the path `//evil.example`, which a browser would read as another host.
  return path.startsWith('//') || path.startsWith('/\\') ? '/' : path;
}
