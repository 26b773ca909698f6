import { getHost } from '../../../server';
import { jsonBody, respond } from '../_lib/respond';

export const runtime = 'nodejs';

/** Creates a game (server/protocol.ts: CreateGameRequest → 201 CreateGameResponse). */
export async function POST(request: Request): Promise<Response> {
  return respond(async () => (await getHost()).create(await jsonBody(request)), 201);
}
