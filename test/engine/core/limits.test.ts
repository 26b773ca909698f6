/**
 * Limits in the engine: what comes from a person is bounded (a roll effect's faces and branches, a
 * holdings action's tiles), its text is plain text (no NUL, no control characters, no unpaired surrogates), and a
 * refusal lists the first issues and counts the rest however many there are.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ConfigError, MAX_ISSUES, capIssues, isPlainText, issueLines, plainText } from '../../../engine';
import { GENESIS, parseBoard, parsePoleAction } from '../../../engine/pole';

const rollTile = (branches: unknown[]) => ({
  kind: 'event',
  id: 'roll',
  name: 'Roll',
  text: 'Roll a die.',
  effect: { kind: 'roll', branches },
});
const withTile = (tile: unknown) => ({ ...GENESIS, tiles: [...GENESIS.tiles.slice(0, -1), tile] });

describe('bounded input', () => {
  it('a roll effect has at most six branches of at most six faces', () => {
    const faces = Array.from({ length: 100_000 }, (_, i) => (i % 6) + 1);
    const err = (() => {
      try {
        parseBoard(
          withTile(
            rollTile([
              { faces, text: 'a', effect: { kind: 'none' } },
              { faces, text: 'b', effect: { kind: 'none' } },
            ]),
          ),
        );
      } catch (e) {
        return e as ConfigError;
      }
      throw new Error('accepted');
    })();
    expect(err.code).toBe('BAD_BOARD');
    expect(err.message.length).toBeLessThan(1_000);
    const seven = Array.from({ length: 7 }, (_, i) => ({
      faces: [Math.min(i + 1, 6)],
      text: `${i}`,
      effect: { kind: 'none' },
    }));
    expect(() => parseBoard(withTile(rollTile(seven)))).toThrow(ConfigError);
    // Six branches of one face each is the most a d6 needs, and still fine.
    const six = seven.slice(0, 6).map((b, i) => ({ ...b, faces: [i + 1] }));
    expect(parseBoard(withTile(rollTile(six))).tiles.at(-1)).toMatchObject({ effect: { kind: 'roll' } });
  });

  it('a holdings action names at most 80 tiles and 6 holders each', () => {
    const tiles = Array.from({ length: 81 }, (_, tile) => ({ tile, holders: [0] }));
    expect(() => parsePoleAction({ type: 'holdings', tiles })).toThrow(/MALFORMED_ACTION|not a Tezos Pole action/);
    expect(() => parsePoleAction({ type: 'holdings', tiles: [{ tile: 1, holders: [0, 1, 2, 3, 4, 5, 0] }] })).toThrow();
    expect(parsePoleAction({ type: 'holdings', tiles: tiles.slice(0, 80) })).toMatchObject({ type: 'holdings' });
  });
});

describe('plain text', () => {
  it('refuses NUL, control characters and unpaired surrogates; keeps everything else people write', () => {
    for (const bad of ['a\u0000', 'a\u0007', 'a\u001b[31m', 'a\u007f', 'a\u0085', 'a\ud800', 'a\udfff b', 'tab\there'])
      expect([bad, isPlainText(bad)]).toEqual([bad, false]);
    for (const good of ['Ada', 'Zoë', 'ノード', '🎲 six', 'a\u200bb', 'Bea’s Ring'])
      expect([good, isPlainText(good)]).toEqual([good, true]);
    expect(isPlainText('two\nlines\tand a tab\r\n', true)).toBe(true);
    expect(isPlainText('two\nlines\u0000', true)).toBe(false);
  });

  it('plainText keeps the schema it refines: its limits and chained checks', () => {
    const name = plainText(z.string().trim().min(1).max(5));
    expect(name.maxLength).toBe(5);
    expect(name.parse(' Ada ')).toBe('Ada');
    expect(name.safeParse('A\u0000').success).toBe(false);
    expect(name.safeParse('toolong').success).toBe(false);
  });

  it('a board whose names hold a NUL is refused', () => {
    expect(() => parseBoard({ ...GENESIS, name: 'Genesis\u0000' })).toThrow(
      /name: must not contain control characters/,
    );
  });
});

describe('issue lists', () => {
  it('a ConfigError lists the first ten issues and counts the rest', () => {
    const issues = Array.from({ length: 250_000 }, (_, i) => `tile ${i}: bad`);
    const err = new ConfigError('BAD_BOARD', 'invalid board', issues);
    expect(err.issues).toHaveLength(MAX_ISSUES + 1);
    expect(err.issues.at(-1)).toBe('… and 249990 more');
    expect(err.message.length).toBeLessThan(400);
  });

  it('capping is idempotent, and eleven issues are all shown (the count would take a line too)', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `${i}`);
    expect(capIssues(eleven)).toEqual(eleven);
    const capped = capIssues(Array.from({ length: 30 }, (_, i) => `${i}`));
    expect(capIssues(capped)).toEqual(capped);
    expect(issueLines([{ path: ['a', 0], message: 'm' }], '(root)')).toEqual(['a.0: m']);
    expect(issueLines([{ path: [], message: 'm' }], '(root)')).toEqual(['(root): m']);
  });
});
