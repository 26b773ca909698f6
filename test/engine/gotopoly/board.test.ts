/** Ruling G1 (the classic London board as data) and the board validation that refuses a bad board (BAD_BOARD). */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../engine';
import { COLOURS, LONDON, londonBoardData, parseBoard, propertyAt, type Space } from '../../../engine/gotopoly';
import { sp } from './helpers';

const kinds = (kind: Space['kind']) => LONDON.spaces.flatMap((s, i) => (s.kind === kind ? [i] : []));
const names = (indices: readonly number[]) => indices.map((i) => LONDON.spaces[i]!.name);

/** A deep copy of the London board data, for breaking. */
const copy = () =>
  JSON.parse(JSON.stringify(londonBoardData)) as { id: string; name: string; spaces: Record<string, unknown>[] };

/** The ConfigError parseBoard throws for `input`. */
function boardError(input: unknown): ConfigError {
  try {
    parseBoard(input);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('the board was accepted');
}

describe('G1 the classic London board', () => {
  // G1: "The classic 40-space London board (names, colour groups, prices, rents with 0–4 houses and hotel, house
  // costs; stations; Electric Company, Water Works; Income Tax 200, Super Tax 100)."
  it('"The classic 40-space London board": 40 spaces from GO to Mayfair, clockwise as printed', () => {
    expect(LONDON.spaces).toHaveLength(40);
    expect(LONDON.spaces[0]).toMatchObject({ kind: 'go', name: 'GO' });
    expect(LONDON.spaces[1]!.name).toBe('Old Kent Road');
    expect(LONDON.spaces[39]!.name).toBe('Mayfair');
    expect(LONDON.spaces[10]!.kind).toBe('jail');
    expect(LONDON.spaces[20]!.kind).toBe('free-parking');
    expect(LONDON.spaces[30]!.kind).toBe('go-to-jail');
  });

  it('"colour groups": 22 colour-coded properties in the eight classic groups', () => {
    expect(LONDON.properties).toHaveLength(22);
    const sizes = Object.fromEntries(COLOURS.map((c) => [c, LONDON.groups[c].length]));
    expect(sizes).toEqual({
      brown: 2,
      'light-blue': 3,
      pink: 3,
      orange: 3,
      red: 3,
      yellow: 3,
      green: 3,
      'dark-blue': 2,
    });
    expect(names(LONDON.groups['dark-blue'])).toEqual(['Park Lane', 'Mayfair']);
    expect(names(LONDON.groups.brown)).toEqual(['Old Kent Road', 'Whitechapel Road']);
    expect(names(LONDON.groups.green)).toEqual(['Regent Street', 'Oxford Street', 'Bond Street']);
    expect(names(LONDON.groups.orange)).toEqual(['Bow Street', 'Marlborough Street', 'Vine Street']);
  });

  it.each([
    ['old-kent-road', 60, [2, 10, 30, 90, 160, 250], 50],
    ['the-angel-islington', 100, [6, 30, 90, 270, 400, 550], 50],
    ['pall-mall', 140, [10, 50, 150, 450, 625, 750], 100],
    ['vine-street', 200, [16, 80, 220, 600, 800, 1000], 100],
    ['trafalgar-square', 240, [20, 100, 300, 750, 925, 1100], 150],
    ['piccadilly', 280, [24, 120, 360, 850, 1025, 1200], 150],
    ['bond-street', 320, [28, 150, 450, 1000, 1200, 1400], 200],
    ['mayfair', 400, [50, 200, 600, 1400, 1700, 2000], 200],
  ] as const)('"prices, rents with 0–4 houses and hotel, house costs": %s £%i', (id, price, rent, houseCost) => {
    expect(propertyAt(LONDON, sp(id))).toMatchObject({ price, rent, houseCost });
  });

  it('"stations": four, King\'s Cross, Marylebone, Fenchurch St, Liverpool St', () => {
    expect(kinds('station')).toEqual([5, 15, 25, 35]);
    expect(names(kinds('station'))).toEqual([
      "King's Cross Station",
      'Marylebone Station',
      'Fenchurch St. Station',
      'Liverpool St. Station',
    ]);
  });

  // G10: n is "the station's order along the anticlockwise route from GO".
  it("stations are numbered along the anticlockwise route: Liverpool St 1, Fenchurch St 2, Marylebone 3, King's Cross 4", () => {
    expect(
      ['liverpool-street', 'fenchurch-street', 'marylebone', 'kings-cross'].map((id) =>
        LONDON.stationOrder.get(sp(id)),
      ),
    ).toEqual([1, 2, 3, 4]);
  });

  it('"Electric Company, Water Works": two utilities, billing 11 and 4 per point of the token (G11)', () => {
    expect(kinds('utility')).toEqual([12, 28]);
    expect(LONDON.spaces[12]).toMatchObject({ name: 'Electric Company', billPerPip: 11 });
    expect(LONDON.spaces[28]).toMatchObject({ name: 'Water Works', billPerPip: 4 });
  });

  it('"Income Tax 200, Super Tax 100"', () => {
    expect(kinds('tax')).toEqual([4, 38]);
    expect(LONDON.spaces[4]).toMatchObject({ name: 'Income Tax', amount: 200 });
    expect(LONDON.spaces[38]).toMatchObject({ name: 'Super Tax', amount: 100 });
  });

  it('three Chance and three Community Chest spaces, each naming its deck', () => {
    expect(kinds('card').map((i) => (LONDON.spaces[i] as Extract<Space, { kind: 'card' }>).deck)).toEqual([
      'chest',
      'chance',
      'chest',
      'chance',
      'chest',
      'chance',
    ]);
    expect(kinds('card')).toEqual([2, 7, 17, 22, 33, 36]);
  });

  it('every space id is unique and the board parses as it is', () => {
    expect(new Set(LONDON.spaces.map((s) => s.id)).size).toBe(40);
    expect(() => parseBoard(copy())).not.toThrow();
  });
});

describe('parseBoard refuses a bad board (BAD_BOARD naming the space)', () => {
  it('a rent that does not increase with houses: names space 39 "mayfair" and the rent field', () => {
    const board = copy();
    board.spaces[39] = { ...board.spaces[39], rent: [50, 200, 600, 1400, 1300, 2000] };
    const err = boardError(board);
    expect(err.code).toBe('BAD_BOARD');
    expect(err.issues.join('\n')).toMatch(/space 39 "mayfair": rent/);
  });

  it('a negative price: names space 1 "old-kent-road" and the price field', () => {
    const board = copy();
    board.spaces[1] = { ...board.spaces[1], price: -60 };
    const err = boardError(board);
    expect(err.code).toBe('BAD_BOARD');
    expect(err.issues.join('\n')).toMatch(/space 1 "old-kent-road": price/);
  });

  it('a rent list without the hotel entry: names the space', () => {
    const board = copy();
    board.spaces[24] = { ...board.spaces[24], rent: [20, 100, 300, 750, 925] };
    expect(boardError(board).issues.join('\n')).toMatch(/space 24 "trafalgar-square": rent/);
  });

  it('a duplicate space id: names the second space and the one it duplicates', () => {
    const board = copy();
    board.spaces[37] = { ...board.spaces[37], id: 'mayfair' };
    const err = boardError(board);
    expect(err.code).toBe('BAD_BOARD');
    expect(err.issues.join('\n')).toMatch(/space 39 "mayfair": id: duplicates space 37/);
  });

  it('a board that does not start with GO', () => {
    const board = copy();
    [board.spaces[0], board.spaces[20]] = [board.spaces[20]!, board.spaces[0]!];
    const err = boardError(board);
    expect(err.code).toBe('BAD_BOARD');
    expect(err.issues.join('\n')).toMatch(/space 0 "free-parking": kind/);
  });

  it('a board with 39 spaces, or a fifth station', () => {
    const short = copy();
    short.spaces.pop();
    expect(boardError(short).code).toBe('BAD_BOARD');
    const stations = copy();
    stations.spaces[38] = { kind: 'station', id: 'waterloo', name: 'Waterloo', price: 200 };
    expect(boardError(stations).issues.join('\n')).toMatch(/station/);
  });

  it('house costs that differ within a colour group', () => {
    const board = copy();
    board.spaces[37] = { ...board.spaces[37], houseCost: 150 };
    expect(boardError(board).issues.join('\n')).toMatch(/dark-blue: houseCost/);
  });

  it('an unknown colour and an unknown kind of space both name their space', () => {
    const colour = copy();
    colour.spaces[3] = { ...colour.spaces[3], colour: 'purple' };
    expect(boardError(colour).issues.join('\n')).toMatch(/space 3 "whitechapel-road"/);
    const kind = copy();
    kind.spaces[20] = { kind: 'bus-stop', id: 'bus-stop', name: 'Bus Stop' };
    expect(boardError(kind).issues.join('\n')).toMatch(/space 20 "bus-stop"/);
  });
});
