import { getHost } from '../../../../../server';
import { rateLimited } from '../../../../../server/http/rate-limit';
import { jsonBody, respond } from '../../../../../server/http/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * The signed-in player chooses their name: body `{ name }` → their PlayerProfile as it is now. Counted with the
 * sign-ins (a person names themselves now and then); the desk's own rule allows one change a week. 401
 * SIGN_IN_REQUIRED; 400 NAME_EMPTY | NAME_TOO_LONG | NAME_HIDDEN_CHARACTER | MALFORMED_REQUEST; 409 NAME_TAKEN; 429
 * NAME_CHANGED_RECENTLY | RATE_LIMITED; 403 CROSS_SITE_REQUEST, 415 JSON_REQUIRED.
 */
export async function PUT(request: Request): Promise<Response> {
  return rateLimited(request, 'signIn', (who) =>
    respond(async () => (await getHost()).ratings.rename(await jsonBody(request), who)),
  );
}
