/**
 * An artist uploads a work's image (POST /api/studio/images), as the studio page sends it: the file itself, signed
 * in. What is kept is on the app's IPFS node, served back by /ipfs/<cid> byte for byte; a refused file leaves nothing.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../devnet/node';
import { isContentOf, smallContentCid } from '../../chain/ipfs/content';
import { CID } from 'multiformats/cid';
import type { UploadedImage } from '../../server/studio/uploads';
import { POST as upload } from '../../app/api/studio/images/route';
import { GET as gateway } from '../../app/ipfs/[cid]/route';
import { answer, insertSession, request, useMemoryHost } from './helpers';

const ADA = bootstrapAccount(3).address;
const TOKEN = 'ada-upload-session';

useMemoryHost({ IPFS_FALLBACK_GATEWAY: 'none' }, () => insertSession(TOKEN, ADA));

const post = (body: Uint8Array | string, contentType: string, signedIn = true, headers: Record<string, string> = {}) =>
  answer<UploadedImage>(
    upload(
      request('/api/studio/images', {
        body,
        headers: { 'content-type': contentType, ...headers },
        cookie: signedIn ? `tp_session=${TOKEN}` : null,
      }),
    ),
  );

/** What /ipfs/<cid> answers for an ipfs:// URI. */
const fetched = async (uri: string) => {
  const cid = uri.slice('ipfs://'.length);
  return gateway(request(`/ipfs/${cid}`), { params: Promise.resolve({ cid }) });
};

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .toBuffer();

describe('uploading a work’s image', () => {
  it('keeps the file and its display and thumbnail renditions on IPFS, served back by CID byte for byte', async () => {
    const file = new Uint8Array(await photo(1600, 1200));
    const { status, body } = await post(file, 'image/png');
    expect(status).toBe(201);
    expect(body.artifact).toMatchObject({ mimeType: 'image/png', width: 1600, height: 1200, fileSize: file.length });
    expect(body.display).toMatchObject({ mimeType: 'image/webp', width: 1024, height: 768 });
    expect(body.thumbnail).toMatchObject({ mimeType: 'image/webp', width: 350, height: 263 });
    for (const rendition of [body.artifact, body.display, body.thumbnail]) {
      expect(rendition.uri).toMatch(/^ipfs:\/\/baf/);
      const served = await fetched(rendition.uri);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(rendition.mimeType);
      const bytes = new Uint8Array(await served.arrayBuffer());
      expect(bytes.length).toBe(rendition.fileSize);
      expect(await isContentOf(CID.parse(rendition.uri.slice('ipfs://'.length)), bytes)).toBe(true);
    }
    expect(Buffer.from(await (await fetched(body.artifact.uri)).arrayBuffer()).equals(Buffer.from(file))).toBe(true);
  });

  it('refuses each bad file with a coded 400 and keeps nothing of it', async () => {
    const truncated = new Uint8Array(await photo(300, 300)).slice(0, 200);
    const bad: [Uint8Array | string, string, string][] = [
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml', 'IMAGE_TYPE'],
      ['%PDF-1.7\n…', 'application/octet-stream', 'IMAGE_TYPE'],
      [truncated, 'image/png', 'IMAGE_CORRUPT'],
      [new Uint8Array(await photo(8, 8)), 'image/png', 'IMAGE_DIMENSIONS'],
    ];
    for (const [file, type, code] of bad) {
      const { status, body } = await post(file, type);
      expect([status, body.error], code).toEqual([400, code]);
      const bytes = typeof file === 'string' ? new TextEncoder().encode(file) : file;
      const cid = smallContentCid(bytes).toString();
      expect((await answer(await fetched(`ipfs://${cid}`))).body.error).toBe('CONTENT_NOT_HELD');
    }
  });

  it('takes uploads only from a signed-in artist, as a file, from this site, of at most 10 MiB', async () => {
    const file = new Uint8Array(await photo(64, 64));
    expect((await post(file, 'image/png', false)).body.error).toBe('SIGN_IN_REQUIRED');
    expect(await post(file, 'text/plain').then((a) => [a.status, a.body.error])).toEqual([415, 'UPLOAD_TYPE_REQUIRED']);
    expect(
      await post(file, 'image/png', true, { 'sec-fetch-site': 'cross-site' }).then((a) => [a.status, a.body.error]),
    ).toEqual([403, 'CROSS_SITE_REQUEST']);
    const huge = new Uint8Array(10 * 1024 * 1024 + 1);
    expect(await post(huge, 'image/png').then((a) => [a.status, a.body.error])).toEqual([413, 'BODY_TOO_LARGE']);
  });
});
