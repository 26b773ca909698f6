/**
 * The chain's context: accounts, contracts and big_maps. Updates replace objects instead of
 * mutating them, so a copy of the maps (`fork`) is a cheap snapshot to apply an operation on and
 * throw away (simulation, preapply, a failed batch content).
 */
import type { Expr, Prim } from '../michelson/micheline';

export interface ImplicitAccount {
  readonly kind: 'implicit';
  readonly address: string;
  readonly balance: bigint;
  readonly counter: bigint;
  readonly publicKey?: string;
  readonly delegate?: string;
  readonly firstLevel: number;
}

export interface OriginatedAccount {
  readonly kind: 'originated';
  readonly address: string;
  readonly balance: bigint;
  /** The script as originated: `[parameter, storage, code, views…]`. */
  readonly script: Expr[];
  /** Optimized Micheline, big_maps as ids. */
  readonly storage: Expr;
  readonly delegate?: string;
  readonly firstLevel: number;
  /** Bytes used by the script, storage and big_map entries, and the high-water mark already paid for. */
  readonly usedBytes: number;
  readonly paidBytes: number;
}

export type Account = ImplicitAccount | OriginatedAccount;

export interface BigMapEntry {
  readonly keyHash: string;
  readonly key: Expr;
  readonly value: Expr;
}

export interface BigMapState {
  readonly id: bigint;
  readonly keyType: Prim;
  readonly valueType: Prim;
  /** By packed-key hex. */
  readonly entries: ReadonlyMap<string, BigMapEntry>;
  /** Script-expression hash → packed-key hex. */
  readonly byHash: ReadonlyMap<string, string>;
  readonly contract?: string;
  readonly path?: string;
}

/** A ticket token as Octez's RPCs write it: the ticketer, the contents' type (no annotations) and the contents (Optimized_legacy). */
export interface TicketToken {
  readonly ticketer: string;
  readonly content_type: Expr;
  readonly content: Expr;
}

/** One row of Octez's ticket balance table: how many of a token an account (implicit or originated) holds. */
export interface TicketBalance {
  readonly owner: string;
  readonly token: TicketToken;
  readonly amount: bigint;
}

export interface State {
  accounts: Map<string, Account>;
  bigMaps: Map<bigint, BigMapState>;
  nextBigMapId: bigint;
  /** Octez's global counter: a new implicit account starts from it, so a re-created account cannot replay. */
  globalCounter: bigint;
  addressIndex: Map<string, bigint>;
  delegates: Set<string>;
  /** Registered global constants: script-expr hash → the expression as registered (unexpanded). */
  globalConstants: Map<string, Expr>;
  /** The ticket balance table, by owner and token key (tickets.ts `ticketKey`). */
  ticketBalances: Map<string, TicketBalance>;
  /** Bytes the ticket table uses and the high-water mark already paid for (Octez's Ticket_balance storage space). */
  ticketUsedBytes: bigint;
  ticketPaidBytes: bigint;
}

/** A context saved before these fields existed loads with them empty. */
export function withDefaults(
  s: Partial<State> &
    Pick<State, 'accounts' | 'bigMaps' | 'nextBigMapId' | 'globalCounter' | 'addressIndex' | 'delegates'>,
): State {
  return {
    ...s,
    globalConstants: s.globalConstants ?? new Map<string, Expr>(),
    ticketBalances: s.ticketBalances ?? new Map<string, TicketBalance>(),
    ticketUsedBytes: s.ticketUsedBytes ?? 0n,
    ticketPaidBytes: s.ticketPaidBytes ?? 0n,
  };
}

export const fork = (s: State): State => ({
  accounts: new Map(s.accounts),
  bigMaps: new Map(s.bigMaps),
  nextBigMapId: s.nextBigMapId,
  globalCounter: s.globalCounter,
  addressIndex: new Map(s.addressIndex),
  delegates: new Set(s.delegates),
  globalConstants: new Map(s.globalConstants),
  ticketBalances: new Map(s.ticketBalances),
  ticketUsedBytes: s.ticketUsedBytes,
  ticketPaidBytes: s.ticketPaidBytes,
});

/** Makes `to` hold `from`'s contents (commit of a fork). */
export function adopt(to: State, from: State): void {
  Object.assign(to, from);
}

// ---------------------------------------------------------------------------------------------
// JSON snapshots (bigints as strings tagged `n:`; Maps as arrays)

const BIG = 'n:';

export function toJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (typeof v === 'bigint') return BIG + v.toString();
    if (v instanceof Map) return { $map: [...v.entries()] };
    if (v instanceof Set) return { $set: [...v.values()] };
    if (typeof v === 'string' && v.startsWith(BIG)) return 's:' + v;
    if (typeof v === 'string' && v.startsWith('s:')) return 's:' + v;
    return v;
  });
}

export function fromJson<T>(text: string): T {
  return JSON.parse(text, (_k, v: unknown) => {
    if (typeof v === 'string') {
      if (v.startsWith(BIG)) return BigInt(v.slice(BIG.length));
      if (v.startsWith('s:')) return v.slice(2);
      return v;
    }
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      if ('$map' in v) return new Map((v as { $map: [unknown, unknown][] }).$map);
      if ('$set' in v) return new Set((v as { $set: unknown[] }).$set);
    }
    return v;
  }) as T;
}
