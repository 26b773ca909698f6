import { getHost } from '../../../../server';
import { seatContext } from '../../../../server/http/browser-id';
import { idParam, respond, seatQuery, type IdParams } from '../../../../server/http/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** One seat's snapshot of a game (`?seat=`; the seat this browser or wallet holds, else a spectator's; `?token=` still read). */
export async function GET(request: Request, route: IdParams): Promise<Response> {
  return respond(async () => {
    const { token, seat } = seatQuery(request);
    return (await getHost()).views.snapshot(await idParam(route), token, seat, await seatContext(request));
  });
}
