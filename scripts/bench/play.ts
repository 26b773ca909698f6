/**
 * Playing over the game server: what the play page costs a browser to load, how fast an action reaches the other
 * seats, and how many bot-only games one process hosts at once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import type { GameId } from '../../engine/core';
import type { CreateGameRequest, CreateGameResponse } from '../../server';
import { GAME_IDS, GAMES as GAME_INFO } from '../../ui/lib/game-catalog';
import { NEXT_DIR, startAppServer, type AppServer } from '../lib/app-server';
import { median } from '../lib/stats';
import { fetchJson } from './event-stream';
import { chooser } from '../lib/chooser';
import { closeOnlineTable, openOnlineTable, timedAction, type OnlineTable } from './online-table';
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
    body: JSON.stringify({
      game,
      seats: [
        { kind: 'human', name: 'Ada' },
        { kind: 'human', name: 'Bea' },
      ],
      mode: 'hotseat',
      seed: `bench-first-load-${game}`,
    } satisfies CreateGameRequest),
  });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      if (request.resourceType() === 'script' && pathname.startsWith('/_next/static/'))
        scripts.add(pathname.slice('/_next/'.length));
    });
    // The host link as the app makes it: the token in the fragment, which no server log sees, handed over once.
    await page.goto(
      `${app.baseUrl}/play/${encodeURIComponent(created.id)}#token=${encodeURIComponent(created.hostToken)}`,
    );
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
  for (const file of await playFirstLoadScripts(app, browser, game))
    bytes += gzipSync(readFileSync(path.join(NEXT_DIR, file)), { level: 9 }).length;
  return bytes / 1000;
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

function sseCase(): BenchCase {
  let app: AppServer | null = null;
  let game: OnlineTable | null = null;
  return {
    name: 'play: action → SSE update at another seat',
    unit: 'ms',
    goal: { atMost: 100 },
    prepare: async () => {
      app = await startAppServer();
      const { baseUrl } = app;
      let games = 0;
      const pick = chooser(20_261_130);
      game = await openOnlineTable(baseUrl, { ...TWO_SEATS_TEN, seed: `bench-play-${games++}` });
      const sampler: Sampler = async () => {
        // p50 of the actions in this sample (each sample runs ~SAMPLE_MS of them); a finished game is replaced
        // outside the timed part.
        const times: number[] = [];
        const start = performance.now();
        while (performance.now() - start < SAMPLE_MS) {
          if (game!.over) {
            closeOnlineTable(game);
            game = await openOnlineTable(baseUrl, { ...TWO_SEATS_TEN, seed: `bench-play-${games++}` });
          }
          times.push(...(await timedAction(baseUrl, game!, pick)));
        }
        return median(times);
      };
      return sampler;
    },
    teardown: async () => {
      closeOnlineTable(game);
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
  return i % 2
    ? { ...base, game: 'pole', options: { laps: 1 } }
    : { ...base, game: 'gotopoly', options: { creditsToWin: 1, maxTerms: 2 } };
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
          const open = new Set(await store.games.unfinished());
          if (![...ids].some((id) => open.has(id))) break;
          if (performance.now() - start > 300_000) throw new Error('the bot games did not finish within 5 minutes');
          await new Promise((r) => setTimeout(r, 10));
        }
        const seconds = (performance.now() - start) / 1000;
        await h.idle();
        if (errors.length) throw new Error(`a bot game failed: ${String(errors[0])}`);
        for (const id of ids) {
          const snap = await h.views.snapshot(id);
          if (snap.outcome === null)
            throw new Error(`game ${id} is marked finished but has no outcome at seq ${snap.seq}`);
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
