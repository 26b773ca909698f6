/**
 * Playing over the game server: what the play page costs a browser to load, how fast an action reaches the other
 * seats, and how many bot-only games one process hosts at once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import type { GameId } from '../../engine/core';
import type { CreateGameRequest, CreateGameResponse, GameSnapshot, GameUpdate } from '../../server';
import { GAME_IDS, GAMES as GAME_INFO } from '../../ui/lib/game-catalog';
import { NEXT_DIR, startAppServer, type AppServer } from '../lib/app-server';
import { median } from '../lib/stats';
import { SAMPLE_MS } from './measure';
import type { BenchCase, Sampler } from './types';

/** What shows that a game's table and its log are drawn, by game: the first load is over when both are. */
const TABLE_DRAWN: Readonly<Record<GameId, string>> = {
  pole: '[data-testid="decision"]',
  gotopoly: '[data-testid="gotopoly-table"]',
  ten: '[data-testid="ten-table"]',
};
const LOG_DRAWN = '#action-log-heading';

/**
 * The scripts a browser loads to show the play page of an off-chain game of `game`: their paths under `.next/`.
 * Measured, not read off the build's manifests: the play page loads each game's table and log, and the chain's
 * panels, only when a game needs them (next/dynamic), so the route's manifests name less than a page loads and more
 * than it needs. Chromium opens a new hot-seat game of two people in a fresh context (an empty cache), and every
 * script it fetched from `/_next/static/` by the time the table and the log are drawn is counted: the framework, the
 * root layout (sign-in, menu), the page, and the game's own chunks.
 */
export async function playFirstLoadScripts(app: AppServer, browser: Browser, game: GameId): Promise<string[]> {
  const created = await fetchJson<CreateGameResponse>(`${app.baseUrl}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game, seats: [{ kind: 'human', name: 'Ada' }, { kind: 'human', name: 'Bea' }], mode: 'hotseat', seed: `bench-first-load-${game}` } satisfies CreateGameRequest),
  });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      if (request.resourceType() === 'script' && pathname.startsWith('/_next/static/')) scripts.add(pathname.slice('/_next/'.length));
    });
    // The host link as the app makes it: the token in the fragment, handed over once (issue 20).
    await page.goto(`${app.baseUrl}/play/${encodeURIComponent(created.id)}#token=${encodeURIComponent(created.hostToken)}`);
    await page.locator(TABLE_DRAWN[game]).first().waitFor({ timeout: 30_000 });
    await page.locator(LOG_DRAWN).waitFor({ timeout: 30_000 });
    return [...scripts];
  } finally {
    await context.close();
  }
}

/** The JS of playFirstLoadScripts, in kB (1000 bytes) of gzip at level 9 (as a CDN serves them). */
export async function playFirstLoadKb(app: AppServer, browser: Browser, game: GameId): Promise<number> {
  let bytes = 0;
  for (const file of await playFirstLoadScripts(app, browser, game)) bytes += gzipSync(readFileSync(path.join(NEXT_DIR, file)), { level: 9 }).length;
  return bytes / 1000;
}

// ---- a running server ----

async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** One seat's `/events` stream, read with fetch: the updates as they arrive, and when each arrived. */
class EventStream {
  private readonly arrived = new Map<number, { update: GameUpdate; at: number }>();
  private readonly waiters = new Map<number, (arrival: { update: GameUpdate; at: number }) => void>();
  private failure: Error | null = null;
  private readonly onFailure = new Set<(err: Error) => void>();

  private constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly controller: AbortController,
  ) {}

  static async open(url: string): Promise<EventStream> {
    const controller = new AbortController();
    const res = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
    if (!res.ok || !res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
      controller.abort();
      throw new Error(`GET ${url} → ${res.status} ${res.headers.get('content-type')}`);
    }
    const stream = new EventStream(res.body.getReader(), controller);
    void stream.pump();
    return stream;
  }

  private async pump(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await this.reader.read();
        if (done) throw new Error('the event stream ended');
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (!frame.split('\n').includes('event: update') || !data) continue;
          const update = JSON.parse(data) as GameUpdate;
          const arrival = { update, at };
          const waiter = this.waiters.get(update.seq);
          this.waiters.delete(update.seq);
          if (waiter) waiter(arrival);
          else this.arrived.set(update.seq, arrival);
        }
      }
    } catch (err) {
      if (this.controller.signal.aborted) return;
      this.failure = err as Error;
      for (const fail of this.onFailure) fail(this.failure);
    }
  }

  /** The update with this seq and when it arrived (performance.now()). */
  update(seq: number): Promise<{ update: GameUpdate; at: number }> {
    const done = this.arrived.get(seq);
    if (done) {
      this.arrived.delete(seq);
      return Promise.resolve(done);
    }
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no update ${seq} within 10 s`)), 10_000);
      const fail = (err: Error) => {
        clearTimeout(timer);
        reject(err);
      };
      this.onFailure.add(fail);
      this.waiters.set(seq, (arrival) => {
        clearTimeout(timer);
        this.onFailure.delete(fail);
        resolve(arrival);
      });
    });
  }

  close(): void {
    this.controller.abort();
  }
}

/** Ten for two people online: no timer, no bots, so every update is caused by the benchmark's own action. */
const TWO_SEATS_TEN: CreateGameRequest = {
  game: 'ten',
  seats: [
    { kind: 'human', name: 'Ada' },
    { kind: 'human', name: 'Bea' },
  ],
  mode: 'online',
  turnSeconds: null,
  botPaceMs: 0,
};

/** A game in progress over HTTP: both seats' tokens and streams, and what each seat may do now. */
interface OnlineGame {
  readonly id: string;
  readonly tokens: readonly string[];
  readonly streams: readonly EventStream[];
  seq: number;
  pending: number[];
  legal: Map<number, readonly unknown[]>;
  over: boolean;
}

async function startOnlineGame(baseUrl: string, n: number): Promise<OnlineGame> {
  const created = await fetchJson<CreateGameResponse>(`${baseUrl}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...TWO_SEATS_TEN, seed: `bench-play-${n}` }),
  });
  const tokens = created.invites.map((i) => i.token);
  const q = (seat: number) => `token=${encodeURIComponent(tokens[seat]!)}&seat=${seat}`;
  const streams = await Promise.all(tokens.map((_, seat) => EventStream.open(`${baseUrl}/api/games/${created.id}/events?${q(seat)}`)));
  const snaps = await Promise.all(tokens.map((_, seat) => fetchJson<GameSnapshot>(`${baseUrl}/api/games/${created.id}?${q(seat)}`)));
  return {
    id: created.id,
    tokens,
    streams,
    seq: snaps[0]!.seq,
    pending: [...new Set(snaps[0]!.pending.map((d) => d.seat))],
    legal: new Map(snaps.map((s, seat) => [seat, s.legal])),
    over: snaps[0]!.outcome !== null,
  };
}

/** A small deterministic choice among the legal actions (so games end and runs repeat). */
function chooser(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

/**
 * One action of the seat to act, timed from the POST until the other seat's stream delivers that seq (the POST's
 * own reply may come before or after; the figure is what the other person waits for).
 */
async function timedAction(baseUrl: string, game: OnlineGame, pick: (n: number) => number): Promise<number> {
  const seat = game.pending[0];
  if (seat === undefined) throw new Error(`game ${game.id} waits for nobody at seq ${game.seq}`);
  const other = 1 - seat;
  const legal = game.legal.get(seat) ?? [];
  if (legal.length === 0) throw new Error(`seat ${seat} is pending in game ${game.id} but has no legal action`);
  const action = legal[pick(legal.length)];
  const seq = game.seq + 1;
  const watched = game.streams[other]!.update(seq);
  const mine = game.streams[seat]!.update(seq);
  const start = performance.now();
  const reply = await fetchJson<{ seq: number }>(`${baseUrl}/api/games/${game.id}/actions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: game.tokens[seat], seat, seq: game.seq, action }),
  });
  if (reply.seq !== seq) throw new Error(`the action landed at seq ${reply.seq}, not ${seq}`);
  const [theirs, own] = await Promise.all([watched, mine]);
  const ms = theirs.at - start;
  game.seq = seq;
  game.pending = [...new Set(own.update.pending.map((d) => d.seat))];
  game.legal = new Map([
    [seat, own.update.legal],
    [other, theirs.update.legal],
  ]);
  game.over = own.update.outcome !== null;
  return ms;
}

function sseCase(): BenchCase {
  let app: AppServer | null = null;
  let game: OnlineGame | null = null;
  return {
    name: 'play: action → SSE update at another seat',
    unit: 'ms',
    goal: { atMost: 100 },
    prepare: async () => {
      app = await startAppServer();
      const { baseUrl } = app;
      let games = 0;
      const pick = chooser(20_261_130);
      game = await startOnlineGame(baseUrl, games++);
      const sampler: Sampler = async () => {
        // p50 of the actions in this sample (each sample runs ~SAMPLE_MS of them); a finished game is replaced
        // outside the timed part.
        const times: number[] = [];
        const start = performance.now();
        while (performance.now() - start < SAMPLE_MS) {
          if (game!.over) {
            for (const s of game!.streams) s.close();
            game = await startOnlineGame(baseUrl, games++);
          }
          times.push(await timedAction(baseUrl, game!, pick));
        }
        return median(times);
      };
      return sampler;
    },
    teardown: async () => {
      for (const s of game?.streams ?? []) s.close();
      await app?.stop();
    },
  };
}

// ---- many bot-only games in one process ----

/**
 * The mix of bot-only games (100 in all, two bot seats each: heuristic and random): 10 Ten (it has no option
 * that shortens it: ~180 actions), 50 short Pole (1 lap) and 40 short Gotopoly (one credit wins, at most two terms),
 * ~20 actions each, so a run is ~3,600 actions — a few seconds over an in-memory PGlite.
 */
function botGame(i: number, run: number): CreateGameRequest {
  const seats = [
    { kind: 'heuristic' as const, name: 'H' },
    { kind: 'random' as const, name: 'R' },
  ];
  const base = { seats, mode: 'online' as const, botPaceMs: 0, seed: `bench-bots-${run}-${i}` };
  if (i % 10 === 0) return { ...base, game: 'ten' };
  return i % 2 ? { ...base, game: 'pole', options: { laps: 1 } } : { ...base, game: 'gotopoly', options: { creditsToWin: 1, maxTerms: 2 } };
}

const GAMES = 100;

function botGamesCase(): BenchCase {
  let close: (() => Promise<void>) | null = null;
  return {
    name: `play: ${GAMES} concurrent bot-only games`,
    unit: 's',
    prepare: async () => {
      // Loaded here, not at the top: every other benchmark run need not load the server and PGlite.
      const { GameHost, openPgliteStore } = await import('../../server');
      const store = await openPgliteStore({});
      const errors: unknown[] = [];
      const h = await GameHost.open(store, { onError: (err) => errors.push(err) });
      close = async () => {
        await h.close();
        await store.close();
      };
      let run = 0;
      return async () => {
        const start = performance.now();
        const ids = new Set<string>();
        for (let i = 0; i < GAMES; i++) ids.add((await h.create(botGame(i, run))).id);
        run++;
        // Every game is played by its bots in the background; a finished game leaves the store's unfinished list.
        for (;;) {
          if (errors.length) throw new Error(`a bot game failed: ${String(errors[0])}`);
          const open = new Set(await store.unfinishedGames());
          if (![...ids].some((id) => open.has(id))) break;
          if (performance.now() - start > 300_000) throw new Error('the bot games did not finish within 5 minutes');
          await new Promise((r) => setTimeout(r, 10));
        }
        const seconds = (performance.now() - start) / 1000;
        await h.idle();
        if (errors.length) throw new Error(`a bot game failed: ${String(errors[0])}`);
        for (const id of ids) {
          const snap = await h.snapshot(id);
          if (snap.outcome === null) throw new Error(`game ${id} is marked finished but has no outcome at seq ${snap.seq}`);
        }
        return seconds;
      };
    },
    teardown: async () => {
      await close?.();
    },
  };
}

/**
 * One game's off-chain play page: measured once per build (the figure is the build's, not the machine's), so every
 * sample is that one figure.
 */
function firstLoadCase(game: GameId): BenchCase {
  return {
    name: `play: first-load JS of the play page (gzip), ${GAME_INFO[game].name} off-chain`,
    unit: 'kB',
    goal: { atMost: 200 },
    prepare: async () => {
      const app = await startAppServer();
      // Loaded here, not at the top: the other benchmarks need no browser.
      const { launchBrowser } = await import('../lib/browser');
      const browser = await launchBrowser();
      try {
        const kb = await playFirstLoadKb(app, browser, game);
        return () => kb;
      } finally {
        await browser.close();
        await app.stop();
      }
    },
  };
}

export const playCases: readonly BenchCase[] = [
  ...GAME_IDS.map((game) => firstLoadCase(game)),
  sseCase(),
  botGamesCase(),
];
