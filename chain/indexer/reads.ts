/**
 * What the collector views and the devnet's own explorer read from the TzKT API (server side): an address's tokens
 * of the editions contract, one token's owners and history, an operation group, a block, an account. Each takes the
 * TzKT API root (the configured network's `tzktUrl`), validates what came from the URL before asking (coded
 * IndexerError, nothing sent), reads through the IndexerClient once per request with a timeout (a page does not wait
 * for a lagging indexer: it says so), and checks the answers with zod.
 */
import {
  accountsGetByAddress,
  blocksGetByLevel,
  contractsGetStorage,
  bigMapsGetKeys,
  contractsGetBigMapByNameKeys,
  operationsGetByHash,
  operationsGetOriginations,
  operationsGetTransactions,
  tokensGetTokenBalances,
  tokensGetTokens,
  tokensGetTokenTransfers,
} from '@tzkt/sdk-api';
import { hexToBytes } from '@noble/hashes/utils.js';
import { imageUrl } from '../image-url';
import { z } from 'zod';
import {
  decodeIndexedMetadata,
  offChainMetadataUri,
  tileFacts,
  type TileFacts,
  type TokenMetadata,
} from '../token-metadata';
import { IndexerError } from '../errors';
import { IndexerClient } from './client';
import { isAddress, isContractAddress, isOperationHash, isTokenId } from '../validate';

export interface ReadOptions {
  /** One request's limit (default 8 s): past it the page says the indexer did not answer. */
  readonly timeoutMs?: number;
}

/** The attribute the Pole bridge gives each token: the board's tile id (chain/pole-bridge TILE_ID_ATTRIBUTE). */
const TILE_ID = 'Tile';
/** Rows per list request: TzKT's maximum, so a page needs one request per list. */
const LIMIT = 10_000;
/** Ids per `in` filter, so query strings stay short. */
const IN_CHUNK = 100;

// ---- Input checks ----------------------------------------------------------------------------

/** The indexer client a page's read uses: one request at a time, each within the read's timeout. */
function clientOf(tzktUrl: string, options: ReadOptions): IndexerClient {
  return new IndexerClient({ tzktUrl, requestTimeoutMs: options.timeoutMs ?? 8000 });
}

function checkAddress(address: string): string {
  const a = address.trim();
  if (!isAddress(a))
    throw new IndexerError('BAD_ADDRESS', `"${address}" is not a Tezos address (tz1…, tz2…, tz3…, tz4… or KT1…)`);
  return a;
}

function checkContract(contract: string): string {
  const c = contract.trim();
  if (!isContractAddress(c)) throw new IndexerError('BAD_CONTRACT', `"${contract}" is not a contract address (KT1…)`);
  return c;
}

function checkTokenId(tokenId: string | number | bigint): string {
  const s = String(tokenId).trim();
  if (!isTokenId(s)) throw new IndexerError('BAD_TOKEN_ID', `"${s}" is not a token id (a natural number)`);
  return BigInt(s).toString();
}

function checkHash(hash: string): string {
  const h = hash.trim();
  if (!isOperationHash(h)) throw new IndexerError('BAD_OPERATION_HASH', `"${hash}" is not an operation hash (o…)`);
  return h;
}

function checkLevel(level: string | number): number {
  const s = String(level).trim();
  const n = Number(s);
  if (!/^\d{1,10}$/.test(s) || !Number.isSafeInteger(n))
    throw new IndexerError('BAD_LEVEL', `"${s}" is not a block level (a natural number)`);
  return n;
}

// ---- Requests --------------------------------------------------------------------------------

/** An answer checked against the shape this module reads. */
function parse<S extends z.ZodType>(schema: S, data: unknown, url: string, what: string): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new IndexerError(
      'INDEXER_HTTP',
      `The indexer at ${url} gave an unexpected answer for ${what}.`,
      { url },
      { cause: parsed.error },
    );
  return parsed.data;
}

/** The first of `rows`: the one thing a read by key asked for; NOT_FOUND saying `missing` when there is none. */
function found<T>(rows: readonly T[], missing: string): T {
  const first = rows[0];
  if (!first) throw new IndexerError('NOT_FOUND', missing);
  return first;
}

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += IN_CHUNK) out.push(list.slice(i, i + IN_CHUNK));
  return out;
}

// ---- TzKT shapes (only the fields read here) --------------------------------------------------

const alias = z.object({ address: z.string() }).nullish();
const tokenInfo = z.object({
  contract: z.object({ address: z.string() }),
  tokenId: z.string(),
  totalSupply: z.string().nullish(),
  metadata: z.unknown().optional(),
});
const balanceRow = z.object({
  account: z.object({ address: z.string() }),
  token: tokenInfo,
  balance: z.string(),
  lastLevel: z.number(),
  lastTime: z.string().optional(),
});
const tokenRow = tokenInfo.extend({
  firstLevel: z.number(),
  firstTime: z.string().optional(),
  holdersCount: z.number().optional(),
  totalMinted: z.string().nullish(),
  totalBurned: z.string().nullish(),
});
const transferRow = z.object({
  id: z.number(),
  level: z.number(),
  timestamp: z.string(),
  from: alias,
  to: alias,
  amount: z.string(),
  transactionId: z.number().nullish(),
  originationId: z.number().nullish(),
});
const idHash = z.object({ id: z.number(), hash: z.string() });
/** A transaction or origination (TzKT's operation rows: both kinds, fields absent where they do not apply). */
const operationRow = z.object({
  type: z.string(),
  id: z.number(),
  level: z.number(),
  timestamp: z.string(),
  block: z.string().optional(),
  hash: z.string(),
  sender: alias,
  target: alias,
  originatedContract: alias,
  nonce: z.number().nullish(),
  amount: z.number().optional(),
  contractBalance: z.number().optional(),
  parameter: z.object({ entrypoint: z.string(), value: z.unknown() }).nullish(),
  status: z.string().optional(),
  bakerFee: z.number().optional(),
  storageFee: z.number().optional(),
  allocationFee: z.number().optional(),
  gasUsed: z.number().optional(),
  storageUsed: z.number().optional(),
  errors: z.array(z.object({ type: z.string() })).nullish(),
});
const blockRow = z.object({
  level: z.number(),
  hash: z.string(),
  timestamp: z.string(),
  fees: z.number().optional(),
  transactions: z.array(operationRow).nullish(),
  originations: z.array(operationRow).nullish(),
  reveals: z.array(operationRow).nullish(),
  delegations: z.array(operationRow).nullish(),
});
const accountRow = z.object({
  type: z.string(),
  address: z.string().optional(),
  balance: z.number().optional(),
  kind: z.string().optional(),
  tzips: z.array(z.string()).nullish(),
  numTransactions: z.number().optional(),
  firstActivityTime: z.string().optional(),
  lastActivityTime: z.string().optional(),
});
/** The editions contract's `tokens` big_map value (contracts/fa2-editions.arl). */
const editionKey = z.object({
  key: z.string(),
  value: z.object({
    max_supply: z.string().regex(/^\d+$/),
    total_supply: z.string().regex(/^\d+$/),
    retired: z.boolean(),
  }),
});

// ---- What the pages show ----------------------------------------------------------------------

export interface Royalty {
  readonly address: string;
  /** Share of each sale, in percent. */
  readonly percent: number;
}

/** A token as a collector sees it: artwork, title, artist, edition. */
export interface TokenSummary {
  readonly contract: string;
  readonly tokenId: string;
  readonly title: string;
  /** The artist's name when the token's name is "Title — Artist" (the app's TZIP-21 convention). */
  readonly artist: string | null;
  readonly description: string | null;
  readonly creators: readonly string[];
  readonly royalties: readonly Royalty[];
  readonly attributes: readonly { readonly name: string; readonly value: string }[];
  /** The board tile the token stands for, when the Pole bridge created it. */
  readonly tileId: string | null;
  /** List price, multiplier, edition size and game, when the token is a Tezos Pole tile. */
  readonly facts: TileFacts | null;
  /** What to show: the display image, else the artifact (http(s) or data: URL), or null for generated art. */
  readonly image: string | null;
  /** The artifact's own URL (http(s) or data:), when it has one. */
  readonly artifact: string | null;
  /** Copies in existence now (minted minus burnt). */
  readonly supply: string;
  /** The edition size (max supply), when known. */
  readonly maxSupply: string | null;
  /** Minting has ended for good (the editions contract's `retired`), when known. */
  readonly retired: boolean | null;
  /** "1/1" for a one-of-one, else "x/y" (copies now / edition size), or "x" when the size is unknown. */
  readonly edition: string;
  /** Why the metadata could not be read as TZIP-21, when it could not. */
  readonly metadataProblem: string | null;
}

export interface CollectedToken {
  readonly token: TokenSummary;
  /** This address's balance. */
  readonly balance: string;
  readonly lastLevel: number;
}

export interface Collection {
  readonly address: string;
  readonly contract: string;
  /** By token id. */
  readonly items: readonly CollectedToken[];
}

export interface Owner {
  readonly address: string;
  readonly balance: string;
}

export interface HistoryEntry {
  readonly kind: 'mint' | 'transfer' | 'burn';
  readonly from: string | null;
  readonly to: string | null;
  readonly amount: string;
  readonly level: number;
  readonly timestamp: string;
  /** The operation that made the move, when the indexer ties it to one. */
  readonly opHash: string | null;
}

export interface TokenDetail {
  readonly token: TokenSummary;
  readonly totalMinted: string;
  readonly totalBurned: string;
  readonly firstLevel: number;
  /** Current holders, largest balance first. */
  readonly owners: readonly Owner[];
  /** Oldest first. */
  readonly history: readonly HistoryEntry[];
}

export interface OperationContent {
  readonly type: string;
  readonly id: number;
  /** An operation a contract made while running (it has a nonce), not one the sender signed. */
  readonly internal: boolean;
  readonly sender: string | null;
  readonly target: string | null;
  readonly originatedContract: string | null;
  readonly entrypoint: string | null;
  /** The call's parameter in TzKT's JSON form. */
  readonly parameters: unknown;
  /** Tez sent (or the new contract's balance), in mutez. */
  readonly amount: number;
  readonly status: string;
  /** Baker fee, in mutez. */
  readonly fee: number;
  readonly gasUsed: number;
  readonly storageUsed: number;
  /** Storage and allocation fees burnt, in mutez. */
  readonly storageFee: number;
  readonly errors: readonly string[];
}

export interface OperationGroup {
  readonly hash: string;
  readonly level: number;
  readonly timestamp: string;
  readonly block: string | null;
  /** The group's outcome: applied, or the first content's other status. */
  readonly status: string;
  readonly contents: readonly OperationContent[];
}

export interface BlockSummary {
  readonly level: number;
  readonly hash: string;
  readonly timestamp: string;
  /** Fees of the block's operations, in mutez. */
  readonly fees: number;
  /** Every indexed operation of the block, in order. */
  readonly operations: readonly (OperationContent & { readonly hash: string })[];
}

export interface AccountToken {
  readonly contract: string;
  readonly tokenId: string;
  readonly name: string;
  readonly balance: string;
}

export interface AccountSummary {
  readonly address: string;
  /** TzKT's account type: user, contract, delegate, empty… */
  readonly type: string;
  /** In mutez. */
  readonly balance: number;
  readonly kind: string | null;
  readonly tzips: readonly string[];
  readonly numTransactions: number;
  readonly firstActivityTime: string | null;
  readonly lastActivityTime: string | null;
  /** Tokens held now (balance > 0), of any contract. */
  readonly tokens: readonly AccountToken[];
}

// ---- Metadata to what a page shows -------------------------------------------------------------

/** Re-exported: the collection pages read it from here with the rest. */
export { imageUrl };

/** "1/1" for an edition of one, "x/y" otherwise, or "x" when the edition size is unknown. */
export function editionLabel(supply: string, maxSupply: string | null): string {
  if (maxSupply === '1') return '1/1';
  return maxSupply === null ? supply : `${supply}/${maxSupply}`;
}

interface EditionRecord {
  readonly max: string;
  readonly total: string;
  readonly retired: boolean;
}

/** Loose fields of metadata that is not this app's TZIP-21 (another minter's token): read what is there. */
function looseMetadata(raw: unknown): {
  name: string | null;
  description: string | null;
  creators: string[];
  displayUri: string | null;
  artifactUri: string | null;
} {
  const o = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const str = (k: string): string | null => (typeof o[k] === 'string' && o[k] !== '' ? o[k] : null);
  const creators = Array.isArray(o.creators) ? o.creators.filter((c): c is string => typeof c === 'string') : [];
  return {
    name: str('name'),
    description: str('description'),
    creators,
    displayUri: str('displayUri'),
    artifactUri: str('artifactUri'),
  };
}

function summarize(
  contract: string,
  tokenId: string,
  rawMetadata: unknown,
  supply: string,
  edition: EditionRecord | undefined,
): TokenSummary {
  let meta: TokenMetadata | null = null;
  let metadataProblem: string | null = null;
  if (rawMetadata === undefined || rawMetadata === null)
    metadataProblem = 'the indexer shows no metadata for this token';
  else {
    try {
      meta = decodeIndexedMetadata(rawMetadata);
    } catch (e) {
      metadataProblem = e instanceof Error ? e.message : String(e);
    }
  }
  const loose = looseMetadata(rawMetadata);
  const name = meta?.name ?? loose.name ?? `Token #${tokenId}`;
  // Tezos Pole names a token "Title — Artist" (tileTokenMetadata), as objkt shows works: split for the card.
  const dash = name.lastIndexOf(' — ');
  const facts = meta ? tileFacts(meta) : null;
  const maxSupply = edition?.max ?? (facts ? String(facts.editionSize) : null);
  const royalties = meta?.royalties
    ? Object.entries(meta.royalties.shares).map(([address, share]) => ({
        address,
        percent: (share * 100) / 10 ** meta.royalties!.decimals,
      }))
    : [];
  return {
    contract,
    tokenId,
    title: dash > 0 ? name.slice(0, dash) : name,
    artist: dash > 0 ? name.slice(dash + 3) : null,
    description: meta?.description ?? loose.description,
    creators: meta?.creators ?? loose.creators,
    royalties,
    attributes: meta?.attributes.map((a) => ({ name: a.name, value: a.value })) ?? [],
    tileId: meta?.attributes.find((a) => a.name === TILE_ID)?.value ?? null,
    facts,
    image: imageUrl(meta?.displayUri ?? loose.displayUri) ?? imageUrl(meta?.artifactUri ?? loose.artifactUri),
    artifact: imageUrl(meta?.artifactUri ?? loose.artifactUri),
    supply,
    maxSupply,
    retired: edition?.retired ?? null,
    edition: editionLabel(supply, maxSupply),
    metadataProblem,
  };
}

/**
 * The editions contract's own record of each token (max supply, supply, retired) from its `tokens` big_map;
 * empty for a contract without one (its edition sizes then come from the metadata, if anywhere).
 */
async function editionRecords(
  client: IndexerClient,
  contract: string,
  tokenIds: readonly string[],
): Promise<Map<string, EditionRecord>> {
  const url = client.url;
  const out = new Map<string, EditionRecord>();
  if (tokenIds.length === 0) return out;
  // The SDK hands storage over as a Blob (empty when there is no such field); a stored big_map is its id.
  // Another contract may have no `tokens` field, or one of another shape: then it has no records to read.
  const ptr = (
    await client.once(async (opts) => (await contractsGetStorage(contract, { path: 'tokens' }, opts)).text())
  ).trim();
  if (!/^\d+$/.test(ptr)) return out;
  for (const ids of chunks(tokenIds)) {
    // The SDK repeats array items and TzKT reads only the first (tzkt/api-sdk-ts#20): one comma-joined item.
    const keys = await client.once((opts) =>
      bigMapsGetKeys(Number(ptr), { key: { in: { jsonValue: [ids.join(',')] } }, active: true, limit: LIMIT }, opts),
    );
    for (const row of parse(z.array(z.unknown()), keys, url, `the tokens of ${contract}`)) {
      const k = editionKey.safeParse(row);
      if (k.success)
        out.set(k.data.key, {
          max: k.data.value.max_supply,
          total: k.data.value.total_supply,
          retired: k.data.value.retired,
        });
    }
  }
  return out;
}

// ---- Reads -----------------------------------------------------------------------------------

/**
 * The tokens of `contract` that `address` holds now (balance > 0), each with its metadata and edition.
 * @throws IndexerError BAD_URL, BAD_ADDRESS, BAD_CONTRACT; INDEXER_UNREACHABLE, INDEXER_TIMEOUT, INDEXER_HTTP.
 */
export async function collectionOf(
  tzktUrl: string,
  address: string,
  contract: string,
  options: ReadOptions = {},
): Promise<Collection> {
  const client = clientOf(tzktUrl, options);
  const url = client.url;
  const owner = checkAddress(address);
  const kt = checkContract(contract);
  const raw = await client.once((opts) =>
    tokensGetTokenBalances(
      { account: { eq: owner }, tokenContract: { eq: kt }, balance: { gt: '0' }, sort: { asc: 'id' }, limit: LIMIT },
      opts,
    ),
  );
  const rows = parse(z.array(balanceRow), raw, url, `the tokens of ${owner}`);
  const editions = await editionRecords(
    client,
    kt,
    rows.map((r) => r.token.tokenId),
  );
  const items = rows.map((r) => ({
    token: summarize(kt, r.token.tokenId, r.token.metadata, r.token.totalSupply ?? '0', editions.get(r.token.tokenId)),
    balance: r.balance,
    lastLevel: r.lastLevel,
  }));
  items.sort((a, b) => (BigInt(a.token.tokenId) < BigInt(b.token.tokenId) ? -1 : 1));
  return { address: owner, contract: kt, items };
}

/** The operation hashes of TzKT operation ids (transactions or originations). */
async function hashesOf(client: IndexerClient, ids: { tx: number[]; orig: number[] }): Promise<Map<number, string>> {
  const url = client.url;
  const out = new Map<number, string>();
  const fetchers = [
    {
      list: ids.tx,
      get: (chunk: number[], opts: { baseUrl: string; signal: AbortSignal }) =>
        operationsGetTransactions(byIds(chunk), opts),
    },
    {
      list: ids.orig,
      get: (chunk: number[], opts: { baseUrl: string; signal: AbortSignal }) =>
        operationsGetOriginations(byIds(chunk), opts),
    },
  ];
  for (const { list, get } of fetchers) {
    for (const chunk of chunks([...new Set(list)])) {
      const rows = await client.once((opts) => get(chunk, opts));
      for (const r of parse(z.array(idHash), rows, url, 'operation hashes')) out.set(r.id, r.hash);
    }
  }
  return out;
}

/** `id.in=a,b,c` with only id and hash selected; the ids go comma-joined in one item (tzkt/api-sdk-ts#20). */
const byIds = (ids: readonly number[]) => ({
  // The SDK types `in` as number[] but TzKT wants one comma-joined value.
  id: { in: [ids.join(',')] as unknown as number[] },
  select: { fields: ['id,hash'] },
  limit: LIMIT,
});

/**
 * One token: its metadata and edition, current owners, and every mint, transfer and burn with its operation hash.
 * @throws IndexerError BAD_URL, BAD_CONTRACT, BAD_TOKEN_ID, NOT_FOUND (no such token indexed);
 *   INDEXER_UNREACHABLE, INDEXER_TIMEOUT, INDEXER_HTTP.
 */
export async function tokenDetail(
  tzktUrl: string,
  contract: string,
  tokenId: string | number | bigint,
  options: ReadOptions = {},
): Promise<TokenDetail> {
  const client = clientOf(tzktUrl, options);
  const url = client.url;
  const kt = checkContract(contract);
  const id = checkTokenId(tokenId);
  const row = found(
    parse(
      z.array(tokenRow),
      await client.once((opts) => tokensGetTokens({ contract: { eq: kt }, tokenId: { eq: id }, limit: 1 }, opts)),
      url,
      `token ${id}`,
    ),
    `The indexer at ${url} knows no token ${id} of contract ${kt}: it has never been minted, or the indexer has not reached it yet.`,
  );
  const [balances, transfers, editions] = await Promise.all([
    client.once((opts) =>
      tokensGetTokenBalances(
        {
          tokenContract: { eq: kt },
          tokenTokenId: { eq: id },
          balance: { gt: '0' },
          sort: { desc: 'balance' },
          limit: LIMIT,
        },
        opts,
      ),
    ),
    client.once((opts) =>
      tokensGetTokenTransfers(
        { tokenContract: { eq: kt }, tokenTokenId: { eq: id }, sort: { asc: 'id' }, limit: LIMIT },
        opts,
      ),
    ),
    editionRecords(client, kt, [id]),
  ]);
  const owners = parse(z.array(balanceRow), balances, url, `the owners of token ${id}`).map((b) => ({
    address: b.account.address,
    balance: b.balance,
  }));
  owners.sort((a, b) =>
    BigInt(b.balance) > BigInt(a.balance)
      ? 1
      : BigInt(b.balance) < BigInt(a.balance)
        ? -1
        : a.address < b.address
          ? -1
          : 1,
  );
  const moves = parse(z.array(transferRow), transfers, url, `the transfers of token ${id}`);
  const hashes = await hashesOf(client, {
    tx: moves.flatMap((m) => (m.transactionId != null ? [m.transactionId] : [])),
    orig: moves.flatMap((m) => (m.originationId != null ? [m.originationId] : [])),
  });
  const history = moves.map((m): HistoryEntry => {
    const from = m.from?.address ?? null;
    const to = m.to?.address ?? null;
    const opId = m.transactionId ?? m.originationId;
    return {
      kind: from === null ? 'mint' : to === null ? 'burn' : 'transfer',
      from,
      to,
      amount: m.amount,
      level: m.level,
      timestamp: m.timestamp,
      opHash: opId != null ? (hashes.get(opId) ?? null) : null,
    };
  });
  return {
    token: summarize(kt, id, row.metadata, row.totalSupply ?? '0', editions.get(id)),
    totalMinted: row.totalMinted ?? '0',
    totalBurned: row.totalBurned ?? '0',
    firstLevel: row.firstLevel,
    owners,
    history,
  };
}

function content(r: z.output<typeof operationRow>): OperationContent {
  return {
    type: r.type,
    id: r.id,
    internal: r.nonce != null,
    sender: r.sender?.address ?? null,
    target: r.target?.address ?? null,
    originatedContract: r.originatedContract?.address ?? null,
    entrypoint: r.parameter?.entrypoint ?? null,
    parameters: r.parameter?.value ?? null,
    amount: r.amount ?? r.contractBalance ?? 0,
    status: r.status ?? 'applied',
    fee: r.bakerFee ?? 0,
    gasUsed: r.gasUsed ?? 0,
    storageUsed: r.storageUsed ?? 0,
    storageFee: (r.storageFee ?? 0) + (r.allocationFee ?? 0),
    errors: r.errors?.map((e) => e.type) ?? [],
  };
}

/**
 * An operation group by hash: its contents (internal operations included) with status, sender, target,
 * entrypoint, parameters, fee, gas and storage.
 * @throws IndexerError BAD_URL, BAD_OPERATION_HASH, NOT_FOUND; INDEXER_UNREACHABLE, INDEXER_TIMEOUT, INDEXER_HTTP.
 */
export async function operation(tzktUrl: string, hash: string, options: ReadOptions = {}): Promise<OperationGroup> {
  const client = clientOf(tzktUrl, options);
  const url = client.url;
  const h = checkHash(hash);
  const rows = parse(
    z.array(operationRow),
    await client.once((opts) => operationsGetByHash(h, {}, opts)),
    url,
    `operation ${h}`,
  );
  const first = found(rows, `The indexer at ${url} knows no operation ${h}: it may not be included in a block yet.`);
  const contents = rows.map(content);
  return {
    hash: h,
    level: first.level,
    timestamp: first.timestamp,
    block: first.block ?? null,
    status: contents.find((c) => c.status !== 'applied')?.status ?? 'applied',
    contents,
  };
}

/**
 * A block by level, with its operations.
 * @throws IndexerError BAD_URL, BAD_LEVEL, NOT_FOUND (beyond the indexer's head); INDEXER_UNREACHABLE,
 *   INDEXER_TIMEOUT, INDEXER_HTTP.
 */
export async function block(tzktUrl: string, level: string | number, options: ReadOptions = {}): Promise<BlockSummary> {
  const client = clientOf(tzktUrl, options);
  const url = client.url;
  const n = checkLevel(level);
  const raw = await client.once((opts) => blocksGetByLevel(n, { operations: true }, opts));
  // TzKT answers 204 (no body) for a level it has not indexed.
  if (raw === null || (raw as unknown) === '')
    throw new IndexerError('NOT_FOUND', `The indexer at ${url} has no block at level ${n} yet.`);
  const b = parse(blockRow, raw, url, `block ${n}`);
  const rows = [
    ...(b.reveals ?? []),
    ...(b.delegations ?? []),
    ...(b.originations ?? []),
    ...(b.transactions ?? []),
  ].sort((x, y) => x.id - y.id);
  return {
    level: b.level,
    hash: b.hash,
    timestamp: b.timestamp,
    fees: b.fees ?? 0,
    operations: rows.map((r) => ({ ...content(r), hash: r.hash })),
  };
}

/**
 * An account: its type, tez balance and activity, and the tokens it holds now (any contract).
 * @throws IndexerError BAD_URL, BAD_ADDRESS; INDEXER_UNREACHABLE, INDEXER_TIMEOUT, INDEXER_HTTP.
 */
export async function account(tzktUrl: string, address: string, options: ReadOptions = {}): Promise<AccountSummary> {
  const client = clientOf(tzktUrl, options);
  const url = client.url;
  const a = checkAddress(address);
  const [raw, balances] = await Promise.all([
    client.once((opts) => accountsGetByAddress(a, {}, opts)),
    client.once((opts) =>
      tokensGetTokenBalances({ account: { eq: a }, balance: { gt: '0' }, sort: { asc: 'id' }, limit: LIMIT }, opts),
    ),
  ]);
  const acc = parse(accountRow, raw, url, `account ${a}`);
  const tokens = parse(z.array(balanceRow), balances, url, `the tokens of ${a}`).map((b) => ({
    contract: b.token.contract.address,
    tokenId: b.token.tokenId,
    name: looseMetadata(b.token.metadata).name ?? `Token #${b.token.tokenId}`,
    balance: b.balance,
  }));
  return {
    address: a,
    type: acc.type,
    balance: acc.balance ?? 0,
    kind: acc.kind ?? null,
    tzips: acc.tzips ?? [],
    numTransactions: acc.numTransactions ?? 0,
    firstActivityTime: acc.firstActivityTime ?? null,
    lastActivityTime: acc.lastActivityTime ?? null,
    tokens,
  };
}

/**
 * Current holders and edition of some tokens of one contract (for a game's page): by token id.
 * @throws IndexerError BAD_URL, BAD_CONTRACT, BAD_TOKEN_ID; INDEXER_UNREACHABLE, INDEXER_TIMEOUT, INDEXER_HTTP.
 */
export async function holdersOf(
  tzktUrl: string,
  contract: string,
  tokenIds: readonly (string | number | bigint)[],
  options: ReadOptions = {},
): Promise<
  Map<
    string,
    {
      readonly owners: readonly Owner[];
      readonly edition: string;
      readonly supply: string;
      readonly maxSupply: string | null;
    }
  >
> {
  const client = clientOf(tzktUrl, options);
  const url = client.url;
  const kt = checkContract(contract);
  const ids = [...new Set(tokenIds.map(checkTokenId))];
  const out = new Map<string, { owners: Owner[]; edition: string; supply: string; maxSupply: string | null }>();
  if (ids.length === 0) return out;
  const editions = await editionRecords(client, kt, ids);
  for (const id of ids) {
    const e = editions.get(id);
    const maxSupply = e?.max ?? null;
    const supply = e?.total ?? '0';
    out.set(id, { owners: [], supply, maxSupply, edition: editionLabel(supply, maxSupply) });
  }
  for (const chunk of chunks(ids)) {
    const raw = await client.once((opts) =>
      tokensGetTokenBalances(
        {
          tokenContract: { eq: kt },
          tokenTokenId: { in: [chunk.join(',')] },
          balance: { gt: '0' },
          sort: { asc: 'id' },
          limit: LIMIT,
        },
        opts,
      ),
    );
    for (const b of parse(z.array(balanceRow), raw, url, 'token holders')) {
      const entry = out.get(b.token.tokenId);
      if (!entry) continue;
      entry.owners.push({ address: b.account.address, balance: b.balance });
      // Without the contract's record (not the editions contract), the indexer's supply is the one there is.
      if (!editions.has(b.token.tokenId) && b.token.totalSupply) {
        entry.supply = b.token.totalSupply;
        entry.edition = editionLabel(entry.supply, entry.maxSupply);
      }
    }
  }
  return out;
}

/** A game's seed as the editions contract records it (FAIRNESS.md): the commitment, and once revealed the seed and the final state hash. */
export interface SeedCommitRecord {
  /** SHA-256 (hex) of SEED_COMMITMENT_PREFIX and the seed. */
  readonly commitment: string;
  /** The seed (its UTF-8 text), null until it is revealed. */
  readonly seed: string | null;
  /** The hash (hex) of the game's final state, null until the seed is revealed. */
  readonly finalHash: string | null;
}

const HEX32 = z.string().regex(/^[0-9a-f]{64}$/);
/** A `seed_commits` key as TzKT renders it: bytes as hex, an option as its value or null. */
const seedCommitKey = z.object({
  key: z.string(),
  value: z.object({
    sccommit: HEX32,
    scseed: z
      .string()
      .regex(/^([0-9a-f]{2})*$/)
      .nullable(),
    scfinal: HEX32.nullable(),
  }),
});

/**
 * The seed commitment of game `gameId` in the editions contract `contract`, from its `seed_commits` big_map as the
 * indexer has it (null: no commitment indexed): what a verifier checks a game's record against, the chain alone.
 * @throws IndexerError BAD_URL, BAD_CONTRACT, INDEXER_BAD_INPUT (not a game id); INDEXER_UNREACHABLE, INDEXER_TIMEOUT, INDEXER_HTTP.
 */
export async function readSeedCommit(
  tzktUrl: string,
  contract: string,
  gameId: string,
  options: ReadOptions = {},
): Promise<SeedCommitRecord | null> {
  const client = clientOf(tzktUrl, options);
  const kt = checkContract(contract);
  if (!/^[\x20-\x7e]{1,100}$/.test(gameId))
    throw new IndexerError(
      'INDEXER_BAD_INPUT',
      `${JSON.stringify(gameId)} is not a game id (1–100 printable ASCII characters)`,
    );
  const raw = await client.once((opts) =>
    contractsGetBigMapByNameKeys(
      kt,
      'seed_commits',
      { key: { eq: { jsonValue: gameId } }, active: true, limit: 2 },
      opts,
    ),
  );
  const rows = parse(z.array(seedCommitKey), raw, client.url, `the seed commitment of game ${gameId}`);
  const row = rows.find((r) => r.key === gameId);
  if (!row) return null;
  const { sccommit, scseed, scfinal } = row.value;
  return {
    commitment: sccommit,
    seed: scseed === null ? null : new TextDecoder().decode(hexToBytes(scseed)),
    finalHash: scfinal,
  };
}

const tokenMetadataKey = z.object({
  key: z.string(),
  value: z.object({ token_id: z.string(), token_info: z.record(z.string(), z.string()) }),
});

/**
 * What a token's on-chain `token_info` says, as objkt and TzKT read it before anything else: the `""` key's URI of
 * its off-chain metadata (null for a token that keeps its metadata on-chain), or undefined for no such token.
 * @throws IndexerError
 */
export async function readTokenMetadataUri(
  tzktUrl: string,
  contract: string,
  tokenId: string,
  options: ReadOptions = {},
): Promise<string | null | undefined> {
  const client = clientOf(tzktUrl, options);
  const kt = checkContract(contract);
  if (!isTokenId(tokenId)) throw new IndexerError('INDEXER_BAD_INPUT', `"${tokenId}" is not a token id`);
  const raw = await client.once((opts) =>
    contractsGetBigMapByNameKeys(kt, 'token_metadata', { key: { eq: { jsonValue: tokenId } }, active: true }, opts),
  );
  const row = parse(z.array(tokenMetadataKey), raw, client.url, `the metadata of token ${tokenId}`).find(
    (r) => r.key === tokenId,
  );
  if (!row) return undefined;
  return offChainMetadataUri(row.value.token_info);
}

const gameKey = z.object({
  key: z.string(),
  value: z.object({ gminter: z.string(), gends: z.string(), gclosed: z.boolean() }),
});

/** A game as the editions contract keeps it (its `games` big_map), or null when it has none by that id. @throws IndexerError */
export async function readGameInfo(
  tzktUrl: string,
  contract: string,
  gameId: string,
  options: ReadOptions = {},
): Promise<{ minter: string; ends: string; closed: boolean } | null> {
  const client = clientOf(tzktUrl, options);
  const kt = checkContract(contract);
  const raw = await client.once((opts) =>
    contractsGetBigMapByNameKeys(kt, 'games', { key: { eq: { jsonValue: gameId } }, active: true, limit: 2 }, opts),
  );
  const row = parse(z.array(gameKey), raw, client.url, `game ${gameId}`).find((r) => r.key === gameId);
  return row ? { minter: row.value.gminter, ends: row.value.gends, closed: row.value.gclosed } : null;
}
