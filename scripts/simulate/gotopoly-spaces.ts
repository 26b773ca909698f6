import { LONDON, type GotopolyEvent } from '../../engine/gotopoly';
import { formatTable, num, type Column } from '../lib/table';

/** A board space's line in the report: landings for every space; rent and auction figures for colour properties. */
export interface SpaceRow {
  readonly index: number;
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  readonly landed: number;
  /** Rent paid by students landing here (to uncles or the bank). */
  readonly rent: number;
  /** Times the property was auctioned; sold = won by a single highest bid (G4). */
  readonly auctioned: number;
  readonly sold: number;
  /** Mean winning bid; null when never sold. */
  readonly meanPrice: number | null;
  /** Mean price as a share of the printed price; null when never sold. */
  readonly priceToList: number | null;
}

/** Per-space totals over a run, read from the engine's events only (nobody diffs states). */
export class SpaceTally {
  private readonly landed = new Array<number>(LONDON.spaces.length).fill(0);
  private readonly rent = new Array<number>(LONDON.spaces.length).fill(0);
  private readonly auctioned = new Array<number>(LONDON.spaces.length).fill(0);
  private readonly sold = new Array<number>(LONDON.spaces.length).fill(0);
  private readonly paid = new Array<number>(LONDON.spaces.length).fill(0);

  add(events: readonly GotopolyEvent[]): void {
    for (const e of events) {
      if (e.type === 'landed') this.landed[e.space]! += 1;
      else if (e.type === 'rent') this.rent[e.space]! += e.amount;
      else if (e.type === 'auctionResolved') {
        for (const r of e.results) {
          this.auctioned[r.space]! += 1;
          if (r.winner !== null) {
            this.sold[r.space]! += 1;
            this.paid[r.space]! += r.price;
          }
        }
      }
    }
  }

  rows(): SpaceRow[] {
    return LONDON.spaces.map((space, index) => {
      const sold = this.sold[index]!;
      const meanPrice = sold > 0 ? this.paid[index]! / sold : null;
      return {
        index,
        id: space.id,
        name: space.name,
        kind: space.kind,
        landed: this.landed[index]!,
        rent: this.rent[index]!,
        auctioned: this.auctioned[index]!,
        sold,
        meanPrice,
        priceToList: meanPrice !== null && space.kind === 'property' ? meanPrice / space.price : null,
      };
    });
  }
}

const propertyCell = (cell: (row: SpaceRow) => string) => (row: SpaceRow) =>
  row.kind === 'property' ? cell(row) : '-';

const SPACE_COLUMNS: Column<SpaceRow>[] = [
  { header: '#', align: 'right', cell: (r) => String(r.index) },
  { header: 'space', cell: (r) => r.name },
  { header: 'landed', align: 'right', cell: (r) => num(r.landed) },
  { header: 'rent £', align: 'right', cell: propertyCell((r) => num(r.rent)) },
  { header: 'auctioned', align: 'right', cell: propertyCell((r) => num(r.auctioned)) },
  { header: 'sold', align: 'right', cell: propertyCell((r) => num(r.sold)) },
  { header: 'mean price £', align: 'right', cell: propertyCell((r) => num(r.meanPrice, 1)) },
  { header: 'price/list', align: 'right', cell: propertyCell((r) => num(r.priceToList, 2)) },
];

export function formatSpaces(rows: readonly SpaceRow[]): string {
  return formatTable(SPACE_COLUMNS, rows);
}
