/** The studio's browser side of the API: JSON in and out, refusals as errors carrying the server's code and message. */

export class StudioApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Fetches `url` and returns its JSON body, or throws a StudioApiError with the server's `{ error, message }`. */
export async function studioFetch<T>(url: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    credentials: 'same-origin',
  });
  const text = await res.text();
  const body = (text === '' ? null : JSON.parse(text)) as (T & { error?: string; message?: string }) | null;
  if (!res.ok) throw new StudioApiError(res.status, body?.error ?? 'HTTP', body?.message ?? `the server answered ${res.status}`);
  return body as T;
}

export const signInHref = (next: string): string => `/signin?next=${encodeURIComponent(next)}`;

/** What to tell a person when a request failed. */
export const problem = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** A browser-loadable address for a piece's image (ipfs:// through a public gateway). */
export function imageSrc(uri: string): string {
  return uri.startsWith('ipfs://') ? `https://ipfs.io/ipfs/${uri.slice('ipfs://'.length).replace(/^ipfs\//, '')}` : uri;
}
