/**
 * TzKT API v1 routes over a `TzktIndex`, mounted by the node under `/tzkt`:
 *   GET /tzkt/v1/head
 *   GET /tzkt/v1/accounts/{address}
 *   GET /tzkt/v1/contracts/{address}            (204 when the address holds no contract)
 *   GET /tzkt/v1/contracts/{address}/storage    (`?path=a.b` picks a field, `?level=n` a past
 *                                               storage among those seen while indexing live)
 *   GET /tzkt/v1/contracts/{address}/bigmaps/{name}/keys  (a big_map by its storage path, e.g. `minters`)
 *   GET /tzkt/v1/bigmaps/{id}/keys              (`?micheline=Json|JsonString|Raw|RawString` or 0–3)
 *   GET /tzkt/v1/tokens[/count]
 *   GET /tzkt/v1/tokens/balances[/count]
 *   GET /tzkt/v1/tokens/transfers[/count]
 *   GET /tzkt/v1/operations/transactions[/count]
 *   GET /tzkt/v1/operations/originations[/count]
 *   GET /tzkt/v1/operations/{hash}              (the group's transactions and originations; [] if unknown)
 *   GET /tzkt/v1/blocks/{level|hash}            (`?operations=true` adds them; 204 for an unknown block)
 * Lists take TzKT's query language (see query.ts). Errors answer as TzKT does: 400 with
 * `{"code":400,"errors":{field: message}}`, 404 for unknown routes. With `tzktRoutesWith({ metadataGateway })`,
 * tokens whose `token_info` names off-chain metadata by URI show it once fetched (offchain-metadata.ts).
 *
 * The real-time API is TzKT's SignalR hub (hub.ts, signalr.ts):
 *   POST /tzkt/v1/ws/negotiate                  (then a WebSocket to /tzkt/v1/ws?id=…, the node's `upgrade`)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ChainView } from '../node/chain-view';
import { TzktHub } from './hub';
import { TzktIndex } from './indexer';
import { MetadataFetcher, type MetadataGateway } from './offchain-metadata';
import { SignalRServer } from './signalr';
import { collectParams, parseQuery, QueryError, runQuery, applyFilters, type Query, type Row } from './query';
import type { Json } from './schema';

const indexes = new WeakMap<ChainView, TzktIndex>();

/** The index of a chain, created (and kept in step with it) on first use. */
export function tzktIndex(view: ChainView): TzktIndex {
  let ix = indexes.get(view);
  if (!ix) {
    ix = new TzktIndex(view);
    indexes.set(view, ix);
  }
  return ix;
}

interface Answer {
  readonly status: number;
  readonly body?: Json;
}

const ADDRESS = /^(tz[1-4]|KT1|sr1)[1-9A-HJ-NP-Za-km-z]{33}$/;
const OP_HASH = /^o[1-9A-HJ-NP-Za-km-z]{50}$/;
const BLOCK_HASH = /^B[1-9A-HJ-NP-Za-km-z]{50}$/;

function badRequest(field: string, message: string): Answer {
  return { status: 400, body: { code: 400, errors: { [field]: message } } };
}

/** Route-specific field names TzKT accepts as shorthands. */
function operationPaths(path: string[]): string[] {
  if (path[0] === 'entrypoint') return ['parameter', 'entrypoint', ...path.slice(1)];
  if (path[0] === 'parameter' && path.length > 1) return ['parameter', 'value', ...path.slice(1)];
  return path;
}

function list(rows: readonly Row[], q: Query, count: boolean): Answer {
  return count ? { status: 200, body: applyFilters(rows, q).length } : { status: 200, body: runQuery(rows, q) };
}

function pickPath(v: Json | undefined, path: string | undefined): Json | undefined {
  if (!path) return v;
  let cur = v;
  for (const p of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = Array.isArray(cur) ? cur[Number(p)] : cur[p];
  }
  return cur;
}

const MICHELINE: Record<string, 'json' | 'jsonString' | 'raw' | 'rawString'> = {
  json: 'json',
  '0': 'json',
  jsonstring: 'jsonString',
  '1': 'jsonString',
  raw: 'raw',
  '2': 'raw',
  rawstring: 'rawString',
  '3': 'rawString',
};

/** A big_map's keys, filtered and paged as TzKT does, keys and values in the `micheline` format asked for. */
function bigMapKeys(ix: TzktIndex, ptr: bigint, params: Map<string, string>): Answer {
  const q = parseQuery(params, ['micheline']);
  const format = MICHELINE[(q.extra.get('micheline') ?? 'json').toLowerCase()];
  if (!format) return badRequest('micheline', 'Invalid micheline format.');
  return list(ix.bigMapKeyRows(ptr, format) ?? [], q, false);
}

/** Answers one `GET /v1/…` request (`route` without the `/tzkt` prefix). */
export function answerTzkt(ix: TzktIndex, route: string, search: URLSearchParams): Answer {
  const params = collectParams(search);
  const parts = route.split('/').filter((x) => x !== '');
  if (parts[0] !== 'v1') return { status: 404 };
  const [, a, b, c, d] = parts;
  try {
    if (a === 'head' && b === undefined) return { status: 200, body: ix.headRow() };
    if (a === 'accounts' && b !== undefined && c === undefined) {
      if (!ADDRESS.test(b)) return badRequest('address', 'Invalid address.');
      return { status: 200, body: ix.accountRow(b) };
    }
    if (a === 'contracts' && b !== undefined) {
      if (!ADDRESS.test(b)) return badRequest('address', 'Invalid address.');
      if (c === undefined) {
        const row = ix.contractRow(b);
        return row ? { status: 200, body: row } : { status: 204 };
      }
      if (c === 'storage' && d === undefined) {
        const lv = params.get('level');
        if (lv !== undefined && !/^\d+$/.test(lv)) return badRequest('level', 'The value is not a valid integer.');
        const s = ix.storageJson(b, lv === undefined ? undefined : Number(lv));
        if (s === undefined) return { status: 204 };
        const picked = pickPath(s, params.get('path'));
        return picked === undefined ? { status: 204 } : { status: 200, body: picked };
      }
    }
    if (
      a === 'contracts' &&
      b !== undefined &&
      c === 'bigmaps' &&
      d !== undefined &&
      parts[5] === 'keys' &&
      parts.length === 6
    ) {
      // TzKT names a contract's big_map by its path in the storage; an unknown name lists no keys.
      const ptr = ix.bigMapPtr(b, d);
      return ptr === undefined ? { status: 200, body: [] } : bigMapKeys(ix, ptr, params);
    }
    if (a === 'bigmaps' && b !== undefined && c === 'keys' && d === undefined) {
      if (!/^\d+$/.test(b)) return badRequest('id', 'Invalid big_map id.');
      return bigMapKeys(ix, BigInt(b), params);
    }
    const count = (a === 'tokens' && (b === 'count' || c === 'count')) || (a === 'operations' && c === 'count');
    if (a === 'tokens') {
      const sub = b === 'count' ? undefined : b;
      if ((count && (b === 'count' ? c : d) !== undefined) || (!count && c !== undefined)) return { status: 404 };
      const q = parseQuery(params);
      if (sub === undefined) return list(ix.tokenRows(), q, count);
      if (sub === 'balances') return list(ix.balanceRows(), q, count);
      if (sub === 'transfers') return list(ix.transferRows(), q, count);
    }
    if (a === 'blocks' && b !== undefined && c === undefined) {
      const ops = params.get('operations');
      if (ops !== undefined && !/^(true|false)$/i.test(ops))
        return badRequest('operations', `The value '${ops}' is not valid.`);
      const withOps = ops?.toLowerCase() === 'true';
      if (/^\d+$/.test(b)) {
        const row = ix.blockRow(Number(b), withOps);
        return row ? { status: 200, body: row } : { status: 204 };
      }
      if (!BLOCK_HASH.test(b)) return badRequest('hash', 'Invalid block hash.');
      const row = ix.blockRow(b, withOps);
      return row ? { status: 200, body: row } : { status: 204 };
    }
    if (a === 'operations' && b !== undefined && b !== 'transactions' && b !== 'originations' && c === undefined) {
      if (!OP_HASH.test(b)) return badRequest('hash', 'Invalid operation hash.');
      return { status: 200, body: ix.operationRows(b) };
    }
    if (a === 'operations' && (d === undefined || d === '') && (c === undefined || c === 'count')) {
      const q = parseQuery(params, [], operationPaths);
      if (b === 'transactions') return list(ix.transactionRows(), q, count);
      if (b === 'originations') return list(ix.originationRows(), q, count);
    }
    return { status: 404 };
  } catch (e) {
    if (e instanceof QueryError) return badRequest(e.field, e.message);
    throw e;
  }
}

/**
 * Serves a TzKT request if `path` (the request's path, optionally with its query) is under
 * `/tzkt/`; returns false otherwise so the caller can route it elsewhere. The index for `view`
 * is created on first use and stays subscribed to its blocks.
 */
export function handleTzkt(view: ChainView, req: IncomingMessage, res: ServerResponse, path: string): boolean {
  const reqUrl = req.url ?? '';
  const query = path.includes('?') || !reqUrl.includes('?') ? '' : reqUrl.slice(reqUrl.indexOf('?'));
  const url = new URL(path + query, 'http://local');
  if (!url.pathname.startsWith('/tzkt/') && url.pathname !== '/tzkt') return false;
  // CORS is the server's: the devnet node answers it for the pages it allows (devnet/node/cors.ts).
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { allow: 'GET, HEAD, OPTIONS' }).end();
    return true;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD, OPTIONS' }).end();
    return true;
  }
  let answer: Answer;
  try {
    answer = answerTzkt(tzktIndex(view), url.pathname.slice('/tzkt'.length), url.searchParams);
  } catch (e) {
    answer = { status: 500, body: { code: 500, message: (e as Error).message } };
  }
  if (answer.body === undefined) {
    res.writeHead(answer.status).end();
    return true;
  }
  const text = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(req.method === 'HEAD' ? undefined : text);
  return true;
}

/** Where TzKT serves its hub (Tzkt.Api/Program.cs `MapHub<DefaultHub>("/v1/ws")`), under the devnet's `/tzkt`. */
const HUB_PATH = '/tzkt/v1/ws';

/** The TzKT API as the node mounts it: its routes, plus the hub's WebSocket upgrades and a `close` for stopping. */
export interface TzktService {
  (req: IncomingMessage, res: ServerResponse, url: URL): boolean;
  /** Takes a WebSocket upgrade for the hub at `/tzkt/v1/ws`; false for any other path (the caller refuses it). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): boolean;
  /** Closes the hub's connections, telling clients they may reconnect. */
  close(): void;
}

/** What the devnet's TzKT API is given beyond the chain. */
export interface TzktOptions {
  /**
   * The IPFS HTTP gateway through which it fetches tokens' off-chain metadata (`ipfs://<cid>` read as
   * `${gateway}/ipfs/<cid>`), as TzKT does; a function for a gateway whose URL is known late (see MetadataGateway).
   * Without it a token whose `token_info` names its metadata by URI shows only its on-chain keys.
   */
  readonly metadataGateway?: MetadataGateway;
}

/**
 * The node's `tzkt` option (`startDevnet({ tzkt: tzktRoutes })`): indexes `view` from now on,
 * synchronously with each baked block, and answers requests under `/tzkt` — REST, and the SignalR hub whose
 * messages go out as each block is indexed (so after the indexer lag, when `view` is lagged).
 */
export function tzktRoutes(view: ChainView): TzktService {
  return tzktRoutesWith({})(view);
}

/** `tzktRoutes` with options: `startDevnet({ tzkt: tzktRoutesWith({ metadataGateway: 'http://127.0.0.1:3000' }) })`. */
export function tzktRoutesWith(options: TzktOptions): (view: ChainView) => TzktService {
  return (view) => {
    const ix = tzktIndex(view);
    const hub = new TzktHub(ix);
    const signalr = new SignalRServer(hub);
    const fetcher = options.metadataGateway === undefined ? undefined : new MetadataFetcher(options.metadataGateway);
    if (fetcher) ix.resolveMetadataWith((uri) => fetcher.fetch(uri));
    const path = (url: URL): string => url.pathname.replace(/\/+$/, '');
    const routes = (req: IncomingMessage, res: ServerResponse, url: URL): boolean => {
      if (path(url) === `${HUB_PATH}/negotiate`) {
        signalr.negotiate(req, res, url.searchParams);
        return true;
      }
      return handleTzkt(view, req, res, `${url.pathname}${url.search}`);
    };
    return Object.assign(routes, {
      upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): boolean => {
        if (path(url) !== HUB_PATH) return false;
        signalr.upgrade(req, socket, head, url.searchParams);
        return true;
      },
      close: () => {
        signalr.close();
        hub.close();
        // In-flight metadata fetches and their retries end here (later ones answer at once), so nothing keeps a
        // stopped devnet's process alive.
        fetcher?.close();
      },
    });
  };
}
