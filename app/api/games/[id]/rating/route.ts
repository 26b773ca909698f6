import { getHost } from '../../../../../server';
import { idParam, respond, type IdParams } from '../../../../../server/http/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * How a finished game was rated (each rated person's place and rating before and after), or why it was not →
 * GameRatingResponse. 409 GAME_NOT_OVER while it runs, 404 UNKNOWN_GAME.
 */
export async function GET(_request: Request, route: IdParams): Promise<Response> {
  return respond(async () => (await getHost()).ratings.ofGame(await idParam(route)));
}
