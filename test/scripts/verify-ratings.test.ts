/**
 * `npm run verify -- ratings` (docs/ratings.md) against rated games played at an in-process host — finished, left by
 * one person, abandoned — whose ratings routes are served over HTTP on a free port: the published ratings verify,
 * and a rank, a rating or a final hash changed in the store's tables is named by game id and address, exit code 1.
 * An app that is down or never answers is a clear error. And recompute() on its own: a pair of addresses that only
 * ever played each other is flagged.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameId } from '../../engine';
import { errorResponse } from '../../server/errors';
import { ABANDONED_AFTER_DAYS, ManualClock, type GameHost } from '../../server/host';
import type { PublishedRatedGame } from '../../server/ratings/api';
import { NEW_SKILL, rateFinish, type Skill } from '../../server/ratings/model';
import { freePort } from '../../scripts/lib/app-server';
import { recompute, type RatingsReport } from '../../scripts/verify/ratings';
import { createTestServer, drive, type TestServer } from '../server/helpers';
import { personToMove, playFirstLegal, seatPeople, type Person } from '../server/fair-play';
import { humans, onlineWithBot } from '../server/requests';
import { runScript } from './run-script';

// The sandbox's bootstrap accounts: real account addresses, as signed-in wallets have.
const ADA = 'tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx';
const BEA = 'tz1gjaF81ZRRvdzjobyfVNsAeSC6PScjfQwN';
const CY = 'tz1faswCTDciRzE4oJ9jn2Vm2dvjeyA9fUzU';
const DEE = 'tz1b7tUupMgCNw2cCLpKTkSD1NZzB5TkP2sv';
const EVE = 'tz1ddb9NMYHZi5UzPdzTZMYQQZoMub195zgv';

const SHORT: Record<GameId, Record<string, unknown>> = { pole: { laps: 1 }, gotopoly: { maxTerms: 3 }, ten: {} };
const NAMES = ['Ada', 'Bea', 'Cy', 'Dee', 'Eve'];
/** The bot the online tests seat beside their people (test/server/requests.ts), whatever its level is called. */
const BOT_SEAT = onlineWithBot().seats.at(-1)!;

interface RatedPlay {
  /** The wallet signed in at each person's seat, in seat order; a bot sits after them. */
  readonly wallets: readonly string[];
  /** The person at this seat leaves after the people's first few moves: their bot plays it to the end. */
  readonly leaves?: number;
  /** The people stop after a few moves and nobody moves for ABANDONED_AFTER_DAYS: the game is abandoned. */
  readonly abandoned?: boolean;
}

const clock = new ManualClock();
let server: TestServer;
let app: { url: string; close: () => Promise<void> };
const played: { id: string; game: GameId; play: RatedPlay }[] = [];

/**
 * A waiting game of people signed in with `wallets` and a bot, online and provably fair, started from its waiting
 * room and played out (test/server/ratings.test.ts plays its rated games the same way).
 */
async function playRated(game: GameId, play: RatedPlay): Promise<string> {
  const { host } = server;
  const created = await host.create({
    game,
    options: SHORT[game],
    seats: [...humans(...NAMES.slice(0, play.wallets.length)), BOT_SEAT],
    mode: 'online',
    botPaceMs: 0,
    waitingRoom: { autoStart: false },
  });
  const streams = [];
  for (const invite of created.invites) {
    await host.seats.hold(created.id, { token: invite.token }, { address: play.wallets[invite.seat]! });
    streams.push(await host.views.subscribe(created.id, invite.token));
  }
  // An abandoned game's people keep their streams open: away, their grace would run out and their bots play on.
  if (!play.abandoned) for (const stream of streams) stream.close();
  await host.waitingRoom.start(created.id, { token: created.hostToken });
  let people: Person[] = await seatPeople(host, created.id, created.invites, () => true);
  for (let moves = 0; moves < 20_000; moves++) {
    if (play.abandoned && moves === 4) {
      // The bots make their moves now, before time moves on: a move made later would make the game not idle.
      await drive(host, clock);
      break;
    }
    if (play.leaves !== undefined && moves === 3) {
      const leaver = people.find((p) => p.seat === play.leaves)!;
      await host.seats.leave(created.id, leaver.token, leaver.seat);
      people = people.filter((p) => p !== leaver);
    }
    const next = await personToMove(host, clock, created.id, people);
    if (!next) break;
    await playFirstLegal(host, created.id, next.person, next.snap);
  }
  if (play.abandoned) {
    clock.advance(ABANDONED_AFTER_DAYS * 24 * 3_600_000);
    // Reading its record ends a game idle that long, and rates it.
    await host.records.publishedRecord(created.id);
    for (const stream of streams) stream.close();
  }
  await host.idle();
  played.push({ id: created.id, game, play });
  return created.id;
}

/** GET path → the host's own answer, as the app's routes give it (app/api/ratings, leaderboard, games/<id>/record). */
async function answer(host: GameHost, path: string): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, 'http://app');
  const query = Object.fromEntries(url.searchParams);
  try {
    if (url.pathname === '/api/ratings/games') return { status: 200, body: await host.ratings.ratedGames(query) };
    const board = /^\/api\/leaderboard\/([^/]+)$/.exec(url.pathname);
    if (board) return { status: 200, body: await host.ratings.board(decodeURIComponent(board[1]!), query) };
    const record = /^\/api\/games\/([^/]+)\/record$/.exec(url.pathname);
    if (record) return { status: 200, body: await host.records.publishedRecord(decodeURIComponent(record[1]!)) };
    return { status: 404, body: { error: 'NOT_FOUND', message: `no route ${url.pathname}` } };
  } catch (err) {
    return errorResponse(err);
  }
}

/** An HTTP server on a port the OS picks; closing it drops its open connections too. */
async function listen(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function serveRatings(host: GameHost) {
  return listen(
    createServer((request, response) => {
      void answer(host, request.url ?? '/').then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    }),
  );
}

const verifyRatings = (...args: string[]) => runScript('verify.ts', ['ratings', '--url', app.url, ...args]);

async function reportOf(...args: string[]): Promise<{ code: number; report: RatingsReport }> {
  const run = await verifyRatings('--json', ...args);
  expect(run.stderr).toBe('');
  return { code: run.code, report: JSON.parse(run.stdout) as RatingsReport };
}

/** The n of a rated game in the published list. */
async function listNumber(id: string): Promise<number> {
  const [row] = await server.store.sql.query<{ n: number | string }>('SELECT n FROM rated_games WHERE game_id = $1', [
    id,
  ]);
  return Number(row!.n);
}

beforeAll(async () => {
  server = await createTestServer({ clock });
  await playRated('ten', { wallets: [ADA, BEA] });
  await playRated('gotopoly', { wallets: [BEA, CY], leaves: 1 });
  await playRated('pole', { wallets: [CY, ADA, BEA] });
  await playRated('ten', { wallets: [DEE, EVE] });
  await playRated('ten', { wallets: [EVE, DEE] });
  await playRated('ten', { wallets: [ADA, BEA], abandoned: true });
  app = await serveRatings(server.host);
}, 240_000);

afterAll(async () => {
  await app?.close();
  await server?.close();
});

describe('npm run verify -- ratings', () => {
  it('every game of the seeded set is rated: a leaver and the person an abandoned game waited for are last', async () => {
    const { host } = server;
    const ratings = await Promise.all(played.map(({ id }) => host.ratings.ofGame(id)));
    expect(ratings.map((r) => r.rated)).toEqual(played.map(() => true));
    const gotopoly = ratings[1]!.rated ? ratings[1]!.placings : [];
    expect(gotopoly.map((p) => [p.address, p.rank, p.leaver])).toEqual([
      [BEA, 1, false],
      [CY, 2, true],
    ]);
    const abandoned = ratings[5]!.rated ? ratings[5]!.placings : [];
    expect(abandoned.filter((p) => p.leaver)).toHaveLength(1);
    expect(abandoned.find((p) => p.leaver)!.rank).toBe(2);
  });

  it(
    'the published ratings verify: every record, every place, every rating, every board; the pair that only played each other is flagged',
    { timeout: 60_000 },
    async () => {
      const run = await verifyRatings();
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const lines = run.stdout.trim().split('\n');
      expect(lines[0]).toBe(`ratings at ${app.url}: 6 rated games (pole 1, gotopoly 1, ten 4), 5 players`);
      expect(lines).toContain('✓ 6 records verified: every roll, every state, and the final hash the list publishes');
      expect(lines).toContain('✓ the boards hold exactly the recomputed players and skills: pole 3, gotopoly 2, ten 4');
      const [first, second] = [DEE, EVE].sort();
      expect(lines).toContain(`  ${first} and ${second}: 2 rated games`);
      expect(lines.at(-1)).toBe('verified');

      const { code, report } = await reportOf();
      expect(code).toBe(0);
      expect(report).toMatchObject({ games: 6, recordsVerified: 6, players: 5, ratedMeanwhile: 0, ok: true });
      expect(report.differences).toEqual([]);
      expect(report.pairs).toEqual([{ addresses: [first, second], games: 2 }]);
    },
  );

  it('a rank changed in the published list: exit 1, naming the game and the address', { timeout: 60_000 }, async () => {
    const { sql } = server.store;
    const id = played[0]!.id;
    const n = await listNumber(id);
    const [row] = await sql.query<{ rank: number }>('SELECT rank FROM rating_changes WHERE n = $1 AND address = $2', [
      n,
      ADA,
    ]);
    const forged = row!.rank === 1 ? 2 : 1;
    await sql.query('UPDATE rating_changes SET rank = $1 WHERE n = $2 AND address = $3', [forged, n, ADA]);
    try {
      const { code, report } = await reportOf();
      expect(code).toBe(1);
      expect(report.ok).toBe(false);
      expect(report.differences).toContainEqual(
        expect.objectContaining({
          kind: 'rank',
          gameId: id,
          n,
          address: ADA,
          message: `seat 1: rank ${forged} published, the record gives rank ${row!.rank}`,
        }),
      );
      // The after the host computed came from the true ranks: the recomputation from the forged one disagrees.
      expect(report.differences).toContainEqual(expect.objectContaining({ kind: 'skill', gameId: id, address: ADA }));
    } finally {
      await sql.query('UPDATE rating_changes SET rank = $1 WHERE n = $2 AND address = $3', [row!.rank, n, ADA]);
    }
  });

  it('a rating and a final hash changed in the store: each named, exit 1', { timeout: 60_000 }, async () => {
    const { sql } = server.store;
    const pole = played.find((p) => p.game === 'pole')!.id;
    const tenGame = played[3]!.id;
    const [published] = await sql.query<{ final_hash: string }>(
      'SELECT final_hash FROM rated_games WHERE game_id = $1',
      [tenGame],
    );
    await sql.query(`UPDATE ratings SET mu = mu + 0.5 WHERE game = 'pole' AND address = $1`, [CY]);
    await sql.query(`UPDATE rated_games SET final_hash = $1 WHERE game_id = $2`, ['00'.repeat(32), tenGame]);
    try {
      const run = await verifyRatings();
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(new RegExp(`\\n  board pole, ${CY}: μ [\\d.]+ published, [\\d.]+ recomputed\\n`));
      const n = await listNumber(tenGame);
      expect(run.stdout).toMatch(
        new RegExp(
          `\\n  game ${tenGame} \\(#${n}, ten\\): its record ends in state [0-9a-f]{64}, the list publishes ${'00'.repeat(32)}\\n`,
        ),
      );
      expect(run.stdout).not.toContain(`game ${pole}`);
      // The rest holds: the places and the list's own ratings.
      const lines = run.stdout.trim().split('\n');
      expect(lines).toEqual(
        expect.arrayContaining([
          '✗ records: 1 difference',
          "✓ every person's place derived again from the game's record",
          "✓ every rating recomputed from zero in the published order: each game's before and after",
          '✗ boards: 1 difference',
        ]),
      );
      expect(lines.at(-1)).toBe('2 differences');
    } finally {
      await sql.query(`UPDATE ratings SET mu = mu - 0.5 WHERE game = 'pole' AND address = $1`, [CY]);
      await sql.query(`UPDATE rated_games SET final_hash = $1 WHERE game_id = $2`, [published!.final_hash, tenGame]);
    }
  });

  it('an app that is not there, or never answers, is a clear error, exit 1', { timeout: 60_000 }, async () => {
    const silent = await listen(createServer(() => undefined));
    try {
      const [down, hanging] = await Promise.all([
        runScript('verify.ts', ['ratings', '--url', `http://127.0.0.1:${await freePort()}`]),
        runScript('verify.ts', ['ratings', '--url', silent.url, '--timeout', '1']),
      ]);
      expect(down.code).toBe(1);
      expect(down.stderr).toMatch(
        /^verify: cannot reach http:\/\/127\.0\.0\.1:\d+\/api\/ratings\/games\?after=0&limit=500: connection refused: is the app running there\?\n$/,
      );
      expect(hanging.code).toBe(1);
      expect(hanging.stderr).toContain(
        `verify: no answer from ${silent.url}/api/ratings/games?after=0&limit=500 within 1 s`,
      );
    } finally {
      await silent.close();
    }
  });

  it('a flag of the other form, or a file after ratings, is a usage error', async () => {
    const [network, url, file] = await Promise.all([
      runScript('verify.ts', ['ratings', '--network', 'devnet']),
      runScript('verify.ts', ['record.json', '--url', 'http://127.0.0.1:3000']),
      runScript('verify.ts', ['ratings', 'record.json']),
    ]);
    expect([network.code, url.code, file.code]).toEqual([2, 2, 2]);
    expect(network.stderr).toContain('verify: --network is for a record, not for ratings');
    expect(url.stderr).toContain('verify: --url is for ratings, not for a record');
    expect(file.stderr).toContain('verify: ratings takes no file, yet got "record.json"');
  });
});

describe('recompute', () => {
  /** A list whose skills are the model's own, game after game: each entry's people with their ranks. */
  function consistentList(games: readonly (readonly [string, number][])[]): PublishedRatedGame[] {
    const skills = new Map<string, Skill>();
    return games.map((people, i) => {
      const before = people.map(([address]) => skills.get(address) ?? NEW_SKILL);
      const after = rateFinish(people.map(([, rank], j) => ({ skill: before[j]!, rank })));
      people.forEach(([address], j) => skills.set(address, after[j]!));
      return {
        n: i + 1,
        gameId: `g${i + 1}`,
        game: 'ten',
        finishedAt: 0,
        finalHash: '',
        record: `/api/games/g${i + 1}/record`,
        placings: people.map(([address, rank], j) => ({
          seat: j,
          address,
          rank,
          leaver: false,
          before: before[j]!,
          after: after[j]!,
        })),
      };
    });
  }

  it('flags a pair of addresses that only ever played each other, not one whose partner played others', () => {
    const list = consistentList([
      [
        ['A', 1],
        ['B', 2],
      ],
      [
        ['C', 1],
        ['D', 2],
      ],
      [
        ['B', 1],
        ['A', 1],
      ],
      [
        ['C', 2],
        ['E', 1],
        ['F', 3],
      ],
      [
        ['A', 2],
        ['B', 1],
      ],
    ]);
    const { pairs, differences, players, boards } = recompute(list);
    expect(differences).toEqual([]);
    // D only ever played C, but C also played E and F.
    expect(pairs).toEqual([{ addresses: ['A', 'B'], games: 3 }]);
    expect(players).toBe(6);
    // A first place shared is a win for each (as the store counts it).
    expect(boards.get('ten')!.get('A')).toMatchObject({ games: 3, wins: 2, left: 0 });
  });

  it('names the game and the address whose published after the model does not give', () => {
    const list = consistentList([
      [
        ['A', 1],
        ['B', 2],
      ],
      [
        ['A', 2],
        ['C', 1],
      ],
    ]);
    const forged = list.map((entry, i) =>
      i === 0
        ? {
            ...entry,
            placings: entry.placings.map((p) =>
              p.address === 'B' ? { ...p, after: { ...p.after, mu: p.after.mu + 1e-6 } } : p,
            ),
          }
        : entry,
    );
    expect(recompute(forged).differences).toEqual([
      expect.objectContaining({
        kind: 'skill',
        gameId: 'g1',
        n: 1,
        address: 'B',
        message: expect.stringMatching(/^after it: μ /),
      }),
    ]);
  });
});
