import { requireAddress } from '../../../../../../server/auth';
import { labStreamResponse, runBoardLab } from '../../../../../../server/studio';
import { rateLimited } from '../../../../../../server/http/rate-limit';
import { idParam, optionalJsonBody, type IdParams } from '../../../../../../server/http/respond';
import { studioSql } from '../../../../../../server/http/studio-requests';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Runs the balance lab on the signed-in owner's board (`{ games? }`, capped at 5,000): its progress and then its
 * report as NDJSON lines (server/studio/lab-stream.ts); a refusal (401, 403, 404, 409 LAB_RUNNING, 422) is a plain
 * JSON answer. A few CPU seconds each, so within the client's and wallet's rate of labs (429 RATE_LIMITED).
 */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  return rateLimited(request, 'lab', () =>
    labStreamResponse(async (onProgress) => {
      const owner = await requireAddress(request);
      return runBoardLab(await studioSql(), owner, await idParam(route), await optionalJsonBody(request), onProgress);
    }),
  );
}
