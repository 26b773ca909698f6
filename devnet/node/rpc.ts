/**
 * The node's RPC over HTTP: the routes Taquito 25 calls, with Octez's JSON shapes. Validation
 * failures answer 500 with the error array, unknown routes 404, a body or block id Octez could not parse 400 with
 * resto's text (rpc-input.ts), as the node does. A request naming another host than the devnet's is refused (421,
 * host-names.ts), as are browser pages of other origins than the allowed ones (cors.ts); gas figures are capped at the
 * protocol's limits, so no request holds the node longer than a full operation's run.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { packDataBytes, type MichelsonData, type MichelsonType } from '@taquito/michel-codec';
import { LocalForger, ProtocolsHash } from '@taquito/local-forging';
import { ValidationResult, validateProtocol } from '@taquito/utils';
import { unparseData, type UnparsingMode } from '../michelson/data';
import { findEntrypoint, listEntrypoints } from '../michelson/entrypoints';
import { addressToString } from '../michelson/encoding';
import { Address } from '../michelson/values';
import { isMichelsonFailure, runScript, type Host, type RunRequest } from '../michelson/index';
import { RUN_DEFAULTS } from '../michelson/run';
import { pairTypes, type Expr, type Prim } from '../michelson/micheline';
import { CONSTANTS, type Content, type Json } from './apply';
import type { CorsPolicy } from './cors';
import { isoSeconds, MAX_OPERATION_DATA_LENGTH, MEMPOOL_FILTER, type Block, type Chain } from './local-chain';
import { NodeError, PROTOCOL, tezosError, vmTrace } from './errors';
import { chainHost } from './host';
import { HostPolicy, isLoopbackAddress, MISDIRECTED_ERRORS } from './host-names';
import { fork, type OriginatedAccount, type State } from './state';
import { balancesOf, ticketBalance, ticketToken } from './tickets';
import type { BootstrapAccount } from './accounts';
import { BadBody, BODIES, checked, lenientPath } from './rpc-input';
import { delegateVotingInfo, delegatesRoute, listings, PlainTextAnswer } from './delegate-rpc';
import { contractCode, contractInfo, contractStakeRoute, contractStorage } from './contract-rpc';

/** Extra routes (the indexer's, under /tzkt): answer and return true, or return false to fall through. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;

export interface RpcOptions {
  /** Seconds between blocks, 0 to bake on each injection. */
  readonly blockTime: number;
  /** The browser origins that may call the node. */
  readonly cors: CorsPolicy;
  readonly extraRoutes?: RouteHandler;
  /**
   * The bootstrap accounts, keys included, listed at `GET /devnet/accounts` as a local test chain lists its funded
   * accounts: their keys are public by design (accounts.ts), and an app on the devnet offers them to sign in with.
   */
  readonly accounts?: readonly BootstrapAccount[];
  /** Host names answered besides loopback's (host-names.ts); a request naming any other gets 421. */
  readonly hostNames?: readonly string[];
}

/** The largest request body read (a contract's script as JSON is ~0.5 MB): past it, 413 and nothing is parsed. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown = undefined,
    /** Sent as text/plain, as resto answers its own parse failures. */
    readonly text?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

/** Octez's answer to a body its encoding cannot destruct (resto server.ml `Cannot_parse_body`). */
const badBody = (message: string): HttpError =>
  new HttpError(400, undefined, `Failed to parse the request body: ${message}`);

const notFound = (): HttpError => new HttpError(404);
const forger = new LocalForger(ProtocolsHash.PsUshuai9);

export function rpcHandler(chain: Chain, opts: RpcOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const hosts = new HostPolicy(opts.hostNames);
  return (req, res) => {
    if (!hosts.admits(req.headers.host, req.socket.remoteAddress)) {
      send(res, 421, MISDIRECTED_ERRORS);
      req.resume();
      return;
    }
    if (!admitOrigin(opts.cors, req, res)) return;
    void handle(chain, opts, req, res).catch((e: unknown) => {
      if (e instanceof HttpError)
        return e.text !== undefined ? sendText(res, e.status, e.text, e.headers) : send(res, e.status, e.body);
      if (e instanceof BadBody) return sendText(res, 400, `Failed to parse the request body: ${e.message}`);
      if (e instanceof PlainTextAnswer) return sendText(res, e.status, e.text);
      if (e instanceof NodeError) return send(res, e.status, e.errors);
      send(res, 500, [tezosError('temporary', 'node.internal_error', { message: (e as Error).message })]);
    });
  };
}

/**
 * CORS: a request from an allowed page gets `Access-Control-Allow-Origin` for that page (its preflight the
 * methods and headers it asks for); one from another page is answered 403 here, before anything runs or is read.
 */
function admitOrigin(cors: CorsPolicy, req: IncomingMessage, res: ServerResponse): boolean {
  res.setHeader('vary', 'Origin');
  const origin = req.headers.origin;
  if (origin !== undefined && !cors.allows(origin)) {
    const allowed = cors.list();
    res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'x-devnet-cors-error': 'invalid origin' });
    res.end(
      `origin ${origin} may not call this devnet (allowed: ${allowed.length > 0 ? allowed.join(', ') : 'none'}; set DEVNET_CORS_ORIGINS)\n`,
    );
    req.resume();
    return false;
  }
  if (origin !== undefined) res.setHeader('access-control-allow-origin', origin);
  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      allow: 'GET, POST, OPTIONS',
      ...(origin !== undefined
        ? {
            'access-control-allow-methods': 'GET, POST, OPTIONS',
            'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type',
            'access-control-max-age': '600',
          }
        : {}),
    });
    res.end();
    req.resume();
    return false;
  }
  return true;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  let text: string;
  try {
    text = body === undefined ? '' : JSON.stringify(body);
  } catch (e) {
    // A value nested past JSON.stringify's recursion (one a script built, by APPLY in a loop): an error, not a crash.
    status = 500;
    text = JSON.stringify([tezosError('temporary', 'node.internal_error', { message: (e as Error).message })]);
  }
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(text);
}

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'text/plain', ...headers });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      req.resume();
      throw new HttpError(413, [tezosError('permanent', 'rpc.body_too_large', { max_bytes: MAX_BODY_BYTES })]);
    }
    chunks.push(c as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw badBody((e as Error).message);
  }
}

async function handle(chain: Chain, opts: RpcOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = lenientPath(url.pathname).replace(/\/+$/, '');
  if ((path === '/tzkt' || path.startsWith('/tzkt/')) && opts.extraRoutes) {
    if (await opts.extraRoutes(req, res, url)) return;
    throw notFound();
  }
  const method = req.method ?? 'GET';
  const ok = (body: unknown): void => send(res, 200, body);

  if (method === 'POST' && path === '/injection/operation') {
    const hex = checked<string>(BODIES.injection, await readBody(req));
    return ok(await chain.inject(hex, { bake: opts.blockTime === 0 }));
  }
  if (path === '/devnet/accounts' && method === 'GET' && opts.accounts) {
    // The keys are for programs on this machine: a devnet listening on another address keeps them from its network.
    if (!isLoopbackAddress(req.socket.remoteAddress))
      throw new HttpError(403, [
        tezosError('permanent', 'rpc.accounts_loopback_only', { message: 'the accounts are listed to loopback only' }),
      ]);
    return ok(opts.accounts);
  }
  if (path === '/chains/main/chain_id') return ok(chain.chainId);
  if (path === '/version')
    return ok({
      version: { major: 22, minor: 0, additional_info: 'release' },
      network_version: { chain_name: 'TEZOS_DEVNET', distributed_db_version: 2, p2p_version: 1 },
      commit_info: null,
    });
  if (path === '/chains/main/mempool/filter') {
    return ok({
      minimal_fees: MEMPOOL_FILTER.minimalFeesMutez.toString(),
      minimal_nanotez_per_gas_unit: [MEMPOOL_FILTER.minimalNanotezPerGasUnit.toString(), '1'],
      minimal_nanotez_per_byte: [MEMPOOL_FILTER.minimalNanotezPerByte.toString(), '1'],
      replace_by_fee_factor: ['21', '20'],
      max_operations: 10000,
      max_total_bytes: 10000000,
    });
  }
  if (path === '/chains/main/mempool/pending_operations')
    return ok({ validated: [], refused: [], outdated: [], branch_refused: [], branch_delayed: [], unprocessed: [] });
  if (path === '/chains/main/blocks' && method === 'GET') return ok([[chain.headBlock().hash]]);
  // chain_services.ml `Protocols`: the one protocol this chain has run, active from genesis.
  const protocolInfo = {
    protocol: PROTOCOL,
    proto_level: 1,
    activation_block: { block_hash: chain.blocks[0]!.hash, level: 0 },
  };
  if (path === '/chains/main/protocols' && method === 'GET') return ok([protocolInfo]);
  const proto = /^\/chains\/main\/protocols\/([^/]+)$/.exec(path);
  if (proto && method === 'GET') {
    if (validateProtocol(proto[1]!) !== ValidationResult.VALID)
      throw badPathArgument('chains/main/protocols', proto[1]!, 'Protocol_hash');
    if (proto[1] !== PROTOCOL) throw notFound();
    return ok(protocolInfo);
  }

  const m = /^\/chains\/main\/blocks\/([^/]+)(\/.*)?$/.exec(path);
  if (!m) throw notFound();
  const id = decodeURIComponent(m[1]!);
  const rest = m[2] ?? '';
  // Taquito waits for confirmations by polling the full head block; at block time 0 that poll may bake (local-chain.ts).
  const block =
    id === 'head' && rest === '' && method === 'GET' && opts.blockTime === 0
      ? chain.headForPoller()
      : chain.resolve(id);
  if (block === null) throw badPathArgument('chains/main/blocks', id, 'block_id');
  if (!block) throw notFound();

  if (method === 'POST') {
    const raw = await readBody(req);
    const body = raw as Json;
    const tb = /^\/context\/contracts\/([^/]+)\/ticket_balance$/.exec(rest);
    if (tb)
      return ok(
        ticketBalanceRoute(chain.contextAt(block), decodeURIComponent(tb[1]!), checked(BODIES.ticketBalance, raw)),
      );
    switch (rest) {
      case '/helpers/scripts/simulate_operation':
      case '/helpers/scripts/run_operation': {
        const { operation } = checked<{ operation: { branch: string; contents: Content[] } }>(
          rest.endsWith('simulate_operation') ? BODIES.simulate : BODIES.runOperation,
          raw,
        );
        return ok({
          contents: chain.simulate(operation, chain.contextFor(block, operation.contents, opts.blockTime === 0)),
        });
      }
      case '/helpers/preapply/operations': {
        const ops = checked<{ branch: string; contents: Content[]; signature: string }[]>(BODIES.preapply, raw);
        const out = [];
        for (const op of ops)
          out.push(await chain.preapply(op, chain.contextFor(block, op.contents, opts.blockTime === 0)));
        return ok(out);
      }
      case '/helpers/forge/operations': {
        const op = checked<Parameters<LocalForger['forge']>[0]>(BODIES.forge, raw);
        try {
          return ok(await forger.forge(op));
        } catch (e) {
          // A value the binary encoding cannot hold (a bad entrypoint name, an oversized number…) fails Octez's decoding too.
          throw badBody((e as Error).message);
        }
      }
      case '/helpers/scripts/pack_data': {
        checked(BODIES.packData, raw);
        // Packing is not metered here, but its gas figure is held to the same cap as the other helpers'.
        requestGas(body);
        try {
          const packed = packDataBytes(body.data as MichelsonData, body.type as MichelsonType);
          return ok({ packed: packed.bytes, gas: 'unaccounted' });
        } catch (e) {
          throw new HttpError(500, [
            tezosError('permanent', 'michelson_v1.invalid_constant', {
              message: (e as Error).message,
              wrong_expression: body.data,
              expected_type: body.type,
            }),
          ]);
        }
      }
      case '/helpers/scripts/run_code':
        return ok(runCode(chain, fork(chain.contextAt(block)), checked(BODIES.runCode, raw)));
      case '/helpers/scripts/run_script_view':
        return ok(runScriptView(chain, fork(chain.contextAt(block)), checked(BODIES.runScriptView, raw)));
      case '/helpers/scripts/run_view':
        return ok(runView(chain, fork(chain.contextAt(block)), checked(BODIES.runView, raw)));
    }
    const normalized = /^\/context\/contracts\/([^/]+)\/(script|storage)\/normalized$/.exec(rest);
    if (normalized) {
      const { unparsing_mode } = checked<{ unparsing_mode: string }>(
        normalized[2] === 'script' ? BODIES.scriptNormalized : BODIES.storageNormalized,
        raw,
      );
      return ok(
        normalizedContract(
          chain,
          chain.contextAt(block),
          normalized[1]!,
          normalized[2] as 'script' | 'storage',
          unparsingMode(unparsing_mode),
        ),
      );
    }
    throw notFound();
  }
  if (method !== 'GET') throw notFound();

  switch (rest) {
    case '':
      return ok(blockJson(chain, block));
    case '/header':
      return ok(headerJson(chain, block));
    case '/hash':
      return ok(block.hash);
    case '/protocols':
      return ok({ protocol: PROTOCOL, next_protocol: PROTOCOL });
    case '/metadata':
      return ok(metadataJson(block));
    case '/operations':
      return ok(operationsJson(chain, block));
    case '/operation_hashes':
      return ok([[], [], [], block.operations.map((o) => o.hash)]);
    case '/live_blocks':
      return ok(chain.blocks.slice(Math.max(0, block.level - 240), block.level + 1).map((b) => b.hash));
    case '/context/constants':
      return ok(constantsJson(opts.blockTime));
  }
  if (rest.startsWith('/votes/')) return ok(votesRoute(chain.contextAt(block), block, rest.slice('/votes/'.length)));
  const votingInfo = /^\/context\/delegates\/([^/]+)\/voting_info$/.exec(rest);
  if (votingInfo) return ok(delegateVotingInfo(chain.contextAt(block), votingInfo[1]!));
  const delegates = delegatesRoute(
    chain.contextAt(block),
    block.level,
    rest,
    url.searchParams,
    `chains/main/blocks/${id}`,
  );
  if (delegates !== undefined) return ok(delegates);
  // POST-only in Octez: resto answers another method on the path 405 with the methods it has.
  if (/^\/context\/contracts\/[^/]+\/(script|storage)\/normalized$/.test(rest))
    throw new HttpError(405, undefined, '', { allow: 'POST' });
  const c = /^\/context\/contracts\/([^/]+)(\/.*)?$/.exec(rest);
  const stake = c ? contractStakeRoute(chain.contextAt(block), c[1]!, c[2] ?? '') : undefined;
  if (stake !== undefined) return ok(stake);
  if (c) return ok(contractRoute(chain, chain.contextAt(block), c[1]!, c[2] ?? ''));
  const bm = /^\/context\/big_maps\/(\d+)\/([^/]+)$/.exec(rest);
  if (bm) {
    const map = chain.contextAt(block).bigMaps.get(BigInt(bm[1]!));
    const hex = map?.byHash.get(bm[2]!);
    const entry = hex === undefined ? undefined : map?.entries.get(hex);
    if (!entry) throw notFound();
    return ok(entry.value);
  }
  throw notFound();
}

function contractRoute(chain: Chain, state: State, id: string, sub: string): unknown {
  const acc = state.accounts.get(id);
  const implicit = id.startsWith('tz');
  if (!acc && !implicit) throw notFound();
  switch (sub) {
    case '':
      return contractInfo(chain, state, id);
    case '/balance':
    case '/spendable':
    case '/full_balance':
      return (acc?.balance ?? 0n).toString();
    case '/counter':
      if (!acc) return state.globalCounter.toString();
      if (acc.kind !== 'implicit') throw notFound();
      return acc.counter.toString();
    case '/manager_key':
      if (acc && acc.kind !== 'implicit') throw notFound();
      return acc?.publicKey ?? null;
    case '/delegate':
      if (!acc?.delegate) throw notFound();
      return acc.delegate;
    case '/script':
      if (!acc || acc.kind !== 'originated') throw notFound();
      return { code: contractCode(acc, state, 'optimized'), storage: acc.storage };
    case '/storage':
      if (!acc || acc.kind !== 'originated') throw notFound();
      return contractStorage(chain, acc, 'readable');
    // Octez answers null for an implicit account (RPC.ml `get_contract`).
    case '/storage/used_space':
      return acc?.kind === 'originated' ? acc.usedBytes.toString() : null;
    case '/storage/paid_space':
      return acc?.kind === 'originated' ? acc.paidBytes.toString() : null;
    case '/all_ticket_balances':
      // Only contracts have one (implicit: no answer, 404); their table rows are their storage's tickets.
      if (!acc || acc.kind !== 'originated') throw notFound();
      return balancesOf(state, id).map((b) => ({ ...b.token, amount: b.amount.toString() }));
    case '/entrypoints': {
      if (!acc || acc.kind !== 'originated') {
        if (acc || implicit) return { entrypoints: {} };
        throw notFound();
      }
      const l = chain.loaded(acc.address, acc.script);
      return { entrypoints: Object.fromEntries(listEntrypoints(l.typed.parameter)) };
    }
    default:
      throw notFound();
  }
}

/** `POST …/ticket_balance`: the table row of any account, implicit or not, for a token (0 when it holds none). */
function ticketBalanceRoute(
  state: State,
  owner: string,
  { ticketer, content_type: contentType, content }: { ticketer: string; content_type: Expr; content: Expr },
): string {
  let token;
  try {
    token = ticketToken({ string: ticketer }, contentType, content);
  } catch (e) {
    throw new NodeError([
      tezosError('permanent', 'michelson_v1.invalid_constant', {
        expected_type: contentType,
        wrong_expression: content,
        message: (e as Error).message,
      }),
    ]);
  }
  return ticketBalance(state, owner, token).toString();
}

/**
 * The milligas a helper may use: its `gas` (whole gas units), by default the protocol's hard_gas_limit_per_operation.
 * Above that limit (or below 0) it is refused with the protocol's `gas_limit_too_high`, the error validation gives an
 * operation's gas_limit: Octez's run helpers take any figure, so one endless LOOP with gas 10¹² would hold the node
 * for hours. `unlimited_gas` (run_script_view) gets the same cap.
 */
function requestGas(body: Json): bigint {
  const g = body.gas;
  if (g === undefined || g === null) return CONSTANTS.hardGasLimitPerOperation * 1000n;
  if ((typeof g !== 'string' && typeof g !== 'number') || !/^-?\d+$/.test(String(g))) {
    throw badBody(`At /gas, expected an integer, got ${JSON.stringify(g)}`);
  }
  const gas = BigInt(g);
  if (gas < 0n || gas > CONSTANTS.hardGasLimitPerOperation)
    throw new NodeError([tezosError('permanent', 'gas_limit_too_high')]);
  return gas * 1000n;
}

/** resto's answer to a path argument its type cannot parse (server.ml `Cannot_parse_path`). */
function badPathArgument(after: string, value: string, type: string): HttpError {
  return new HttpError(
    400,
    undefined,
    `Failed to parsed an argument in path. After "${after}", the value "${value}" is not acceptable for type "${type}"`,
  );
}

const unparsingMode = (mode: unknown): UnparsingMode =>
  mode === 'Optimized' ? 'optimized' : mode === 'Optimized_legacy' ? 'optimized_legacy' : 'readable';

/** The all-zero key hash: Octez's payer (SOURCE) when a run names none (RPC.ml `sender_and_payer`). */
const ZERO_PAYER = 'tz1Ke2h7sDdakHJQh8WX4Z372du1KChsksyU';

/**
 * SENDER and SOURCE of a run helper, as Octez's plugin (RPC.ml `sender_and_payer`) reads the body: `source` is the
 * SENDER and `payer` the SOURCE; without a payer SOURCE is the zero address, without either SENDER is the contract
 * itself (`self`), and a payer alone is both.
 */
function senderAndPayer(body: Json, self: string): { sender: string; source: string } {
  const source = body.source as string | undefined;
  const payer = body.payer as string | undefined;
  return { sender: source ?? payer ?? self, source: payer ?? ZERO_PAYER };
}

/**
 * `POST …/script/normalized` and `…/storage/normalized` (RPC.ml `get_script_normalized`, `get_storage_normalized`):
 * the storage, and the code with its constants expanded, unparsed in the requested mode; `null` for an implicit
 * account, as Octez's option output answers.
 */
function normalizedContract(
  chain: Chain,
  state: State,
  id: string,
  what: 'script' | 'storage',
  mode: UnparsingMode,
): unknown {
  const acc = state.accounts.get(id);
  if (!acc || acc.kind !== 'originated') {
    if (id.startsWith('tz')) return null;
    throw notFound();
  }
  const storage = contractStorage(chain, acc, mode);
  return what === 'script' ? { code: contractCode(acc, state, mode), storage } : storage;
}

/** Octez's constants as the devnet reports them: cycles_per_voting_period 1 × blocks_per_cycle 8192. */
const BLOCKS_PER_VOTING_PERIOD = 8192;

/**
 * A voting period's info at a level (voting_period_repr.ml `info_encoding`, positions as voting_period_storage.ml
 * computes them). Nobody proposes on the devnet, so every period is a proposal period, as on Octez when a proposal
 * period ends without proposals.
 */
function votingPeriodInfo(level: number): Json {
  const levelPosition = Math.max(0, level - 1);
  const index = Math.floor(levelPosition / BLOCKS_PER_VOTING_PERIOD);
  const start = index * BLOCKS_PER_VOTING_PERIOD;
  return {
    voting_period: { index, kind: 'proposal', start_position: start },
    position: levelPosition - start,
    remaining: start + BLOCKS_PER_VOTING_PERIOD - (levelPosition + 1),
  };
}

/** `…/votes/*` (lib_plugin/voting_services.ml), as a sandbox where no one has proposed or voted answers them. */
function votesRoute(state: State, block: Block, route: string): unknown {
  switch (route) {
    case 'current_period':
      return votingPeriodInfo(block.level);
    case 'successor_period':
      return votingPeriodInfo(block.level + 1);
    case 'current_proposal':
      return null;
    case 'proposals':
    case 'ballot_list':
      return [];
    case 'ballots':
      return { yay: '0', nay: '0', pass: '0' };
    case 'listings':
      return listings(state).map((l) => ({ pkh: l.pkh, voting_power: l.voting_power.toString() }));
    case 'total_voting_power':
      return listings(state)
        .reduce((n, l) => n + l.voting_power, 0n)
        .toString();
    case 'current_quorum':
      // vote_storage.ml: quorum_min + participation_ema × (quorum_max − quorum_min) / 10000, the EMA starting at
      // quorum_max (7000) and moving only after exploration or promotion periods, which never come here.
      return 2000 + Math.floor((7000 * (7000 - 2000)) / 10000);
  }
  const count = /^proposal_count\/([^/]+)$/.exec(route);
  if (count) return 0;
  throw notFound();
}

function runCode(chain: Chain, state: State, body: Json): Json {
  const head = chain.headBlock();
  const self = (body.self as string | undefined) ?? RUN_DEFAULTS.self;
  try {
    const r = runScript({
      script: body.script as Expr[],
      storage: body.storage as Expr,
      input: body.input as Expr,
      entrypoint: (body.entrypoint as string | undefined) ?? 'default',
      amount: BigInt((body.amount as string | undefined) ?? '0'),
      ...(body.balance !== undefined ? { balance: BigInt(body.balance as string) } : {}),
      level: BigInt((body.level as string | undefined) ?? head.level + 1),
      now: BigInt((body.now as string | undefined) ?? head.timestamp),
      ...senderAndPayer(body, self),
      ...(body.self ? { self: body.self as string } : {}),
      chainId: chain.chainId,
      gasLimitMilligas: requestGas(body),
      host: chainHost(state, chain.loaded),
    });
    return {
      storage: r.storage,
      operations: r.operations,
      ...(r.bigMapDiff.length > 0 ? { big_map_diff: r.bigMapDiff } : {}),
      lazy_storage_diff: [],
    };
  } catch (e) {
    if (isMichelsonFailure(e)) {
      const errors =
        e.kind === 'script_rejected'
          ? [
              tezosError('temporary', 'michelson_v1.runtime_error', {
                contract_handle: body.self ?? 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi',
                contract_code: 'Deprecated',
              }),
              tezosError('temporary', 'michelson_v1.script_rejected', { location: 0, with: e.failedWith }),
            ]
          : e.kind === 'gas_exhausted'
            ? [tezosError('temporary', 'gas_exhausted.operation')]
            : [
                tezosError(
                  'permanent',
                  `michelson_v1.${e.kind === 'typecheck' ? 'ill_typed_contract' : 'runtime_error'}`,
                  { message: e.message },
                ),
                ...vmTrace(e),
              ];
      throw new NodeError(errors);
    }
    throw e;
  }
}

/** The originated contract a view RPC names (`body.contract`), else Octez's `non_existing_contract`. */
function viewedContract(state: State, body: Json): { contract: string; acc: OriginatedAccount } {
  const contract = body.contract as string;
  const acc = state.accounts.get(contract);
  if (!acc || acc.kind !== 'originated')
    throw new NodeError([tezosError('temporary', 'contract.non_existing_contract', { contract })]);
  return { contract, acc };
}

/**
 * How both view RPCs run their script: as the viewed contract (self, its balance) in the block after the head, with
 * no amount, the request's sender and payer, and its gas.
 */
function asViewedContract(chain: Chain, body: Json, contract: string, acc: OriginatedAccount) {
  const head = chain.headBlock();
  return {
    amount: 0n,
    balance: acc.balance,
    level: BigInt(head.level + 1),
    now: BigInt(head.timestamp),
    self: contract,
    ...senderAndPayer(body, contract),
    chainId: chain.chainId,
    gasLimitMilligas: requestGas(body),
  } satisfies Partial<RunRequest>;
}

/** `run_script_view`: calls an on-chain view through a one-instruction wrapper script, as Octez does. */
function runScriptView(chain: Chain, state: State, body: Json): Json {
  const { contract, acc } = viewedContract(state, body);
  const l = chain.loaded(contract, acc.script);
  const name = body.view as string;
  const view = l.typed.views.get(name);
  if (!view) throw new NodeError([tezosError('permanent', 'michelson_v1.view_not_found', { contract, view: name })]);
  const out: Prim = { prim: 'option', args: [view.output] };
  const script: Expr[] = [
    { prim: 'parameter', args: [view.input] },
    { prim: 'storage', args: [out] },
    {
      prim: 'code',
      args: [
        [
          { prim: 'CAR' },
          { prim: 'PUSH', args: [{ prim: 'address' }, { string: contract }] },
          { prim: 'SWAP' },
          { prim: 'VIEW', args: [{ string: name }, view.output] },
          { prim: 'NIL', args: [{ prim: 'operation' }] },
          { prim: 'PAIR' },
        ],
      ],
    },
  ];
  try {
    // Octez runs the wrapper as the viewed contract (self, its balance), so the view's SENDER is the contract itself;
    // `source` is the wrapper's SENDER and `payer` everyone's SOURCE (RPC.ml `run_script_view`).
    const r = runScript({
      script,
      storage: { prim: 'None' },
      input: body.input as Expr,
      ...asViewedContract(chain, body, contract, acc),
      host: chainHost(state, chain.loaded),
    });
    const st = r.storageValue;
    if (st === null)
      throw new NodeError([tezosError('temporary', 'michelson_v1.view_failed', { contract, view: name })]);
    return { data: unparseData((st as { value: never }).value, view.output, unparsingMode(body.unparsing_mode)) };
  } catch (e) {
    throw viewFailure(e, contract);
  }
}

/** The address `run_view` gives its stand-in callback contract. */
const CALLBACK = 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi';

/**
 * `run_view` (TZIP-4 callback views, e.g. FA2 `balance_of`): calls the entrypoint with the input and
 * a callback contract, and answers what the contract sends to the callback.
 */
function runView(chain: Chain, state: State, body: Json): Json {
  const { contract, acc } = viewedContract(state, body);
  const l = chain.loaded(contract, acc.script);
  const entrypoint = body.entrypoint as string;
  const ep = findEntrypoint(l.typed.parameter, entrypoint);
  const callbackType = ep?.type.prim === 'pair' ? pairTypes(ep.type)[1] : undefined;
  const resultType = callbackType?.prim === 'contract' ? (callbackType.args![0] as Prim) : undefined;
  if (!resultType)
    throw new NodeError([tezosError('permanent', 'michelson_v1.view_signature_mismatch', { entrypoint })]);
  const base = chainHost(state, chain.loaded);
  const callback = {
    parameter: resultType,
    storageType: { prim: 'unit' } as Prim,
    storage: { prim: 'Unit' } as Expr,
    balance: 0n,
    script: [] as Expr[],
  };
  const host: Host = {
    ...base,
    contract: (a) => (addressToString(new Address(a.raw, '')) === CALLBACK ? callback : base.contract(a)),
  };
  try {
    const r = runScript({
      script: l,
      storage: acc.storage,
      input: { prim: 'Pair', args: [body.input as Expr, { string: CALLBACK }] },
      entrypoint,
      ...asViewedContract(chain, body, contract, acc),
      host,
    });
    for (const o of r.operationValues) {
      if (o.op.kind === 'transaction' && addressToString(new Address(o.op.destination.raw, '')) === CALLBACK) {
        return { data: unparseData(o.op.parameter, o.op.parameterType, unparsingMode(body.unparsing_mode)) };
      }
    }
    throw new NodeError([tezosError('permanent', 'michelson_v1.view_unexpected_return', { entrypoint })]);
  } catch (e) {
    throw viewFailure(e, contract);
  }
}

// ---------------------------------------------------------------------------------------------
// shapes

function headerJson(chain: Chain, b: Block): Json {
  return {
    protocol: PROTOCOL,
    chain_id: chain.chainId,
    hash: b.hash,
    level: b.level,
    proto: 1,
    predecessor: b.predecessor,
    timestamp: isoSeconds(b.timestamp),
    validation_pass: 4,
    operations_hash: 'LLoZS2LW3rEi7KYU4ouBQtorua37aWWCtpDmv1n2x3xoKi6sVXLWp',
    fitness: ['02', b.level.toString(16).padStart(8, '0'), '', 'ffffffff', '00000000'],
    context: 'CoV8SQumiVU9saiu3FVNeDNewJaJH8yWdsGF3WLdsRr2P9S7MzCj',
    payload_hash: 'vh1g87ZG6scSYxKhspAUzprQVuLAyoa5qMBKcUfjgnQGnFb3dJcG',
    payload_round: 0,
    proof_of_work_nonce: '0000000000000000',
    liquidity_baking_toggle_vote: 'pass',
    adaptive_issuance_vote: 'pass',
    signature: 'sigaa5ypS9b9PSrTqsL3XoMb3VsPb3JLvyHFvQm28Vx8XGm1bUoYjxcbmCLp3vrEwrg3zoRRGqDVTRdWvqP9sxzBA2nB8HdH',
  };
}

function metadataJson(b: Block): Json {
  return {
    protocol: PROTOCOL,
    next_protocol: PROTOCOL,
    test_chain_status: { status: 'not_running' },
    max_operations_ttl: 240,
    max_operation_data_length: MAX_OPERATION_DATA_LENGTH,
    max_block_header_length: 289,
    max_operation_list_length: [
      { max_size: 4194304, max_op: 2048 },
      { max_size: 32768 },
      { max_size: 135168, max_op: 132 },
      { max_size: 524288 },
    ],
    level_info: {
      level: b.level,
      level_position: Math.max(0, b.level - 1),
      cycle: Math.floor(Math.max(0, b.level - 1) / 8192),
      cycle_position: Math.max(0, b.level - 1) % 8192,
      expected_commitment: false,
    },
    nonce_hash: null,
    deactivated: [],
    balance_updates: [],
    liquidity_baking_toggle_ema: 0,
    implicit_operations_results: [],
    consumed_milligas: '0',
  };
}

function operationsJson(chain: Chain, b: Block): Json[][] {
  return [
    [],
    [],
    [],
    b.operations.map((o) => ({
      protocol: PROTOCOL,
      chain_id: chain.chainId,
      hash: o.hash,
      branch: o.branch,
      contents: o.contents,
      signature: o.signature,
    })),
  ];
}

function blockJson(chain: Chain, b: Block): Json {
  const { protocol: _p, chain_id: _c, hash: _h, ...header } = headerJson(chain, b);
  return {
    protocol: PROTOCOL,
    chain_id: chain.chainId,
    hash: b.hash,
    header,
    metadata: metadataJson(b),
    operations: operationsJson(chain, b),
  };
}

/** Shadownet-like constants; the block delay is the devnet's block time (at least 1 s), which sets clients' polling. */
function constantsJson(blockTime: number): Json {
  return {
    proof_of_work_nonce_size: 8,
    nonce_length: 32,
    max_anon_ops_per_block: 132,
    max_operation_data_length: MAX_OPERATION_DATA_LENGTH,
    max_proposals_per_delegate: 20,
    max_micheline_node_count: 50000,
    max_micheline_bytes_limit: 50000,
    max_allowed_global_constants_depth: 10000,
    cache_layout_size: 3,
    michelson_maximum_type_size: 2001,
    max_slashing_period: 2,
    smart_rollup_max_wrapped_proof_binary_size: 30000,
    smart_rollup_message_size_limit: 4096,
    smart_rollup_max_number_of_messages_per_level: '1000000',
    preserved_cycles: 2,
    consensus_rights_delay: 2,
    blocks_preservation_cycles: 1,
    delegate_parameters_activation_delay: 5,
    blocks_per_cycle: 8192,
    blocks_per_commitment: 128,
    nonce_revelation_threshold: 512,
    cycles_per_voting_period: 1,
    hard_gas_limit_per_operation: CONSTANTS.hardGasLimitPerOperation.toString(),
    hard_gas_limit_per_block: CONSTANTS.hardGasLimitPerBlock.toString(),
    proof_of_work_threshold: '-1',
    minimal_stake: '6000000000',
    minimal_frozen_stake: '600000000',
    vdf_difficulty: '10000000000',
    origination_size: Number(CONSTANTS.originationSize),
    issuance_weights: {
      base_total_issued_per_minute: '80007812',
      baking_reward_fixed_portion_weight: 5120,
      baking_reward_bonus_weight: 5120,
      attesting_reward_weight: 10240,
      seed_nonce_revelation_tip_weight: 1,
      vdf_revelation_tip_weight: 1,
    },
    cost_per_byte: CONSTANTS.costPerByte.toString(),
    hard_storage_limit_per_operation: CONSTANTS.hardStorageLimitPerOperation.toString(),
    quorum_min: 2000,
    quorum_max: 7000,
    min_proposal_quorum: 500,
    liquidity_baking_subsidy: '5000000',
    liquidity_baking_toggle_ema_threshold: 1000000000,
    max_operations_time_to_live: 240,
    minimal_block_delay: String(Math.max(1, blockTime)),
    delay_increment_per_round: '1',
    consensus_committee_size: 7000,
    consensus_threshold_size: 4667,
    minimal_participation_ratio: { numerator: 2, denominator: 3 },
    limit_of_delegation_over_baking: 9,
    percentage_of_frozen_deposits_slashed_per_double_baking: 500,
    percentage_of_frozen_deposits_slashed_per_double_attestation: 5000,
    cache_script_size: 100000000,
    cache_stake_distribution_cycles: 8,
    cache_sampler_state_cycles: 8,
    dal_parametric: {
      feature_enable: false,
      incentives_enable: false,
      number_of_slots: 32,
      attestation_lag: 8,
      attestation_threshold: 66,
      redundancy_factor: 8,
      page_size: 3967,
      slot_size: 126944,
      number_of_shards: 512,
    },
    smart_rollup_arith_pvm_enable: false,
    smart_rollup_origination_size: 6314,
    smart_rollup_challenge_window_in_blocks: 80640,
    smart_rollup_stake_amount: '10000000000',
    smart_rollup_commitment_period_in_blocks: 60,
    smart_rollup_max_lookahead_in_blocks: 172800,
    smart_rollup_max_active_outbox_levels: 80640,
    smart_rollup_max_outbox_messages_per_level: 100,
    smart_rollup_number_of_sections_in_dissection: 32,
    smart_rollup_timeout_period_in_blocks: 40320,
    smart_rollup_max_number_of_cemented_commitments: 5,
    smart_rollup_max_number_of_parallel_games: 32,
    smart_rollup_private_enable: true,
    smart_rollup_riscv_pvm_enable: false,
    zk_rollup_enable: false,
    adaptive_issuance_launch_ema_threshold: 0,
    adaptive_rewards_params: {
      issuance_ratio_final_min: { numerator: '1', denominator: '400' },
      issuance_ratio_final_max: { numerator: '1', denominator: '10' },
      max_bonus: '50000000000000',
      growth_rate: { numerator: '1', denominator: '100' },
      center_dz: { numerator: '1', denominator: '2' },
      radius_dz: { numerator: '1', denominator: '50' },
    },
    adaptive_issuance_activation_vote_enable: false,
    autostaking_enable: true,
    adaptive_issuance_force_activation: false,
    ns_enable: true,
    direct_ticket_spending_enable: false,
    aggregate_attestation: true,
    allow_tz4_delegate_enable: true,
  };
}

/** A view's run failing: the node's error array (a FAILWITH keeps its value), anything else as is. */
function viewFailure(e: unknown, contract: string): unknown {
  if (!isMichelsonFailure(e)) return e;
  // As the protocol's gas meter reports it (gas_limit_repr.ml), whatever ran out.
  if (e.kind === 'gas_exhausted') return new NodeError([tezosError('temporary', 'gas_exhausted.operation')]);
  return new NodeError([
    tezosError('temporary', 'michelson_v1.runtime_error', { contract_handle: contract, contract_code: 'Deprecated' }),
    e.kind === 'script_rejected'
      ? tezosError('temporary', 'michelson_v1.script_rejected', { location: 0, with: e.failedWith })
      : tezosError('temporary', 'michelson_v1.runtime_failure', { message: e.message }),
  ]);
}
