import { getHost } from '../../../server';
import { respond } from '../../../server/http/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The lobby: `{ games }`, the public games still running with a free human seat, newest first. */
export async function GET(): Promise<Response> {
  return respond(async () => ({ games: await (await getHost()).tables.lobby() }));
}
