import { networkFromEnv } from '../../../../chain';
import { requireAddress } from '../../../../server/auth';
import { createPiece, listPieces, pageRequest } from '../../../../server/studio';
import { BODY_LIMITS, jsonBody, respond } from '../../../../server/http/respond';
import { rateLimited } from '../../../../server/http/rate-limit';
import { addressParam, studioSql } from '../../../../server/http/studio-requests';
import { getContentNode } from '../../../../server/ipfs';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * A page of featured pieces, newest first: `?artist=tz1…`'s, every artist's with `?scope=all`, else the signed-in
 * artist's (401 signed out) → `{ pieces, next }`; `?limit=` (at most 48) and `?after=<next>` read on.
 */
export async function GET(request: Request): Promise<Response> {
  return respond(async () => {
    const url = new URL(request.url);
    const page = pageRequest(url);
    const all = url.searchParams.get('scope') === 'all';
    const artist = all ? undefined : (addressParam(request, 'artist') ?? (await requireAddress(request)));
    const { items, next } = await listPieces(await studioSql(), artist, page);
    return { pieces: items, next };
  });
}

/**
 * Features a piece for the signed-in artist (401 signed out, 422 naming bad fields or a bad image); one featured from
 * a token needs the signed-in wallet to be among its creators on the configured network's indexer (403 otherwise).
 */
export async function POST(request: Request): Promise<Response> {
  return rateLimited(request, 'studio', () =>
    respond(
      async () =>
        createPiece(await studioSql(), await requireAddress(request), await jsonBody(request, BODY_LIMITS.piece), {
          tzktUrl: () => networkFromEnv(process.env).tzktUrl,
          content: getContentNode,
        }),
      201,
    ),
  );
}
