/**
 * Ratings (docs/ratings.md): what a rated game's end costs the store, and what `npm run verify -- ratings` costs
 * besides the replays. A rated game's end is one statement: the game marked finished, its people rated with openskill
 * from the skills the store knows, and the changes, the new skills and the game's place in the published list written
 * provided those skills are still current (server/store/ratings-book.ts). The verifier recomputes every rating from zero
 * and compares every board; its replays are the records' (`--filter "verify a whole"` measures one).
 */
import { randomBytes } from 'node:crypto';
import { randomInt, rngFromSeed, shuffle, type GameId, type RandomGenerator } from '../../engine';
import type { GameStore, NewGameRow } from '../../server/store';
import type { BoardRow, PublishedRatedGame } from '../../server/ratings/api';
import { conservative, NEW_SKILL, rateFinish, type Finisher, type Skill } from '../../server/ratings/model';
import type { Placing } from '../../server/ratings/rated-games';
import { compareBoards, recompute, type PublishedBoard } from '../verify/ratings';
import { latency, SAMPLE_MS } from './measure';
import type { BenchCase } from './types';

/** Players a synthetic history draws its people from; games are played among them at random. */
const PLAYERS = 500;
const VERIFIED_GAMES = 10_000;

/** A wallet address of the synthetic history (its shape only: nothing checks a checksum here). */
const addressOf = (i: number) => `tz1bench${String(i).padStart(28, '0')}`;

/**
 * 2 to 6 people's ranks as games end: dense (1, 2, …), a quarter of neighbours tied, and now and then the last one a
 * leaver, alone at the bottom as the server ranks leavers.
 */
function ranksOf(rng: RandomGenerator, people: number): { rank: number; leaver: boolean }[] {
  const ranks: { rank: number; leaver: boolean }[] = [];
  for (let i = 0; i < people; i++) {
    const previous = ranks[i - 1]?.rank ?? 0;
    ranks.push({ rank: previous === 0 || randomInt(rng, 1, 4) > 1 ? previous + 1 : previous, leaver: false });
  }
  if (randomInt(rng, 1, 10) === 1) ranks[people - 1] = { rank: ranks[people - 2]!.rank + 1, leaver: true };
  return ranks;
}

/**
 * A published list of `count` rated games among PLAYERS addresses, 2–6 people each with ties and leavers, every
 * before and after the model's own, and the boards it leads to as the app publishes them (best first, all players).
 */
export function syntheticRatings(
  count: number,
  seed: string,
): { list: PublishedRatedGame[]; boards: PublishedBoard[] } {
  const rng = rngFromSeed(seed);
  const games: readonly GameId[] = ['pole', 'gotopoly', 'ten'];
  const addresses = Array.from({ length: PLAYERS }, (_, i) => addressOf(i));
  const standings = new Map<string, Skill & { games: number; wins: number; left: number }>();
  const list: PublishedRatedGame[] = [];
  for (let n = 1; n <= count; n++) {
    const game = games[randomInt(rng, 0, games.length - 1)]!;
    const people = shuffle(rng, addresses).slice(0, randomInt(rng, 2, 6));
    const ranks = ranksOf(rng, people.length);
    const key = (address: string) => `${game}/${address}`;
    const before = people.map((a) => standings.get(key(a)) ?? { ...NEW_SKILL, games: 0, wins: 0, left: 0 });
    const after = rateFinish(people.map((_, i) => ({ skill: before[i]!, rank: ranks[i]!.rank })));
    people.forEach((address, i) => {
      const { rank, leaver } = ranks[i]!;
      standings.set(key(address), {
        ...after[i]!,
        games: before[i]!.games + 1,
        wins: before[i]!.wins + (rank === 1 && !leaver ? 1 : 0),
        left: before[i]!.left + (leaver ? 1 : 0),
      });
    });
    list.push({
      n,
      gameId: `bench-${n}`,
      game,
      finishedAt: n,
      finalHash: '',
      record: `/api/games/bench-${n}/record`,
      placings: people.map((address, i) => ({
        seat: i,
        address,
        ...ranks[i]!,
        before: { mu: before[i]!.mu, sigma: before[i]!.sigma },
        after: after[i]!,
      })),
    });
  }
  const boards = games.map((game): PublishedBoard => {
    const rows = [...standings]
      .filter(([k]) => k.startsWith(`${game}/`))
      .map(([k, s]) => ({ address: k.slice(game.length + 1), ...s }))
      .sort((a, b) => conservative(b) - conservative(a) || (a.address < b.address ? -1 : 1))
      .map((s, i): BoardRow => ({ ...s, position: i + 1, name: null, rating: conservative(s) }));
    return { game, total: rows.length, rows };
  });
  return { list, boards };
}

/** Four people of PLAYERS, a tie in the middle: the shape of a 4-person rated game's end. */
function fourPeople(rng: RandomGenerator): Placing[] {
  const ranks = [1, 2, 2, 3];
  return shuffle(
    rng,
    Array.from({ length: PLAYERS }, (_, i) => addressOf(i)),
  )
    .slice(0, 4)
    .map((address, seat) => ({ seat, address, rank: ranks[seat]!, leaver: false }));
}

/** A finished 4-seat game's row, for the store to mark finished. */
const gameRow = (id: string): NewGameRow => ({
  id,
  game: 'pole',
  version: 1,
  config: { players: 4, laps: 1 },
  seed: id,
  seats: [0, 1, 2, 3].map((seat) => ({
    name: `P${seat}`,
    kind: 'human' as const,
    tokenHash: randomBytes(32).toString('hex'),
    botTakeover: false,
  })),
  hostTokenHash: randomBytes(32).toString('hex'),
  mode: 'online',
  turnSeconds: null,
  botPaceMs: 0,
});

let store: GameStore | null = null;

export const ratingsCases: readonly BenchCase[] = [
  {
    name: "ratings: one rating update (the store's rated end of a 4-person game among 500 players, PGlite in memory)",
    unit: 'ms',
    goal: { atMost: 1 },
    prepare: async () => {
      // Loaded here, not at the top: other benchmark runs need not load PGlite.
      const { openPgliteStore } = await import('../../server/store');
      const opened = await openPgliteStore();
      store = opened;
      const rng = rngFromSeed('bench/ratings/update');
      let made = 0;
      // A transaction per game, as the host ends them one by one; the games' rows are made first, untimed. At the
      // goal of 1 ms a game, a batch is about one sample's time.
      const batch = SAMPLE_MS;
      return async () => {
        const ids = Array.from({ length: batch }, () => `bench-${++made}`);
        for (const id of ids) await opened.games.create(gameRow(id));
        const ends = ids.map((gameId) => ({
          gameId,
          game: 'pole' as const,
          finalHash: '00'.repeat(32),
          placings: fourPeople(rng),
        }));
        const start = performance.now();
        for (const end of ends) await opened.ratings.finish(end);
        return (performance.now() - start) / batch;
      };
    },
    teardown: async () => {
      await store?.close();
      store = null;
    },
  },
  {
    name: 'ratings: one rating update, the model alone (rateFinish, 4 people)',
    unit: 'µs',
    prepare: () => {
      const finishers: Finisher[] = [
        { skill: NEW_SKILL, rank: 1 },
        { skill: { mu: 30, sigma: 4 }, rank: 2 },
        { skill: { mu: 22, sigma: 6 }, rank: 2 },
        { skill: { mu: 27, sigma: 2.5 }, rank: 3 },
      ];
      return () => 1000 * latency(() => rateFinish(finishers));
    },
  },
  {
    name: `ratings: verifier recompute of ${VERIFIED_GAMES.toLocaleString('en')} rated games (replays excluded)`,
    unit: 's',
    goal: { atMost: 10 },
    prepare: () => {
      const { list, boards } = syntheticRatings(VERIFIED_GAMES, 'bench/ratings/verify');
      return () => {
        const start = performance.now();
        const recomputed = recompute(list);
        const differences = [...recomputed.differences, ...compareBoards(recomputed.boards, boards)];
        const seconds = (performance.now() - start) / 1000;
        if (differences.length > 0) throw new Error(`the synthetic ratings do not verify: ${differences[0]!.message}`);
        return seconds;
      };
    },
  },
];
