import { RuleError } from '../core/errors';
import { canonicalJson } from '../core/hash';
import type { SeatId } from '../core/types';
import type { ArtistTile, Board } from './board';
import type { Draft } from './draft';
import type { PoleAction, PoleEvent, PoleState, PoleTile } from './state';

/**
 * Who holds what. Every rule reads ownership through these helpers, so a P13 `holdings` snapshot (the on-chain
 * truth read from the indexer) can change the holders of a tile without touching any rule code.
 */

export function artistTile(board: Board, index: number): ArtistTile | null {
  const tile = board.tiles[index];
  return tile?.kind === 'artist' ? tile : null;
}

/** Distinct owners of a tile. */
export function ownersOf(tile: PoleTile): SeatId[] {
  const { holders } = tile;
  if (holders.length <= 1) return holders.slice();
  return [...new Set(holders)];
}

export function copiesHeld(tile: PoleTile, seat: SeatId): number {
  let n = 0;
  for (const h of tile.holders) if (h === seat) n++;
  return n;
}

/** Copies the bank can still sell: not held in play, not forfeited (P7), not gone out of the game (P13). */
export function supplyLeft(art: ArtistTile, tile: PoleTile): number {
  return art.editionSize - tile.removed - tile.holders.length - (tile.left ?? 0);
}

/**
 * A tile nobody holds and nobody can buy any more (a forfeited 1/1 or one that left the game, an edition whose copies
 * are all gone).
 */
export function isInert(art: ArtistTile, tile: PoleTile): boolean {
  return tile.holders.length === 0 && supplyLeft(art, tile) <= 0;
}

export interface Piece {
  readonly tile: number;
  readonly art: ArtistTile;
}

/** Every masterpiece a seat holds, one entry per copy, in tile order. */
export function piecesOf(board: Board, tiles: readonly PoleTile[], seat: SeatId): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < tiles.length; i++) {
    const art = artistTile(board, i);
    if (!art) continue;
    const n = copiesHeld(tiles[i]!, seat);
    for (let k = 0; k < n; k++) out.push({ tile: i, art });
  }
  return out;
}

export function addHolder(d: Draft, index: number, seat: SeatId): void {
  d.updateTile(index, { holders: [...d.tiles[index]!.holders, seat] });
}

/** Removes one copy held by `seat`; `forfeit` takes the copy out of play for good (P7). */
export function removeHolder(d: Draft, index: number, seat: SeatId, forfeit: boolean): void {
  const tile = d.tiles[index]!;
  const at = tile.holders.indexOf(seat);
  if (at < 0) throw new Error(`internal: seat ${seat} holds no copy of tile ${index}`);
  const holders = tile.holders.slice();
  holders.splice(at, 1);
  d.updateTile(index, { holders, removed: tile.removed + (forfeit ? 1 : 0) });
}

type HoldingsRead = Extract<PoleAction, { type: 'holdings' }>['tiles'][number];

/**
 * P13 refusals of a read, before anything changes: a tile that is not an artist tile or is listed twice, a holder
 * that is not a seat, more copies on-chain than the edition can hold (its size less the copies forfeited).
 * @throws RuleError BAD_HOLDINGS
 */
function checkRead(
  board: Board,
  tiles: readonly PoleTile[],
  playerCount: number,
  reads: readonly HoldingsRead[],
): void {
  const seen = new Set<number>();
  for (const { tile, holders, elsewhere = 0 } of reads) {
    const art = artistTile(board, tile);
    if (!art) throw new RuleError('BAD_HOLDINGS', `tile ${tile} is not an artist tile`, { tile });
    if (seen.has(tile)) throw new RuleError('BAD_HOLDINGS', `tile ${tile} is listed twice`, { tile });
    seen.add(tile);
    for (const seat of holders) {
      if (!Number.isInteger(seat) || seat < 0 || seat >= playerCount) {
        throw new RuleError('BAD_HOLDINGS', `tile ${tile}: ${seat} is not a seat of this game`, { tile, seat });
      }
    }
    const exist = art.editionSize - tiles[tile]!.removed;
    if (holders.length + elsewhere > exist) {
      throw new RuleError(
        'BAD_HOLDINGS',
        `tile ${tile}: ${holders.length + elsewhere} copies held but only ${exist} exist`,
        { tile },
      );
    }
  }
}

const countBySeat = (seats: readonly SeatId[], playerCount: number): number[] => {
  const n = new Array<number>(playerCount).fill(0);
  for (const s of seats) n[s]! += 1;
  return n;
};

const seatList = (counts: readonly number[]): SeatId[] => counts.flatMap((n, seat) => new Array<SeatId>(n).fill(seat));

/**
 * P13 "A copy that leaves the players' wallets … leaves the game for good": one tile after a read. Copies in play
 * only ever decrease here (they increase only by the engine's own mints). A seat may keep in play its balance less
 * the out-of-game copies known to be in its wallet; the copies in play are given first to the seats that held them
 * (up to what they still hold), then to the others in seat order (a trade between players, ownership follows the
 * read); whatever a seat holds beyond that is out of the game. The fall of the total is what left, named after the
 * seats whose copies in play fell, in seat order. Pure.
 */
function tileAfterRead(
  tile: PoleTile,
  read: HoldingsRead,
  playerCount: number,
): { tile: PoleTile; departures: { seat: SeatId; copies: number }[] } {
  const balance = countBySeat(read.holders, playerCount);
  const before = countBySeat(tile.holders, playerCount);
  const outside = countBySeat(tile.returned ?? [], playerCount);
  const candidates = balance.map((b, s) => Math.max(0, b - outside[s]!));
  const inPlay = Math.min(
    tile.holders.length,
    candidates.reduce((a, b) => a + b, 0),
  );
  const kept = candidates.map((c, s) => Math.min(c, before[s]!));
  let free = inPlay - kept.reduce((a, b) => a + b, 0);
  const now = kept.map((k, s) => {
    const more = Math.min(free, candidates[s]! - k);
    free -= more;
    return k + more;
  });
  let gone = tile.holders.length - inPlay;
  const departures: { seat: SeatId; copies: number }[] = [];
  for (let seat = 0; seat < playerCount && gone > 0; seat++) {
    const copies = Math.min(gone, before[seat]! - now[seat]!);
    if (copies <= 0) continue;
    departures.push({ seat, copies });
    gone -= copies;
  }
  const returned = seatList(balance.map((b, s) => b - now[s]!));
  // Copies seen out of play count as left even beyond the ones seen leaving, so the bank never sells more than exist.
  const left = Math.max((tile.left ?? 0) + tile.holders.length - inPlay, returned.length + (read.elsewhere ?? 0));
  const next: PoleTile = {
    holders: seatList(now),
    removed: tile.removed,
    ...(left > 0 ? { left } : {}),
    ...(returned.length > 0 ? { returned } : {}),
  };
  return { tile: next, departures };
}

/**
 * Whether recording this read would change the game: it is refused (the engine says why) or some tile differs after
 * it. A read that finds what the last one did changes nothing (P13: a copy that left is noticed once).
 */
export function readChangesHoldings(state: PoleState, action: Extract<PoleAction, { type: 'holdings' }>): boolean {
  try {
    checkRead(state.config.board, state.tiles, state.players.length, action.tiles);
  } catch {
    return true;
  }
  const sorted = (seats: readonly SeatId[] = []) => seats.slice().sort((a, b) => a - b);
  const key = (t: PoleTile) => canonicalJson([sorted(t.holders), sorted(t.returned), t.left ?? 0, t.removed]);
  return action.tiles.some((read) => {
    const tile = state.tiles[read.tile]!;
    return key(tileAfterRead(tile, read, state.players.length).tile) !== key(tile);
  });
}

/**
 * P13: the system seat records what the indexer read (per tile: one entry per copy a player's wallet holds, and how
 * many copies wallets outside the game hold); `tileAfterRead` decides what of it is in play, and the log names each
 * copy that left the game.
 * @throws RuleError NOT_ON_CHAIN | BAD_HOLDINGS
 */
export function applyHoldings(d: Draft, action: Extract<PoleAction, { type: 'holdings' }>): void {
  if (!d.rules.onChainHoldings) {
    throw new RuleError('NOT_ON_CHAIN', 'holdings snapshots are only accepted in on-chain games (P13)');
  }
  checkRead(d.board, d.tiles, d.playerCount, action.tiles);
  const departures: PoleEvent[] = [];
  for (const read of action.tiles) {
    const after = tileAfterRead(d.tiles[read.tile]!, read, d.playerCount);
    d.tiles[read.tile] = after.tile; // replaced whole: fields back to nothing are dropped, not kept as 0
    for (const { seat, copies } of after.departures)
      departures.push({ type: 'copyLeftGame', seat, tile: read.tile, copies });
  }
  d.emit({ type: 'holdingsUpdated', tiles: action.tiles.map((t) => t.tile) });
  for (const e of departures) d.emit(e);
}
