import type { Property, Space } from './board';

/**
 * G1's ring as the rules read it: the colour groups, a validated board with its lookups, and where a student stands.
 * Apart from the board's schema (board.ts) so a table in the browser reads the board without loading zod.
 */

export const COLOURS = ['brown', 'light-blue', 'pink', 'orange', 'red', 'yellow', 'green', 'dark-blue'] as const;
export type Colour = (typeof COLOURS)[number];

/** A validated board with the lookups the rules need, computed once (boardWithLookups). */
export interface Board {
  readonly id: string;
  readonly name: string;
  readonly spaces: readonly Space[];
  /** Space index by id. */
  readonly indexOf: ReadonlyMap<string, number>;
  /** Indices of the colour-coded properties, in board order (the auction pool, G3). */
  readonly properties: readonly number[];
  /** For each colour, its properties' indices in board order. */
  readonly groups: Readonly<Record<Colour, readonly number[]>>;
  /** Station index → its order n along the anticlockwise route from GO (1 … 4), for the G10 fare. */
  readonly stationOrder: ReadonlyMap<number, number>;
  readonly jail: number;
}

/** Board position (clockwise index) of a student who has travelled `progress` spaces anticlockwise from GO. */
export function positionOf(progress: number, ringSize = 40): number {
  return ((-progress % ringSize) + ringSize) % ringSize;
}

/** How far along the anticlockwise route from GO a space lies (GO = 0, Mayfair = 1 … Old Kent Road = 39). */
export function routeOffset(index: number, ringSize = 40): number {
  return (ringSize - index) % ringSize;
}

/**
 * A board's spaces with their lookups. It checks nothing: `data` is a valid board's (board.ts's parseBoard validates
 * a board, then calls this; the built-in London is typed data that the engine validates when a game is set up).
 */
export function boardWithLookups(data: {
  readonly id: string;
  readonly name: string;
  readonly spaces: readonly Space[];
}): Board {
  const { spaces } = data;
  const indexOf = new Map<string, number>();
  spaces.forEach((s, i) => {
    if (!indexOf.has(s.id)) indexOf.set(s.id, i);
  });
  const groups = Object.fromEntries(COLOURS.map((c) => [c, [] as number[]])) as Record<Colour, number[]>;
  const properties: number[] = [];
  spaces.forEach((s, i) => {
    if (s.kind !== 'property') return;
    properties.push(i);
    groups[s.colour].push(i);
  });
  const stations = spaces.map((s, i) => (s.kind === 'station' ? i : -1)).filter((i) => i >= 0);
  stations.sort((a, b) => routeOffset(a) - routeOffset(b));
  return {
    id: data.id,
    name: data.name,
    spaces,
    indexOf,
    properties,
    groups,
    stationOrder: new Map(stations.map((index, k) => [index, k + 1])),
    jail: spaces.findIndex((s) => s.kind === 'jail'),
  };
}

/** The property at `index`, or undefined for any other space. */
export function propertyAt(board: Board, index: number): Property | undefined {
  const space = board.spaces[index];
  return space?.kind === 'property' ? space : undefined;
}
