/**
 * Feedback at the table, in Debian's chromium on the real app: the tab says "Your turn" — its title and a
 * dotted favicon — for the person who must act and for nobody else, online and hot-seat; the sound switch is off
 * until turned on and remembered; and a pawn steps along every tile of its roll after the die tumbles, unless the
 * reader asked for reduced motion: then it goes straight to its tile.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { positionOf, type PoleEvent, type PoleState } from '../../engine/pole';
import type { CreateGameResponse, GameSnapshot } from '../../server/protocol';
import { formatTz } from '../../ui/lib/seats';
import { RESULTS } from './app-server';
import { browserSuite } from './browser-pages';
import { createGame, gameRequest, snapshotOf as snapshotAt } from './game-api';
import { seqOf, takeFirstChoice } from './play-page';

const PAGE_TITLE = 'Play · Tezos Pole';
const YOUR_TURN = '● Your turn · Tezos Pole';

const suite = browserSuite();

/** A Tezos Pole game of two people, Ada and Bao, with no timer and a fixed seed (nothing moves but what they do). */
const createPole = (mode: 'hotseat' | 'online', seed: string): Promise<CreateGameResponse> =>
  createGame(suite.baseUrl, gameRequest('pole', ['Ada', 'Bao'], { seed, mode, turnSeconds: null }));

const snapshotOf = (id: string, token: string): Promise<GameSnapshot> => snapshotAt(suite.baseUrl, id, token);

async function openTable(path: string, reducedMotion: 'reduce' | 'no-preference' = 'no-preference'): Promise<Page> {
  const page = await suite.pages.newPage();
  await page.emulateMedia({ reducedMotion });
  await page.goto(`${suite.baseUrl}${path}`);
  await page.getByTestId('play').waitFor();
  return page;
}

/** The favicon the tab shows: the site's icon, or the dotted one (an inline SVG) while it is the viewer's turn. */
const faviconOf = (page: Page): Promise<string> =>
  page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.getAttribute('href') ?? '');

/**
 * From now on, every tile the seat's pawn stands on, in order (each time React redraws the board), and whether a
 * die tumbled.
 */
async function recordPawn(page: Page, seat: number): Promise<void> {
  // The board is a chunk of its own: it may come a moment after the table's title says whose turn it is.
  await page.getByTestId('board').waitFor();
  return page.evaluate((seat) => {
    const seen = { tiles: [] as number[], tumbled: false };
    (window as unknown as { pawnSeen: typeof seen }).pawnSeen = seen;
    const record = () => {
      const tile = document
        .querySelector(`[data-tile-index] [data-pawn-seat="${seat}"]`)
        ?.closest('[data-tile-index]')
        ?.getAttribute('data-tile-index');
      if (tile != null && seen.tiles.at(-1) !== Number(tile)) seen.tiles.push(Number(tile));
      if (document.querySelector('[data-testid="board"] [data-rolling]')) seen.tumbled = true;
    };
    record();
    new MutationObserver(record).observe(document.querySelector('[data-testid="board"]')!, {
      childList: true,
      subtree: true,
      attributes: true,
    });
  }, seat);
}

const pawnSeen = (page: Page): Promise<{ tiles: number[]; tumbled: boolean }> =>
  page.evaluate(() => (window as unknown as { pawnSeen: { tiles: number[]; tumbled: boolean } }).pawnSeen);

describe('Feedback at the table', () => {
  it(
    'says “Your turn” in the tab of the online seat that must act, and only there; it moves with the turn',
    { timeout: 90_000 },
    async () => {
      const made = await createPole('online', 'turn-feedback-online');
      const tables = await Promise.all(made.invites.map((invite) => openTable(invite.path)));
      const first = (await snapshotOf(made.id, made.invites[0]!.token)).pending[0]!.seat;
      const mover = tables[first]!;
      const other = tables[1 - first]!;

      await expect.poll(() => mover.title()).toBe(YOUR_TURN);
      expect(await faviconOf(mover)).toMatch(/^data:image\/svg\+xml,/);
      expect(await other.title()).toBe(PAGE_TITLE);
      expect(await faviconOf(other)).not.toMatch(/^data:/);

      // The mover plays until the decision passes to the other person: the two tabs trade places.
      for (let k = 0; k < 10; k++) {
        const snap = await snapshotOf(made.id, made.invites[first]!.token);
        if (snap.pending.every((d) => d.seat !== first)) break;
        await takeFirstChoice(mover);
      }
      await expect.poll(() => other.title()).toBe(YOUR_TURN);
      await expect.poll(() => mover.title()).toBe(PAGE_TITLE);
      expect(await faviconOf(mover)).not.toMatch(/^data:/);
      expect(await faviconOf(other)).toMatch(/^data:image\/svg\+xml,/);
      await other.screenshot({ path: path.join(RESULTS, 'turn-feedback-online.png') });

      // The online seat may ask for notifications too; the sound switch is off until turned on, and remembered.
      const sound = other.getByRole('switch', { name: 'Sound' });
      expect(await sound.getAttribute('aria-checked')).toBe('false');
      expect(await other.getByRole('switch', { name: 'Notify me' }).count()).toBe(1);
      await sound.click();
      expect(await sound.getAttribute('aria-checked')).toBe('true');
      await other.reload();
      await other.getByTestId('play').waitFor();
      expect(await other.getByRole('switch', { name: 'Sound' }).getAttribute('aria-checked')).toBe('true');
      suite.pages.expectNoErrors();
    },
  );

  it(
    'steps a hot-seat pawn along every tile of its roll after the die tumbles; with reduced motion it goes straight there',
    { timeout: 90_000 },
    async () => {
      const made = await createPole('hotseat', 'turn-feedback-3');
      const before = await snapshotOf(made.id, made.hostToken);
      const seat = before.pending[0]!.seat;
      const ring = (before.view as PoleState).config.board.tiles.length;
      const from = positionOf((before.view as PoleState).players[seat]!.progress, ring);
      // One hot-seat game on two devices: one moving, one asking for reduced motion.
      const moving = await openTable(`/play/${made.id}?seat=${seat}#token=${made.hostToken}`);
      const still = await openTable(`/play/${made.id}?seat=${seat}#token=${made.hostToken}`, 'reduce');
      // Hot-seat: someone at this device must decide, so both tabs say so.
      await expect.poll(() => moving.title()).toBe(YOUR_TURN);
      await expect.poll(() => still.title()).toBe(YOUR_TURN);
      await recordPawn(moving, seat);
      await recordPawn(still, seat);

      await moving.getByRole('button', { name: 'Roll the die' }).click();
      await expect.poll(async () => (await snapshotOf(made.id, made.hostToken)).seq).toBeGreaterThan(before.seq);
      const after = await snapshotOf(made.id, made.hostToken);
      const move = (after.events as PoleEvent[]).find(
        (e): e is Extract<PoleEvent, { type: 'moved' }> => e.type === 'moved' && e.seat === seat,
      );
      expect(move, 'the roll moved the pawn').toBeDefined();
      expect(move!.from).toBe(from);
      expect(move!.steps, 'a roll long enough to tell a walk from a jump').toBeGreaterThanOrEqual(2);

      for (const page of [moving, still]) {
        await expect.poll(async () => (await pawnSeen(page)).tiles.at(-1), { timeout: 15_000 }).toBe(move!.to);
        await expect
          .poll(() =>
            page.evaluate(
              () =>
                document.querySelector('[data-testid="board"] [data-landed]')?.getAttribute('data-tile-index') ?? null,
            ),
          )
          .toBe(String(move!.to));
        expect(await seqOf(page)).toBe(after.seq);
      }
      const walked = await pawnSeen(moving);
      expect(walked.tiles).toEqual(Array.from({ length: move!.steps + 1 }, (_, k) => positionOf(from + k, ring)));
      expect(walked.tumbled).toBe(true);
      const jumped = await pawnSeen(still);
      expect(jumped.tiles).toEqual([from, move!.to]);
      expect(jumped.tumbled).toBe(false);

      // The landing tile shows the money the mover gained or lost on that step.
      const change = (after.view as PoleState).players[seat]!.cash - (before.view as PoleState).players[seat]!.cash;
      const landedTile = moving.getByTestId('board').locator('[data-landed]');
      if (change !== 0)
        expect(await landedTile.locator('[data-money]').innerText()).toBe(
          `${change > 0 ? '+' : '−'}${formatTz(Math.abs(change))}`,
        );
      else expect(await landedTile.locator('[data-money]').count()).toBe(0);
      await landedTile.screenshot({ path: path.join(RESULTS, 'turn-feedback-landed-tile.png') });
      await moving.screenshot({ path: path.join(RESULTS, 'turn-feedback-landed.png') });
      suite.pages.expectNoErrors();
    },
  );
});
