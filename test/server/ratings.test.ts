/**
 * Ratings at the host (server/ratings, server/host/game-ratings.ts, server/store/ratings-book.ts): which games are
 * rated (docs/ratings.md), each person's place in one, and the skills it changes, in the same transaction as the
 * game's end.
 */
import { describe, expect, it } from 'vitest';
import type { GameId } from '../../engine';
import { ManualClock } from '../../server/host';
import { conservative, NEW_SKILL, rateFinish } from '../../server/ratings/model';
import {
  RATING_RULES,
  judgeEnd,
  placingsOf,
  ratedSeatsAtStart,
  type RatedSeat,
} from '../../server/ratings/rated-games';
import type { CreateGameRequest } from '../../server/protocol';
import { personToMove, playFirstLegal, seatPeople, type Person } from './fair-play';
import { refusal, useTestServer } from './helpers';
import { bot, humans } from './requests';

const clock = new ManualClock();
const server = useTestServer({ clock });

const ADA = 'tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx';
const BEA = 'tz1gjaF81ZRRvdzjobyfVNsAeSC6PScjfQwN';
const CY = 'tz1faswCTDciRzE4oJ9jn2Vm2dvjeyA9fUzU';

describe('the model (Weng-Lin, Plackett-Luce: openskill)', () => {
  it.each([2, 3, 4, 5, 6])('%i newcomers finishing in order: each place above gains on the one below', (n) => {
    const after = rateFinish(Array.from({ length: n }, (_, i) => ({ skill: NEW_SKILL, rank: i + 1 })));
    for (let i = 1; i < n; i++) expect(after[i - 1]!.mu).toBeGreaterThan(after[i]!.mu);
    expect(after[0]!.mu).toBeGreaterThan(NEW_SKILL.mu);
    expect(after[n - 1]!.mu).toBeLessThan(NEW_SKILL.mu);
    // Every game teaches something: each uncertainty shrinks.
    for (const s of after) expect(s.sigma).toBeLessThan(NEW_SKILL.sigma);
  });

  it('ties (a shared rank) change equal skills equally; a newcomer`s conservative rating is 0', () => {
    const after = rateFinish([
      { skill: NEW_SKILL, rank: 1 },
      { skill: NEW_SKILL, rank: 2 },
      { skill: NEW_SKILL, rank: 2 },
      { skill: NEW_SKILL, rank: 3 },
    ]);
    expect(after[1]).toEqual(after[2]);
    expect(after[0]!.mu).toBeGreaterThan(after[1]!.mu);
    expect(after[2]!.mu).toBeGreaterThan(after[3]!.mu);
    expect(conservative(NEW_SKILL)).toBeCloseTo(0, 12);
  });

  it('beating a stronger player is worth more than beating a newcomer', () => {
    const strong = { mu: 35, sigma: 3 };
    const [beatStrong] = rateFinish([
      { skill: NEW_SKILL, rank: 1 },
      { skill: strong, rank: 2 },
    ]);
    const [beatNew] = rateFinish([
      { skill: NEW_SKILL, rank: 1 },
      { skill: NEW_SKILL, rank: 2 },
    ]);
    expect(beatStrong!.mu).toBeGreaterThan(beatNew!.mu);
  });
});

describe('which games are rated (docs/ratings.md)', () => {
  const people = [{ kind: 'human' }, { kind: 'human' }, { kind: 'normal' }];
  const wallets: RatedSeat[] = [
    { seat: 0, address: ADA },
    { seat: 1, address: BEA },
  ];

  it('online, provably fair, two signed-in people at their own seats: rated, bots and guests aside', () => {
    expect(ratedSeatsAtStart({ mode: 'online', fair: true, seats: people, wallets })).toEqual({ seats: wallets });
    // A bot's seat is never rated, even when a wallet held it before bots filled it.
    expect(
      ratedSeatsAtStart({ mode: 'online', fair: true, seats: people, wallets: [...wallets, { seat: 2, address: CY }] }),
    ).toEqual({ seats: wallets });
  });

  it.each([
    ['hot-seat', { mode: 'hotseat' as const, fair: true, wallets }, 'hot-seat games are not rated'],
    ['a plain seed', { mode: 'online' as const, fair: false, wallets }, 'only provably fair games are rated'],
    [
      'one signed-in person',
      { mode: 'online' as const, fair: true, wallets: wallets.slice(0, 1) },
      'a rated game needs 2 signed-in people seated when it starts',
    ],
    [
      'one wallet at two seats',
      { mode: 'online' as const, fair: true, wallets: [...wallets, { seat: 1, address: ADA }] },
      /one wallet .* holds 2 seats/,
    ],
  ])('%s: unrated, and why', (_, facts, reason) => {
    const judged = ratedSeatsAtStart({ ...facts, seats: people });
    expect('unrated' in judged && judged.unrated).toMatch(reason);
  });

  const moves = (seats: number[]) => seats.map((seat) => ({ seat, timedOut: false }));
  const standings = [
    { seat: 0, rank: 2, score: 10 },
    { seat: 1, rank: 1, score: 20 },
    { seat: 2, rank: 3, score: 5 },
  ];

  it('the engine`s standings among the rated people, renumbered without the bot between them', () => {
    const verdict = judgeEnd({ rated: wallets, marks: [], moves: moves([0, 1, 2]), standings, pending: [] });
    expect(verdict).toEqual({
      rated: true,
      placings: [
        { seat: 0, address: ADA, rank: 2, leaver: false },
        { seat: 1, address: BEA, rank: 1, leaver: false },
      ],
    });
  });

  it(`a seat whose bot played more than ${RATING_RULES.botShare * 100} % of its turns while its person was away spoils the game; the timer's moves are the person's`, () => {
    // Bea away after action 1, back after action 3: her bot played her turns at seqs 2 and 3, of her 4 (2 to 5);
    // when the timer made one of them, her bot made 1 of 4: not more than a quarter.
    const marks = [
      { afterSeq: 1, seat: 1, mark: 'away' as const },
      { afterSeq: 3, seat: 1, mark: 'back' as const },
    ];
    const spoilt = judgeEnd({ rated: wallets, marks, moves: moves([0, 1, 1, 1, 1]), standings, pending: [] });
    expect(spoilt).toEqual({ rated: false, reason: "seat 2's bot played 2 of its 4 turns (more than 25 %)" });
    const timed = moves([0, 1, 1, 1, 1]).map((m, i) => ({ ...m, timedOut: i === 2 }));
    expect(judgeEnd({ rated: wallets, marks, moves: timed, standings, pending: [] }).rated).toBe(true);
  });

  it('a leaver (left, or away at the end) is ranked last whatever their bot made of the seat', () => {
    const marks = [{ afterSeq: 1, seat: 1, mark: 'left' as const }];
    const verdict = judgeEnd({ rated: wallets, marks, moves: moves([0, 1, 1, 1]), standings, pending: [] });
    expect(verdict).toEqual({
      rated: true,
      placings: [
        { seat: 0, address: ADA, rank: 1, leaver: false },
        { seat: 1, address: BEA, rank: 2, leaver: true },
      ],
    });
  });

  it('an abandoned game (no outcome): whoever it waited for is last, the others share first', () => {
    expect(placingsOf(wallets, new Set(), null, [1])).toEqual([
      { seat: 0, address: ADA, rank: 1, leaver: false },
      { seat: 1, address: BEA, rank: 2, leaver: true },
    ]);
    expect(judgeEnd({ rated: wallets, marks: [], moves: [], standings: null, pending: [2] })).toEqual({
      rated: false,
      reason: 'abandoned with nobody holding it up',
    });
  });
});

/** Ada and Bea online with a bot, provably fair, waiting for them. */
const ratedRequest = (game: GameId): CreateGameRequest => ({
  game,
  options: game === 'pole' ? { laps: 1 } : game === 'gotopoly' ? { maxTerms: 3 } : {},
  seats: [...humans('Ada', 'Bea'), bot('normal', 'Robo')],
  mode: 'online',
  botPaceMs: 0,
  waitingRoom: { autoStart: false },
});

/** Creates a waiting game, seats Ada and Bea (each signed in with `wallets[seat]`), starts it and plays it out. */
async function playRated(game: GameId, wallets: Record<number, string | undefined>) {
  const { host } = server;
  const created = await host.create(ratedRequest(game));
  for (const invite of created.invites) {
    const address = wallets[invite.seat];
    await host.seats.hold(created.id, { token: invite.token }, address ? { address } : {});
    (await host.views.subscribe(created.id, invite.token)).close();
  }
  await host.waitingRoom.start(created.id, { token: created.hostToken });
  const people: Person[] = await seatPeople(host, created.id, created.invites, () => true);
  for (let moves = 0; moves < 20_000; moves++) {
    const next = await personToMove(host, clock, created.id, people);
    if (!next) break;
    await playFirstLegal(host, created.id, next.person, next.snap);
  }
  await host.idle();
  return created.id;
}

describe('a rated game at the host', () => {
  it.each(['ten', 'gotopoly', 'pole'] as const)(
    '%s: two wallets finish; the end, the list and the skills are written together, in the engine`s order',
    async (game) => {
      const { host, store } = server;
      const id = await playRated(game, { 0: ADA, 1: BEA });
      const rating = await host.ratings.ofGame(id);
      expect(rating.rated).toBe(true);
      const placings = rating.rated ? rating.placings : [];
      const outcome = (await host.views.snapshot(id)).outcome!;
      const rankOf = (seat: number) => outcome.standings.find((s) => s.seat === seat)!.rank;
      // The people keep the engine's order between them (the bot is not rated).
      expect(Math.sign(placings[0]!.rank - placings[1]!.rank)).toBe(Math.sign(rankOf(0) - rankOf(1)));
      const expected = rateFinish(placings.map((p) => ({ skill: p.before, rank: p.rank })));
      expect(placings.map((p) => p.after)).toEqual(expected);
      // The published list carries it, with its final hash; the board's rows are the skills after it.
      const list = await host.ratings.ratedGames({});
      const entry = list.games.find((g) => g.gameId === id)!;
      expect(entry.finalHash).toBe((await host.records.stateHash(id)).hash);
      expect(entry.record).toBe(`/api/games/${id}/record`);
      const board = await host.ratings.board(game, { all: 'true' });
      for (const p of placings) {
        const row = board.rows.find((r) => r.address === p.address)!;
        expect([row.mu, row.sigma]).toEqual([p.after.mu, p.after.sigma]);
      }
      expect((await store.games.get(id))!.finished).toBe(true);
    },
  );

  it('a guest in the game: unrated, and the game says why', async () => {
    const { host } = server;
    const id = await playRated('ten', { 0: ADA });
    expect(await host.ratings.ofGame(id)).toEqual({
      rated: false,
      reason: 'a rated game needs 2 signed-in people seated when it starts',
    });
  });

  it('a game still running has no rating yet; an unknown one is 404', async () => {
    const { host } = server;
    const created = await host.create(ratedRequest('ten'));
    expect(await refusal(host.ratings.ofGame(created.id))).toEqual({ status: 409, code: 'GAME_NOT_OVER' });
    expect(await refusal(host.ratings.ofGame('nope'))).toEqual({ status: 404, code: 'UNKNOWN_GAME' });
  });
});

describe('names and boards', () => {
  it('a player names themselves once, then again only after a week; names are unique as they read', async () => {
    const { host } = server;
    expect(await refusal(host.ratings.rename({ name: 'Ada' }, {}))).toEqual({ status: 401, code: 'SIGN_IN_REQUIRED' });
    expect((await host.ratings.rename({ name: ' Ada ' }, { address: ADA })).name).toBe('Ada');
    expect(await refusal(host.ratings.rename({ name: 'ＡＤＡ' }, { address: BEA }))).toEqual({
      status: 409,
      code: 'NAME_TAKEN',
    });
    expect(await refusal(host.ratings.rename({ name: 'Ada Two' }, { address: ADA }))).toEqual({
      status: 429,
      code: 'NAME_CHANGED_RECENTLY',
    });
    expect(await refusal(host.ratings.rename({ name: 'A\u200bda' }, { address: CY }))).toEqual({
      status: 400,
      code: 'NAME_HIDDEN_CHARACTER',
    });
    expect(await refusal(host.ratings.rename({ name: '   ' }, { address: CY }))).toEqual({
      status: 400,
      code: 'NAME_EMPTY',
    });
    clock.advance(7 * 24 * 60 * 60 * 1000 + 1);
    const renamed = await host.ratings.rename({ name: 'Ada Two' }, { address: ADA });
    expect([renamed.name, renamed.renameAfter]).toEqual(['Ada Two', clock.now() + 7 * 24 * 60 * 60 * 1000]);
  });

  it.each([
    ['chess', {}, 404, 'UNKNOWN_BOARD'],
    ['ten', { page: '0' }, 400, 'BAD_PAGE'],
    ['ten', { page: 'x' }, 400, 'BAD_PAGE'],
    ['ten', { size: '101' }, 400, 'BAD_PAGE'],
  ])('the board %s with %j: %i %s', async (game, query, status, code) => {
    expect(await refusal(server.host.ratings.board(game, query))).toEqual({ status, code });
  });

  it('a profile needs an account address', async () => {
    expect(await refusal(server.host.ratings.profile('KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi'))).toEqual({
      status: 400,
      code: 'BAD_PLAYER_ADDRESS',
    });
    const empty = await server.host.ratings.profile(CY);
    expect([empty.stats, empty.recent]).toEqual([[], []]);
  });
});
