/**
 * The board builder shows the verdict of composeBoard (the same check the server runs) as it is, so every refusal a
 * person can cause with the builder is a sentence that says what to do, never a validator's own text
 * ("Too small: expected array to have >=4 items") or a field path.
 */
import { describe, expect, it } from 'vitest';
import { isBoardError } from '../../../chain/errors';
import { composeBoard } from '../../../chain/studio/compose';
import { EVENT_PALETTE, type BoardRequest, type Piece } from '../../../chain/studio/schema';

const ARTIST = 'tz1aSkwEot3L2kmUvcoxzjMomb9mvBNuzFK6';
const KT = 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi';

const piece = (id: string, title: string, extra: Partial<Piece> = {}): Piece => ({
  id,
  artist: ARTIST,
  creators: [ARTIST],
  title,
  price: 120,
  multiplier: 2,
  editionSize: 3,
  createdAt: '2026-12-01T00:00:00.000Z',
  ...extra,
});

const SUNFOLD = piece('p1', 'Sunfold', { source: { contract: KT, tokenId: '11' } });
const SUNFOLD_AGAIN = piece('p2', 'Sunfold II', { source: { contract: KT, tokenId: '11' } });
const UNCHECKED = piece('p3', 'Old Import', { source: { contract: KT, tokenId: '12' }, creators: undefined });
const HARBOUR = piece('p4', 'Harbour Lights', { editionSize: 1 });
const PIECES = new Map([SUNFOLD, SUNFOLD_AGAIN, UNCHECKED, HARBOUR].map((p) => [p.id, p]));

const ref = (p: Piece) => ({ kind: 'piece' as const, pieceId: p.id });
const events = (n: number) => Array.from({ length: n }, (_, i) => EVENT_PALETTE[i % EVENT_PALETTE.length]!);

/** The message the builder shows for this ring, or null for a valid board. */
function verdict(request: BoardRequest): string | null {
  try {
    composeBoard(request, PIECES);
    return null;
  } catch (err) {
    if (!isBoardError(err)) throw err;
    return err.message;
  }
}

/** A sentence for an artist: capitalised, ended, without a validator's words or a field's path. */
function expectSentence(message: string | null): void {
  expect(message).not.toBeNull();
  expect(message).toMatch(/^[A-Z“]/);
  expect(message).toMatch(/\.$/);
  for (const jargon of [
    'Too small',
    'Too big',
    'expected',
    'Invalid',
    '>=',
    '<=',
    'invalid board',
    'engine',
    'slots',
    'tiles:',
    'name:',
    'slot ',
  ]) {
    expect(message).not.toContain(jargon);
  }
}

describe('what the board builder says about a ring it cannot save', () => {
  it('a ring too short says how many tiles to add, and one without a piece says to add one', () => {
    expect(verdict({ name: 'Harbour', slots: [] })).toBe(
      'A board needs at least 3 tiles after Start: add 3 more tiles. A board needs at least one featured piece: add one.',
    );
    expect(verdict({ name: 'Harbour', slots: [ref(HARBOUR), EVENT_PALETTE[0]!] })).toBe(
      'A board needs at least 3 tiles after Start: add 1 more tile.',
    );
    expect(verdict({ name: 'Harbour', slots: events(4) })).toBe('A board needs at least one featured piece: add one.');
    expect(verdict({ name: 'Harbour', slots: [ref(HARBOUR), ...events(2)] })).toBeNull();
  });

  it('a ring too long says how many tiles to remove', () => {
    expect(verdict({ name: 'Harbour', slots: [ref(HARBOUR), ...events(80)] })).toBe(
      'A board has at most 79 tiles after Start: remove 2 tiles.',
    );
  });

  it('the board’s name: missing, too long, or with a character no name can hold', () => {
    const ring = [ref(HARBOUR), ...events(3)];
    expect(verdict({ name: '   ', slots: ring })).toBe('Give the board a name.');
    expect(verdict({ name: 'x'.repeat(83), slots: ring })).toBe(
      'The board’s name is 83 characters long: shorten it to 80 at most.',
    );
    expectSentence(verdict({ name: 'Harbour\tLights', slots: ring }));
  });

  it('a piece twice, a token twice, a piece no longer featured or never checked: each says which and what to do', () => {
    expect(verdict({ name: 'Twice', slots: [ref(SUNFOLD), ...events(2), ref(SUNFOLD)] })).toBe(
      '“Sunfold” is already tile 1 of the ring: a piece appears once, so its edition of 3 is every copy of it in the game.',
    );
    expectSentence(verdict({ name: 'Token twice', slots: [ref(SUNFOLD), ...events(2), ref(SUNFOLD_AGAIN)] }));
    expectSentence(
      verdict({ name: 'Gone', slots: [{ kind: 'piece', pieceId: 'removed-piece' }, ref(HARBOUR), ...events(2)] }),
    );
    expectSentence(verdict({ name: 'Unchecked', slots: [ref(UNCHECKED), ...events(3)] }));
  });

  it('every one of them is a plain sentence', () => {
    const rings: BoardRequest[] = [
      { name: 'Harbour', slots: [] },
      { name: 'Harbour', slots: [ref(HARBOUR)] },
      { name: 'Harbour', slots: events(3) },
      { name: 'Harbour', slots: [ref(HARBOUR), ...events(90)] },
      { name: '', slots: [] },
      { name: 'x'.repeat(200), slots: [ref(HARBOUR)] },
      { name: 'Tab\there', slots: events(1) },
      { name: 'Twice', slots: [ref(HARBOUR), ref(HARBOUR), ...events(2)] },
      { name: 'Gone', slots: [{ kind: 'piece', pieceId: 'removed-piece' }, ...events(3)] },
      { name: 'Unchecked', slots: [ref(UNCHECKED), ...events(3)] },
    ];
    for (const ring of rings) expectSentence(verdict(ring));
  });
});
