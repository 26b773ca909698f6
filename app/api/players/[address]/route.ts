import { getHost } from '../../../../server';
import { respond } from '../../../../server/http/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ address: string }> };

/** A player's profile: their name, their rating and place in each game, their newest rated games → PlayerProfile. 400 BAD_PLAYER_ADDRESS. */
export async function GET(_request: Request, { params }: Params): Promise<Response> {
  return respond(async () => (await getHost()).ratings.profile((await params).address));
}
