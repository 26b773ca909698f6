import type { TileRow } from '../../engine/pole';
import { formatTable, num, type Column } from '../lib/table';

export { TileTally, type TileRow } from '../../engine/pole';

type ArtistRow = Extract<TileRow, { kind: 'artist' }>;

/** An artist-only cell; GO and event rows show "-". */
const artistCell = (cell: (row: ArtistRow) => string) => (row: TileRow) => (row.kind === 'artist' ? cell(row) : '-');

const TILE_COLUMNS: Column<TileRow>[] = [
  { header: '#', align: 'right', cell: (r) => String(r.index) },
  { header: 'tile', cell: (r) => (r.kind === 'artist' ? r.title : `(${r.title})`) },
  { header: 'artist', cell: artistCell((r) => r.artist) },
  { header: 'price', align: 'right', cell: artistCell((r) => num(r.price)) },
  { header: 'mult', align: 'right', cell: artistCell((r) => `×${r.multiplier}`) },
  { header: 'edition', align: 'right', cell: artistCell((r) => (r.editionSize === 1 ? '1/1' : `x/${r.editionSize}`)) },
  { header: 'landed', align: 'right', cell: (r) => num(r.landed) },
  { header: 'bought', align: 'right', cell: artistCell((r) => num(r.bought)) },
  { header: 'royalties Tz', align: 'right', cell: artistCell((r) => num(r.royalties)) },
  { header: 'spent Tz', align: 'right', cell: artistCell((r) => num(r.spent)) },
  { header: 'royalty/Tz', align: 'right', cell: artistCell((r) => num(r.royaltyPerTz, 3)) },
];

export function formatTiles(rows: readonly TileRow[]): string {
  return formatTable(TILE_COLUMNS, rows);
}
