/**
 * "Watch a game" end to end: the real app (next build + next start) in Debian's chromium, cross-checked against
 * the engine. The page runs the engine's bots in the browser; here the same engine runs in Node with the same seed,
 * config and bots, and every number the page shows must be the engine's.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botRngFor, playStep, playToEnd, type GameRecord } from '../../engine/core';
import { pole, poleBots, positionOf, type PoleConfigInput, type PoleEvent, type PoleState } from '../../engine/pole';
import { describeEvents } from '../../ui/pole/pole-log';
import { launchBrowser, ROOT, startAppServer, type AppServer } from './app-server';

const SEED = 'e2e-watch-7';
const NAMES = ['Ada', 'Bao', 'Cleo'];
const BOTS = ['normal', 'easy', 'normal'] as const;
/** What the page should send to the engine for 3 players and untouched table options: the engine's defaults. */
const CONFIG: PoleConfigInput = { players: 3 };

let server: AppServer | null = null;
let browser: Browser | null = null;
let page: Page;
let baseUrl = '';
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startAppServer();
  baseUrl = server.baseUrl;
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  // The page's timers run on Playwright's clock: time flows as usual until the test pauses it to look at a stretch.
  await page.clock.install();
  page.on('pageerror', (err) => pageErrors.push(String(err)));
  page.on('console', (msg) => {
    if (msg.type() === 'error') pageErrors.push(msg.text());
  });
}, 240_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.stop();
});

/** What the page shows for each seat: cash and the tile its pawn stands on. */
async function readSeats(): Promise<{ cash: number; tile: number }[]> {
  return page.evaluate((players) => {
    const out: { cash: number; tile: number }[] = [];
    for (let seat = 0; seat < players; seat++) {
      const cash = document.querySelector(`[data-testid="player"][data-seat="${seat}"] [data-testid="cash"]`);
      const pawn = document.querySelector(`[data-tile-index] [data-pawn-seat="${seat}"]`);
      out.push({
        cash: Number(cash?.getAttribute('data-cash') ?? NaN),
        tile: Number(pawn?.closest('[data-tile-index]')?.getAttribute('data-tile-index') ?? NaN),
      });
    }
    return out;
  }, NAMES.length);
}

const actionCount = async () => Number(await page.getByTestId('action-count').textContent());

function lastLanding(events: readonly PoleEvent[]): number | null {
  const landed = events.filter((e) => e.type === 'landed');
  return landed.length ? landed[landed.length - 1]!.tile : null;
}

describe('Watch a game', () => {
  it('steps, plays and ends exactly as the engine does', { timeout: 120_000 }, async () => {
    await page.goto(`${baseUrl}/watch`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Watch a game');

    // New game: 3 players, seat 2 is the easy (random) bot, a fixed seed.
    await page.getByRole('radio', { name: '3 players' }).check();
    await page.getByLabel('Bot of player 2').selectOption('easy');
    await page.getByLabel('Seed', { exact: true }).fill(SEED);
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page.getByTestId('action-count').waitFor();
    expect(await page.getByTestId('seed').textContent()).toBe(SEED);
    expect(await actionCount()).toBe(0);
    expect(await page.locator('[data-action-index]').count()).toBe(0);
    expect(await page.locator('[data-setup]').count()).toBe(1);

    // The same game in Node, in lockstep with the page.
    const bots = BOTS.map((b) => poleBots[b]);
    const botRng = botRngFor(SEED);
    let state: PoleState = pole.setup(CONFIG, SEED);
    const board = state.config.board;
    expect(await readSeats()).toEqual(
      state.players.map((p) => ({ cash: p.cash, tile: positionOf(p.progress, board.tiles.length) })),
    );

    // Step: exactly one action's worth of log each time; pawns and cash follow the engine.
    let moved = false;
    let cashChanged = false;
    for (let k = 0; k < 60 && (k < 8 || !cashChanged); k++) {
      const before = state;
      const step = playStep(pole, state, bots, botRng)!;
      state = step.state;
      const expectedLines = describeEvents(step.events, { names: NAMES, board }).map((l) => l.text);

      await page.getByRole('button', { name: 'Step', exact: true }).click();
      await page.locator(`[data-action-index="${k}"]`).waitFor();
      expect(await page.locator('[data-action-index]').count()).toBe(k + 1);
      expect(await actionCount()).toBe(k + 1);
      expect(await page.locator(`[data-action-index="${k}"] li`).allTextContents()).toEqual(expectedLines);

      // Pawns step along the tiles to where the engine put them, and the landing shows once they are there.
      await expect
        .poll(readSeats, { timeout: 10_000 })
        .toEqual(state.players.map((p) => ({ cash: p.cash, tile: positionOf(p.progress, board.tiles.length) })));
      moved ||= state.players.some((p, s) => p.progress !== before.players[s]!.progress);
      cashChanged ||= state.players.some((p, s) => p.cash !== before.players[s]!.cash);
      const landed = lastLanding(step.events);
      if (landed !== null) {
        const landedTile = () =>
          page.evaluate(
            () =>
              document.querySelector('[data-testid="board"] [data-landed]')?.getAttribute('data-tile-index') ?? null,
          );
        await expect.poll(landedTile, { timeout: 10_000 }).toBe(String(landed));
      }
    }
    expect(moved).toBe(true);
    expect(cashChanged).toBe(true);

    // Play, then pause: actions keep coming one per log entry, and stop on pause.
    const beforePlay = await actionCount();
    await page.getByTestId('play-pause').click();
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="action-count"]')?.textContent) >= n,
      beforePlay + 2,
    );
    await page.getByTestId('play-pause').click();
    const paused = await actionCount();
    // Three seconds of the page's time, run at once: playing, they would bring several actions.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await page.clock.runFor(3_000);
    expect(await actionCount()).toBe(paused);
    expect(await page.locator('[data-action-index]').count()).toBe(paused);
    await page.clock.resume();

    // Play to end: the valuation table must be the engine's.
    await page.getByRole('button', { name: 'Play to end' }).click();
    await page.getByTestId('valuation-table').waitFor();
    const result = playToEnd(pole, CONFIG, SEED, bots);
    expect(await actionCount()).toBe(result.record.actions.length);

    const rows = page.getByTestId('valuation-row');
    expect(await rows.count()).toBe(NAMES.length);
    const shownRows = await rows.evaluateAll((els) =>
      els.map((el) => ({
        seat: Number(el.getAttribute('data-seat')),
        rank: Number(el.getAttribute('data-rank')),
        total: Number(el.getAttribute('data-total')),
        winner: el.getAttribute('data-winner') === 'true',
        text: el.textContent ?? '',
        totalText: el.querySelector('[data-testid="total"]')?.textContent ?? '',
      })),
    );
    for (const standing of result.outcome.standings) {
      const row = shownRows.find((r) => r.seat === standing.seat)!;
      expect(row, `row for seat ${standing.seat}`).toBeDefined();
      expect(row.text).toContain(NAMES[standing.seat]);
      expect(row.rank).toBe(standing.rank);
      expect(row.total).toBe(standing.score);
      expect(row.totalText.replace(/[^0-9]/g, '')).toBe(String(standing.score));
    }
    const shownWinners = shownRows
      .filter((r) => r.winner)
      .map((r) => r.seat)
      .sort();
    expect(shownWinners).toEqual([...result.outcome.winners].sort());
    const winnersText = (await page.getByTestId('winners').textContent()) ?? '';
    for (const w of result.outcome.winners) expect(winnersText).toContain(NAMES[w]);

    // The downloadable record replays the engine's game.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Record/ }).click(),
    ]);
    // The shared Chromium runs in another process: the file is saved here, then read.
    const results = path.join(ROOT, 'test-results');
    mkdirSync(results, { recursive: true });
    const saved = path.join(results, 'watch-record.json');
    await download.saveAs(saved);
    const record = JSON.parse(readFileSync(saved, 'utf8')) as GameRecord;
    expect(record.seed).toBe(SEED);
    expect(record.actions).toEqual(result.record.actions);

    await page.screenshot({ path: path.join(results, 'watch.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
