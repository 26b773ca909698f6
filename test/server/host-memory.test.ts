/**
 * An idle online game leaves memory and comes back as it was. What test/server/limits.test.ts
 * shows for hot-seat games (eviction after idleMs, a stream or a bot keeping a game, a turn timer bringing one back)
 * is not repeated here: these are the online table's own parts — each seat's own view, its turn timer's deadline,
 * and a seat whose person closed their tab, whose grace keeps the game until its bot takes the seat over.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { GameHost, ManualClock } from '../../server/host';
import type { CreateGameRequest, CreateGameResponse, GameSnapshot } from '../../server/protocol';
import { RECENT_STATES } from '../../server/host/live-game';
import { createTestServer, drive } from './helpers';
import { humans } from './requests';

const IDLE_MS = 60_000;
const GRACE_SECONDS = 120;
const TURN_SECONDS = 600;

let host: GameHost;
let clock: ManualClock;

// A host of its own per test: each counts the games in memory.
beforeEach(async () => {
  const server = await createTestServer({ snapshotEvery: 10, idleMs: IDLE_MS });
  ({ host, clock } = server);
  return server.close;
});

/** Four people at a Gotopoly table (sealed bids: each seat's view is its own), with a turn timer. */
const table: CreateGameRequest = {
  game: 'gotopoly',
  seats: humans('Ada', 'Bea', 'Cy', 'Dot'),
  mode: 'online',
  turnSeconds: TURN_SECONDS,
  graceSeconds: GRACE_SECONDS,
  seed: 'memory-table',
  botPaceMs: 0,
};

/** Each person plays `n` actions from their own link, whoever the game waits for: the first legal choice. */
async function play(created: CreateGameResponse, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const { pending } = await host.views.snapshot(created.id);
    const seat = pending[0]!.seat;
    const token = created.invites[seat]!.token;
    const mine = await host.views.snapshot(created.id, token);
    await host.moves.act(created.id, { token, seat, seq: mine.seq, action: mine.legal[0] });
  }
  // The store's notices of the seats taken are followed in the game's queue: a game with work queued stays.
  await host.idle();
}

/** What each seat, and a spectator, is shown now. */
const views = (created: CreateGameResponse): Promise<GameSnapshot[]> =>
  Promise.all([
    ...created.invites.map((invite) => host.views.snapshot(created.id, invite.token)),
    host.views.snapshot(created.id),
  ]);

describe('an idle online game', () => {
  it('leaves memory once idle, by itself, and the next request rebuilds it: each seat sees what it saw, the same state and deadline', async () => {
    const created = await host.create(table);
    // Past the in-memory window of recent states and past a stored snapshot: the rebuild replays from snapshot + log.
    await play(created, RECENT_STATES + 17);
    const before = await views(created);
    const hash = await host.records.stateHash(created.id);
    expect(before.at(-1)!.deadline).not.toBeNull(); // the spectator's: the pending seat's turn timer

    clock.advance(IDLE_MS);
    // Another game's request sweeps: nobody calls evictIdle.
    await host.create({ ...table, seed: 'another' });
    expect(host.liveGames).toBe(1);

    expect(await views(created)).toEqual(before);
    expect(await host.records.stateHash(created.id)).toEqual(hash);
    expect(host.liveGames).toBe(2);
  });

  it('stays while a seat whose person closed their tab is in its grace; once its bot takes over, nothing is lost', async () => {
    const created = await host.create(table);
    await play(created, 3);
    const ada = created.invites[0]!.token;
    (await host.views.subscribe(created.id, ada)).close();

    clock.advance(IDLE_MS);
    expect(host.evictIdle()).toBe(0);
    expect((await host.views.snapshot(created.id)).seats[0]).toMatchObject({ presence: 'away', botTakeover: false });

    clock.advance(GRACE_SECONDS * 1000 - IDLE_MS);
    await drive(host, clock);
    const taken = await host.views.snapshot(created.id, ada);
    expect(taken.seats[0]!.botTakeover).toBe(true);
    // Its bot moved if it was Ada's turn; the game then waits for a person, whose turn timer runs.
    expect(taken.pending.map((d) => d.seat)).not.toContain(0);

    clock.advance(IDLE_MS);
    expect(host.evictIdle()).toBe(1);
    expect(await host.views.snapshot(created.id, ada)).toEqual(taken);
  });
});
