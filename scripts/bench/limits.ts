/**
 * What one client can cost the server (the README's "Limits"): how fast one client pushes requests through the route
 * handlers until its first 429 (the default limits), how fast refusals are answered once it is over (a flood costs
 * little), and the memory 1,000 idle finished games hold in the host before and after they are evicted.
 */
import type { CreateGameRequest, GameHost, GameStore } from '../../server';
import { heapAfterGc } from './measure';
import type { BenchCase, Sampler } from './types';

const BASE = 'http://localhost';

type Routes = {
  readonly createGame: (request: Request) => Promise<Response>;
  readonly postAction: (request: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;
  readonly getSnapshot: (request: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;
  readonly peerHeader: string;
  readonly close: () => Promise<void>;
};

/** The route handlers in this process, over the server singleton on an in-memory PGlite, each client told by its address. */
async function routes(): Promise<Routes> {
  delete process.env['DATABASE_URL'];
  process.env['GAMES_DATA_DIR'] = 'memory://';
  // Loaded here, not at the top: other benchmark runs need not load the server and PGlite.
  const [{ PEER_HEADER, PEER_STAMP_VAR }, games, actions, snapshot, { getHost }] = await Promise.all([
    import('../../server/limits'),
    import('../../app/api/games/route'),
    import('../../app/api/games/[id]/actions/route'),
    import('../../app/api/games/[id]/route'),
    import('../../server'),
  ]);
  process.env[PEER_STAMP_VAR] = '1'; // as scripts/serve.ts does: the address below is the socket's
  return {
    createGame: games.POST,
    postAction: actions.POST,
    getSnapshot: snapshot.GET,
    peerHeader: PEER_HEADER,
    close: async () => {
      const host = await getHost();
      await host.close();
      await host.store.close();
    },
  };
}

const hotseat: CreateGameRequest = {
  game: 'pole',
  seats: [
    { kind: 'human', name: 'Ada' },
    { kind: 'human', name: 'Bea' },
  ],
  botPaceMs: 0,
};

const post = (url: string, client: string, peerHeader: string, body: unknown): Request =>
  new Request(`${BASE}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [peerHeader]: client },
    body: JSON.stringify(body),
  });

/** Requests/s from a new client, pushed one after another until the first 429 (`send` answers the status). */
async function untilLimited(send: () => Promise<number>): Promise<number> {
  const start = performance.now();
  let accepted = 0;
  for (;;) {
    const status = await send();
    if (status === 429) break;
    if (status >= 400) throw new Error(`a request was refused with ${status} before the limit, after ${accepted}`);
    accepted++;
  }
  return (accepted * 1000) / (performance.now() - start);
}

/**
 * One server for the cases of a group, opened by the first that runs and closed by the group's last case (the
 * process's server singleton cannot be opened twice). Run alone, an earlier case leaves it to the process's exit:
 * nothing in it keeps the process alive.
 */
function sharedBy<T>(
  open: () => Promise<T>,
  close: (t: T) => Promise<void>,
): { use: () => Promise<T>; closeLast: () => Promise<void> } {
  let shared: Promise<T> | null = null;
  return {
    use: () => (shared ??= open()),
    closeLast: async () => {
      if (shared) await close(await shared);
      shared = null;
    },
  };
}

function limitCases(): BenchCase[] {
  const server = sharedBy(routes, (r) => r.close());
  const use = server.use;
  let clients = 0;
  return [
    {
      name: 'limits: requests/s one client pushes to POST /api/games before its first 429 (10 a minute)',
      unit: 'req/s',
      prepare: async (): Promise<Sampler> => {
        const r = await use();
        return () => {
          const client = `bench-create-${clients++}`;
          return untilLimited(
            async () => (await r.createGame(post('/api/games', client, r.peerHeader, hotseat))).status,
          );
        };
      },
    },
    {
      name: 'limits: requests/s one client pushes to POST /api/games/:id/actions before its first 429 (120 per 10 s)',
      unit: 'req/s',
      prepare: async (): Promise<Sampler> => {
        const r = await use();
        // Games created by other clients (a new one when one ends), so creation's limit does not come into it.
        const newGame = async () =>
          (await (
            await r.createGame(post('/api/games', `bench-owner-${clients++}`, r.peerHeader, hotseat))
          ).json()) as { id: string; hostToken: string };
        return async () => {
          let game = await newGame();
          const client = `bench-actor-${clients++}`;
          return untilLimited(async () => {
            let ctx = { params: Promise.resolve({ id: game.id }) };
            let snap = (await (
              await r.getSnapshot(new Request(`${BASE}/api/games/${game.id}?token=${game.hostToken}`), ctx)
            ).json()) as { seat: number | null; seq: number; legal: unknown[]; outcome: unknown };
            if (snap.outcome !== null) {
              game = await newGame();
              ctx = { params: Promise.resolve({ id: game.id }) };
              snap = (await (
                await r.getSnapshot(new Request(`${BASE}/api/games/${game.id}?token=${game.hostToken}`), ctx)
              ).json()) as typeof snap;
            }
            return (
              await r.postAction(
                post(`/api/games/${game.id}/actions`, client, r.peerHeader, {
                  token: game.hostToken,
                  seat: snap.seat,
                  seq: snap.seq,
                  action: snap.legal[0],
                }),
                ctx,
              )
            ).status;
          });
        };
      },
    },
    {
      name: 'limits: 429 answers/s to a client over its limit (POST /api/games)',
      unit: 'req/s',
      prepare: async (): Promise<Sampler> => {
        const r = await use();
        const client = `bench-flood-${clients++}`;
        await untilLimited(async () => (await r.createGame(post('/api/games', client, r.peerHeader, hotseat))).status);
        return async () => {
          const start = performance.now();
          let refused = 0;
          while (performance.now() - start < 250) {
            const res = await r.createGame(post('/api/games', client, r.peerHeader, hotseat));
            if (res.status !== 429) throw new Error(`expected 429, got ${res.status}`);
            await res.arrayBuffer();
            refused++;
          }
          return (refused * 1000) / (performance.now() - start);
        };
      },
      teardown: server.closeLast,
    },
  ];
}

// ---- idle games in memory ----

const IDLE_GAMES = 1000;

/** The JS heap in use after a full collection, in MB. */
const heapMb = (): number => heapAfterGc() / 1e6;

interface IdleGames {
  readonly host: GameHost;
  readonly store: GameStore;
  readonly ids: readonly string[];
  /** The heap before any game was created. */
  readonly baseMb: number;
}

/** 1,000 finished two-bot Tezos Pole games (one lap) in one host, played by a ManualClock. */
async function idleGames(): Promise<IdleGames> {
  const [{ GameHost, ManualClock, openPgliteStore }] = await Promise.all([import('../../server')]);
  const store = await openPgliteStore();
  const clock = new ManualClock();
  // No eviction by itself: the cases below choose when.
  const host = await GameHost.open(store, { clock, idleMs: 0 });
  const baseMb = heapMb();
  const ids: string[] = [];
  for (let i = 0; i < IDLE_GAMES; i++) {
    const { id } = await host.create({
      game: 'pole',
      options: { laps: 1 },
      seats: [
        { kind: 'heuristic', name: 'H' },
        { kind: 'random', name: 'R' },
      ],
      seed: `idle-${i}`,
      botPaceMs: 0,
    });
    ids.push(id);
    // Played as they come, so the store's queue stays short.
    for (;;) {
      await host.idle();
      if (clock.fireDue() === 0) break;
    }
  }
  return { host, store, ids, baseMb };
}

function memoryCases(): BenchCase[] {
  const games = sharedBy(idleGames, async ({ host, store }) => {
    await host.close();
    await store.close();
  });
  const use = games.use;
  return [
    {
      name: `host: memory held by ${IDLE_GAMES.toLocaleString('en-US')} idle finished games, in memory`,
      unit: 'MB',
      prepare: async (): Promise<Sampler> => {
        const idle = await use();
        // Every game in memory (a run of the next case may have evicted them): a request brings each back.
        for (const id of idle.ids) await idle.host.views.snapshot(id);
        if (idle.host.liveGames < IDLE_GAMES) throw new Error(`only ${idle.host.liveGames} games in memory`);
        return () => heapMb() - idle.baseMb;
      },
    },
    {
      name: `host: memory held by ${IDLE_GAMES.toLocaleString('en-US')} idle finished games, after eviction`,
      unit: 'MB',
      prepare: async (): Promise<Sampler> => {
        const idle = await use();
        idle.host.evictIdle(0);
        if (idle.host.liveGames !== 0) throw new Error(`${idle.host.liveGames} games stayed in memory`);
        return () => heapMb() - idle.baseMb;
      },
      teardown: games.closeLast,
    },
  ];
}

export const limitsCases: readonly BenchCase[] = [...limitCases(), ...memoryCases()];
