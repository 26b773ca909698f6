/**
 * P3 Board: "A board is data: an ordered ring of tiles starting with GO. Artist tiles carry: artist name, title, list
 * price (Tz), multiplier (a positive number printed on the card, e.g. 1, 1.5, 2, 3), and edition size (1 = a 1/1;
 * y > 1 = an edition "x/y"). Event tiles carry a printed instruction drawn from a small effect vocabulary ... The
 * default board must contain the tiles the rules name: a "Scorpion Dagger" edition, a "Pipi Universel" edition and the
 * "Unusual Artist Generosity" event."
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../engine/core/errors';
import { GENESIS, parseBoard, type ArtistTile, type EventTile } from '../../../engine/pole';
import { art, art as artTile, board, event, GO, type TileInput } from './boards';
import { setup } from './states';

const artists = GENESIS.tiles.filter((t): t is ArtistTile => t.kind === 'artist');
const events = GENESIS.tiles.filter((t): t is EventTile => t.kind === 'event');

describe('P3 Genesis, the default board', () => {
  it('is valid board data (parseBoard accepts it) and is the default board of a new game', () => {
    expect(parseBoard(structuredClone(GENESIS))).toEqual(GENESIS);
    expect(setup({ players: 2 }).config.board).toEqual(GENESIS);
  });

  it('P3 "an ordered ring of tiles starting with GO": at least 24 tiles, GO first and only first', () => {
    expect(GENESIS.tiles.length).toBeGreaterThanOrEqual(24);
    expect(GENESIS.tiles[0]!.kind).toBe('go');
    expect(GENESIS.tiles.slice(1).some((t) => t.kind === 'go')).toBe(false);
    expect(new Set(GENESIS.tiles.map((t) => t.id)).size).toBe(GENESIS.tiles.length);
  });

  it('has at least 16 artist tiles, at least five 1/1s and at least five editions of 2–10 copies', () => {
    expect(artists.length).toBeGreaterThanOrEqual(16);
    expect(artists.filter((a) => a.editionSize === 1).length).toBeGreaterThanOrEqual(5);
    expect(artists.filter((a) => a.editionSize >= 2 && a.editionSize <= 10).length).toBeGreaterThanOrEqual(5);
  });

  it('P3 artist tiles carry artist, title, list price 60–400 Tz and a positive multiplier', () => {
    for (const a of artists) {
      expect(a.artist.length, a.id).toBeGreaterThan(0);
      expect(a.title.length, a.id).toBeGreaterThan(0);
      expect(a.price, a.id).toBeGreaterThanOrEqual(60);
      expect(a.price, a.id).toBeLessThanOrEqual(400);
      expect(Number.isInteger(a.price), a.id).toBe(true);
      expect(a.multiplier, a.id).toBeGreaterThan(0);
    }
  });

  it('has at least 6 event tiles with varied effects (money in, money out, moves, rolls)', () => {
    expect(events.length).toBeGreaterThanOrEqual(6);
    const kinds = new Set(events.map((e) => e.effect.kind));
    expect(kinds.size).toBeGreaterThanOrEqual(5);
    const simpleKinds = new Set(
      events.flatMap((e) => (e.effect.kind === 'roll' ? e.effect.branches.map((b) => b.effect.kind) : [e.effect.kind])),
    );
    expect([...simpleKinds].some((k) => k === 'collect' || k === 'collectFromEach')).toBe(true);
    expect([...simpleKinds].some((k) => k === 'pay' || k === 'payEach' || k === 'payPerPiece')).toBe(true);
    expect([...simpleKinds].some((k) => k === 'moveTo' || k === 'moveBy')).toBe(true);
    for (const e of events) expect(e.text.length, e.id).toBeGreaterThan(0);
  });

  it('P3 "a "Scorpion Dagger" edition, a "Pipi Universel" edition": both are editions (more than 1 copy)', () => {
    const scorpion = artists.find((a) => a.title === 'Scorpion Dagger');
    const pipi = artists.find((a) => a.title === 'Pipi Universel');
    expect(scorpion?.editionSize).toBeGreaterThan(1);
    expect(pipi?.editionSize).toBeGreaterThan(1);
  });

  it('P3/P11 the "Unusual Artist Generosity" event: 6 → free Scorpion Dagger copy, 1–5 → free Pipi Universel copy', () => {
    const generosity = events.find((e) => e.name === 'Unusual Artist Generosity');
    expect(generosity).toBeDefined();
    const effect = generosity!.effect;
    if (effect.kind !== 'roll') throw new Error('Unusual Artist Generosity must roll a die');
    const titleOf = (id: string) => artists.find((a) => a.id === id)?.title;
    const outcomeOf = (face: number) => {
      const branch = effect.branches.find((b) => b.faces.includes(face))!;
      return branch.effect.kind === 'freeCopy' ? titleOf(branch.effect.tile) : branch.effect.kind;
    };
    expect([1, 2, 3, 4, 5, 6].map(outcomeOf)).toEqual([
      'Pipi Universel',
      'Pipi Universel',
      'Pipi Universel',
      'Pipi Universel',
      'Pipi Universel',
      'Scorpion Dagger',
    ]);
  });
});

/** A valid 4-tile board: 0 GO | 1 a (1/1) | 2 e (edition 3) | 3 x (pay 50). */
const validTiles = (): TileInput[] => [GO, art('a', 100), art('e', 80, 3), event('x', { kind: 'pay', amount: 50 })];

function withTile(index: number, tile: TileInput): TileInput[] {
  const tiles = validTiles();
  tiles[index] = tile;
  return tiles;
}

function raw(tiles: unknown[]): unknown {
  return { id: 'bad-board', name: 'Bad board', tiles };
}

/** parseBoard must refuse the board with BAD_BOARD and one issue mentioning every fragment (tile index, id, field…). */
function expectBadBoard(input: unknown, ...fragments: string[]): ConfigError {
  let caught: unknown;
  try {
    parseBoard(input);
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(ConfigError);
  const error = caught as ConfigError;
  expect(error.code).toBe('BAD_BOARD');
  expect(
    error.issues.some((issue) => fragments.every((f) => issue.includes(f))),
    `issues: ${error.issues.join(' | ')}`,
  ).toBe(true);
  for (const f of fragments) expect(error.message).toContain(f);
  return error;
}

describe('P3 bad boards are refused with BAD_BOARD naming the tile and field', () => {
  it('the valid base board used below is accepted', () => {
    expect(parseBoard(raw(validTiles())).tiles).toHaveLength(4);
  });

  it('a negative price', () => {
    expectBadBoard(raw(withTile(1, art('a', -100))), 'tile 1', '"a"', 'price');
  });

  it('a price that is not a whole number of Tz', () => {
    expectBadBoard(raw(withTile(2, art('e', 80.5, 3))), 'tile 2', '"e"', 'price');
  });

  it('P3 "starting with GO": a ring without GO at tile 0', () => {
    expectBadBoard(
      raw([art('a', 100), art('b', 100), art('e', 80, 3), event('x', { kind: 'pay', amount: 50 })]),
      'tile 0',
      '"a"',
      'GO',
    );
  });

  it('a second GO further round the ring', () => {
    expectBadBoard(raw(withTile(2, { kind: 'go', id: 'go-2', name: 'Start again' })), 'tile 2', '"go-2"', 'GO');
  });

  it('duplicate tile ids', () => {
    expectBadBoard(raw(withTile(2, art('a', 120, 2))), 'tile 2', '"a"', 'id', 'tile 1');
  });

  it('moveTo an unknown tile', () => {
    expectBadBoard(
      raw(withTile(3, event('x', { kind: 'moveTo', tile: 'nowhere' }))),
      'tile 3',
      '"x"',
      'effect.tile',
      'nowhere',
    );
  });

  it('moveTo the event tile itself', () => {
    expectBadBoard(raw(withTile(3, event('x', { kind: 'moveTo', tile: 'x' }))), 'tile 3', '"x"', 'effect.tile');
  });

  it('moveBy at least a whole ring', () => {
    expectBadBoard(raw(withTile(3, event('x', { kind: 'moveBy', steps: -4 }))), 'tile 3', '"x"', 'effect.steps');
  });

  it('P3 "gain a free edition copy of a named tile": freeCopy of a 1/1 is refused', () => {
    expectBadBoard(
      raw(withTile(3, event('x', { kind: 'freeCopy', tile: 'a' }))),
      'tile 3',
      '"x"',
      'effect.tile',
      'not an edition',
    );
  });

  it('freeCopy of an event tile is refused', () => {
    const tiles = [...validTiles(), event('y', { kind: 'freeCopy', tile: 'x' })];
    expectBadBoard(raw(tiles), 'tile 4', '"y"', 'effect.tile');
  });

  type RollBranches = Extract<Parameters<typeof event>[1], { kind: 'roll' }>['branches'];
  const pay10 = { kind: 'pay', amount: 10 } as const;
  const nothing = { kind: 'none' } as const;
  it.each<[string, RollBranches, string[]]>([
    [
      'roll branches that do not cover 1–6 (no branch for a 6)',
      [
        { faces: [1, 2, 3], text: 'Pay 10 Tz.', effect: pay10 },
        { faces: [4, 5], text: 'Nothing.', effect: nothing },
      ],
      ['effect.branches', '6'],
    ],
    [
      'roll branches that claim the same face twice',
      [
        { faces: [1, 2, 3, 4], text: 'Pay 10 Tz.', effect: pay10 },
        { faces: [4, 5, 6], text: 'Nothing.', effect: nothing },
      ],
      ['effect.branches', '4'],
    ],
    [
      'a roll branch with a bad simple effect (moveTo an unknown tile)',
      [
        { faces: [1, 2, 3], text: 'Go.', effect: { kind: 'moveTo', tile: 'nowhere' } },
        { faces: [4, 5, 6], text: 'Nothing.', effect: nothing },
      ],
      ['branches.0.effect.tile'],
    ],
  ])('%s', (_name, branches, named) => {
    expectBadBoard(raw(withTile(3, event('x', { kind: 'roll', branches }))), 'tile 3', '"x"', ...named);
  });

  it('P3 "multiplier (a positive number printed on the card, e.g. 1, 1.5, 2, 3)": 1.125 (three decimals) is refused', () => {
    expectBadBoard(raw(withTile(1, art('a', 100, 1, 1.125))), 'tile 1', '"a"', 'multiplier');
  });

  it('P3 a multiplier must be positive', () => {
    expectBadBoard(raw(withTile(1, art('a', 100, 1, 0))), 'tile 1', '"a"', 'multiplier');
    expectBadBoard(raw(withTile(1, art('a', 100, 1, -1.5))), 'tile 1', '"a"', 'multiplier');
  });

  it('P3 "edition size (1 = a 1/1; y > 1 = an edition)": 0 or 2.5 copies are refused', () => {
    expectBadBoard(raw(withTile(2, art('e', 80, 0))), 'tile 2', '"e"', 'editionSize');
    expectBadBoard(raw(withTile(2, art('e', 80, 2.5))), 'tile 2', '"e"', 'editionSize');
  });

  it('a negative event amount', () => {
    expectBadBoard(raw(withTile(3, event('x', { kind: 'pay', amount: -50 }))), 'tile 3', '"x"', 'effect');
  });

  it('a board with no artist tile', () => {
    const tiles = [GO, event('x', { kind: 'none' }), event('y', { kind: 'none' }), event('z', { kind: 'none' })];
    expectBadBoard(raw(tiles), 'artist');
  });

  it('a tile id that is not a slug', () => {
    expectBadBoard(raw(withTile(1, art('Bad Id', 100))), 'tile 1', '"Bad Id"', 'id');
  });

  it('move events that send the pawn round a loop (x → y → x) are refused, naming the loop', () => {
    const tiles = [
      GO,
      event('x', { kind: 'moveTo', tile: 'y' }),
      art('a', 100),
      event('y', { kind: 'moveBy', steps: -2 }),
    ];
    expectBadBoard(raw(tiles), 'tile 1 "x"', 'loop', '3 "y"');
  });

  it('a move chain without a loop is fine, and so is a loop through a die-roll branch', () => {
    const chain = [
      GO,
      event('x', { kind: 'moveTo', tile: 'y' }),
      art('a', 100),
      event('y', { kind: 'moveBy', steps: -1 }),
    ];
    expect(parseBoard(raw(chain)).tiles).toHaveLength(4);
    const back = { kind: 'moveTo', tile: 'x' } as const;
    const rolled = [
      GO,
      event('x', { kind: 'moveTo', tile: 'y' }),
      art('a', 100),
      event('y', {
        kind: 'roll',
        branches: [
          { faces: [1, 2, 3], text: 'back', effect: back },
          { faces: [4, 5, 6], text: 'stay', effect: { kind: 'none' } },
        ],
      }),
    ];
    expect(parseBoard(raw(rolled)).tiles).toHaveLength(4);
  });

  it('supply integrity: one FA2 token featured on two tiles is refused, naming both', () => {
    const origin = { contract: 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi', tokenId: '11' };
    const tiles = [GO, { ...art('a', 100, 3), origin }, art('b', 100), { ...art('c', 100, 3), origin }];
    expectBadBoard(raw(tiles), 'tile 3 "c"', 'origin', 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi/11', 'tile 1 "a"');
    const other = [
      GO,
      { ...art('a', 100, 3), origin },
      art('b', 100),
      { ...art('c', 100, 3), origin: { ...origin, tokenId: '12' } },
    ];
    expect(parseBoard(raw(other)).tiles).toHaveLength(4);
  });

  it("an artist tile's image, creators and origin are checked by shape", () => {
    const art = (id: string, price: number) => artTile(id, price) as Extract<TileInput, { kind: 'artist' }>;
    expectBadBoard(
      raw(withTile(1, { ...art('a', 100), image: { uri: 'http://example.com/a.png', mimeType: 'image/png' } })),
      'tile 1',
      'image.uri',
    );
    expectBadBoard(raw(withTile(1, { ...art('a', 100), creators: ['tz1nope'] })), 'tile 1', 'creators');
    const ok = {
      ...art('a', 100),
      image: { uri: 'ipfs://bafy/a.png', mimeType: 'image/png' },
      creators: ['tz1VSUr8wwNhLAzempoch5d6hLRiTh8Cjcjb'],
    };
    expect(parseBoard(raw(withTile(1, ok))).tiles[1]).toMatchObject({ image: ok.image, creators: ok.creators });
  });

  it('a bad board in the setup config throws ConfigError BAD_BOARD as well', () => {
    const bad = board(art('a', -5), art('b', 100), art('c', 100));
    let caught: unknown;
    try {
      setup({ players: 2, board: bad });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).code).toBe('BAD_BOARD');
    expect((caught as ConfigError).message).toContain('tile 1');
    expect((caught as ConfigError).message).toContain('price');
  });
});
