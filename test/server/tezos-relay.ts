/**
 * A switchable HTTP relay between a server under test and the devnet (node RPC and its TzKT API), so a test can take
 * "Tezos" down, make an injection's inclusion go unseen, hold back one kind of operation, or see each request first — with real Taquito and
 * the real TzKT client on the other side, nothing mocked.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TezosRelay {
  /** The relay's base URL: the RPC at its root, the TzKT API under `/tzkt`. */
  readonly url: string;
  /** While true every connection is dropped: the node and the indexer are unreachable. */
  down: boolean;
  /** When set, the relay goes down right after passing on the next injected operation (its inclusion goes unseen). */
  downAfterInjection: boolean;
  /** The hash of the operation injected just before `downAfterInjection` took the relay down. */
  injected: string | null;
  /** Requests whose body contains this text are dropped (e.g. `close_game`, to hold back closing a game). */
  blockBodyWith: string | null;
  /** Awaited before each request is passed on (e.g. to count injections, or to change the chain just before one). */
  beforeForward: ((path: string, body: Buffer) => void | Promise<void>) | null;
  close(): Promise<void>;
}

/** A relay on a free loopback port in front of `targetUrl`. */
export async function startTezosRelay(targetUrl: string): Promise<TezosRelay> {
  const target = new URL(targetUrl);
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (relay.down || (relay.blockBodyWith !== null && body.includes(relay.blockBodyWith))) {
      req.socket.destroy();
      return;
    }
    await relay.beforeForward?.(req.url ?? '', body);
    const injecting = relay.downAfterInjection && req.url?.startsWith('/injection/operation');
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (injecting) {
          let text = '';
          answer.on('data', (chunk) => (text += chunk));
          answer.on('end', () => {
            relay.injected = JSON.parse(text) as string;
            relay.downAfterInjection = false;
            relay.down = true;
          });
        }
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relay: TezosRelay = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    down: false,
    downAfterInjection: false,
    injected: null,
    blockBodyWith: null,
    beforeForward: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return relay;
}
