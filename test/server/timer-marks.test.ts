import { beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent, GameId } from '../../engine';
import type { Board, PoleState } from '../../engine/pole';
import { GameHost, ManualClock } from '../../server/host';
import type { GameStore } from '../../server/store';
import type { GameSnapshot, TimedOutEvent } from '../../server/protocol';
import { describeGameLog } from '../../ui/play/any-game-log';
import { TIMED_OUT } from '../../ui/play/log-entries';
import { createTestServer, drive } from './helpers';

let store: GameStore;
let host: GameHost;
/** Another instance of the app on the same store: it follows the first through the store's notifications. */
let other: GameHost;
const clock = new ManualClock();

beforeAll(async () => {
  const server = await createTestServer({ clock, snapshotEvery: 3 });
  ({ host, store } = server);
  other = (await createTestServer({ store, snapshotEvery: 3, resume: false })).host;
  return async () => {
    await other.close();
    await server.close();
  };
});

const marks = (events: readonly GameEvent[]) => events.filter((e): e is TimedOutEvent => e.type === 'timedOut');
const logLines = (snap: GameSnapshot) => {
  const board: Board | null = snap.game === 'pole' ? (snap.view as PoleState).config.board : null;
  return describeGameLog(
    snap.game,
    snap.events,
    snap.seats.map((s) => s.name),
    board,
  ).flatMap((e) => e.lines.map((l) => l.text));
};

/** A move the server made when a turn timer ran out once read like the player's own ("Ben's uncle placed sealed bids"). */
describe('moves made when a turn timer runs out', () => {
  it.each<[GameId, number]>([
    ['pole', 2],
    ['gotopoly', 3],
    ['ten', 2],
  ])(
    '%s: are marked in the logged events and read "(time ran out) …" in the log; the seat’s and the bots’ own moves are not',
    async (game, players) => {
      const created = await host.create({
        game,
        seats: Array.from({ length: players }, (_, i) =>
          i === 0 ? { kind: 'human', name: 'Ben' } : { kind: 'normal', name: `Bot ${i}` },
        ),
        seed: `timer-marks-${game}`,
        turnSeconds: 10,
        botPaceMs: 0,
      });
      await other.views.snapshot(created.id); // the other instance has the game in memory: it catches up from the store
      await drive(host, clock);
      // Ben plays one move himself, then lets the timer play three.
      const mine = await host.views.snapshot(created.id, created.hostToken, 0);
      await host.moves.act(created.id, { token: created.hostToken, seat: 0, seq: mine.seq, action: mine.legal[0] });
      for (let timeouts = 0; timeouts < 3;) {
        await drive(host, clock);
        const snap = await host.views.snapshot(created.id);
        if (snap.outcome) break;
        if (snap.pending.some((d) => d.seat === 0)) {
          clock.advance(10_000);
          timeouts++;
        }
      }
      await drive(host, clock);

      const snap = await host.views.snapshot(created.id);
      const found = marks(snap.events);
      expect(found.length).toBe(3);
      for (const mark of found) {
        expect(mark.seat).toBe(0);
        expect(mark.events).toBeGreaterThan(0);
      }

      const lines = logLines(snap);
      const timed = lines.filter((l) => l.startsWith(TIMED_OUT));
      expect(timed).toHaveLength(3);
      for (const line of timed) expect(line).toMatch(/^\(time ran out\) Ben\b/); // "(time ran out) Ben rolled 2 → …"
      if (game === 'gotopoly')
        expect(lines.filter((l) => l === `${TIMED_OUT} Ben’s uncle placed sealed bids`).length).toBeGreaterThan(0);
      if (game === 'gotopoly') expect(lines).toContain('Bot 1’s uncle placed sealed bids');

      // The marks are kept by the instance that followed the game, and by one that rebuilds it from the store.
      await other.idle();
      expect(marks((await other.views.snapshot(created.id)).events)).toEqual(found);
      const { host: rebuilt } = await createTestServer({ store, snapshotEvery: 3, resume: false });
      try {
        expect((await rebuilt.views.snapshot(created.id)).events).toEqual(snap.events);
      } finally {
        await rebuilt.close();
      }
    },
  );
});
