import { getHost, resumeAfter, resumeChatAfter, sseStream } from '../../../../../server';
import { UNKNOWN_CLIENT } from '../../../../../server/limits';
import { seatContext } from '../../../../../server/http/browser-id';
import { idParam, refusalResponse, seatQuery, type IdParams } from '../../../../../server/http/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Server-Sent Events for one seat: an `update` per applied action, `id` = seq (`seq.n` once chat entries came:
 * `event: chat`; `?chatAfter=` resumes the chat after entry n). `Last-Event-ID` (sent by EventSource
 * when it reconnects) or `?after=` resumes without a gap; from before the game's newest stored snapshot, a `snapshot`
 * event comes first and the updates after it. Live streams are capped per game and per client (429
 * GAME_STREAM_LIMIT | CLIENT_STREAM_LIMIT). A finished game's stream ends after its backlog, and one with nothing
 * left to send answers 204, which tells EventSource to stop reconnecting.
 */
export async function GET(request: Request, route: IdParams): Promise<Response> {
  try {
    const { token, seat } = seatQuery(request);
    const query = new URL(request.url).searchParams;
    const after = resumeAfter(request.headers.get('last-event-id'), query.get('after'));
    // An online game's chat comes on the same stream (`event: chat`); ids are then `seq.n`, which resume both.
    const chatAfter = resumeChatAfter(request.headers.get('last-event-id'), query.get('chatAfter'));
    const who = await seatContext(request);
    // Without a known address every request is one client: a shared cap would be a cap on all viewers together.
    const client = who.client === UNKNOWN_CLIENT ? null : who.client;
    const subscription = await (
      await getHost()
    ).views.subscribe(await idParam(route), token, seat, after, { ...who, client }, chatAfter);
    if (subscription.drained) {
      subscription.close();
      return new Response(null, { status: 204 });
    }
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
