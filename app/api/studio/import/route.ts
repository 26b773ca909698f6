import { networkFromEnv } from '../../../../chain';
import { readFa2Token } from '../../../../server/studio';
import { jsonBody, respond } from '../../../../server/http/respond';
import { rateLimited } from '../../../../server/http/rate-limit';
import { importRequest } from '../../../../server/http/studio-requests';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** An FA2 token's metadata from the configured network's TzKT API, to prefill the piece form. */
export async function POST(request: Request): Promise<Response> {
  // Each import asks the indexer (and an IPFS gateway) on the client's behalf: counted as a studio write.
  return rateLimited(request, 'studio', () =>
    respond(async () => {
      const { contract, tokenId } = importRequest(await jsonBody(request));
      return readFa2Token(networkFromEnv(process.env).tzktUrl, contract, tokenId);
    }),
  );
}
