import { describe, expect, it } from 'vitest';
import { SEAT_NAME_MAX, seatNameProblems } from '../../engine';
import type { CreateGameRequest } from '../../server/protocol';
import { hostError, useTestServer } from './helpers';

const server = useTestServer();

const GAMES = ['pole', 'gotopoly', 'ten'] as const;
const request = (game: (typeof GAMES)[number], names: readonly string[]): CreateGameRequest => ({
  game,
  seats: names.map((name, seat) => ({ kind: seat === 0 ? 'human' : 'heuristic', name })),
  seed: 'seat-names',
  botPaceMs: 0,
});
const gameCount = async () =>
  Number((await server.store.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM games'))[0]!.n);

/**
 * Names were once cut at 24 characters without a word, two players could share a name, "Ann" and "An\u200bn" passed
 * for two, and an emoji flag cost 4 of the 24.
 */
describe('creating a game judges the seats’ names', () => {
  for (const game of GAMES) {
    it(`${game}: refuses two seats of one name (trimmed, whatever the case) with 400 DUPLICATE_NAME, creating nothing`, async () => {
      const before = await gameCount();
      const err = await hostError(server.host.create(request(game, ['Ada', 'Bao', ' ADA '])));
      expect({ status: err.status, code: err.code }).toEqual({ status: 400, code: 'DUPLICATE_NAME' });
      expect(err.message).toBe('Seat 3 has the same name as seat 1 (“Ada”): give each player a name of their own.');
      expect(await gameCount()).toBe(before);
    });

    it(`${game}: refuses a name longer than ${SEAT_NAME_MAX} characters with 400 NAME_TOO_LONG, and keeps one of ${SEAT_NAME_MAX} whole`, async () => {
      const long = 'Maximilian Alexander Wolf'; // 25
      const err = await hostError(server.host.create(request(game, ['Ada', long])));
      expect({ status: err.status, code: err.code }).toEqual({ status: 400, code: 'NAME_TOO_LONG' });
      expect(err.message).toContain('25 characters long: a name has at most 24');
      const fits = long.slice(0, SEAT_NAME_MAX);
      const created = await server.host.create(request(game, ['Ada', fits]));
      expect(created.seats.map((s) => s.name)).toEqual(['Ada', fits]);
    });
  }

  it('folds names that read alike — case, width, look-alike letters of other scripts, one é in two spellings — and counts characters as people do', () => {
    // "Аnn" starts with a Cyrillic А, "Ａｎｎ" is fullwidth: both pass for "Ann" at a glance.
    expect(seatNameProblems(['Ann', 'Аnn', 'Ａｎｎ'])).toEqual([
      { kind: 'taken', seat: 1, by: 0 },
      { kind: 'taken', seat: 2, by: 0 },
    ]);
    expect(seatNameProblems(['e\u0301va', '\u00e9va'])).toEqual([{ kind: 'taken', seat: 1, by: 0 }]);
    // A flag is two code points and four UTF-16 units, but one character: 23 letters and a flag fit.
    expect(seatNameProblems(['A'.repeat(23) + '🇭🇺'])).toEqual([]);
    expect(seatNameProblems(['🦊'.repeat(24), '🦊'.repeat(25)])).toEqual([{ kind: 'tooLong', seat: 1, length: 25 }]);
    // An emoji's own joiner is part of it; a bare one is not.
    expect(seatNameProblems(['Dev 👩‍💻'])).toEqual([]);
  });

  it('refuses a name hiding a text-direction override or a zero-width character with 400 NAME_HIDDEN_CHARACTER naming it, creating nothing', async () => {
    const before = await gameCount();
    for (const [name, char] of [
      ['Ann\u202Egnp.exe', 'U+202E'],
      ['An\u200Bn', 'U+200B'],
      ['\u2066Ann', 'U+2066'],
      ['An\uFEFFn', 'U+FEFF'],
    ] as const) {
      const err = await hostError(server.host.create(request('ten', ['Bo', name])));
      expect({ status: err.status, code: err.code }).toEqual({ status: 400, code: 'NAME_HIDDEN_CHARACTER' });
      expect(err.message).toContain(`Seat 2’s name holds an invisible character (${char}`);
    }
    expect(await gameCount()).toBe(before);
  });

  it('keeps a name in one spelling (NFC), trimmed', async () => {
    const created = await server.host.create(request('ten', ['Bo', ' Jose\u0301 ']));
    expect(created.seats[1]!.name).toBe('Jos\u00e9');
  });
});
