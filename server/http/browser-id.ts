/**
 * The browser id cookie `tp_browser` ("My games"): a random id, httpOnly (scripts never see it),
 * SameSite=Lax, for the whole site, 400 days (the longest browsers keep a cookie); Secure over https. The server
 * keeps only its SHA-256, with the seats the browser holds (server/host/seat-holders.ts), so a closed tab keeps its
 * seats and no seat token needs to stay in a URL or in the page's storage.
 */
import { cookieValue, isHttps } from '../auth/cookie';
import { newToken } from '../host/tokens';
import { requester } from './rate-limit';
import type { Requester } from '../limits';
import type { RequestContext } from '../host/access';

export const BROWSER_COOKIE = 'tp_browser';
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
/** What newToken makes: 32 bytes, base64url. Anything else is no id of ours (and is ignored). */
const BROWSER_ID = /^[A-Za-z0-9_-]{43}$/;

/** The browser id a request carries, or null. */
export function browserId(request: Request): string | null {
  const value = cookieValue(request, BROWSER_COOKIE);
  return value !== null && BROWSER_ID.test(value) ? value : null;
}

/** The request's browser id, and the Set-Cookie value that gives it one when it had none (else null). */
export function ensureBrowserId(request: Request): { id: string; cookie: string | null } {
  const known = browserId(request);
  if (known) return { id: known, cookie: null };
  const id = newToken();
  const secure = isHttps(request) ? '; Secure' : '';
  return { id, cookie: `${BROWSER_COOKIE}=${id}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}` };
}

/**
 * Who a game request is: its client address, signed-in wallet and browser id (the host resolves its seat from them).
 * `who`: the requester a rate limit has read already, so its session is not looked up twice.
 */
export async function seatContext(request: Request, who?: Requester): Promise<RequestContext> {
  return { ...(who ?? (await requester(request))), browser: browserId(request) };
}
