import type { Board } from './board';
import type { PoleEvent } from './state';

/** One tile's totals over many games. Artist tiles carry their card and their economy; GO and event tiles only landings. */
export type TileRow =
  | {
      readonly index: number;
      readonly id: string;
      readonly kind: 'go' | 'event';
      readonly title: string;
      readonly landed: number;
    }
  | {
      readonly index: number;
      readonly id: string;
      readonly kind: 'artist';
      readonly title: string;
      readonly artist: string;
      readonly price: number;
      readonly multiplier: number;
      readonly editionSize: number;
      readonly landed: number;
      /** Copies bought (free copies from events are not purchases). */
      readonly bought: number;
      /** Tz paid to the tile's owners as royalty. */
      readonly royalties: number;
      /** Tz paid to the bank buying copies of the tile. */
      readonly spent: number;
      /** royalties / spent: what a Tz spent on this tile earned back; null when nobody bought it. */
      readonly royaltyPerTz: number | null;
    };

/**
 * Per-tile totals over a whole run, read from the engine's events only (ARCHITECTURE.md: nobody diffs states):
 * `landed` and `bought` events, and `transfer` events with reason `royalty` (earned) or `purchase` (spent).
 */
export class TileTally {
  private readonly landed: number[];
  private readonly bought: number[];
  private readonly royalties: number[];
  private readonly spent: number[];

  constructor(private readonly board: Board) {
    const zeros = () => new Array<number>(board.tiles.length).fill(0);
    this.landed = zeros();
    this.bought = zeros();
    this.royalties = zeros();
    this.spent = zeros();
  }

  add(events: readonly PoleEvent[]): void {
    for (const e of events) {
      if (e.type === 'landed') this.landed[e.tile]! += 1;
      else if (e.type === 'bought') this.bought[e.tile]! += 1;
      else if (e.type === 'transfer' && e.tile !== undefined) {
        if (e.reason === 'royalty') this.royalties[e.tile]! += e.amount;
        else if (e.reason === 'purchase') this.spent[e.tile]! += e.amount;
      }
    }
  }

  rows(): TileRow[] {
    return this.board.tiles.map((tile, index): TileRow => {
      const landed = this.landed[index]!;
      if (tile.kind === 'go') return { index, id: tile.id, kind: 'go', title: tile.name, landed };
      if (tile.kind === 'event') return { index, id: tile.id, kind: 'event', title: tile.name, landed };
      const royalties = this.royalties[index]!;
      const spent = this.spent[index]!;
      return {
        index,
        id: tile.id,
        kind: 'artist',
        title: tile.title,
        artist: tile.artist,
        price: tile.price,
        multiplier: tile.multiplier,
        editionSize: tile.editionSize,
        landed,
        bought: this.bought[index]!,
        royalties,
        spent,
        royaltyPerTz: spent > 0 ? royalties / spent : null,
      };
    });
  }
}
