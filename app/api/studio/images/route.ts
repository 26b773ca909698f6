import { requireAddress } from '../../../../server/auth';
import { BODY_LIMITS, respond, uploadBody } from '../../../../server/http/respond';
import { rateLimited } from '../../../../server/http/rate-limit';
import { getContentNode } from '../../../../server/ipfs';
import { uploadImage } from '../../../../server/studio/uploads';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Uploads a work's image for the signed-in artist (401 signed out): the file itself as the body (`image/…`), at most
 * 10 MiB, PNG, JPEG, WebP or GIF by its bytes (400 naming what is wrong otherwise). Answers 201 with the file's and
 * its display and thumbnail renditions' `ipfs://` URIs, types, sizes and dimensions, all held by the app's IPFS node.
 */
export async function POST(request: Request): Promise<Response> {
  return rateLimited(request, 'upload', () =>
    respond(async () => {
      await requireAddress(request);
      return uploadImage(await getContentNode(), await uploadBody(request, BODY_LIMITS.image));
    }, 201),
  );
}
