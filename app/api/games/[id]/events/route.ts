import { getHost, resumeAfter, sseStream } from '../../../../../server';
import { idParam, refusalResponse, seatQuery, type IdParams } from '../../../_lib/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Server-Sent Events for one seat: an `update` per applied action, `id` = seq. `Last-Event-ID` (sent by EventSource
 * when it reconnects) or `?after=` resumes without a gap.
 */
export async function GET(request: Request, route: IdParams): Promise<Response> {
  try {
    const { token, seat } = seatQuery(request);
    const after = resumeAfter(request.headers.get('last-event-id'), new URL(request.url).searchParams.get('after'));
    const subscription = await (await getHost()).subscribe(await idParam(route), token, seat, after);
    request.signal.addEventListener('abort', () => subscription.close());
    return new Response(sseStream(subscription), {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      },
    });
  } catch (err) {
    return refusalResponse(err);
  }
}
