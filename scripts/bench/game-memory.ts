/**
 * What one live game costs an instance's memory (issue: memory per game), for each of the three games: the heap a
 * live online 4-seat game holds at mid-game, what stays once it is evicted as idle, how long rebuilding it from
 * snapshot + log takes on its next request, and how long a stream resuming 4 and 20 actions back takes (served from
 * the live game's recent states, or replayed). So an operator can tell how many live games fit in an instance.
 *
 * The people at the table act through their own invite tokens with `host.act`, as their browsers do, choosing what
 * the game's heuristic bot would (on a copy of the state kept here), so a game is where real play takes it, with a
 * turn timer running. No stream is open: a stream costs per connection, not per game, and would keep the game in
 * memory. Each memory figure is measured once, over a batch played after identical warm-up batches were played and
 * evicted, so the code compiled and the caches filled by the first games are not counted as the games' own. RSS is
 * not a figure here: it follows the heap's high-water mark (pages freed by evicted games are reused, not returned)
 * and the in-memory PGlite's own memory, which a deployment on PostgreSQL does not have.
 */
import { isDeepStrictEqual } from 'node:util';
import { rngFromSeed, stateHash, type GameId, type SeatId } from '../../engine';
import type { GameHost, GameSnapshot, GameStore } from '../../server';
import { gameKits } from '../../server/host/game-kits';
import { heapAfterGc, latencyAsync } from './measure';
import type { BenchCase, Sampler } from './types';

/** Games per batch: enough that a game's tens of KB stand well above the heap's noise. */
const GAMES = 100;
/** Batches played and evicted first: after one, ~1.5 KB a game still shows of what the first games set up. */
const WARM_UP_BATCHES = 2;
const SEATS = ['Ada', 'Bea', 'Cy', 'Dot'];
/** Half a 4-seat game as its heuristic bots play it (whole games: Tezos Pole ~150 actions, Gotopoly ~185, Ten ~265). */
const MID_GAME: Readonly<Record<GameId, number>> = { pole: 75, gotopoly: 95, ten: 130 };
/**
 * How far back a resuming stream starts: a blip, within the live game's recent states (served from memory), and a
 * phone that lost its connection for a few turns of the table (replayed from the stored snapshot).
 */
const RESUME_BACK: readonly number[] = [4, 20];
const GAME_KINDS: readonly GameId[] = ['pole', 'gotopoly', 'ten'];

interface PlayedGame {
  readonly id: string;
  /** The seat to act now and its invite token: whose view is compared after a rebuild. */
  readonly seat: SeatId;
  readonly token: string;
}

interface Measured {
  readonly host: GameHost;
  readonly store: GameStore;
  /** Heap bytes per game of the measured batch while in memory, and once evicted. */
  readonly perLive: number;
  readonly perEvicted: number;
  /** A game played to mid-game after the batch, for the cases that time one game. */
  readonly probe: PlayedGame;
}

/** Plays one online game of four people to mid-game through `host.act`, and checks the host agrees with the copy. */
async function playToMidGame(host: GameHost, game: GameId, seed: string): Promise<PlayedGame> {
  const kit = gameKits[game];
  const created = await host.create({
    game,
    mode: 'online',
    seats: SEATS.map((name) => ({ kind: 'human' as const, name })),
    seed,
    turnSeconds: 60,
    botPaceMs: 0,
  });
  const tokens = created.invites.map((invite) => invite.token);
  let state = kit.definition.setup({ players: SEATS.length }, seed);
  for (let seq = 0; seq < MID_GAME[game]; seq++) {
    if (kit.definition.outcome(state)) throw new Error(`${game} ${seed} ended before mid-game, at ${seq}`);
    const seat = kit.definition.pending(state)[0]!.seat;
    const action = kit.bot('normal').choose(state, seat, rngFromSeed(`${seed}/${seq}`));
    await host.moves.act(created.id, { token: tokens[seat], seat, seq, action });
    state = kit.definition.apply(state, seat, action).state;
  }
  if ((await host.records.stateHash(created.id)).hash !== stateHash(state))
    throw new Error(`${game} ${seed}: the host's state is not the players'`);
  const seat = kit.definition.pending(state)[0]!.seat;
  return { id: created.id, seat, token: tokens[seat]! };
}

/**
 * A host on an in-memory PGlite (a ManualClock: no timer fires), warm-up batches played and evicted, then the
 * measured batch: the heap before it, with it in memory, and once it is evicted.
 */
async function measure(game: GameId): Promise<Measured> {
  const { GameHost, ManualClock, openPgliteStore } = await import('../../server');
  const store = await openPgliteStore();
  // No eviction by itself: the cases below choose when.
  const host = await GameHost.open(store, { clock: new ManualClock(), idleMs: 0 });
  const playBatch = async (name: string) => {
    for (let i = 0; i < GAMES; i++) await playToMidGame(host, game, `memory-${name}-${game}-${i}`);
    await host.idle();
  };
  const evictAll = () => {
    // Every game idle and nothing holding one (no stream, no bot to move): all leave.
    host.evictIdle(0);
    if (host.liveGames !== 0) throw new Error(`${host.liveGames} games stayed in memory`);
  };
  for (let batch = 0; batch < WARM_UP_BATCHES; batch++) {
    await playBatch(`warm-${batch}`);
    evictAll();
  }
  const before = heapAfterGc();
  await playBatch('measured');
  const live = heapAfterGc();
  evictAll();
  const evicted = heapAfterGc();
  const probe = await playToMidGame(host, game, `memory-probe-${game}`);
  return { host, store, perLive: (live - before) / GAMES, perEvicted: (evicted - before) / GAMES, probe };
}

/** Measures on first use by one game's cases, closes the host after its last. */
function sharedMeasure(game: GameId): { use: () => Promise<Measured>; close: () => Promise<void> } {
  let shared: Promise<Measured> | null = null;
  return {
    use: () => (shared ??= measure(game)),
    close: async () => {
      if (!shared) return;
      const { host, store } = await shared;
      shared = null;
      await host.close();
      await store.close();
    },
  };
}

const kb = (bytes: number) => bytes / 1024;

function gameCases(game: GameId): BenchCase[] {
  const shared = sharedMeasure(game);
  const atMid = `${game}, online 4-seat game at action ${MID_GAME[game]}`;
  return [
    {
      name: `memory: ${atMid}: JS heap per live game`,
      unit: 'KB',
      prepare: async (): Promise<Sampler> => {
        const { perLive } = await shared.use();
        return () => kb(perLive);
      },
    },
    {
      name: `memory: ${atMid}: JS heap per game once evicted`,
      unit: 'KB',
      prepare: async (): Promise<Sampler> => {
        const { perEvicted } = await shared.use();
        return () => kb(perEvicted);
      },
    },
    ...RESUME_BACK.map((back): BenchCase => ({
      name: `memory: ${atMid}: a spectator's stream resumed ${back} actions back`,
      unit: 'ms',
      prepare: async (): Promise<Sampler> => {
        const { host, probe } = await shared.use();
        const { seq } = await host.records.stateHash(probe.id);
        return () =>
          latencyAsync(async () => {
            const subscription = await host.views.subscribe(probe.id, undefined, undefined, seq - back);
            subscription.close();
          });
      },
    })),
    {
      name: `memory: ${atMid}: rebuilding an evicted game from snapshot + log on its next request`,
      unit: 'ms',
      prepare: async (): Promise<Sampler> => {
        const { host, probe } = await shared.use();
        const { id, seat, token } = probe;
        const seen = async (): Promise<{ hash: string; snapshot: GameSnapshot }> => ({
          hash: (await host.records.stateHash(id)).hash,
          snapshot: await host.views.snapshot(id, token, seat),
        });
        const before = await seen();
        host.evictIdle(0);
        if (host.liveGames !== 0) throw new Error('the game did not leave memory');
        // The request rebuilds it: the same state, the same view for the seat to act (its timer's deadline too).
        const after = await seen();
        // Compared as values: the store's JSON keeps an event's fields in an order of its own.
        if (!isDeepStrictEqual(after, before))
          throw new Error(`${game}: the rebuilt game differs from the one evicted`);
        return () =>
          latencyAsync(async () => {
            host.evictIdle(0);
            await host.views.snapshot(id, token, seat);
          });
      },
      teardown: shared.close,
    },
  ];
}

export const gameMemoryCases: readonly BenchCase[] = GAME_KINDS.flatMap(gameCases);
