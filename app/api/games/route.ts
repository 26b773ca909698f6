import { getHost } from '../../../server';
import { BODY_LIMITS, jsonBody, respond } from '../_lib/respond';

export const runtime = 'nodejs';

/** Creates a game (server/protocol.ts: CreateGameRequest → 201 CreateGameResponse). */
export async function POST(request: Request): Promise<Response> {
  return respond(async () => (await getHost()).create(await jsonBody(request, BODY_LIMITS.game)), 201);
}
