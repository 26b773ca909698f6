import { getHost } from '../../../../server';
import {
  clearedSessionCookie,
  endSession,
  parseSignInRequest,
  sessionAddress,
  sessionCookie,
  sessionToken,
  verifySignIn,
} from '../../../../server/auth';
import { browserId } from '../../../../server/http/browser-id';
import { jsonBody, refuseCrossSite, respond } from '../../../../server/http/respond';
import { respondWithCookie } from '../../../../server/http/respond-with-cookie';
import { rateLimited } from '../../../../server/http/rate-limit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Who is signed in: `{ address }`, null when nobody. */
export async function GET(request: Request): Promise<Response> {
  return respond(async () => ({ address: await sessionAddress(request) }));
}

/**
 * Signs in with a signed challenge `{ nonce, address, publicKey, signature }`: sets the `tp_session` cookie → `{ address }`;
 * the wallet holds this browser's seats from now on.
 */
export async function POST(request: Request): Promise<Response> {
  // A signature to check each time: counted with the challenges.
  return rateLimited(request, 'signIn', () =>
    respondWithCookie(async () => {
      const host = await getHost();
      const session = await verifySignIn(host.store.sql, parseSignInRequest(await jsonBody(request)), new Date());
      // The seats this browser opened before signing in are the wallet's too, on any device.
      await host.seats.adopt(browserId(request), session.address);
      return { body: { address: session.address }, cookie: sessionCookie(request, session.token) };
    }),
  );
}

/** Signs out: the session ends and its cookie is cleared → `{ address: null }`. */
export async function DELETE(request: Request): Promise<Response> {
  return respondWithCookie(async () => {
    refuseCrossSite(request);
    const token = sessionToken(request);
    if (token !== null) await endSession((await getHost()).store.sql, token);
    return { body: { address: null }, cookie: clearedSessionCookie(request) };
  });
}
