import { getHost } from '../../../../../server';
import { idParam, respond, type IdParams } from '../../../_lib/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The game record `{game, version, config, seed, actions}`, replayable anywhere. */
export async function GET(_request: Request, route: IdParams): Promise<Response> {
  return respond(async () => (await getHost()).record(await idParam(route)));
}
