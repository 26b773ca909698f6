/**
 * What the chain must do for the engine's events, as data (pure: no I/O, nothing mutated), and the holdings
 * snapshot (P13) the engine wants back, built from what the indexer read.
 *
 *   bought      → mint one copy to the buyer
 *   freeCopy    → mint one copy to the player (P11)
 *   flipped     → burn the seat's copy (the copy returns to the supply: the contract's total supply drops)
 *   forfeited   → burn the seat's copy and retire it (P7: never minted again). The contract's `retire` ends
 *                 minting of a whole token and it cannot lower a max supply by one, so: a 1/1, or an edition
 *                 whose every copy is now retired, is retired on-chain; otherwise the retired copy is recorded
 *                 in the plan (`retireCopy`), and the bridge refuses any mint into it.
 * Every other event (money, moves, holdings snapshots, valuation) needs nothing on-chain.
 */
import type { PoleAction, PoleEvent } from '../../engine/pole';
import type { Holding } from '../indexer';
import { BridgeError } from './errors';
import { plannedToken, tokenIdOf, type TokenPlan } from './plan';
import { isAddress } from '../validate';

export type ChainOp =
  | {
      readonly kind: 'mint';
      readonly tile: number;
      readonly tokenId: string;
      readonly seat: number;
      readonly to: string;
      readonly reason: 'bought' | 'freeCopy';
    }
  | {
      readonly kind: 'burn';
      readonly tile: number;
      readonly tokenId: string;
      readonly seat: number;
      readonly from: string;
      readonly reason: 'flipped' | 'forfeited';
    }
  /** The contract's `retire`: the token is never minted again. */
  | { readonly kind: 'retire'; readonly tile: number; readonly tokenId: string }
  /** One copy of an edition out of play for good: recorded in the plan once the batch is confirmed (no call). */
  | { readonly kind: 'retireCopy'; readonly tile: number; readonly tokenId: string };

export type HoldingsAction = Extract<PoleAction, { type: 'holdings' }>;

/**
 * Checks the seat → address list: every seat has a valid, distinct address.
 * @throws BridgeError BRIDGE_BAD_INPUT naming the seat.
 */
export function checkAddresses(addresses: readonly string[]): void {
  if (!Array.isArray(addresses) || addresses.length === 0)
    throw new BridgeError('BRIDGE_BAD_INPUT', 'addresses must list one Tezos address per seat');
  const seen = new Map<string, number>();
  addresses.forEach((a: string, seat: number) => {
    if (!isAddress(a)) {
      throw new BridgeError('BRIDGE_BAD_INPUT', `seat ${seat}: not a Tezos address: ${String(a)}`, { seat });
    }
    const other = seen.get(a);
    if (other !== undefined)
      throw new BridgeError(
        'BRIDGE_BAD_INPUT',
        `seats ${other} and ${seat} share the address ${a}: holdings could not tell them apart`,
        { seat },
      );
    seen.set(a, seat);
  });
}

function addressOf(addresses: readonly string[], seat: number, tile: number): string {
  const a = addresses[seat];
  if (a === undefined)
    throw new BridgeError('BRIDGE_BAD_INPUT', `seat ${seat} has no address (${addresses.length} given)`, {
      seat,
      tile,
    });
  return a;
}

/**
 * The chain operations `events` (one engine step's events) require, in event order.
 * @throws BridgeError BRIDGE_BAD_INPUT (bad addresses, a tile outside the plan, a retired token to mint),
 *   BRIDGE_NOT_CREATED (the plan has no token ids).
 */
export function chainOpsFor(plan: TokenPlan, events: readonly PoleEvent[], addresses: readonly string[]): ChainOp[] {
  checkAddresses(addresses);
  const ops: ChainOp[] = [];
  // Forfeits earlier in this same step count too: two forfeits of one edition in a step retire two copies.
  const retiredNow = new Map<number, number>();
  for (const e of events) {
    switch (e.type) {
      case 'bought':
      case 'freeCopy': {
        const tokenId = tokenIdOf(plan, e.tile);
        if (plannedToken(plan, e.tile).retired)
          throw new BridgeError('BRIDGE_BAD_INPUT', `tile ${e.tile}: its token is retired and cannot be minted`, {
            tile: e.tile,
            seat: e.seat,
          });
        ops.push({
          kind: 'mint',
          tile: e.tile,
          tokenId,
          seat: e.seat,
          to: addressOf(addresses, e.seat, e.tile),
          reason: e.type,
        });
        break;
      }
      case 'flipped':
        ops.push({
          kind: 'burn',
          tile: e.tile,
          tokenId: tokenIdOf(plan, e.tile),
          seat: e.seat,
          from: addressOf(addresses, e.seat, e.tile),
          reason: 'flipped',
        });
        break;
      case 'forfeited': {
        const tokenId = tokenIdOf(plan, e.tile);
        const token = plannedToken(plan, e.tile);
        ops.push({
          kind: 'burn',
          tile: e.tile,
          tokenId,
          seat: e.seat,
          from: addressOf(addresses, e.seat, e.tile),
          reason: 'forfeited',
        });
        const now = (retiredNow.get(e.tile) ?? 0) + 1;
        retiredNow.set(e.tile, now);
        const retired = token.retiredCopies + now;
        if (retired >= token.maxSupply) {
          if (!token.retired && !ops.some((o) => o.kind === 'retire' && o.tile === e.tile))
            ops.push({ kind: 'retire', tile: e.tile, tokenId });
        } else {
          ops.push({ kind: 'retireCopy', tile: e.tile, tokenId });
        }
        break;
      }
      default:
        break;
    }
  }
  return ops;
}

/**
 * The plan once `ops` are confirmed: retired tokens and copies recorded, `appliedSeq` advanced to `seq` (never
 * back: steps of one game may confirm out of order). Pure.
 */
export function planAfter(plan: TokenPlan, ops: readonly ChainOp[], seq: number | null): TokenPlan {
  const tokens = plan.tokens.map((t) => {
    const copies = ops.filter((o) => o.tile === t.tile && o.kind === 'retireCopy').length;
    const retire = ops.some((o) => o.tile === t.tile && o.kind === 'retire');
    return copies === 0 && !retire
      ? t
      : { ...t, retiredCopies: retire ? t.maxSupply : t.retiredCopies + copies, retired: t.retired || retire };
  });
  const appliedSeq = seq === null ? plan.appliedSeq : Math.max(seq, plan.appliedSeq ?? seq);
  return { ...plan, tokens, appliedSeq };
}

/**
 * The engine's P13 `holdings` action for `tiles` from indexer rows, what the chain shows and nothing more:
 * holders = the seats whose address holds a balance of the tile's token, one entry per copy (ascending seat);
 * elsewhere = the copies held by addresses that are not seats of this game (always given). The engine decides which
 * copies are still in play (a copy that left the players' wallets stays out, even once back). Pure.
 * @throws BridgeError BRIDGE_BAD_INPUT (bad addresses, a tile outside the plan), BRIDGE_NOT_CREATED.
 */
export function holdingsActionFrom(
  plan: TokenPlan,
  tiles: readonly number[],
  addresses: readonly string[],
  holdings: readonly Holding[],
): HoldingsAction {
  checkAddresses(addresses);
  const seatOf = new Map(addresses.map((a, seat) => [a, seat]));
  const unique = [...new Set(tiles)];
  return {
    type: 'holdings',
    tiles: unique.map((tile) => {
      const tokenId = BigInt(tokenIdOf(plan, tile));
      const holders: number[] = [];
      let elsewhere = 0;
      for (const h of holdings) {
        if (h.tokenId !== tokenId || h.balance <= 0n) continue;
        const n = Number(h.balance);
        const seat = seatOf.get(h.owner);
        if (seat === undefined) elsewhere += n;
        else for (let k = 0; k < n; k++) holders.push(seat);
      }
      holders.sort((a, b) => a - b);
      return { tile, holders, elsewhere };
    }),
  };
}
