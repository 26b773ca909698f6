import { getHost } from '../../../../../server';
import { idParam, respond, type IdParams } from '../../../../../server/http/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The record `{game, version, config, seed, actions}` of a finished game, replayable anywhere; 409 GAME_NOT_OVER before. */
export async function GET(_request: Request, route: IdParams): Promise<Response> {
  return respond(async () => (await getHost()).records.publishedRecord(await idParam(route)));
}
