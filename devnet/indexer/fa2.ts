/**
 * TzKT's FA2 rules: a contract is FA2 when its parameter has `transfer`, `balance_of` and
 * `update_operators` with the TZIP-12 types (annotations ignored); its balances live in the
 * big_map annotated `%ledger`, in one of the layouts TzKT understands; token metadata is the
 * `%token_metadata` big_map's `token_info` (TZIP-12/21), bytes decoded as UTF-8 text.
 */
import { listEntrypoints } from '../michelson/entrypoints';
import { isInt, isPrim, isSeq, type Expr, type Prim } from '../michelson/micheline';
import { humanize, type Json } from './schema';

/** A type without annotations, pairs as right combs of two. */
function norm(t: Prim): string {
  const args = (t.args ?? []) as Prim[];
  if (t.prim === 'pair' && args.length > 2)
    return norm({ prim: 'pair', args: [args[0]!, { prim: 'pair', args: args.slice(1) }] });
  return args.length ? `(${t.prim} ${args.map(norm).join(' ')})` : t.prim;
}

const p = (prim: string, ...args: Prim[]): Prim => (args.length ? { prim, args } : { prim });
const ADDRESS = p('address');
const NAT = p('nat');

const TZIP12: Record<string, string> = {
  transfer: norm(p('list', p('pair', ADDRESS, p('list', p('pair', ADDRESS, NAT, NAT))))),
  balance_of: norm(
    p('pair', p('list', p('pair', ADDRESS, NAT)), p('contract', p('list', p('pair', p('pair', ADDRESS, NAT), NAT)))),
  ),
  update_operators: norm(p('list', p('or', p('pair', ADDRESS, ADDRESS, NAT), p('pair', ADDRESS, ADDRESS, NAT)))),
};

/** TzKT's FA2 test: the three TZIP-12 entrypoints with their exact types. */
export function isFa2(parameter: Prim): boolean {
  const eps = listEntrypoints(parameter);
  return Object.entries(TZIP12).every(([name, type]) => {
    const t = eps.get(name);
    return t !== undefined && norm(t) === type;
  });
}

/**
 * The ledger layouts TzKT reads balances from (its Ledger1–10 tags, tzBTC's aside):
 *   owner            address → nat                           token 0
 *   nft              nat → address                           the owner holds 1
 *   owner_id         (pair address nat) → nat
 *   id_owner         (pair nat address) → nat
 *   owner_allowances address → pair nat (map address nat)    token 0, balance on the left
 *   allowances_owner address → pair (map address nat) nat    token 0, balance on the right
 *   owner_record     address → pair … (nat %balance) …        token 0
 *   owner_id_record  (pair address nat) → pair … (nat %balance) …
 *   id_owner_record  (pair nat address) → pair … (nat %balance) …
 */
export type LedgerLayout =
  | 'owner'
  | 'nft'
  | 'owner_id'
  | 'id_owner'
  | 'owner_allowances'
  | 'allowances_owner'
  | 'owner_record'
  | 'owner_id_record'
  | 'id_owner_record';

/** Whether a pair type has a `nat %balance` among its fields (as TzKT names them). */
function hasBalanceField(t: Prim): boolean {
  if (t.prim !== 'pair') return false;
  const leaves: Prim[] = [];
  const walk = (x: Prim, top: boolean): void => {
    const annotated = x.annots?.some((a) => a.startsWith('%') && a.length > 1);
    if (x.prim === 'pair' && (top || !annotated)) for (const a of x.args as Prim[]) walk(a, false);
    else leaves.push(x);
  };
  walk(t, true);
  return leaves.some((l) => l.prim === 'nat' && l.annots?.includes('%balance'));
}

export function ledgerLayout(keyType: Prim, valueType: Prim): LedgerLayout | null {
  const k = norm(keyType);
  const v = norm(valueType);
  const record = hasBalanceField(valueType);
  if (k === 'address') {
    if (v === 'nat') return 'owner';
    if (v === '(pair nat (map address nat))') return 'owner_allowances';
    if (v === '(pair (map address nat) nat)') return 'allowances_owner';
    if (record) return 'owner_record';
  }
  if (k === 'nat' && v === 'address') return 'nft';
  if (k === '(pair address nat)') {
    if (v === 'nat') return 'owner_id';
    if (record) return 'owner_id_record';
  }
  if (k === '(pair nat address)') {
    if (v === 'nat') return 'id_owner';
    if (record) return 'id_owner_record';
  }
  return null;
}

/** One ledger binding read as a balance: `owner` holds `amount` of `tokenId`. */
export interface LedgerBalance {
  readonly owner: string;
  readonly tokenId: bigint;
  readonly amount: bigint;
}

/** `Pair a b c`, `Pair a (Pair b c)` or `{a; b; c}` as its `n` leaves. */
export function combArgs(e: Expr, n: number): Expr[] {
  const args = isSeq(e) ? e : isPrim(e) && e.prim === 'Pair' ? (e.args ?? []) : null;
  if (!args || args.length < 2) throw new Error('expected a pair');
  if (args.length >= n || n <= 2) return args;
  const rest = args.length === 2 ? args[1]! : { prim: 'Pair', args: args.slice(1) };
  return [args[0]!, ...combArgs(rest, n - 1)];
}

const address = (e: Expr): string => humanize(ADDRESS, e) as string;
const nat = (e: Expr): bigint => {
  if (!isInt(e)) throw new Error('ledger: expected a nat');
  return BigInt(e.int);
};

/**
 * The balance a ledger binding stands for. `value` is the bound value, or for a removed binding its
 * last value (TzKT reads a removal as a zero balance of the same owner).
 */
export function readLedger(
  layout: LedgerLayout,
  valueType: Prim,
  key: Expr,
  value: Expr,
  removed = false,
): LedgerBalance {
  const amount = (read: () => bigint): bigint => (removed ? 0n : read());
  switch (layout) {
    case 'owner':
      return { owner: address(key), tokenId: 0n, amount: amount(() => nat(value)) };
    case 'nft':
      return { owner: address(value), tokenId: nat(key), amount: removed ? 0n : 1n };
    case 'owner_id': {
      const [o, id] = combArgs(key, 2) as [Expr, Expr];
      return { owner: address(o), tokenId: nat(id), amount: amount(() => nat(value)) };
    }
    case 'id_owner': {
      const [id, o] = combArgs(key, 2) as [Expr, Expr];
      return { owner: address(o), tokenId: nat(id), amount: amount(() => nat(value)) };
    }
    case 'owner_allowances':
      return { owner: address(key), tokenId: 0n, amount: amount(() => nat(combArgs(value, 2)[0]!)) };
    case 'allowances_owner':
      return { owner: address(key), tokenId: 0n, amount: amount(() => nat(combArgs(value, 2)[1]!)) };
    case 'owner_record':
    case 'owner_id_record':
    case 'id_owner_record': {
      const balance = (): bigint => BigInt((humanize(valueType, value) as { balance: string }).balance);
      if (layout === 'owner_record') return { owner: address(key), tokenId: 0n, amount: amount(balance) };
      const [a, b] = combArgs(key, 2) as [Expr, Expr];
      const [o, id] = layout === 'owner_id_record' ? [a, b] : [b, a];
      return { owner: address(o), tokenId: nat(id), amount: amount(balance) };
    }
  }
}

/** The moves a TZIP-12 `transfer` parameter asks for, in order: `(from, to, tokenId, amount)`. */
export function readTransferParam(value: Expr): { from: string; to: string; tokenId: bigint; amount: bigint }[] {
  if (!isSeq(value)) throw new Error('transfer: expected a list');
  return value.flatMap((item) => {
    const [from, txs] = combArgs(item, 2) as [Expr, Expr];
    if (!isSeq(txs)) throw new Error('transfer: expected a list of txs');
    return txs.map((tx) => {
      const [to, id, amt] = combArgs(tx, 3) as [Expr, Expr, Expr];
      return { from: address(from), to: address(to), tokenId: nat(id), amount: nat(amt) };
    });
  });
}

/** Bytes as UTF-8 text, or undefined when they are not valid UTF-8. */
function utf8Text(hex: string): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(hex, 'hex'));
  } catch {
    return undefined;
  }
}

/**
 * Decodes TZIP-12 `token_info` bytes: UTF-8 text (hex when not valid UTF-8), and TZIP-21's
 * structured fields (`formats`, `attributes`, `creators`, … written as JSON arrays or objects)
 * as the JSON they hold. Scalars stay strings, as TzKT shows them (`"decimals": "6"`).
 */
function decodeInfo(hex: string): Json {
  const text = utf8Text(hex);
  if (text === undefined) return hex;
  if (/^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text) as Json;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * A `%token_metadata` value (`pair (nat %token_id) (map %token_info string bytes)`) as TzKT's
 * token `metadata` object, or null when it has another shape. `uri` is the `""` key's text, where
 * TZIP-16 puts the off-chain metadata's URI (offchain-metadata.ts fetches it).
 */
export function readTokenMetadata(
  value: Expr,
): { tokenId: bigint; metadata: { [k: string]: Json }; uri?: string } | null {
  try {
    const [id, info] = combArgs(value, 2) as [Expr, Expr];
    if (!isSeq(info)) return null;
    const metadata: { [k: string]: Json } = {};
    let uri: string | undefined;
    for (const elt of info) {
      if (!isPrim(elt) || elt.prim !== 'Elt') return null;
      const [k, v] = elt.args as [Expr, Expr];
      if (isSeq(k) || !('string' in k) || isSeq(v) || !('bytes' in v)) return null;
      // The "" key points to off-chain metadata, which TzKT shows fetched, never as a field.
      if (k.string !== '') metadata[k.string] = decodeInfo(v.bytes);
      else uri = utf8Text(v.bytes);
    }
    return { tokenId: nat(id), metadata, ...(uri !== undefined ? { uri } : {}) };
  } catch {
    return null;
  }
}

/** TZIP-12 `token_metadata` big_map type: `nat → pair nat (map string bytes)`. */
export function isTokenMetadataType(keyType: Prim, valueType: Prim): boolean {
  return norm(keyType) === 'nat' && norm(valueType) === '(pair nat (map string bytes))';
}
