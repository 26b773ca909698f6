/**
 * What every request passes before Next routes it (Next's Proxy, in the Node runtime): a `Host` the app is not
 * served under is refused with 421 (DNS rebinding: server/http/host-names.ts), and a path whose percent-encoding does
 * not decode is refused with 400 — Next itself would answer that with a bare `500 text/plain` and none of the security
 * headers. Both refusals are the API's JSON `{ error, message }` with the security headers every answer carries.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { allowedHostNames, hostAllowed } from './server/http/host-names';
import { securityHeaders } from './server/http/security-headers';

// Read once: the environment does not change under a running server.
const allowed = allowedHostNames(process.env);
const headers = securityHeaders();

function refusal(status: 400 | 421, error: string, message: string): NextResponse {
  const res = NextResponse.json({ error, message }, { status });
  for (const { key, value } of headers) res.headers.set(key, value);
  return res;
}

/** Whether every `%` escape of the path decodes (to UTF-8 text). */
function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export function proxy(request: NextRequest): NextResponse {
  const host = request.headers.get('host');
  if (!hostAllowed(host, allowed))
    return refusal(
      421,
      'MISDIRECTED_REQUEST',
      `this server does not answer for the host ${JSON.stringify((host ?? '').slice(0, 100))}: open the app at its own address`,
    );
  // The raw path as sent (request.nextUrl holds it still encoded).
  if (!decodes(request.nextUrl.pathname))
    return refusal(400, 'MALFORMED_URL', 'the address has a broken percent-encoding (a % not followed by UTF-8 bytes)');
  return NextResponse.next();
}
