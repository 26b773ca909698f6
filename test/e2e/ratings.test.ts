/**
 * Ratings as players meet them, on the real app (next build + next start, a private PGlite directory) in Debian's
 * chromium, a browser context per person. Ada and Bea sign in with their devnet wallets; Ada sets up an online game of
 * Tezos Pole from the form (the two of them and a bot, one lap, provably fair: the server draws the seed, in a waiting
 * room that starts when she says), both open their invite links, and Ada presses Start. Their moves go through the API
 * with each one's own cookies; their pages stay open. Once it is over, each table's banner says how their rating
 * moved, a guest watching is told the game was rated and offered to sign in; both profiles show the new rating, the
 * place still to earn and the game with its replay; names are chosen on the profile (the server's refusals shown in
 * its words); the leaderboard's view of every rated player lists both, Ada's row marked; the ratings' rules page names
 * the verifier.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../devnet/node';
import type { GameSnapshot } from '../../server/protocol';
import type { GameRatingResponse, PlayerProfile, PublishedPlacing } from '../../server/ratings/api';
import { RATING_RULES } from '../../server/ratings/rated-games';
import {
  conservativeOf,
  formatChange,
  formatRating,
  gamesToBoard,
  placeOf,
  playerLabel,
} from '../../ui/players/rating-words';
import { RESULTS } from './app-server';
import { browserSuite } from './browser-pages';
import { signInContext } from './game-api';
import { createAndInvite } from './new-game-form';
import { gameIdOf } from './play-page';

const suite = browserSuite();

/** Devnet bootstrap accounts no other browser file signs in with. */
const ADA_ACCOUNT = 31;
const BEA_ACCOUNT = 32;
const ADA = bootstrapAccount(ADA_ACCOUNT);
const BEA = bootstrapAccount(BEA_ACCOUNT);

/** The game as this browser's seat sees it (its cookies: the seat it holds). */
const snapshotFor = async (page: Page, id: string): Promise<GameSnapshot> => {
  const res = await page.request.get(`${suite.baseUrl}/api/games/${encodeURIComponent(id)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as GameSnapshot;
};

/** The seat plays its first legal action through the API with this browser's cookies; false when it has none now. */
async function playIfDue(page: Page, id: string): Promise<boolean> {
  const snap = await snapshotFor(page, id);
  if (snap.outcome || snap.seat === null || !snap.pending.some((d) => d.seat === snap.seat)) return false;
  if (snap.legal.length === 0) return false;
  const res = await page.request.post(`${suite.baseUrl}/api/games/${encodeURIComponent(id)}/actions`, {
    data: { seat: snap.seat, seq: snap.seq, action: snap.legal[0] },
  });
  // 409: the game moved on first (the bot's move came in meanwhile); the next round reads it again.
  expect([200, 409]).toContain(res.status());
  return res.status() === 200;
}

/** Ada's and Bea's seats play until the game is over (the bot plays its own seat). */
async function playOut(people: readonly Page[], id: string): Promise<void> {
  for (let rounds = 0; rounds < 5_000; rounds++) {
    if ((await snapshotFor(people[0]!, id)).outcome) return;
    let moved = false;
    for (const page of people) moved = (await playIfDue(page, id)) || moved;
    if (!moved)
      // Nobody's turn yet: the bot is thinking, or a move is on its way.
      await expect
        .poll(async () => {
          const snaps = await Promise.all(people.map((p) => snapshotFor(p, id)));
          return snaps.some((s) => s.outcome !== null || s.pending.some((d) => d.seat === s.seat));
        })
        .toBe(true);
  }
  throw new Error('the game did not end');
}

const placingOf = (rating: GameRatingResponse, address: string): PublishedPlacing => {
  if (!rating.rated) throw new Error(`not rated: ${rating.reason}`);
  return rating.placings.find((p) => p.address === address)!;
};

describe('ratings', () => {
  it(
    'two signed-in players finish a rated game from a waiting room; their banners, profiles and the board show it',
    { timeout: 300_000 },
    async () => {
      // ── Ada sets the game up, signed in: Tezos Pole for her, Bea and a bot, one lap, online, waiting for her Start.
      const ada = await suite.pages.newPage();
      await signInContext(suite.baseUrl, ada.context(), ADA_ACCOUNT);
      await ada.goto(`${suite.baseUrl}/new/pole`);
      await ada.getByRole('heading', { level: 1, name: 'New game of Tezos Pole' }).waitFor();
      await ada.getByRole('radio', { name: '3 seats' }).check();
      await ada.getByLabel('Name of seat 1').fill('Ada');
      await ada.getByLabel('Name of seat 2').fill('Bea');
      await ada.getByLabel('Who plays seat 2').selectOption({ label: 'Person' });
      await ada.getByLabel('Bot pace').selectOption('0');
      await ada.getByRole('radio', { name: 'Online' }).check();
      expect(await ada.getByRole('checkbox', { name: /^Waiting room/ }).isChecked()).toBe(true);
      await ada.getByRole('checkbox', { name: 'Start by itself once every seat is taken' }).uncheck();
      // No seed typed: the server draws it, so the game is provably fair.
      expect(await ada.getByLabel('Seed (optional)').inputValue()).toBe('');
      await ada.locator('summary', { hasText: 'Tezos Pole options' }).click();
      await ada.getByLabel(/^Laps to finish/).fill('1');
      const [adaLink, beaLink] = await createAndInvite(ada, 'Tezos Pole', ['Ada', 'Bea']);
      const id = gameIdOf(adaLink!);

      // ── Both sit down, signed in, before the Start.
      await ada.goto(adaLink!);
      const room = ada.getByTestId('waiting-room');
      await room.waitFor();
      const bea = await suite.pages.newPage();
      await signInContext(suite.baseUrl, bea.context(), BEA_ACCOUNT);
      await bea.goto(beaLink!);
      await bea.getByTestId('waiting-room').waitFor();
      const start = room.getByRole('button', { name: 'Start the game' });
      await expect.poll(() => start.isEnabled()).toBe(true);
      await start.click();
      await room.waitFor({ state: 'detached' });
      await bea.getByTestId('waiting-room').waitFor({ state: 'detached' });
      const opening = await snapshotFor(ada, id);
      expect(opening.fair).not.toBeNull();

      // ── They play it out (moves through the API, each with their own cookies; their pages stay open).
      await playOut([ada, bea], id);
      const rating = (await (
        await ada.request.get(`${suite.baseUrl}/api/games/${encodeURIComponent(id)}/rating`)
      ).json()) as GameRatingResponse;
      const adaPlace = placingOf(rating, ADA.address);
      const beaPlace = placingOf(rating, BEA.address);
      expect(adaPlace.before).toEqual({ mu: 25, sigma: 25 / 3 });

      // ── Each table's banner: "Rated: your rating 0.0 → …", with the change and the place.
      for (const [page, placing] of [
        [ada, adaPlace],
        [bea, beaPlace],
      ] as const) {
        await page.getByTestId('outcome-banner').waitFor();
        const line = page.getByTestId('game-rating');
        await line.locator('[data-testid="rating-change"]').waitFor();
        const before = conservativeOf(placing.before);
        const after = conservativeOf(placing.after);
        expect(await line.getByTestId('rating-change').innerText()).toBe(
          `Rated: your rating ${formatRating(before)} → ${formatRating(after)}`,
        );
        expect(await line.innerText()).toContain(`${formatChange(after - before)}, ${placeOf(placing.rank, 2)}`);
        expect(await line.getByTestId('rating-sign-in').count()).toBe(0);
      }
      await ada.screenshot({ path: path.join(RESULTS, 'ratings-game-over.png') });

      // ── A guest watching: the game was rated for its signed-in players; sign in for the next ones.
      const guest = await suite.pages.open(`/play/${encodeURIComponent(id)}`);
      const guestLine = guest.locator('[data-testid="game-rating"][data-rated="true"]');
      await guestLine.waitFor();
      expect(await guestLine.innerText()).toContain('Rated: the ratings of Ada and Bea changed.');
      const offer = guestLine.getByRole('link', { name: 'Sign in to have your next games rated' });
      expect(await offer.getAttribute('href')).toBe(`/signin?next=${encodeURIComponent(`/play/${id}`)}`);
      expect(await guestLine.innerText()).toContain('Signing in now does not rate this game');

      // ── Ada's profile, from the header: her rating, the games still needed for a place, the game and its replay.
      await ada.getByTestId('wallet-profile').click();
      await ada.waitForURL(`**/players/${ADA.address}`);
      const profile = ada.getByTestId('player-profile');
      await profile.waitFor();
      expect(await profile.getByRole('heading', { level: 1 }).innerText()).toBe(
        `${playerLabel(null, ADA.address)} (you)`,
      );
      const stats = profile.locator('[data-testid="player-stats"][data-game="pole"]');
      expect(await stats.getByTestId('stats-rating').innerText()).toBe(formatRating(conservativeOf(adaPlace.after)));
      expect(await stats.getByTestId('stats-place').innerText()).toBe(gamesToBoard(1, RATING_RULES.boardMinGames));
      const recent = profile.locator(`[data-testid="recent-game"][data-game-id="${id}"]`);
      expect(await recent.getByTestId('recent-place').innerText()).toBe(placeOf(adaPlace.rank, 2));
      expect(await recent.getByTestId('recent-rating').innerText()).toBe(
        `${formatRating(0)} → ${formatRating(conservativeOf(adaPlace.after))}`,
      );
      expect(await recent.getByRole('link', { name: /^Replay/ }).getAttribute('href')).toBe(
        `/replay?game=${encodeURIComponent(id)}`,
      );
      expect(await profile.getByRole('link', { name: 'On-chain collection' }).getAttribute('href')).toBe(
        `/collection/${ADA.address}`,
      );

      // ── Ada names herself; a second change within the week is refused in the server's words.
      const adaName = `Ada ${id.slice(0, 6)}`;
      const form = ada.getByTestId('name-form');
      await form.getByLabel('Player name').fill(adaName);
      await form.getByRole('button', { name: 'Choose this name' }).click();
      await form.getByTestId('name-saved').waitFor();
      await profile.getByRole('heading', { level: 1, name: `${adaName} (you)` }).waitFor();
      expect(await form.getByTestId('rename-after').innerText()).toMatch(/^You may change it again after .+ UTC\.$/);
      await form.getByLabel('Player name').fill(`${adaName}!`);
      await form.getByRole('button', { name: 'Change name' }).click();
      await expect
        .poll(() => form.getByRole('alert').innerText())
        .toMatch(/^you changed your name on .*: you may change it again after .* UTC$/);
      await ada.screenshot({ path: path.join(RESULTS, 'ratings-profile.png'), fullPage: true });

      // ── Bea on her own profile: a name too long, then Ada's, are refused with the server's message; then hers.
      await bea.goto(`${suite.baseUrl}/players/${BEA.address}`);
      const beaForm = bea.getByTestId('name-form');
      await beaForm.getByLabel('Player name').fill('B'.repeat(30));
      await beaForm.getByRole('button', { name: 'Choose this name' }).click();
      await expect
        .poll(() => beaForm.getByRole('alert').innerText())
        .toBe('the name is 30 characters long: a name has at most 24, so shorten it by 6');
      await beaForm.getByLabel('Player name').fill(adaName.toUpperCase());
      await beaForm.getByRole('button', { name: 'Choose this name' }).click();
      await expect.poll(() => beaForm.getByRole('alert').innerText()).toContain('another player is named');
      const beaName = `Bea ${id.slice(0, 6)}`;
      await beaForm.getByLabel('Player name').fill(beaName);
      await beaForm.getByRole('button', { name: 'Choose this name' }).click();
      await beaForm.getByTestId('name-saved').waitFor();
      const beaStats = bea.locator('[data-testid="player-stats"][data-game="pole"]');
      expect(await beaStats.getByTestId('stats-rating').innerText()).toBe(formatRating(conservativeOf(beaPlace.after)));
      // Her profile as the server answers it agrees with the page.
      const beaProfile = (await (
        await bea.request.get(`${suite.baseUrl}/api/players/${BEA.address}`)
      ).json()) as PlayerProfile;
      expect(beaProfile).toMatchObject({ name: beaName, stats: [{ game: 'pole', games: 1 }] });

      // ── The leaderboard: one game is not enough for a place; the view of every rated player lists both.
      await ada.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboards' }).click();
      await ada.waitForURL('**/leaderboard/pole');
      await ada.getByRole('navigation', { name: 'Leaderboards' }).getByRole('link', { name: 'Tezos Pole' }).click();
      await ada.waitForURL('**/leaderboard/pole');
      await ada.getByRole('heading', { level: 1, name: 'Tezos Pole leaderboard' }).waitFor();
      for (const address of [ADA.address, BEA.address])
        expect(await ada.locator(`[data-testid="board-row"][data-address="${address}"]`).count()).toBe(0);
      await ada.getByRole('link', { name: 'Show every rated player' }).first().click();
      await ada.waitForURL('**/leaderboard/pole?all=1');
      const adaRow = ada.locator(`[data-testid="board-row"][data-address="${ADA.address}"]`);
      const beaRow = ada.locator(`[data-testid="board-row"][data-address="${BEA.address}"]`);
      await adaRow.waitFor();
      expect(await adaRow.getAttribute('data-you')).toBe('true');
      expect(await adaRow.innerText()).toContain(adaName);
      expect(await adaRow.getByTestId('board-rating').innerText()).toBe(formatRating(conservativeOf(adaPlace.after)));
      expect(await beaRow.getAttribute('data-you')).toBeNull();
      expect(await beaRow.innerText()).toContain(beaName);
      // The better rating is higher on the board.
      const [adaAfter, beaAfter] = [conservativeOf(adaPlace.after), conservativeOf(beaPlace.after)];
      const adaAt = Number(await adaRow.getAttribute('data-position'));
      const beaAt = Number(await beaRow.getAttribute('data-position'));
      if (adaAfter !== beaAfter) expect(adaAt < beaAt).toBe(adaAfter > beaAfter);
      await ada.screenshot({ path: path.join(RESULTS, 'ratings-leaderboard.png'), fullPage: true });
      await beaRow.getByRole('link', { name: beaName }).click();
      await ada.waitForURL(`**/players/${BEA.address}`);
      await ada.getByRole('heading', { level: 1, name: beaName }).waitFor();
      // Another player's profile has no name form.
      expect(await ada.getByTestId('name-form').count()).toBe(0);

      // ── On a phone: the board and Bea's profile fit its width; the header keeps her profile link and Sign out.
      await bea.setViewportSize({ width: 375, height: 812 });
      for (const where of [`/leaderboard/pole?all=1`, `/players/${BEA.address}`]) {
        await bea.goto(`${suite.baseUrl}${where}`);
        await bea.getByRole('heading', { level: 1 }).waitFor();
        const profileLink = bea.getByTestId('wallet-profile');
        await profileLink.waitFor();
        expect(await bea.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        for (const part of [profileLink, bea.getByRole('button', { name: 'Sign out' })]) {
          const box = (await part.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(375);
        }
      }
      expect(await bea.getByTestId('wallet-profile').getAttribute('href')).toBe(`/players/${BEA.address}`);
      await bea.screenshot({ path: path.join(RESULTS, 'ratings-profile-phone.png'), fullPage: true });

      // ── The rules page, from the board.
      await ada.goto(`${suite.baseUrl}/leaderboard/pole`);
      await ada.getByRole('link', { name: 'How ratings work' }).first().click();
      await ada.waitForURL('**/ratings');
      await ada.getByRole('heading', { level: 1, name: 'How ratings work' }).waitFor();
      expect(await ada.getByTestId('verify-command').innerText()).toBe(
        `npm run verify -- ratings --url ${suite.baseUrl}`,
      );
      suite.pages.expectNoErrors([/status of 4(09|00|29)/]);
    },
  );
});
