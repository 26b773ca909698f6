import { getHost } from '../../../../../server';
import { jsonBody, respond, type IdParams } from '../../../_lib/respond';

export const runtime = 'nodejs';

/** A seat acts: 200 with the new seq, 409 stale, 422 refused by the rules, 400 malformed, 403 not this token's seat. */
export async function POST(request: Request, { params }: IdParams): Promise<Response> {
  return respond(async () => (await getHost()).act((await params).id, await jsonBody(request)));
}
