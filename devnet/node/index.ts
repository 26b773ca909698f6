/**
 * The devnet node: a local Tezos chain (protocol Ushuaia) serving the RPC Taquito uses, baking on
 * injection or every N seconds, persisted under `.data/devnet/` unless ephemeral.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { bootstrapAccounts, type BootstrapAccount } from './accounts';
import { Chain, type Block } from './local-chain';
import type { ChainView } from './chain-view';
import { CorsPolicy } from './cors';
import { HostPolicy, MISDIRECTED_ERRORS } from './host-names';
import { LaggedView } from './lagged-view';
import { rpcHandler, type RouteHandler } from './rpc';
import { fromJson, toJson, type State } from './state';

export { bootstrapAccount, bootstrapAccounts, BOOTSTRAP_BALANCE } from './accounts';
export type { BootstrapAccount } from './accounts';
export { Chain, DEVNET_CHAIN_ID } from './local-chain';
export type { RouteHandler } from './rpc';
export { PROTOCOL } from './errors';
export { CORS_ORIGINS_VAR, corsOriginsFrom, DEFAULT_CORS_ORIGINS, loopbackOrigins } from './cors';
export { HOST_NAMES_VAR, hostNamesFrom, isLoopbackAddress, LOOPBACK_HOST_NAMES } from './host-names';
export { minimalFeeMutez } from './local-chain';
export { DEVNET_PROFILES, devnetProfile, PROFILE_VAR, profileText } from './profile';
export type { DevnetProfile, DevnetProfileName } from './profile';

export interface DevnetOptions {
  /** TCP port on 127.0.0.1; 0 (the default) picks a free one. */
  readonly port?: number;
  /** Seconds between blocks; 0 (the default) bakes a block for each injected operation. */
  readonly blockTime?: number;
  /** Where the chain is saved (default `.data/devnet`); ignored when `ephemeral`. */
  readonly dataDir?: string;
  /** Keep the chain in memory only. */
  readonly ephemeral?: boolean;
  /** Number of bootstrap accounts of a new chain (default 10). */
  readonly accounts?: number;
  /**
   * The TzKT-compatible API: given the chain, a handler for requests under `/tzkt` (it sees the
   * full URL, e.g. `/tzkt/v1/head`), optionally taking WebSocket upgrades (TzKT's real-time hub) and closing them on
   * stop. The indexer (devnet/indexer) provides it.
   */
  readonly tzkt?: (chain: ChainView) => TzktRoutes;
  /**
   * Seconds the TzKT API trails the node (default 0): it answers as of the last block baked at least that long ago,
   * as real TzKT trails a public node by a second or two (lagged-view.ts).
   */
  readonly indexerLag?: number;
  /**
   * The web pages (origins, `*` for any) that may call the RPC from a browser; default DEFAULT_CORS_ORIGINS, the app
   * `npm start` serves. A request from another page is refused (cors.ts).
   */
  readonly corsOrigins?: readonly string[];
  /**
   * Host names it answers besides localhost, 127.0.0.1 and [::1] (any port): a request or WebSocket naming another
   * gets 421, so a page on a name rebound to this machine (DNS rebinding) reads nothing (host-names.ts).
   */
  readonly hostNames?: readonly string[];
}

/** What the `tzkt` option returns: REST routes, and the hub's WebSocket upgrades if it serves one. */
export type TzktRoutes = RouteHandler & {
  /** Takes a WebSocket upgrade (true), or leaves it to the node, which refuses it (false). */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): boolean;
  close?(): void;
};

export interface Devnet {
  readonly rpcUrl: string;
  readonly tzktUrl: string;
  readonly accounts: readonly BootstrapAccount[];
  readonly chain: Chain;
  /** Lets one more page call the RPC from a browser (an app started after the devnet, on a port picked then). */
  allowOrigin(origin: string): void;
  stop(): Promise<void>;
}

/** The 421 a WebSocket upgrade naming another host gets, as rpc.ts answers a request (host-names.ts). */
const MISDIRECTED_BODY = JSON.stringify(MISDIRECTED_ERRORS);
const MISDIRECTED_UPGRADE =
  'HTTP/1.1 421 Misdirected Request\r\ncontent-type: application/json\r\n' +
  `content-length: ${Buffer.byteLength(MISDIRECTED_BODY)}\r\nconnection: close\r\n\r\n${MISDIRECTED_BODY}`;

const STATE_FILE = 'chain.json';
const BLOCKS_FILE = 'blocks.jsonl';

/**
 * Saved as `chain.json` (the context and the number of blocks, rewritten after each block) and
 * `blocks.jsonl` (one block per line, appended), so a block costs the context's size, not the chain's.
 */
function persisted(dataDir: string, accounts: readonly BootstrapAccount[]): Chain {
  const stateFile = join(dataDir, STATE_FILE);
  const blocksFile = join(dataDir, BLOCKS_FILE);
  mkdirSync(dataDir, { recursive: true });
  let chain: Chain;
  if (existsSync(stateFile)) {
    const saved = fromJson<{ chainId: string; state: State; blockCount: number }>(readFileSync(stateFile, 'utf8'));
    // Lines past blockCount belong to a block whose context was never saved (a crash between the writes).
    const lines = readFileSync(blocksFile, 'utf8').split('\n').slice(0, saved.blockCount);
    chain = new Chain({
      snapshot: { chainId: saved.chainId, state: saved.state, blocks: lines.map((l) => fromJson<Block>(l)) },
    });
    writeFileSync(blocksFile, lines.map((l) => l + '\n').join(''));
  } else {
    chain = new Chain({ accounts });
    writeFileSync(blocksFile, chain.blocks.map((b) => toJson(b) + '\n').join(''));
  }
  let saved = chain.blocks.length;
  const save = (c: Chain): void => {
    if (c.blocks.length > saved)
      appendFileSync(
        blocksFile,
        c.blocks
          .slice(saved)
          .map((b) => toJson(b) + '\n')
          .join(''),
      );
    saved = c.blocks.length;
    writeFileSync(stateFile + '.tmp', toJson({ chainId: c.chainId, state: c.state, blockCount: saved }));
    renameSync(stateFile + '.tmp', stateFile);
  };
  chain.onBaked = save;
  save(chain);
  return chain;
}

export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const blockTime = options.blockTime ?? 0;
  const lag = options.indexerLag ?? 0;
  if (!(lag >= 0 && Number.isFinite(lag)))
    throw new RangeError(`indexerLag must be a number of seconds ≥ 0, not ${lag}`);
  const accounts = bootstrapAccounts(options.accounts ?? 10);
  const chain = options.ephemeral
    ? new Chain({ accounts })
    : persisted(options.dataDir ?? join('.data', 'devnet'), accounts);
  const cors = new CorsPolicy(options.corsOrigins);
  const lagged = lag > 0 && options.tzkt ? new LaggedView(chain, lag) : undefined;
  const tzkt = options.tzkt?.(lagged ?? chain);
  const hostNames = options.hostNames ?? [];
  const hosts = new HostPolicy(hostNames);
  const server = createServer(
    rpcHandler(chain, { blockTime, cors, accounts, hostNames, ...(tzkt ? { extraRoutes: tzkt } : {}) }),
  );
  server.keepAliveTimeout = 1000;
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A WebSocket passes the checks a request does: its Host, then its page's origin (browsers do not preflight it).
    const origin = req.headers.origin;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!hosts.admits(req.headers.host, req.socket.remoteAddress)) socket.end(MISDIRECTED_UPGRADE);
    else if (origin !== undefined && !cors.allows(origin))
      socket.end('HTTP/1.1 403 Forbidden\r\nx-devnet-cors-error: invalid origin\r\nconnection: close\r\n\r\n');
    else if (!tzkt?.upgrade?.(req, socket, head, url))
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const timer = blockTime > 0 ? setInterval(() => chain.bake(), blockTime * 1000) : undefined;
  const { port } = server.address() as AddressInfo;
  const rpcUrl = `http://127.0.0.1:${port}`;
  return {
    rpcUrl,
    tzktUrl: `${rpcUrl}/tzkt`,
    accounts,
    chain,
    allowOrigin: (origin) => cors.allow(origin),
    stop: () =>
      new Promise<void>((resolve) => {
        if (timer) clearInterval(timer);
        lagged?.close();
        tzkt?.close?.();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
