import { getHost } from '../../../../server';
import { requester } from '../../../../server/http/rate-limit';
import { queryParams, respond } from '../../../../server/http/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ game: string }> };

/**
 * A page of a game's leaderboard, best first: `?page=` (from 1), `?size=` (at most 100), `?all=true` (every rated
 * player, not only those with enough rated games) → LeaderboardResponse, with the signed-in player's own row in `you`.
 * 404 UNKNOWN_BOARD, 400 BAD_PAGE.
 */
export async function GET(request: Request, { params }: Params): Promise<Response> {
  return respond(async () => {
    const { game } = await params;
    return (await getHost()).ratings.board(game, queryParams(request), await requester(request));
  });
}
