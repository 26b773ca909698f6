/**
 * A typed client for the editions contract (contracts/fa2-editions.arl) over Taquito.
 *
 * Each entrypoint has a method that only builds the call (Taquito transfer params with the Micheline argument),
 * so calls to this contract and others can go into one batch; `send` signs a batch, waits for its inclusion
 * and returns where it landed ({opHash, level}: the level is what the holdings reader's `minLevel` wants).
 * Rejections carrying one of the contract's FAILWITH strings become a coded Fa2Error; other failures
 * (node unreachable, bad key, …) are Taquito's own errors, unchanged.
 */
import {
  MichelsonMap,
  OpKind,
  TezosOperationError,
  UnitValue,
  type BigMapAbstraction,
  type ContractAbstraction,
  type ContractProvider,
  type TezosToolkit,
  type TransferParams,
} from '@taquito/taquito';
import type { MichelsonV1Expression, TransactionOperationParameter } from '@taquito/rpc';
import { hexToBytes } from '@noble/hashes/utils.js';
import { encodeEntrypoint, encodeViewInput } from './fa2-parameters';
import { isAddress, isContractAddress } from './validate';
import { FA2_ERRORS, fa2EditionsCode, fa2EditionsInit, type Fa2Error as Fa2Failwith } from '../contracts';
import { Fa2Error } from './errors';
import {
  decodeTokenInfo,
  encodeTokenInfo,
  offChainMetadataUri,
  type TokenInfo,
  type TokenMetadata,
} from './token-metadata';

/** A natural number as the caller has it; checked before it is sent. */
export type Nat = bigint | number | string;

/** One contract call, ready for `Fa2Editions.send`, `sendCalls` or any Taquito batch (`{ kind: OpKind.TRANSACTION, ...call }`). */
export type Fa2Call = TransferParams & { readonly parameter: TransactionOperationParameter };

/** Where a confirmed operation landed. */
export interface SendResult {
  readonly opHash: string;
  /** The block level that included it (pass as `minLevel` to read its effects from the indexer). */
  readonly level: number;
}

export interface TransferBatch {
  readonly from: string;
  readonly txs: readonly { readonly to: string; readonly tokenId: Nat; readonly amount: Nat }[];
}
export interface OperatorUpdate {
  readonly kind: 'add' | 'remove';
  readonly owner: string;
  readonly operator: string;
  readonly tokenId: Nat;
}
export interface BalanceRequest {
  readonly owner: string;
  readonly tokenId: Nat;
}
/** A new token: its edition size, its creator, and its metadata (typed, or an already encoded `token_info`). */
export type TokenSpec = { readonly maxSupply: Nat; readonly creator: string } & (
  { readonly metadata: TokenMetadata } | { readonly tokenInfo: TokenInfo }
);
export interface MintRequest {
  readonly tokenId: Nat;
  readonly to: string;
  readonly amount: Nat;
}
export interface BurnRequest {
  readonly from: string;
  readonly tokenId: Nat;
  readonly amount: Nat;
}

/** The contract's scalar storage fields. */
export interface Fa2EditionsState {
  readonly admin: string;
  readonly adminCandidate: string | null;
  readonly paused: boolean;
  /** The id the next created token gets (= how many tokens exist). */
  readonly nextTokenId: bigint;
}
/** One token's record in `%tokens`. */
export interface TokenRecord {
  readonly tokenId: bigint;
  readonly maxSupply: bigint;
  readonly totalSupply: bigint;
  readonly creator: string;
  readonly retired: boolean;
  /** The game it was created for (`create_game_tokens`), whose minter may burn it from the game's players; null: none. */
  readonly game: string | null;
}

/** A game as the contract keeps it (view `game_info`). */
export interface GameInfo {
  /** The minter who opened it: the only one who may create its tokens and burn them from its players. */
  readonly minter: string;
  /** Its end date: the minter's power ends then at the latest. */
  readonly ends: Date;
  /** Closed for good (`close_game`). */
  readonly closed: boolean;
}

/** A game's seed as the contract keeps it (`seed_commits`): the commitment, and once revealed the seed and final state hash. */
export interface SeedCommit {
  /** SHA-256 (hex) of SEED_COMMITMENT_PREFIX and the seed. */
  readonly commitment: string;
  /** The seed (its UTF-8 text), null until `reveal_seed`. */
  readonly seed: string | null;
  /** The final state hash (hex), null until `reveal_seed`. */
  readonly finalHash: string | null;
}

export interface OriginateOptions {
  readonly admin: string;
  /** The TZIP-16 document stored on-chain (default: `fa2EditionsMetadata()`). */
  readonly metadata?: Record<string, unknown>;
}

/** The contract's storage as Taquito reads it (the parts this client uses). */
export interface EditionsStorage {
  admin: string;
  admin_candidate: { Some: string } | string | null;
  paused: boolean;
  next_token_id: { toString(): string };
  minters: BigMapAbstraction;
  ledger: BigMapAbstraction;
  operators: BigMapAbstraction;
  token_metadata: BigMapAbstraction;
  tokens: BigMapAbstraction;
  seed_commits: BigMapAbstraction;
}
interface RawSeedCommit {
  sccommit: string;
  scseed: { Some: string } | string | null;
  scfinal: { Some: string } | string | null;
}
interface RawToken {
  max_supply: { toString(): string };
  total_supply: { toString(): string };
  creator: string;
  retired: boolean;
  tgame: { Some: string } | string | null;
}

/** Taquito reads an `option` as null, or as the value itself or `{ Some: value }` depending on the type around it. */
const some = <T>(o: { Some: T } | T | null | undefined): T | null =>
  o === null || o === undefined
    ? null
    : typeof o === 'object' && 'Some' in (o as object)
      ? (o as { Some: T }).Some
      : (o as T);

const KNOWN_FAILURES: ReadonlySet<string> = new Set(Object.values(FA2_ERRORS));

const bad = (message: string, detail: Fa2Error['detail'] = {}): Fa2Error =>
  new Fa2Error('FA2_BAD_INPUT', message, detail);

/** `n` as the digits of a natural number. */
function nat(n: Nat, what: string): string {
  let v: bigint;
  try {
    if (typeof n === 'number' && !Number.isSafeInteger(n)) throw new RangeError();
    if (typeof n === 'string' && !/^\d+$/.test(n)) throw new RangeError();
    v = BigInt(n);
  } catch {
    throw bad(`${what} must be a natural number, got ${String(n)}`);
  }
  if (v < 0n) throw bad(`${what} must be a natural number, got ${String(n)}`);
  return v.toString();
}

/** A game id: Michelson strings are printable ASCII; the app's ids are short. */
function gameId(g: string): string {
  if (typeof g !== 'string' || !/^[\x20-\x7e]{1,100}$/.test(g))
    throw bad(`a game id must be 1–100 printable ASCII characters, got ${JSON.stringify(g)}`);
  return g;
}

function address(a: string, what: string): string {
  if (!isAddress(a)) throw bad(`${what} is not a Tezos address: ${String(a)}`);
  return a;
}

/** A SHA-256 hash as hex (32 bytes), as the contract wants a commitment or a final state hash. */
function sha256Hex(h: string, what: string): string {
  if (typeof h !== 'string' || !/^[0-9a-fA-F]{64}$/.test(h))
    throw bad(`${what} must be a SHA-256 hash (64 hex digits), got ${JSON.stringify(h)}`);
  return h.toLowerCase();
}
const hexOf = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const big = (x: { toString(): string }): bigint => BigInt(x.toString());

/** `token_info` as a map of hex bytes (the encoder lists its keys in Michelson's order). */
function tokenInfoMap(info: TokenInfo): MichelsonMap<string, string> {
  const map = new MichelsonMap<string, string>();
  for (const [k, raw] of Object.entries(info)) {
    const v = raw.replace(/^0x/, '');
    if (!/^([0-9a-fA-F]{2})*$/.test(v)) throw bad(`token_info "${k}" is not hex bytes`);
    map.set(k, v.toLowerCase());
  }
  return map;
}

const tokenSpecs = (specs: readonly TokenSpec[]): unknown[] =>
  specs.map((s) => ({
    max_supply: nat(s.maxSupply, 'maxSupply'),
    creator: address(s.creator, 'creator'),
    token_info: tokenInfoMap('metadata' in s ? encodeTokenInfo(s.metadata) : s.tokenInfo),
  }));

const burnRequests = (burns: readonly BurnRequest[]): unknown[] =>
  burns.map((b) => ({
    from_: address(b.from, 'from'),
    token_id: nat(b.tokenId, 'tokenId'),
    amount: nat(b.amount, 'amount'),
  }));

/** The FAILWITH string in a list of node errors (Taquito's TezosOperationError.errors or an RPC error body). */
function failwithOf(errors: readonly unknown[]): string | undefined {
  for (const e of errors) {
    const w = (e as { with?: { string?: unknown } } | null)?.with?.string;
    if (typeof w === 'string') return w;
  }
  return undefined;
}

/** The index of the failed call in a rejected batch (the others are backtracked or skipped); -1 if none says so. */
function failedIndex(e: TezosOperationError): number {
  // Taquito may prepend a reveal: count the transactions only, which are the batch's calls in order.
  const txs = e.operationsWithResults.filter((op) => op.kind === OpKind.TRANSACTION);
  return txs.findIndex(
    (op) =>
      (op as { metadata?: { operation_result?: { status?: string } } }).metadata?.operation_result?.status === 'failed',
  );
}

/**
 * `e` as a Fa2Error when the contract failed with one of its strings; otherwise `e` itself.
 * `calls` (the batch that was sent) lets the error name the entrypoint that failed.
 */
export function toFa2Error(
  e: unknown,
  context: { contract?: string; calls?: readonly Fa2Call[]; view?: string } = {},
): unknown {
  let failwith: string | undefined;
  let entrypoint: string | undefined;
  let contract = context.contract;
  if (e instanceof TezosOperationError) {
    failwith = failwithOf(e.errors);
    const failed = context.calls?.[Math.max(0, failedIndex(e))];
    entrypoint = failed?.parameter.entrypoint;
    contract = failed?.to ?? contract;
  } else if (typeof (e as { body?: unknown } | null)?.body === 'string') {
    // A failing view comes back as an RPC error whose body is the node's error list.
    try {
      const body = JSON.parse((e as { body: string }).body) as unknown;
      if (Array.isArray(body)) failwith = failwithOf(body);
    } catch {
      return e;
    }
  }
  if (failwith === undefined || !KNOWN_FAILURES.has(failwith)) return e;
  const where = context.view ? `view ${context.view}` : entrypoint ? `${entrypoint}` : 'call';
  return new Fa2Error(
    failwith as Fa2Failwith,
    `${where} failed with ${failwith}`,
    { contract, entrypoint, view: context.view, failwith },
    { cause: e },
  );
}

/**
 * Signs `calls` as one batch (atomic: all apply or none), waits for inclusion and returns its hash and level.
 * @throws Fa2Error when the contract rejects a call with one of its strings; FA2_BAD_INPUT for an empty batch.
 */
export async function sendCalls(tezos: TezosToolkit, calls: readonly Fa2Call[]): Promise<SendResult> {
  if (calls.length === 0) throw bad('nothing to send');
  try {
    const op = await tezos.contract.batch(calls.map((c) => ({ kind: OpKind.TRANSACTION, ...c }))).send();
    const level = await op.confirmation();
    return { opHash: op.hash, level };
  } catch (e) {
    throw toFa2Error(e, { calls });
  }
}

export class Fa2Editions {
  private contract: Promise<ContractAbstraction<ContractProvider>> | undefined;
  private chainId: Promise<string> | undefined;

  private constructor(
    readonly tezos: TezosToolkit,
    readonly address: string,
  ) {}

  /**
   * The client for an editions contract already on chain (nothing is read until a reader or view is called).
   * @throws Fa2Error FA2_BAD_INPUT when `address` is not a KT1 address.
   */
  static at(tezos: TezosToolkit, address: string): Fa2Editions {
    if (!isContractAddress(address)) throw bad(`not a contract address: ${address}`);
    return new Fa2Editions(tezos, address);
  }

  /** Originates a new editions contract with `admin` as admin (no minters, no tokens) and waits for inclusion. */
  static async originate(
    tezos: TezosToolkit,
    options: OriginateOptions,
  ): Promise<{ client: Fa2Editions } & SendResult> {
    address(options.admin, 'admin');
    const op = await tezos.contract.originate({
      code: fa2EditionsCode(),
      init: fa2EditionsInit(options.admin, options.metadata),
    });
    const level = await op.confirmation();
    if (!op.contractAddress) throw new Error(`origination ${op.hash} returned no contract address`);
    return { client: new Fa2Editions(tezos, op.contractAddress), opHash: op.hash, level };
  }

  /** A call of `entrypoint` with its argument's fields as the contract names them. */
  private call(entrypoint: string, fields: unknown): Fa2Call {
    return {
      to: this.address,
      amount: 0,
      mutez: true,
      parameter: { entrypoint, value: encodeEntrypoint(entrypoint, fields) },
    };
  }

  // ---- Entrypoints (build only) ----

  /** FA2 `transfer`: each batch moves tokens of one `from` (the sender or one of whose operators it is). */
  transfer(batches: readonly TransferBatch[]): Fa2Call {
    return this.call(
      'transfer',
      batches.map((b) => ({
        from_: address(b.from, 'from'),
        txs: b.txs.map((t) => ({
          to_: address(t.to, 'to'),
          token_id: nat(t.tokenId, 'tokenId'),
          amount: nat(t.amount, 'amount'),
        })),
      })),
    );
  }

  /** FA2 `update_operators`: only an owner may add or remove its own operators. */
  updateOperators(updates: readonly OperatorUpdate[]): Fa2Call {
    return this.call(
      'update_operators',
      updates.map((u) => ({
        [u.kind === 'add' ? 'add_operator' : 'remove_operator']: {
          owner: address(u.owner, 'owner'),
          operator: address(u.operator, 'operator'),
          token_id: nat(u.tokenId, 'tokenId'),
        },
      })),
    );
  }

  /** FA2 `balance_of`: the balances are sent to `callback` (a contract, optionally `KT1…%entrypoint`). */
  balanceOf(requests: readonly BalanceRequest[], callback: string): Fa2Call {
    const [kt = '', entry] = callback.split('%');
    address(kt, 'callback');
    if (entry !== undefined && !/^[A-Za-z0-9_.@]{1,31}$/.test(entry)) throw bad(`bad callback entrypoint: ${entry}`);
    return this.call('balance_of', {
      requests: requests.map((r) => ({ owner: address(r.owner, 'owner'), token_id: nat(r.tokenId, 'tokenId') })),
      callback,
    });
  }

  /** `create_tokens` (minters): the tokens get consecutive ids from `nextTokenId`. */
  createTokens(specs: readonly TokenSpec[]): Fa2Call {
    return this.call('create_tokens', tokenSpecs(specs));
  }

  // ---- Games: the minter's power over a player's copies lasts while the game does ----

  /**
   * `open_game` (minters): opens `game` until `ends` (whole seconds; at most MAX_GAME_DAYS after the including block).
   * The caller becomes the game's minter.
   */
  openGame(game: string, ends: Date): Fa2Call {
    const seconds = ends instanceof Date ? ends.getTime() / 1000 : NaN;
    if (!Number.isSafeInteger(seconds)) throw bad(`the end date must be a date in whole seconds, got ${String(ends)}`);
    return this.call('open_game', { g: gameId(game), ends: String(seconds) });
  }

  /** `create_game_tokens` (the game's minter, while it is open): as `createTokens`, the tokens belonging to `game`. */
  createGameTokens(game: string, specs: readonly TokenSpec[]): Fa2Call {
    return this.call('create_game_tokens', { g: gameId(game), specs: tokenSpecs(specs) });
  }

  /** `join_game` (signed by the player): the game's minter may burn the signer's copies of the game's tokens until it ends. */
  joinGame(game: string): Fa2Call {
    return this.call('join_game', gameId(game));
  }

  /** `close_game` (the game's minter or the admin): ends the game, and every player's grant with it, for good. */
  closeGame(game: string): Fa2Call {
    return this.call('close_game', gameId(game));
  }

  /** `commit_seed` (the game's minter, while it is open, once): the commitment to the game's seed, a SHA-256 hash in hex. */
  commitSeed(game: string, commitmentHex: string): Fa2Call {
    return this.call('commit_seed', { g: gameId(game), c: sha256Hex(commitmentHex, 'the commitment') });
  }

  /**
   * `reveal_seed` (the game's minter or the admin, once, also after the game is closed or expired): the seed, sent as
   * its UTF-8 bytes, which the contract checks against the commitment, and the final state hash (hex).
   */
  revealSeed(game: string, seed: string, finalHashHex: string): Fa2Call {
    if (typeof seed !== 'string') throw bad('the seed must be a string');
    return this.call('reveal_seed', {
      g: gameId(game),
      seed: hexOf(new TextEncoder().encode(seed)),
      final_hash: sha256Hex(finalHashHex, 'the final state hash'),
    });
  }

  /** `game_burn` (the game's minter, while the game is open): burns copies of the game's tokens from players who joined it. */
  gameBurn(game: string, burns: readonly BurnRequest[]): Fa2Call {
    return this.call('game_burn', { g: gameId(game), bps: burnRequests(burns) });
  }

  /** `mint` (minters): within each token's max supply, not for retired tokens. */
  mint(mints: readonly MintRequest[]): Fa2Call {
    return this.call(
      'mint',
      mints.map((m) => ({
        token_id: nat(m.tokenId, 'tokenId'),
        to_: address(m.to, 'to'),
        amount: nat(m.amount, 'amount'),
      })),
    );
  }

  /** `burn`: by the owner or one of its operators for the token; the supply goes down. */
  burn(burns: readonly BurnRequest[]): Fa2Call {
    return this.call('burn', burnRequests(burns));
  }

  /** `retire` (minters): minting these tokens ends for good. */
  retire(tokenIds: readonly Nat[]): Fa2Call {
    return this.call(
      'retire',
      tokenIds.map((id) => nat(id, 'tokenId')),
    );
  }

  /** `transfer_admin` (admin): proposes a new admin, who must `accept_admin`. */
  transferAdmin(candidate: string): Fa2Call {
    return this.call('transfer_admin', address(candidate, 'candidate'));
  }

  /** `accept_admin` (the proposed admin). */
  acceptAdmin(): Fa2Call {
    return this.call('accept_admin', UnitValue);
  }

  addMinter(minter: string): Fa2Call {
    return this.call('add_minter', address(minter, 'minter'));
  }

  removeMinter(minter: string): Fa2Call {
    return this.call('remove_minter', address(minter, 'minter'));
  }

  /** `set_paused` (admin): while paused, `create_tokens` and `mint` fail with MINT_PAUSED. */
  setPaused(paused: boolean): Fa2Call {
    return this.call('set_paused', paused);
  }

  /** `set_metadata` (admin): sets a TZIP-16 `%metadata` entry (a string is stored as its UTF-8 bytes), or removes it (null). */
  setMetadata(key: string, value: string | Uint8Array | null): Fa2Call {
    const bytes = value === null ? null : typeof value === 'string' ? new TextEncoder().encode(value) : value;
    return this.call('set_metadata', { k: key, v: bytes === null ? null : hexOf(bytes) });
  }

  // ---- Operator approval (FA2; the game bank needs none: games grant it `game_burn` instead) ----

  /** Makes `operator` an operator of `owner` for each token id. */
  approveOperator(owner: string, operator: string, tokenIds: readonly Nat[]): Fa2Call {
    return this.updateOperators(tokenIds.map((tokenId) => ({ kind: 'add', owner, operator, tokenId })));
  }

  /** Removes `operator` as an operator of `owner` for each token id (e.g. a bank approved by an older app version). */
  revokeOperator(owner: string, operator: string, tokenIds: readonly Nat[]): Fa2Call {
    return this.updateOperators(tokenIds.map((tokenId) => ({ kind: 'remove', owner, operator, tokenId })));
  }

  // ---- Sending ----

  /** Sends the calls as one batch signed by this client's signer; see `sendCalls`. */
  send(...calls: readonly Fa2Call[]): Promise<SendResult> {
    return sendCalls(this.tezos, calls);
  }

  /** The signer approves `operator` for its own tokens `tokenIds`, and waits for inclusion. */
  async approve(operator: string, tokenIds: readonly Nat[]): Promise<SendResult> {
    return this.send(this.approveOperator(await this.tezos.signer.publicKeyHash(), operator, tokenIds));
  }

  /** The signer revokes `operator` for its own tokens `tokenIds`, and waits for inclusion. */
  async revoke(operator: string, tokenIds: readonly Nat[]): Promise<SendResult> {
    return this.send(this.revokeOperator(await this.tezos.signer.publicKeyHash(), operator, tokenIds));
  }

  // ---- On-chain views (run by the node at its head) ----

  /** Runs view `name` on `input`'s fields (a tuple's by position). */
  private async view(name: string, input: unknown): Promise<MichelsonV1Expression> {
    const encoded = encodeViewInput(name, input);
    this.chainId ??= this.tezos.rpc.getChainId();
    try {
      const { data } = await this.tezos.rpc.runScriptView({
        contract: this.address,
        view: name,
        input: encoded,
        chain_id: await this.chainId,
      });
      return data;
    } catch (e) {
      throw toFa2Error(e, { contract: this.address, view: name });
    }
  }

  private static natResult(data: MichelsonV1Expression): bigint {
    const int = (data as { int?: unknown }).int;
    if (typeof int !== 'string') throw new Error(`view returned ${JSON.stringify(data)}, not a nat`);
    return BigInt(int);
  }

  /** View `get_balance`. @throws Fa2Error FA2_TOKEN_UNDEFINED */
  async getBalance(owner: string, tokenId: Nat): Promise<bigint> {
    return Fa2Editions.natResult(
      await this.view('get_balance', { 0: address(owner, 'owner'), 1: nat(tokenId, 'tokenId') }),
    );
  }

  /** View `get_total_supply`. @throws Fa2Error FA2_TOKEN_UNDEFINED */
  async getTotalSupply(tokenId: Nat): Promise<bigint> {
    return Fa2Editions.natResult(await this.view('get_total_supply', nat(tokenId, 'tokenId')));
  }

  /** View `get_max_supply`. @throws Fa2Error FA2_TOKEN_UNDEFINED */
  async getMaxSupply(tokenId: Nat): Promise<bigint> {
    return Fa2Editions.natResult(await this.view('get_max_supply', nat(tokenId, 'tokenId')));
  }

  /** View `is_operator`: whether `operator` may move `owner`'s `tokenId`. */
  async isOperator(owner: string, operator: string, tokenId: Nat): Promise<boolean> {
    return Fa2Editions.boolResult(
      await this.view('is_operator', {
        0: address(owner, 'owner'),
        1: address(operator, 'operator'),
        2: nat(tokenId, 'tokenId'),
      }),
    );
  }

  /** View `game_grant`: whether the game's minter may burn `owner`'s copies now (joined, open, before its end date). */
  async gameGrant(game: string, owner: string): Promise<boolean> {
    return Fa2Editions.boolResult(await this.view('game_grant', { 0: gameId(game), 1: address(owner, 'owner') }));
  }

  /** View `game_info`. @throws Fa2Error GAME_NOT_FOUND */
  async gameInfo(game: string): Promise<GameInfo> {
    const data = await this.view('game_info', gameId(game));
    // The node answers a right comb flat or nested: (minter, (ends, closed)).
    const args = (data as { args?: MichelsonV1Expression[] }).args ?? [];
    const [minter, ...rest] = args;
    const tail = rest.length === 1 ? ((rest[0] as { args?: MichelsonV1Expression[] }).args ?? []) : rest;
    const [ends, closed] = tail;
    const at = (ends as { string?: string; int?: string } | undefined) ?? {};
    const when =
      at.string !== undefined
        ? new Date(at.string)
        : at.int !== undefined
          ? new Date(Number(at.int) * 1000)
          : new Date(NaN);
    const who = (minter as { string?: unknown } | undefined)?.string;
    if (typeof who !== 'string' || Number.isNaN(when.getTime()) || closed === undefined)
      throw new Error(`view game_info returned ${JSON.stringify(data)}`);
    return { minter: who, ends: when, closed: Fa2Editions.boolResult(closed) };
  }

  private static boolResult(data: MichelsonV1Expression): boolean {
    const prim = (data as { prim?: unknown }).prim;
    if (prim !== 'True' && prim !== 'False') throw new Error(`view returned ${JSON.stringify(data)}, not a bool`);
    return prim === 'True';
  }

  // ---- Storage readers (the node's head) ----

  private async raw(): Promise<EditionsStorage> {
    this.contract ??= this.tezos.contract.at(this.address);
    try {
      return await (await this.contract).storage<EditionsStorage>();
    } catch (e) {
      this.contract = undefined;
      throw e;
    }
  }

  /** Admin, pending admin, pause flag and next token id. */
  async state(): Promise<Fa2EditionsState> {
    const s = await this.raw();
    const c = s.admin_candidate;
    return {
      admin: s.admin,
      adminCandidate: some(c),
      paused: s.paused,
      nextTokenId: big(s.next_token_id),
    };
  }

  async isMinter(who: string): Promise<boolean> {
    address(who, 'minter');
    return (await (await this.raw()).minters.get(who)) !== undefined;
  }

  /** `owner`'s balance of `tokenId` in the ledger (0 when it holds none, or the token does not exist). */
  async balance(owner: string, tokenId: Nat): Promise<bigint> {
    address(owner, 'owner');
    nat(tokenId, 'tokenId');
    const v = await (await this.raw()).ledger.get<{ toString(): string }>({ 0: owner, 1: BigInt(tokenId).toString() });
    return v === undefined ? 0n : big(v);
  }

  /** The token's record (supplies, creator, retired), or undefined when no token has this id. */
  async token(tokenId: Nat): Promise<TokenRecord | undefined> {
    nat(tokenId, 'tokenId');
    const id = BigInt(tokenId);
    const t = await (await this.raw()).tokens.get<RawToken>(id.toString());
    return (
      t && {
        tokenId: id,
        maxSupply: big(t.max_supply),
        totalSupply: big(t.total_supply),
        creator: t.creator,
        retired: t.retired,
        game: some(t.tgame),
      }
    );
  }

  /** The game's seed commitment and reveal (`seed_commits`), or null when its seed was never committed. */
  async seedCommit(game: string): Promise<SeedCommit | null> {
    gameId(game);
    const sc = await (await this.raw()).seed_commits.get<RawSeedCommit>(game);
    if (!sc) return null;
    const seed = some(sc.scseed);
    return {
      commitment: sc.sccommit,
      seed: seed === null ? null : new TextDecoder().decode(hexToBytes(seed)),
      finalHash: some(sc.scfinal),
    };
  }

  private async existing(tokenId: Nat): Promise<TokenRecord> {
    const t = await this.token(tokenId);
    if (!t)
      throw new Fa2Error(FA2_ERRORS.tokenUndefined, `no token ${String(tokenId)}`, {
        contract: this.address,
        failwith: FA2_ERRORS.tokenUndefined,
      });
    return t;
  }

  /** Max and current (minted minus burnt) supply. @throws Fa2Error FA2_TOKEN_UNDEFINED */
  async supply(tokenId: Nat): Promise<{ max: bigint; total: bigint }> {
    const t = await this.existing(tokenId);
    return { max: t.maxSupply, total: t.totalSupply };
  }

  /** Whether minting the token has ended for good. @throws Fa2Error FA2_TOKEN_UNDEFINED */
  async isRetired(tokenId: Nat): Promise<boolean> {
    return (await this.existing(tokenId)).retired;
  }

  /**
   * The token's TZIP-21 metadata decoded from its on-chain `token_info`, or undefined when no token has this id.
   * @throws MetadataError when the stored bytes are not metadata this app can read.
   */
  async tokenMetadata(tokenId: Nat): Promise<TokenMetadata | undefined> {
    const info = await this.#tokenInfo(tokenId);
    return info && decodeTokenInfo(info);
  }

  /**
   * Where the token's metadata lives when it is off-chain (`token_info`'s `""` key, TZIP-16): its URI, or null when
   * the token keeps it on-chain; undefined when no token has this id.
   * @throws MetadataError when the stored bytes are not UTF-8 text.
   */
  async tokenMetadataUri(tokenId: Nat): Promise<string | null | undefined> {
    const info = await this.#tokenInfo(tokenId);
    return info && offChainMetadataUri(info);
  }

  async #tokenInfo(tokenId: Nat): Promise<{ entries(): Iterable<[unknown, unknown]> } | undefined> {
    nat(tokenId, 'tokenId');
    const md = await (
      await this.raw()
    ).token_metadata.get<{ token_info: { entries(): Iterable<[unknown, unknown]> } }>(BigInt(tokenId).toString());
    return md?.token_info;
  }
}
