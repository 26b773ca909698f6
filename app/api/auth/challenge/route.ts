import { getHost } from '../../../../server';
import { createChallenge, parseChallengeRequest } from '../../../../server/auth';
import { jsonBody, respond } from '../../../../server/http/respond';

export const runtime = 'nodejs';

/** A one-time sign-in message for `{ address }` → `{ nonce, message, payload }` (payload: the hex bytes to sign). */
export async function POST(request: Request): Promise<Response> {
  return respond(async () =>
    createChallenge((await getHost()).store.sql, parseChallengeRequest(await jsonBody(request)).address, new Date()),
  );
}
