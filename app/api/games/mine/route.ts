import { getHost } from '../../../../server';
import { seatContext } from '../../../../server/http/browser-id';
import { respond } from '../../../../server/http/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** "My games": every game this browser or the signed-in wallet holds a seat in, "your turn" first. */
export async function GET(request: Request): Promise<Response> {
  return respond(async () => (await getHost()).records.myGames(await seatContext(request)));
}
