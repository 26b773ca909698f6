/**
 * Strong bots at the host (server/bots): a strong seat's moves are searched in a worker thread from its seat's view,
 * within a budget; a search that fails or runs past its budget gives no move, and the normal bot's is played.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { games, type GameId } from '../../engine';
import { ManualClock } from '../../server/host';
import { StrongPool } from '../../server/bots/strong-pool';
import { drive, useTestServer } from './helpers';
import { bot } from './requests';

const clock = new ManualClock();
/** What the host reported: a strong move it had to give up on is one. */
const reported: unknown[] = [];
// A few iterations a move: the tests check the path a move takes, not how well it plays (the bench does).
const server = useTestServer({
  clock,
  strongBudget: { ms: 200, iterations: 24 },
  onError: (err) => reported.push(err),
});

const pools: StrongPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.stop()));
});

describe('a strong bot at the table', () => {
  it.each(['ten', 'gotopoly', 'pole'] as const)(
    '%s: a strong bot and a normal one play a game to its end, every strong move searched and legal',
    async (game: GameId) => {
      const { host } = server;
      const options = game === 'pole' ? { laps: 1 } : game === 'gotopoly' ? { maxTerms: 3 } : {};
      const created = await host.create({
        game,
        options,
        seats: [bot('strong', 'Sage'), bot('normal', 'Norm')],
        botPaceMs: 0,
      });
      await drive(host, clock);
      const snap = await host.views.snapshot(created.id);
      expect(snap.outcome).not.toBeNull();
      expect(snap.seats.map((s) => s.kind)).toEqual(['strong', 'normal']);
      // Every logged move replays: the engine accepted each of the strong seat's moves.
      const record = await host.records.record(created.id);
      expect(record.actions.filter((a) => a.seat === 0).length).toBeGreaterThan(0);
      // No strong move fell back to the normal bot's: each was the worker's search.
      expect(reported).toEqual([]);
    },
  );
});

describe('the pool of strong bots', () => {
  it('answers a legal move from a seat`s view', async () => {
    const pool = new StrongPool(new ManualClock(), 200, 16);
    pools.push(pool);
    const state = games.ten.setup({ players: 3 }, 'pool');
    const seat = games.ten.pending(state)[0]!.seat;
    const action = await pool.choose('ten', games.ten.view(state, seat), seat, 'pool/0');
    expect(games.ten.legal(state, seat)).toContainEqual(action);
  });

  it('gives no move when the search fails (the host then plays the normal bot`s)', async () => {
    const pool = new StrongPool(new ManualClock(), 200, 16);
    pools.push(pool);
    expect(await pool.choose('ten', { not: 'a view' }, 0, 'broken')).toBeNull();
  });

  it('gives no move when the search runs past its budget and grace', async () => {
    const manual = new ManualClock();
    // A budget of an hour and a million iterations: only the caller's clock ends the wait.
    const pool = new StrongPool(manual, 3_600_000, 1_000_000);
    pools.push(pool);
    const state = games.gotopoly.setup({ players: 4 }, 'slow');
    const seat = games.gotopoly.pending(state)[0]!.seat;
    const answer = pool.choose('gotopoly', games.gotopoly.view(state, seat), seat, 'slow/0');
    manual.advance(3_600_000 + 5_000);
    expect(await answer).toBeNull();
    await pool.stop(); // the worker is still searching: ending it ends the search
  });
});
