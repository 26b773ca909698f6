/**
 * Octez's ticket balance table (ticket_storage.ml, ticket_accounting.ml): how many of each ticket
 * token every account holds. Implicit accounts' rows move with `transfer_ticket` and with tickets
 * contracts send them; a contract's rows follow its storage (after each of its runs its row for a
 * token is what its storage and big_maps hold, and tickets it sends are credited to their
 * destinations), so `ticket_balance` of a KT1 equals `all_ticket_balances`, as in Octez.
 */
import { parseData, unparseData } from '../michelson/data';
import { addressFromBytes, addressFromString, addressToString } from '../michelson/encoding';
import { pairTypes, stripAnnots, type Expr, type Prim } from '../michelson/micheline';
import { packKeyHex } from '../michelson/pack';
import { Address, type Value } from '../michelson/values';
import { ApplyError, tezosError } from './errors';
import type { State, TicketBalance, TicketToken } from './state';

/** A token with the key its rows are stored under (the packed contents stand for them, as Octez hashes them). */
export interface KeyedToken {
  readonly key: string;
  readonly token: TicketToken;
}

/** Bytes a new row's key takes (ticket_storage.ml `cost_of_key`, as a big_map key). */
const ROW_KEY_BYTES = 65n;

const comparableOnly = {
  compileLambda: (): never => {
    throw new Error('ticket contents are comparable: no lambdas');
  },
};

function ticketerString(e: Expr): string {
  if (!Array.isArray(e) && 'string' in e) return addressToString(new Address(addressFromString(e.string).raw, ''));
  if (!Array.isArray(e) && 'bytes' in e) {
    const a = addressFromBytes(Buffer.from(e.bytes, 'hex'));
    if (a) return addressToString(new Address(a.raw, ''));
  }
  throw new Error('a ticketer is an address');
}

/**
 * The token of a ticketer, contents type and contents in any unparsing mode, as `Ticket_token_unparser` writes it
 * (type without annotations, contents Optimized_legacy). @throws Error when the contents do not have the type
 */
export function ticketToken(ticketer: Expr, contentType: Expr, content: Expr): KeyedToken {
  const type = stripAnnots(contentType) as Prim;
  if (Array.isArray(type) || !('prim' in type)) throw new Error('a ticket contents type is a comparable type');
  const value = parseData(content, type, comparableOnly);
  const token: TicketToken = {
    ticketer: ticketerString(ticketer),
    content_type: type,
    content: unparseData(value, type, 'optimized_legacy'),
  };
  return { key: `${token.ticketer} ${JSON.stringify(type)} ${packKeyHex(value, type)}`, token };
}

/** The token's contents as a VM value (to hand a ticket to a contract). */
export const contentsValue = (t: KeyedToken): Value =>
  parseData(t.token.content, t.token.content_type as Prim, comparableOnly);

const rowKey = (owner: string, t: KeyedToken): string => `${owner} ${t.key}`;

export function ticketBalance(state: State, owner: string, t: KeyedToken): bigint {
  return state.ticketBalances.get(rowKey(owner, t))?.amount ?? 0n;
}

/** Bytes of a row's value: the amount as a Zarith integer (Storage.Ticket_balance.Table holds a `z`). */
const rowBytes = (amount: bigint): bigint => {
  const bits = amount.toString(2).length;
  return bits <= 6 ? 1n : 1n + BigInt(Math.ceil((bits - 6) / 7));
};

/**
 * `set_balance`: writes a row (a zero balance removes it); returns the bytes the table grew by (negative when it shrank).
 * @throws ApplyError `Negative_ticket_balance`
 */
function setBalance(state: State, owner: string, t: KeyedToken, amount: bigint): bigint {
  const key = rowKey(owner, t);
  if (amount < 0n)
    throw new ApplyError([tezosError('permanent', 'Negative_ticket_balance', { key, balance: amount.toString() })]);
  const old = state.ticketBalances.get(key);
  const before = old ? ROW_KEY_BYTES + rowBytes(old.amount) : 0n;
  if (amount === 0n) {
    state.ticketBalances.delete(key);
    return -before;
  }
  state.ticketBalances.set(key, { owner, token: t.token, amount });
  return ROW_KEY_BYTES + rowBytes(amount) - before;
}

/** `adjust_balance`: adds `delta` to a row; returns the bytes the table grew by. */
export const adjustBalance = (state: State, owner: string, t: KeyedToken, delta: bigint): bigint =>
  setBalance(state, owner, t, ticketBalance(state, owner, t) + delta);

/** `adjust_storage_space`: the table's new size; returns the bytes to pay for, past what was paid already. */
export function chargeTableGrowth(state: State, grown: bigint): bigint {
  if (grown === 0n) return 0n;
  state.ticketUsedBytes += grown;
  const unpaid = state.ticketUsedBytes - state.ticketPaidBytes;
  if (unpaid <= 0n) return 0n;
  state.ticketPaidBytes = state.ticketUsedBytes;
  return unpaid;
}

/** Token → amount, summed. */
export type TicketAmounts = Map<string, { token: KeyedToken; amount: bigint }>;

const add = (into: TicketAmounts, t: KeyedToken, amount: bigint): void => {
  const had = into.get(t.key);
  into.set(t.key, { token: t, amount: (had?.amount ?? 0n) + amount });
};

const isPrimNamed = (e: Expr, name: string): e is Prim => !Array.isArray(e) && 'prim' in e && e.prim === name;

/** A pair's two sides, whatever comb form it is written in (`Pair a b c`, `{ a ; b ; c }`, nested). */
function pairSides(e: Expr): [Expr, Expr] | undefined {
  const args = Array.isArray(e) ? e : isPrimNamed(e, 'Pair') ? (e.args ?? []) : undefined;
  if (!args || args.length < 2) return undefined;
  return [args[0]!, args.length === 2 ? args[1]! : { prim: 'Pair', args: args.slice(1) }];
}

/**
 * The tickets a value of type `t` holds (Ticket_scanner.tickets_of_value with include_lazy): Micheline in any
 * unparsing mode, big_maps given by id read from `state`.
 */
export function ticketsIn(e: Expr, t: Prim, state: State, into: TicketAmounts = new Map()): TicketAmounts {
  const walk = (ty: Prim, v: Expr): void => {
    switch (ty.prim) {
      case 'ticket': {
        const outer = pairSides(v);
        const inner = outer && pairSides(outer[1]);
        if (!outer || !inner || Array.isArray(inner[1]) || !('int' in inner[1])) return;
        add(into, ticketToken(outer[0], ty.args![0]!, inner[0]), BigInt(inner[1].int));
        return;
      }
      case 'pair': {
        const sides = pairSides(v);
        if (!sides) return;
        const [l, r] = pairTypes(ty);
        walk(l, sides[0]);
        walk(r, sides[1]);
        return;
      }
      case 'option':
        if (isPrimNamed(v, 'Some')) walk(ty.args![0] as Prim, v.args![0]!);
        return;
      case 'or':
        if (isPrimNamed(v, 'Left')) walk(ty.args![0] as Prim, v.args![0]!);
        if (isPrimNamed(v, 'Right')) walk(ty.args![1] as Prim, v.args![0]!);
        return;
      case 'list':
        if (Array.isArray(v)) for (const x of v) walk(ty.args![0] as Prim, x);
        return;
      case 'map':
      case 'big_map': {
        const valueType = ty.args![1] as Prim;
        if (Array.isArray(v)) {
          for (const elt of v) if (isPrimNamed(elt, 'Elt')) walk(valueType, elt.args![1]!);
        } else if ('int' in v) {
          for (const entry of state.bigMaps.get(BigInt(v.int))?.entries.values() ?? []) walk(valueType, entry.value);
        }
        return;
      }
      default:
        return;
    }
  };
  if (mayHoldTickets(t)) walk(t, e);
  return into;
}

/** Ticket_scanner.type_has_tickets: whether scanning a value of `t` can find any. */
function mayHoldTickets(t: Expr): boolean {
  if (Array.isArray(t) || !('prim' in t)) return false;
  if (t.prim === 'ticket') return true;
  if (t.prim === 'lambda' || t.prim === 'contract') return false;
  return (t.args ?? []).some(mayHoldTickets);
}

/** The rows an account holds (`all_ticket_balances` for a contract, from the table its storage sets). */
export function balancesOf(state: State, owner: string): TicketBalance[] {
  return [...state.ticketBalances.values()].filter((b) => b.owner === owner);
}

/**
 * A contract's accounting after it ran (ticket_accounting.ml `update_ticket_balances`): its rows become what its
 * storage holds and the tickets its operations carry go to their destinations. Returns the table's growth in bytes
 * and the receipt (`ticket_updates`).
 */
export function settleContractTickets(
  state: State,
  contract: string,
  held: TicketAmounts,
  sent: readonly { destination: string; tickets: TicketAmounts }[],
): { grown: bigint; receipt: Record<string, unknown>[] } {
  let grown = 0n;
  const updates = new Map<string, { token: KeyedToken; updates: { account: string; amount: string }[] }>();
  const note = (t: KeyedToken, account: string, amount: bigint): void => {
    if (amount === 0n) return;
    const entry = updates.get(t.key) ?? { token: t, updates: [] };
    entry.updates.push({ account, amount: amount.toString() });
    updates.set(t.key, entry);
  };
  const mine = new Map<string, KeyedToken>();
  for (const b of balancesOf(state, contract)) {
    const t = ticketToken({ string: b.token.ticketer }, b.token.content_type, b.token.content);
    mine.set(t.key, t);
  }
  for (const { token } of held.values()) mine.set(token.key, token);
  for (const t of mine.values()) {
    const now = held.get(t.key)?.amount ?? 0n;
    note(t, contract, now - ticketBalance(state, contract, t));
    grown += setBalance(state, contract, t, now);
  }
  for (const s of sent) {
    for (const { token, amount } of s.tickets.values()) {
      note(token, s.destination, amount);
      grown += adjustBalance(state, s.destination, token, amount);
    }
  }
  return { grown, receipt: [...updates.values()].map((u) => ({ ticket_token: u.token.token, updates: u.updates })) };
}
