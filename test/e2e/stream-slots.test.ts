/**
 * A stranger cannot lock a player out (issue: 100 spectator streams used to fill a game's slots, and the seat's
 * reconnect got 429, its grace ran out and its bot took over). On the real app: 100 spectator streams from the very
 * address of the player's browser (loopback) fill the game's spectator slots; the 101st spectator gets 429; the
 * player's page, reloaded, reconnects and is present at the table.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite } from './browser-pages';
import { createGame, gameRequest, snapshotOf } from './game-api';

const suite = browserSuite();
const SPECTATOR_SLOTS = 100; // POLE_SSE_PER_GAME's default

describe('streams', () => {
  it(
    'a seat reconnects while 100 spectators from its own address fill the game; the next spectator gets 429',
    { timeout: 120_000 },
    async () => {
      const created = await createGame(suite.baseUrl, gameRequest('ten', ['Ada', 'Bea'], { turnSeconds: null }));
      const ada = await suite.pages.open(created.invites[0]!.path);
      await ada.getByTestId('play').waitFor();
      await ada.getByText('Live', { exact: true }).waitFor();

      const events = `${suite.baseUrl}/api/games/${created.id}/events`;
      const crowd = new AbortController();
      const spectators = await Promise.all(
        Array.from({ length: SPECTATOR_SLOTS }, () => fetch(events, { signal: crowd.signal })),
      );
      try {
        expect(spectators.every((s) => s.status === 200)).toBe(true);
        const late = await fetch(events);
        expect(late.status).toBe(429);
        expect(((await late.json()) as { error: string }).error).toBe('GAME_STREAM_LIMIT');

        // Ada's page loses its stream and comes back: admitted, and present at the table.
        await ada.reload();
        await ada.getByText('Live', { exact: true }).waitFor();
        await expect
          .poll(async () => (await snapshotOf(suite.baseUrl, created.id)).seats[0]!.presence)
          .toBe('connected');
        expect((await snapshotOf(suite.baseUrl, created.id)).seats[0]!.botTakeover).toBe(false);
      } finally {
        crowd.abort();
      }
      suite.pages.expectNoErrors();
    },
  );
});
