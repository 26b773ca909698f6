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

/** Names were once cut at 24 characters without a word, and two players could share a name. */
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

  it('tells apart names that only look alike in another script or with a mark, and counts an emoji as its UTF-16 length', () => {
    expect(seatNameProblems(['Ada', 'Adà', 'Аda'])).toEqual([]); // "Аda" starts with a Cyrillic A
    expect(seatNameProblems(['e\u0301va', '\u00e9va'])).toEqual([{ kind: 'taken', seat: 1, by: 0 }]); // one é, two spellings
    expect(seatNameProblems(['🦊'.repeat(12), '🦊'.repeat(13)])).toEqual([{ kind: 'tooLong', seat: 1, length: 26 }]);
  });
});
