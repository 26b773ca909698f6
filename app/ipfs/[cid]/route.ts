import { gatewayResponse, getContentNode, ipfsSettingsFromEnv } from '../../../server/ipfs';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A path-style IPFS gateway over the app's own node (server/ipfs/gateway.ts): what its tokens point to. */
async function answer(request: Request, { params }: { params: Promise<{ cid: string }> }): Promise<Response> {
  const { cid } = await params;
  return gatewayResponse(await getContentNode(), cid, request, {
    fallback: ipfsSettingsFromEnv(process.env).fallbackGateway,
  });
}

export const GET = answer;
export const HEAD = answer;
