/**
 * `/ipfs/<cid>` for browsers, wallets and indexers: a path-style IPFS gateway over the app's own node. It verifies
 * what it serves — the bytes are hashed again against the CID, so a damaged or altered blockstore answers 502, never
 * other bytes under the CID's name — and serves them as immutable. Content this node does not hold (a work featured
 * from another minter's token) is sent on to a public gateway when one is configured.
 */
import { CID } from 'multiformats/cid';
import { isContentOf } from '../../chain/ipfs/content';
import { sniffImageType } from '../../chain/studio/image';
import { ContentError } from '../errors';
import { refusalResponse } from '../http/respond';
import type { ContentNode } from './content-node';

export interface GatewayOptions {
  /** Where content this node does not hold is sent on to (e.g. `https://ipfs.io`); absent: 404. */
  readonly fallback?: string | null;
}

/** The MIME type of content, from its first bytes (an IPFS file carries none of its own): an image, JSON, or bytes. */
export function sniffMimeType(bytes: Uint8Array): string {
  const image = sniffImageType(bytes);
  if (image) return image;
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (typeof value === 'object' && value !== null) return 'application/json';
  } catch {
    // not JSON
  }
  return 'application/octet-stream';
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The gateway's answer to `GET`/`HEAD /ipfs/<cidText>`. */
export async function gatewayResponse(
  node: ContentNode,
  cidText: string,
  request: Request,
  options: GatewayOptions = {},
): Promise<Response> {
  try {
    let cid: CID;
    try {
      cid = CID.parse(cidText);
    } catch {
      throw new ContentError('BAD_CID', `"${cidText.slice(0, 100)}" is not a CID`);
    }
    const etag = `"${cid.toString()}"`;
    const bytes = await node.get(cid);
    if (bytes === null) {
      if (options.fallback)
        return Response.redirect(`${options.fallback.replace(/\/+$/, '')}/ipfs/${cid.toString()}`, 302);
      throw new ContentError('CONTENT_NOT_HELD', `this app's IPFS node does not hold ${cid.toString()}`);
    }
    if (!(await isContentOf(cid, bytes)))
      throw new ContentError('CONTENT_CORRUPT', `the bytes held for ${cid.toString()} do not hash to it`);
    const headers = {
      'content-type': sniffMimeType(bytes),
      'cache-control': IMMUTABLE,
      etag,
      'x-ipfs-path': `/ipfs/${cid.toString()}`,
      'x-content-type-options': 'nosniff',
      // Content is anyone's to load (wallets, indexers, other sites' pages); an SVG opened directly runs nothing.
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'content-security-policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    };
    if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
    return new Response(request.method === 'HEAD' ? null : Buffer.from(bytes), {
      headers: { ...headers, 'content-length': String(bytes.length) },
    });
  } catch (err) {
    return refusalResponse(err);
  }
}
