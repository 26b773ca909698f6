/**
 * The ratings routes as a browser meets them, through the route handlers over the server singleton on an in-memory
 * PGlite: rated games of Ten played out by signed-in wallets (each seated from a waiting room with its session cookie,
 * each move posted with its own cookies), then a game's rating, the leaderboard's pages (its `total`, the signed-in
 * player's own row wherever it is, the `all` view), a player's profile, choosing a name, and the published list's
 * pages; and every bad request answered with its code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../devnet/node';
import { getHost, type CreateGameResponse, type GameSnapshot } from '../../server';
import { conservative } from '../../server/ratings/model';
import { RATING_RULES } from '../../server/ratings/rated-games';
import {
  RENAME_EVERY_MS,
  type GameRatingResponse,
  type LeaderboardResponse,
  type PlayerProfile,
  type RatedGamesResponse,
} from '../../server/ratings/api';
import { POST as createGame } from '../../app/api/games/route';
import { GET as getSnapshot } from '../../app/api/games/[id]/route';
import { POST as postAction } from '../../app/api/games/[id]/actions/route';
import { POST as postStart } from '../../app/api/games/[id]/start/route';
import { GET as getEvents } from '../../app/api/games/[id]/events/route';
import { POST as holdSeat } from '../../app/api/games/[id]/seat/route';
import { GET as getRating } from '../../app/api/games/[id]/rating/route';
import { GET as getBoard } from '../../app/api/leaderboard/[game]/route';
import { GET as getProfile } from '../../app/api/players/[address]/route';
import { PUT as putName } from '../../app/api/players/me/name/route';
import { GET as getRatedGames } from '../../app/api/ratings/games/route';
import { answer, ctx, insertSession, query, request, sentCookie, useMemoryHost } from './helpers';
import { humans } from '../server/requests';

useMemoryHost({ POLE_RATE_CREATE: 'off', POLE_RATE_ACTION: 'off', POLE_RATE_SEAT: 'off' });

/** A signed-in person: their wallet and the session cookie their browser sends. */
interface Wallet {
  readonly address: string;
  readonly session: string;
}

/** Devnet bootstrap accounts 11… signed in (a session each, as a signed sign-in stores it). */
const wallets: Wallet[] = Array.from({ length: 6 }, (_, i) => ({
  address: bootstrapAccount(11 + i).address,
  session: `ratings-routes-session-${i}`,
}));
const [ada, bea, cyd, dan, eve, fay] = wallets as [Wallet, Wallet, Wallet, Wallet, Wallet, Wallet];
const sessionCookie = (w: Wallet) => `tp_session=${w.session}`;

beforeAll(async () => {
  for (const w of wallets) await insertSession(w.session, w.address);
});

/** A person at a seat: their browser's cookies (the session's, and the browser id the hand-over gave). */
interface Seated {
  readonly seat: number;
  readonly cookie: string;
}

/**
 * An online game of Ten for `people` (a wallet, or null for a guest who never signed in), provably fair (the server
 * draws the seed), started by its host from the waiting room once each person handed their invite over with their own
 * cookies and sat down (their table's event stream open, as their page keeps it until the game is over).
 */
async function seatedGame(
  people: readonly (Wallet | null)[],
): Promise<{ id: string; seated: Seated[]; leave: () => Promise<void> }> {
  const made = await answer<CreateGameResponse>(
    createGame(
      request('/api/games', {
        body: {
          game: 'ten',
          seats: humans(...people.map((_, i) => `P${i + 1}`)),
          mode: 'online',
          botPaceMs: 0,
          waitingRoom: { autoStart: false },
        },
      }),
    ),
  );
  expect(made.status).toBe(201);
  const { id, invites, hostToken } = made.body;
  const seated: Seated[] = [];
  const streams: { controller: AbortController; stream: Response }[] = [];
  for (const invite of invites) {
    const person = people[invite.seat]!;
    const session = person ? sessionCookie(person) : null;
    const held = await answer(
      holdSeat(request(`/api/games/${id}/seat`, { body: { token: invite.token }, cookie: session }), ctx(id)),
    );
    expect(held.status).toBe(200);
    const browser = sentCookie(held.setCookie);
    const cookie = [session, browser].filter(Boolean).join('; ');
    seated.push({ seat: invite.seat, cookie });
    const controller = new AbortController();
    const stream = await getEvents(request(`/api/games/${id}/events`, { cookie, signal: controller.signal }), ctx(id));
    expect(stream.status).toBe(200);
    streams.push({ controller, stream });
  }
  const started = await answer(postStart(request(`/api/games/${id}/start`, { body: { token: hostToken } }), ctx(id)));
  expect([started.status, started.body]).toEqual([204, null]);
  const leave = async () => {
    for (const { controller, stream } of streams) {
      controller.abort();
      await stream.body?.cancel().catch(() => undefined);
    }
  };
  return { id, seated, leave };
}

const snapshotAs = async (id: string, cookie: string | null) =>
  (await answer<GameSnapshot>(getSnapshot(request(`/api/games/${id}`, { cookie }), ctx(id)))).body;

/** Each seat waited for plays its first legal action through the actions route, with its own cookies, until the end. */
async function playOut(id: string, seated: readonly Seated[]): Promise<GameSnapshot> {
  for (let moves = 0; moves < 5_000; moves++) {
    const seen = await snapshotAs(id, null);
    if (seen.outcome) {
      // Its end and its ratings are one transaction, written once the move that ended it is answered.
      await (await getHost()).idle();
      return seen;
    }
    const person = seated.find((s) => seen.pending.some((d) => d.seat === s.seat))!;
    const mine = await snapshotAs(id, person.cookie);
    const moved = await answer(
      postAction(
        request(`/api/games/${id}/actions`, {
          body: { seat: person.seat, seq: mine.seq, action: mine.legal[0] },
          cookie: person.cookie,
        }),
        ctx(id),
      ),
    );
    expect(moved.status).toBe(200);
  }
  throw new Error(`game ${id} did not end`);
}

const rating = (id: string) => answer<GameRatingResponse>(getRating(request(`/api/games/${id}/rating`), ctx(id)));

const board = (game: string, params: Record<string, string | number | undefined> = {}, who: Wallet | null = null) =>
  answer<LeaderboardResponse>(
    getBoard(request(`/api/leaderboard/${game}${query(params)}`, { cookie: who && sessionCookie(who) }), {
      params: Promise.resolve({ game }),
    }),
  );

const profile = (address: string) =>
  answer<PlayerProfile>(
    getProfile(request(`/api/players/${encodeURIComponent(address)}`), { params: Promise.resolve({ address }) }),
  );

const rename = (body: unknown, who: Wallet | null, headers: Record<string, string> = {}) =>
  answer<PlayerProfile>(
    putName(request('/api/players/me/name', { method: 'PUT', body, cookie: who && sessionCookie(who), headers })),
  );

const ratedGames = (params: Record<string, string | number | undefined> = {}) =>
  answer<RatedGamesResponse>(getRatedGames(request(`/api/ratings/games${query(params)}`)));

/** The rated games, in the order they were played. */
const played: string[] = [];

describe('rated games through the routes', () => {
  it(
    'Ada, Bea, Cyd and Dan play three rated games; Eve plays one with Ada; a guest`s game is not rated, and says why',
    { timeout: 120_000 },
    async () => {
      for (let i = 0; i < RATING_RULES.boardMinGames; i++) {
        const { id, seated, leave } = await seatedGame([ada, bea, cyd, dan]);
        expect((await rating(id)).body).toMatchObject({ error: 'GAME_NOT_OVER' });
        await playOut(id, seated);
        await leave();
        played.push(id);
      }
      const { id, seated, leave } = await seatedGame([eve, ada]);
      const end = await playOut(id, seated);
      await leave();
      played.push(id);

      const rated = await rating(id);
      expect(rated.status).toBe(200);
      if (!rated.body.rated) throw new Error(`not rated: ${rated.body.reason}`);
      expect(rated.body.placings.map((p) => [p.seat, p.address])).toEqual([
        [0, eve.address],
        [1, ada.address],
      ]);
      // The engine's order between them; Eve's first game starts from the newcomer's skill.
      const rankOf = (seat: number) => end.outcome!.standings.find((s) => s.seat === seat)!.rank;
      const [e, a] = rated.body.placings as [(typeof rated.body.placings)[0], (typeof rated.body.placings)[0]];
      expect(Math.sign(e.rank - a.rank)).toBe(Math.sign(rankOf(0) - rankOf(1)));
      expect(e.before).toEqual({ mu: 25, sigma: 25 / 3 });

      const guest = await seatedGame([fay, null]);
      await playOut(guest.id, guest.seated);
      await guest.leave();
      expect((await rating(guest.id)).body).toEqual({
        rated: false,
        reason: `a rated game needs ${RATING_RULES.minPeople} signed-in people seated when it starts`,
      });
      expect((await rating('no-such-game')).status).toBe(404);
      const malformed = await rating('x'.repeat(65));
      expect([malformed.status, malformed.body.error]).toEqual([400, 'MALFORMED_ID']);
    },
  );
});

describe('GET /api/leaderboard/:game', () => {
  it('pages the board best first: page 2 holds the next players, `total` counts them all', async () => {
    const whole = await board('ten');
    expect(whole.status).toBe(200);
    expect(whole.body).toMatchObject({
      game: 'ten',
      page: 1,
      size: 50,
      total: 4,
      minGames: RATING_RULES.boardMinGames,
    });
    // Eve has one rated game: not on the board until she has played enough.
    expect(whole.body.rows.map((r) => r.address).sort()).toEqual([ada, bea, cyd, dan].map((w) => w.address).sort());
    expect(whole.body.rows.map((r) => r.position)).toEqual([1, 2, 3, 4]);
    for (const row of whole.body.rows) expect(row.rating).toBeCloseTo(conservative(row), 9);
    const ratings = whole.body.rows.map((r) => r.rating);
    expect([...ratings].sort((x, y) => y - x)).toEqual(ratings);
    expect(whole.body.rows.find((r) => r.address === ada.address)!.games).toBe(RATING_RULES.boardMinGames + 1);

    const second = await board('ten', { page: 2, size: 3 });
    expect(second.body).toMatchObject({ page: 2, size: 3, total: 4, you: null });
    expect(second.body.rows).toEqual(whole.body.rows.slice(3));
    const first = await board('ten', { page: 1, size: 3 });
    expect(first.body.rows).toEqual(whole.body.rows.slice(0, 3));
    expect((await board('ten', { page: 3, size: 3 })).body).toMatchObject({ rows: [], total: 4 });
  });

  it('gives a signed-in player their own row wherever it is; with `all`, every rated player', async () => {
    const whole = (await board('ten')).body.rows;
    const top = whole[0]!;
    const topWallet = wallets.find((w) => w.address === top.address)!;
    // On page 2 of one row a page, the best player's own row still comes, with its place.
    const away = await board('ten', { page: 2, size: 1 }, topWallet);
    expect(away.body.rows).toEqual([whole[1]]);
    expect(away.body.you).toEqual(top);
    // Eve is not on the board (one game) …
    expect((await board('ten', {}, eve)).body.you).toBeNull();
    // … but is in the view of every rated player.
    const all = await board('ten', { all: 'true' }, eve);
    expect(all.body).toMatchObject({ total: 5, minGames: 0 });
    expect(all.body.you).toMatchObject({ address: eve.address, games: 1 });
    expect(all.body.rows[all.body.you!.position - 1]).toEqual(all.body.you);
    // No rated player of Gotopoly yet: an empty board, not an error.
    expect((await board('gotopoly')).body).toMatchObject({ rows: [], total: 0, you: null });
  });

  it.each([
    ['chess', {}, 404, 'UNKNOWN_BOARD'],
    ['ten', { page: 0 }, 400, 'BAD_PAGE'],
    ['ten', { page: 'abc' }, 400, 'BAD_PAGE'],
    ['ten', { page: 1.5 }, 400, 'BAD_PAGE'],
    ['ten', { size: 101 }, 400, 'BAD_PAGE'],
    ['ten', { size: 0 }, 400, 'BAD_PAGE'],
    ['ten', { all: 'maybe' }, 400, 'BAD_PAGE'],
  ])('%s with %j: %i %s, in its own words', async (game, params, status, code) => {
    const refused = await board(game, params);
    expect([refused.status, refused.body.error]).toEqual([status, code]);
    expect(refused.body.message).toEqual(expect.any(String));
  });
});

describe('GET /api/players/:address', () => {
  it('a player`s rating, place and games per game, and their newest rated games', async () => {
    const res = await profile(ada.address);
    expect(res.status).toBe(200);
    const { body } = res;
    expect(body).toMatchObject({ address: ada.address, boardMinGames: RATING_RULES.boardMinGames });
    const [ten] = body.stats;
    const row = (await board('ten')).body.rows.find((r) => r.address === ada.address)!;
    expect(body.stats).toHaveLength(1);
    expect(ten).toMatchObject({ game: 'ten', games: 4, position: row.position, rating: row.rating });
    expect(ten!.wins).toBeLessThanOrEqual(4);
    // Newest first; each with her place among its rated people and her skill before and after.
    expect(body.recent.map((g) => g.gameId)).toEqual([...played].reverse());
    expect(body.recent.map((g) => g.people)).toEqual([2, 4, 4, 4]);
    for (const g of body.recent) expect(g.rank).toBeGreaterThanOrEqual(1);
    expect(body.recent[1]!.after).toEqual(body.recent[0]!.before);

    // Eve: rated, with fewer games than the board needs, so no place yet.
    expect((await profile(eve.address)).body.stats).toEqual([expect.objectContaining({ games: 1, position: null })]);
    // Fay played only with a guest: a profile without ratings.
    expect((await profile(fay.address)).body).toMatchObject({ stats: [], recent: [], name: null });
  });

  it.each([
    ['a mistyped address', 'tz1nope'],
    ['a contract', 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi'],
    ['"me"', 'me'],
    ['300 characters', `tz1${'x'.repeat(297)}`],
  ])('%s is not an account`s address: 400 BAD_PLAYER_ADDRESS', async (_, address) => {
    const refused = await profile(address);
    expect([refused.status, refused.body.error]).toEqual([400, 'BAD_PLAYER_ADDRESS']);
    expect(refused.body.message!.length).toBeLessThan(200);
  });
});

describe('PUT /api/players/me/name', () => {
  it('needs a signed-in wallet (401) and a page of this site (403)', async () => {
    const signedOut = await rename({ name: 'Ada' }, null);
    expect([signedOut.status, signedOut.body.error]).toEqual([401, 'SIGN_IN_REQUIRED']);
    const forged = await rename({ name: 'Ada' }, ada, { origin: 'http://evil.example' });
    expect([forged.status, forged.body.error]).toEqual([403, 'CROSS_SITE_REQUEST']);
    expect((await profile(ada.address)).body.name).toBeNull();
  });

  it.each([
    ['a name too long', { name: 'A'.repeat(40) }, 400, 'NAME_TOO_LONG'],
    ['a hidden character', { name: 'A\u200bda' }, 400, 'NAME_HIDDEN_CHARACTER'],
    ['a blank name', { name: '   ' }, 400, 'NAME_EMPTY'],
    ['no name', {}, 400, 'MALFORMED_REQUEST'],
    ['a name that is not text', { name: 7 }, 400, 'MALFORMED_REQUEST'],
  ])('%s (%j): %i %s, with the server`s message', async (_, body, status, code) => {
    const refused = await rename(body, bea);
    expect([refused.status, refused.body.error]).toEqual([status, code]);
    expect(refused.body.message).toEqual(expect.any(String));
    expect((await profile(bea.address)).body.name).toBeNull();
  });

  it('names the player once, then again only after a week (429, Retry-After); names are unique as they read', async () => {
    const named = await rename({ name: ' Ada Lovelace ' }, ada);
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ address: ada.address, name: 'Ada Lovelace' });
    expect(named.body.renameAfter! - Date.now()).toBeGreaterThan(RENAME_EVERY_MS - 60_000);
    expect((await profile(ada.address)).body.name).toBe('Ada Lovelace');
    expect((await board('ten')).body.rows.find((r) => r.address === ada.address)!.name).toBe('Ada Lovelace');

    const again = await rename({ name: 'Countess' }, ada);
    expect([again.status, again.body.error]).toEqual([429, 'NAME_CHANGED_RECENTLY']);
    expect(again.body.message).toMatch(/you may change it again after \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(Number(again.retryAfter)).toBeGreaterThan(RENAME_EVERY_MS / 1000 - 60);

    const taken = await rename({ name: 'ADA LOVELACE' }, bea);
    expect([taken.status, taken.body.error]).toEqual([409, 'NAME_TAKEN']);
    expect(taken.body.message).toContain('another player is named');
  });
});

describe('GET /api/ratings/games', () => {
  it('lists the rated games in the order they were rated, a page at a time: `next` is the next page`s `after`', async () => {
    const all = await ratedGames();
    expect(all.status).toBe(200);
    expect(all.body.games.map((g) => g.gameId)).toEqual(played);
    expect(all.body.next).toBeNull();
    const first = all.body.games[0]!;
    expect(first).toMatchObject({ game: 'ten', record: `/api/games/${first.gameId}/record` });
    expect(first.placings.map((p) => p.address)).toEqual([ada, bea, cyd, dan].map((w) => w.address));
    expect(first.finalHash).toEqual((await (await getHost()).records.stateHash(first.gameId)).hash);

    const pages: string[][] = [];
    let after: number | null = 0;
    while (after !== null) {
      const page: RatedGamesResponse = (await ratedGames({ after, limit: 3 })).body;
      pages.push(page.games.map((g) => g.gameId));
      after = page.next;
    }
    // A full last page says there may be more; the page after it is empty.
    expect(pages).toEqual([played.slice(0, 3), played.slice(3), ...(played.length % 3 === 0 ? [[]] : [])]);
    const two = await ratedGames({ limit: 2 });
    expect(two.body.next).toBe(two.body.games[1]!.n);
    expect((await ratedGames({ after: two.body.next!, limit: 2 })).body.games.map((g) => g.gameId)).toEqual(
      played.slice(2, 4),
    );
  });

  it.each([{ limit: 0 }, { limit: 501 }, { after: -1 }, { after: 'x' }])('%j: 400 BAD_PAGE', async (params) => {
    const refused = await ratedGames(params);
    expect([refused.status, refused.body.error]).toEqual([400, 'BAD_PAGE']);
  });
});
