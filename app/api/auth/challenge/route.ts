import { getHost } from '../../../../server';
import { createChallenge, parseChallengeRequest } from '../../../../server/auth';
import { jsonBody, respond } from '../../../../server/http/respond';
import { rateLimited } from '../../../../server/http/rate-limit';

export const runtime = 'nodejs';

/**
 * A one-time sign-in message for `{ address }` → `{ nonce, message, payload }` (payload: the hex bytes to sign). Each is
 * a stored nonce: 429 past the client's rate of sign-in requests.
 */
export async function POST(request: Request): Promise<Response> {
  return rateLimited(request, 'signIn', () =>
    respond(async () =>
      createChallenge((await getHost()).store.sql, parseChallengeRequest(await jsonBody(request)).address, new Date()),
    ),
  );
}
