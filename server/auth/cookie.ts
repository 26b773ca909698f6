/**
 * The session cookie `tp_session`: httpOnly (scripts never see the token), SameSite=Lax (not sent on cross-site
 * posts), for the whole site, 30 days; Secure when the request came over https (plain http on localhost would
 * otherwise drop it).
 */
import { SESSION_TTL_MS } from './sessions';

export const SESSION_COOKIE = 'tp_session';

/** The value of cookie `name` a request carries, or null (absent or empty). */
export function cookieValue(request: Request, name: string): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return value === '' ? null : value;
    }
  }
  return null;
}

/** The session token a request carries, or null. */
export const sessionToken = (request: Request): string | null => cookieValue(request, SESSION_COOKIE);

export function isHttps(request: Request): boolean {
  // Behind a proxy the request URL is the proxy's hop; the proxy says what the browser used.
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  return (forwarded ?? new URL(request.url).protocol.replace(/:$/, '')) === 'https';
}

function cookie(request: Request, value: string, maxAgeSeconds: number): string {
  const secure = isHttps(request) ? '; Secure' : '';
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** The Set-Cookie value that stores a new session's token in the browser. */
export const sessionCookie = (request: Request, token: string): string =>
  cookie(request, token, Math.floor(SESSION_TTL_MS / 1000));

/** The Set-Cookie value that removes the session cookie. */
export const clearedSessionCookie = (request: Request): string => cookie(request, '', 0);
