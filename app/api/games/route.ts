import { getHost } from '../../../server';
import { rateLimited } from '../../../server/http/rate-limit';
import { jsonBody, respond } from '../../../server/http/respond';

export const runtime = 'nodejs';

/**
 * Creates a game (server/protocol.ts: CreateGameRequest → 201 CreateGameResponse), within the client's and the
 * wallet's rate (429 RATE_LIMITED). An on-chain game needs a signed-in wallet (401), within its limits (429) and the
 * bank's balance (503 BANK_LOW).
 */
export async function POST(request: Request): Promise<Response> {
  return rateLimited(request, 'create', (who) =>
    respond(async () => (await getHost()).create(await jsonBody(request), who), 201),
  );
}
