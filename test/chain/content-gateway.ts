/**
 * The app's IPFS node and its `/ipfs/<cid>` gateway on loopback, for the chain suites: what a game's tokens point
 * to is held there, and the devnet's TzKT API reads their off-chain metadata through it, as TzKT does on Shadownet.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gatewayResponse, openHeliaNode, type ContentNode } from '../../server/ipfs';

export interface ContentGateway {
  readonly node: ContentNode;
  /** The gateway's base URL (`${url}/ipfs/<cid>`). */
  readonly url: string;
  /** Puts content on the node (what `planContent` lists), as the server does before creating a game's tokens. */
  hold(content: readonly { readonly bytes: Uint8Array }[]): Promise<void>;
  close(): Promise<void>;
}

export async function startContentGateway(): Promise<ContentGateway> {
  const node = await openHeliaNode();
  const server: Server = createServer((req, res) => {
    const match = /^\/ipfs\/([^/?#]+)/.exec(req.url ?? '');
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    const request = new Request(`http://gateway${req.url ?? ''}`, { method: req.method ?? 'GET' });
    void gatewayResponse(node, match[1]!, request).then(async (answer) => {
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    node,
    url: `http://127.0.0.1:${port}`,
    async hold(content) {
      for (const c of content) await node.add(c.bytes);
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await node.close();
    },
  };
}
