/** The studio's browser side of the API: JSON in and out, refusals as ApiErrors carrying the server's code and message. */
import { apiFetch, jsonPost } from '../api/client';
import { imageUrl } from '../../chain/image-url';

export { ApiError as StudioApiError } from '../api/client';

/** Fetches `url` and returns its JSON body. @throws ApiError with the server's `{ error, message }` */
export function studioFetch<T>(url: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  if (init.body === undefined) return apiFetch<T>(url, { method: init.method ?? 'GET' });
  return apiFetch<T>(url, { ...jsonPost(init.body), method: init.method ?? 'POST' });
}

export const signInHref = (next: string): string => `/signin?next=${encodeURIComponent(next)}`;

/** What to tell a person when a request failed. */
export const problem = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** A browser-loadable address for a piece's image (ipfs:// through a public gateway). */
export const imageSrc = (uri: string): string => imageUrl(uri) ?? uri;
