import { getHost } from '../../../../server';
import { idParam, respond, seatQuery, type IdParams } from '../../../../server/http/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** One seat's snapshot of a game (`?token=&seat=`; no token: a spectator's). */
export async function GET(request: Request, route: IdParams): Promise<Response> {
  return respond(async () => {
    const { token, seat } = seatQuery(request);
    return (await getHost()).snapshot(await idParam(route), token, seat);
  });
}
