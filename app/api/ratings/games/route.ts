import { getHost } from '../../../../server';
import { queryParams, respond } from '../../../../server/http/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * The published list of rated games, in the order their ratings were applied (`npm run verify -- ratings` recomputes
 * every rating from it): `?after=` (the previous page's `next`), `?limit=` (at most 500) → RatedGamesResponse. 400
 * BAD_PAGE.
 */
export async function GET(request: Request): Promise<Response> {
  return respond(async () => (await getHost()).ratings.ratedGames(queryParams(request)));
}
