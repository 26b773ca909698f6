/**
 * On-chain Tezos Pole end to end: the real app (next build + next start) on an in-process devnet with its TzKT API,
 * in Debian's chromium, nothing mocked. Two people sign in with devnet accounts, claim their seats, approve the bank
 * from their browser wallets and play an on-chain game to the end; their purchases are minted, each chain step is
 * linked to the app's own explorer, another wallet cannot act for a seat, and the collection and token pages show
 * what was minted; once the game is over the contract has ended the bank's power, and Alice's collection shows her
 * grant as ended. Then an artist tries to feature a token the bank created (refused, naming its creator), features
 * one she made (accepted, its terms read from the token) and pieces of her own, builds a board, runs the balance lab
 * (its progress shown while it runs) and starts an on-chain game on that board.
 */
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../devnet/node';
import type { PoleState } from '../../engine/pole';
import type { ChainInfo } from '../../server/chain/chain-games';
import type { GameSnapshot } from '../../server/protocol';
import { RESULTS } from './app-server';
import type { BrowserPages } from './browser-pages';
import {
  mintArtistToken,
  openSeatSignedIn,
  signIn as signInAt,
  startChainApp,
  waitChainReady,
  type ChainApp,
} from './chain-app';
import { getJson } from './game-api';
import { chooseOnChain, createAndInvite, createOnChainGameOfTwo } from './new-game-form';
import { gameIdOf, nextTableState, tableState, takeFirstChoice, YOUR_CHOICE } from './play-page';

/** Safety net against a game that never ends (a bug); a one-lap game of two needs far fewer. */
const MAX_DECISIONS = 300;

const bank = bootstrapAccount(1);
const alice = bootstrapAccount(2);
const bob = bootstrapAccount(3);
const artist = bootstrapAccount(4);

let app: ChainApp | null = null;
let baseUrl = '';
let contract = '';
/** A token the artist made before (creators = her wallet), to feature in the studio. */
let artistTokenId = '';
let pages: BrowserPages;

beforeAll(async () => {
  app = await startChainApp(async (chain) => {
    artistTokenId = await mintArtistToken(chain, artist.address, 'studio-e2e-earlier');
  });
  ({ baseUrl, contract, pages } = app);
}, 600_000);

afterAll(async () => {
  await app?.stop();
});

const api = <T>(pathname: string): Promise<T> => getJson<T>(baseUrl, pathname);
const newPage = (): Promise<Page> => pages.newPage();

const signIn = (page: Page, alias: string, next: string): Promise<void> => signInAt(page, baseUrl, alias, next);

/** The seat's link opened in its signed-in browser: claims the seat with the wallet, then approves the bank. */
async function claimAndApprove(page: Page, address: string, screenshot?: string): Promise<void> {
  const setup = page.getByTestId('chain-setup');
  await setup.getByRole('button', { name: /^Claim this seat with tz1/ }).click({ timeout: 60_000 });
  const approve = setup.getByRole('button', { name: 'Approve the bank' });
  await approve.waitFor();
  expect(await setup.innerText()).toContain(address.slice(0, 6));
  if (screenshot) await page.screenshot({ path: path.join(RESULTS, screenshot), fullPage: true });
  await approve.click();
}

// One on-chain game's story: played to the end, then its tokens looked at in the collection; the later tests read
// what the first one left on the chain, so they keep their order.
describe('Tezos Pole on the devnet, in the browser', { shuffle: false }, () => {
  let gameId = '';
  let alicePage: Page;

  it(
    'two people play an on-chain game to the end: seats claimed, the bank approved, purchases minted',
    { timeout: 240_000 },
    async () => {
      // Alice signs in with bootstrap2 and creates the game: two people, on Tezos, one lap.
      alicePage = await newPage();
      await signIn(alicePage, alice.alias, '/new/pole');
      // A fixed seed: the same dice every run, in which Alice and Bob both buy.
      const links = await createOnChainGameOfTwo(alicePage, 'e2e-chain-two-people');
      gameId = gameIdOf(links.alice);
      // The seat's token rides in the link's fragment, which no request carries.
      const aliceToken = new URLSearchParams(new URL(links.alice).hash.slice(1)).get('token')!;

      // Each opens their own link in their own browser: the game waits for both, then starts by itself, and the bank
      // makes its tokens. Each claims the seat with their wallet and approves the bank.
      await alicePage.goto(links.alice);
      await alicePage.getByTestId('waiting-room').waitFor();
      const bobPage = await newPage();
      // Bob's browser takes his seat from the link, then he signs in and comes back to it with no token in any URL.
      await openSeatSignedIn(bobPage, baseUrl, links.bob, bob.alias);
      await bobPage.getByTestId('chain-panel').waitFor();
      await claimAndApprove(alicePage, alice.address, 'chain-setup.png');
      await claimAndApprove(bobPage, bob.address);
      await Promise.all([waitChainReady(alicePage), waitChainReady(bobPage)]);
      const ready = await api<ChainInfo>(`/api/games/${gameId}/chain`);
      expect(ready.ready).toBe(true);
      expect(ready.seats.map((s) => [s.address, s.approval])).toEqual([
        [alice.address, 'confirmed'],
        [bob.address, 'confirmed'],
      ]);
      expect(ready.tokens.status).toBe('confirmed');
      expect(ready.contract).toBe(contract);

      // Bob's wallet cannot act for Alice's seat, even with Alice's link: refused, nothing applied.
      const seqBefore = (await api<GameSnapshot>(`/api/games/${gameId}`)).seq;
      const forged = await bobPage.request.post(`${baseUrl}/api/games/${gameId}/actions`, {
        data: { token: aliceToken, seat: 0, seq: seqBefore, action: { type: 'roll' } },
      });
      expect(forged.status()).toBe(403);
      expect(((await forged.json()) as { error: string }).error).toBe('WRONG_WALLET');
      expect((await api<GameSnapshot>(`/api/games/${gameId}`)).seq).toBe(seqBefore);

      // Both play to the end, each on their own table, buying whatever is offered (the first choice).
      const people = [alicePage, bobPage];
      let decisions = 0;
      const labels = new Set<string>();
      for (;;) {
        const states = await Promise.all(people.map((p) => tableState(p, YOUR_CHOICE)));
        if (states.includes('over')) break;
        const turn = states.indexOf('decide');
        if (turn < 0) {
          await Promise.race(people.map((p) => nextTableState(p, YOUR_CHOICE)));
          continue;
        }
        const label = await takeFirstChoice(people[turn]!);
        labels.add(label.split(' ')[0]!);
        decisions++;
        if (decisions === 10)
          await alicePage.screenshot({ path: path.join(RESULTS, 'chain-play-mid.png'), fullPage: true });
        expect(decisions, 'decisions before the game ended').toBeLessThan(MAX_DECISIONS);
      }
      for (const p of people) await p.getByTestId('outcome-banner').waitFor();
      expect(labels).toContain('Buy');
      console.info(`on-chain game: ${decisions} decisions through the UI (${[...labels].sort().join(' | ')})`);

      // Every purchase became a confirmed mint, listed as a chain step with a link to the app's explorer. The last
      // move's own mint may still be in the bank's next block when the game is over; every step is confirmed soon after
      // (the game's closing on-chain follows, below).
      const settled = (i: ChainInfo) => i.ops.filter((o) => o.kind !== 'close').every((o) => o.status === 'confirmed');
      await expect
        .poll(async () => settled(await api<ChainInfo>(`/api/games/${gameId}/chain`)), { timeout: 30_000 })
        .toBe(true);
      const info = await api<ChainInfo>(`/api/games/${gameId}/chain`);
      const mints = info.ops.filter((o) => o.kind === 'step' && o.ops.some((c) => c.kind === 'mint'));
      expect(mints.length).toBeGreaterThan(0);
      const panel = alicePage.getByTestId('chain-panel');
      const showAll = panel.getByRole('button', { name: /^Show all/ });
      if (await showAll.count()) await showAll.click();
      const mintSteps = alicePage
        .getByTestId('chain-steps')
        .locator('li[data-kind="step"][data-status="confirmed"]')
        .filter({ hasText: /minted/i });
      // The page reads the chain status every 1.5 s: the last mints may be confirmed after the last move.
      await expect.poll(() => mintSteps.count(), { timeout: 15_000 }).toBe(mints.length);
      await alicePage.screenshot({ path: path.join(RESULTS, 'chain-play-end.png'), fullPage: true });
      const link = mintSteps.first().locator('a[href^="/explorer/op/"]');
      const href = (await link.getAttribute('href'))!;
      const hash = decodeURIComponent(href.slice('/explorer/op/'.length));
      expect(mints.map((o) => o.opHash)).toContain(hash);

      // The link opens the app's own explorer page of that operation: applied, a mint on the contract.
      await link.click();
      await alicePage.waitForURL(`**${href}`);
      const op = alicePage.getByTestId('explorer-operation');
      await op.waitFor();
      expect(await op.innerText()).toContain(hash);
      expect(await alicePage.getByTestId('op-status').innerText()).toBe('applied');
      expect(await alicePage.getByTestId('op-content').filter({ hasText: 'mint' }).count()).toBeGreaterThan(0);
      await alicePage.screenshot({ path: path.join(RESULTS, 'explorer-op.png'), fullPage: true });

      // The game over, the server closed it on-chain: the bank's power over the players' copies ended with it, and
      // Alice's collection lists the grant she gave as ended.
      await expect
        .poll(
          async () =>
            (await api<ChainInfo>(`/api/games/${gameId}/chain`)).ops.some(
              (o) => o.kind === 'close' && o.status === 'confirmed',
            ),
          { timeout: 60_000 },
        )
        .toBe(true);
      const ended = await api<ChainInfo>(`/api/games/${gameId}/chain`);
      expect(ended.seats.map((s) => s.grant.status)).toEqual(['ended', 'ended']);
      await alicePage.goto(`${baseUrl}/collection/${alice.address}`);
      const grant = alicePage.getByTestId('wallet-grants').getByTestId('grant-game');
      await grant.first().waitFor();
      expect(await grant.count()).toBe(1);
      expect(await grant.first().getAttribute('data-status')).toBe('ended');
      expect(await grant.first().textContent()).toContain('Ended');
      expect(await grant.first().textContent()).toContain('the bank can no longer burn your copies');
      await alicePage.getByTestId('wallet-grants').screenshot({ path: path.join(RESULTS, 'approvals-ended.png') });
      pages.expectNoErrors();
    },
  );

  it(
    'shows Alice’s minted tokens in her collection, and a token’s owners and history',
    { timeout: 60_000 },
    async () => {
      expect(gameId, 'the on-chain game of the first test').not.toBe('');
      // What Alice holds at the end, by the game (whose holdings are the chain's, read through TzKT).
      const info = await api<ChainInfo>(`/api/games/${gameId}/chain`);
      const state = (await api<GameSnapshot>(`/api/games/${gameId}`)).view as PoleState;
      const held = info.pieces.filter((p) => state.tiles[p.tile]!.holders.includes(0));
      expect(held.length, 'tiles Alice bought and kept').toBeGreaterThan(0);

      await alicePage.goto(`${baseUrl}/collection/${alice.address}`);
      await alicePage.getByTestId('collection').waitFor();
      const cards = alicePage.getByTestId('collection-token');
      const shown = await cards.evaluateAll((els) =>
        els.map((el) => ({ id: el.getAttribute('data-token-id'), title: el.querySelector('h2')?.textContent ?? '' })),
      );
      expect(shown.map((c) => c.id).sort()).toEqual(held.map((p) => p.tokenId).sort());
      // A token is named "Title — Artist": the card shows the title, the artist beneath it.
      for (const piece of held)
        expect(shown.find((c) => c.id === piece.tokenId)?.title).toBe(piece.name.split(' — ')[0]);
      await alicePage.screenshot({ path: path.join(RESULTS, 'collection.png'), fullPage: true });

      // One of them: its page names Alice among the owners and starts its history with the mint.
      const piece = held[0]!;
      await alicePage
        .locator(`[data-testid="collection-token"][data-token-id="${piece.tokenId}"]`)
        .getByRole('link')
        .click();
      await alicePage.waitForURL(`**/token/${contract}/${piece.tokenId}`);
      await alicePage.getByTestId('token-page').waitFor();
      expect(await alicePage.getByRole('heading', { level: 1 }).innerText()).toBe(piece.name.split(' — ')[0]);
      expect(await alicePage.getByTestId('token-owners').locator(`[title="${alice.address}"]`).count()).toBe(1);
      const history = alicePage.getByTestId('token-history');
      expect(await history.locator('tbody tr').first().getAttribute('data-kind')).toBe('mint');
      expect(await history.locator('tr[data-kind="mint"] a[href^="/explorer/op/"]').count()).toBeGreaterThan(0);
      await alicePage.screenshot({ path: path.join(RESULTS, 'token.png'), fullPage: true });
      pages.expectNoErrors();
    },
  );

  it(
    'an artist features pieces, builds a board, runs the balance lab and starts an on-chain game on it',
    { timeout: 180_000 },
    async () => {
      const page = await newPage();
      await signIn(page, artist.alias, '/studio');
      expect(await page.getByTestId('studio-address').innerText()).toBe(artist.address);

      // A token the bank created for Alice's game: not the artist's to feature. Its work is credited to its artist by
      // name (Genesis has no artists' wallets), so only the contract's admin or minters — the bank — may feature it:
      // the form says so, the server refuses, and the refusal names the bank.
      const form = page.getByTestId('piece-form');
      const bankToken = (await api<ChainInfo>(`/api/games/${gameId}/chain`)).pieces[0]!;
      await form.getByLabel('Contract', { exact: true }).fill(contract);
      await form.getByLabel('Token id', { exact: true }).fill(bankToken.tokenId!);
      await form.getByRole('button', { name: 'Read token' }).click();
      await expect
        .poll(() => form.getByTestId('import-creators').innerText())
        .toContain('This token names no creators');
      expect(await form.getByLabel('Title', { exact: true }).inputValue()).toBe(bankToken.name);
      await form.getByRole('button', { name: 'Feature this piece' }).click();
      const refusedText = form.getByRole('alert').filter({ hasText: bank.address });
      await refusedText.waitFor();
      expect(await refusedText.innerText()).toMatch(/creator/i);
      await page.screenshot({ path: path.join(RESULTS, 'studio-import-refused.png'), fullPage: true });
      expect(await page.getByTestId('my-pieces').getByTestId('piece-card').count()).toBe(0);

      // Her own earlier token: accepted, its title, artist and terms read from it.
      await form.getByLabel('Token id', { exact: true }).fill(artistTokenId);
      await form.getByRole('button', { name: 'Read token' }).click();
      // (The refusal above named her address too: wait for this token's own reading.)
      await expect.poll(() => form.getByLabel('Title', { exact: true }).inputValue()).toBe('Tide Study — Ines Duarte');
      expect(await form.getByTestId('import-creators').innerText()).toBe(`Creators of this token: ${artist.address}.`);
      expect(await form.getByLabel('List price (Tz)', { exact: true }).inputValue()).toBe('150');
      expect(await form.getByLabel('Multiplier', { exact: true }).inputValue()).toBe('2');
      await form.getByRole('button', { name: 'Feature this piece' }).click();
      await form.getByRole('status').filter({ hasText: 'is featured.' }).waitFor();
      const imported = page.getByTestId('my-pieces').getByTestId('piece-card');
      await expect.poll(() => imported.count()).toBe(1);
      expect(await imported.first().getByTestId('piece-source').locator('a').getAttribute('title')).toBe(
        `${contract}/${artistTokenId}`,
      );
      expect(await imported.first().getByTestId('piece-creators').locator(`[title="${artist.address}"]`).count()).toBe(
        1,
      );
      await page.screenshot({ path: path.join(RESULTS, 'studio-import-accepted.png'), fullPage: true });

      // Three pieces entered by hand: a 1/1 and two editions, each with an image of its own.
      const pieces = [
        { title: 'Morning Over Kyiv', edition: '1', price: '180', multiplier: '1.5', colour: '#e4572e' },
        { title: 'Salt Flats', edition: '3', price: '120', multiplier: '1', colour: '#29335c' },
        { title: 'Glass Harbour', edition: '2', price: '90', multiplier: '1.25', colour: '#f3a712' },
      ];
      for (const p of pieces) {
        await form.getByRole('tab', { name: 'Enter it yourself' }).click();
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="${p.colour}"/></svg>`;
        await form.getByLabel('Title', { exact: true }).fill(p.title);
        await form.getByLabel('Description', { exact: true }).fill(`${p.title}, by the studio's e2e artist.`);
        if (p === pieces[0]) {
          // The first is uploaded as a file, as an artist's photo would be: it goes to IPFS with its renditions.
          const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: p.colour } })
            .png()
            .toBuffer();
          await form
            .getByLabel(/^Or upload the image/)
            .setInputFiles({ name: 'morning.png', mimeType: 'image/png', buffer: png });
          await form.getByRole('status').filter({ hasText: 'Uploaded “morning.png” (1200×900 px)' }).waitFor();
          expect(await form.getByLabel('Image URI', { exact: true }).inputValue()).toMatch(/^ipfs:\/\/baf/);
        } else
          await form
            .getByLabel('Image URI', { exact: true })
            .fill(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`);
        await form.getByLabel('Edition size', { exact: true }).fill(p.edition);
        await form.getByLabel('List price (Tz)', { exact: true }).fill(p.price);
        await form.getByLabel('Multiplier', { exact: true }).fill(p.multiplier);
        await form.getByRole('button', { name: 'Feature this piece' }).click();
        await form
          .getByRole('status')
          .filter({ hasText: `“${p.title}” is featured.` })
          .waitFor();
      }
      const mine = page.getByTestId('my-pieces').getByTestId('piece-card');
      await expect.poll(() => mine.count()).toBe(pieces.length + 1);
      for (const p of pieces) expect(await mine.filter({ hasText: p.title }).count()).toBe(1);
      await page.screenshot({ path: path.join(RESULTS, 'studio-piece.png'), fullPage: true });

      // A board of them and two event tiles, checked as it is built, then saved.
      await page.goto(`${baseUrl}/studio/boards/new`);
      await page.getByTestId('builder-pieces').waitFor();
      await page.getByLabel('Board name').fill('Harbour Lights');
      await page.getByRole('button', { name: `Add ${pieces[0]!.title}` }).click();
      await page.getByRole('button', { name: 'Add Airdrop' }).click();
      await page.getByRole('button', { name: `Add ${pieces[1]!.title}` }).click();
      await page.getByRole('button', { name: 'Add Gas Fee' }).click();
      await page.getByRole('button', { name: `Add ${pieces[2]!.title}` }).click();
      await expect.poll(() => page.getByTestId('builder-verdict').innerText()).toBe('A valid board of 6 tiles.');
      await page.screenshot({ path: path.join(RESULTS, 'studio-board.png'), fullPage: true });
      await page.getByRole('button', { name: 'Save board' }).click();
      await page.waitForURL(/\/studio\/boards\/(?!new)[^/]+$/);
      await page.getByRole('heading', { level: 1, name: 'Harbour Lights' }).waitFor();

      // The balance lab: the default 2,000 games on the server's workers, their progress while they run, then the
      // plots. An observer set before the run keeps every value the progress bar takes (it is gone once the report is in).
      await page.evaluate(() => {
        const seen: number[] = [];
        (window as unknown as { labProgress: number[] }).labProgress = seen;
        new MutationObserver(() => {
          const now = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
          if (now != null && seen.at(-1) !== Number(now)) seen.push(Number(now));
        }).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['aria-valuenow'],
        });
      });
      expect(await page.getByLabel('Games').inputValue()).toBe('2000');
      await page.getByRole('button', { name: 'Run the balance lab' }).click();
      await page.getByTestId('lab-charts').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('lab-summary').innerText()).toMatch(/^2,000 games/);
      const progress = await page.evaluate(() => (window as unknown as { labProgress: number[] }).labProgress);
      expect(progress.length, 'progress shown while the lab ran').toBeGreaterThan(0);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(progress.at(-1)).toBeLessThanOrEqual(2000);
      const charts = await page.getByTestId('lab-charts').innerText();
      for (const title of ['Royalty earned per Tz spent, by tile', 'Win rate by seat', 'Game length distribution'])
        expect(charts).toContain(title);
      for (const p of pieces) expect(charts).toContain(p.title);
      await page.screenshot({ path: path.join(RESULTS, 'studio-lab.png'), fullPage: true });

      // A game with this board: the artist and a heuristic bot, on Tezos.
      await page.getByRole('link', { name: 'Start a game with this board' }).click();
      await page.waitForURL(/\/new\/pole\?board=/);
      await page.getByRole('group', { name: 'Board' }).getByRole('link', { name: 'Harbour Lights' }).waitFor();
      await page.getByRole('radio', { name: '2 seats' }).check();
      await page.getByLabel('Name of seat 1').fill('Ines');
      expect(await page.getByLabel('Who plays seat 1').inputValue()).toBe('human');
      expect(await page.getByLabel('Who plays seat 2').inputValue()).toBe('normal');
      await chooseOnChain(page);
      await page.getByLabel('Seed (optional)').fill('e2e-chain-studio');
      const [link] = (await createAndInvite(page, 'Tezos Pole', ['Ines'])) as [string];
      const id = gameIdOf(link);
      await page.goto(link);
      await page.getByTestId('chain-panel').waitFor();
      await claimAndApprove(page, artist.address);
      await waitChainReady(page);

      // The board's artist tiles are the studio's pieces, created as tokens whose creator is the artist.
      const snapshot = await api<GameSnapshot>(`/api/games/${id}`);
      const board = (snapshot.view as PoleState).config.board;
      const artistTiles = board.tiles.flatMap((t) => (t.kind === 'artist' ? [t] : []));
      expect(artistTiles.map((t) => t.title)).toEqual(pieces.map((p) => p.title));
      expect(artistTiles.map((t) => t.editionSize)).toEqual(pieces.map((p) => Number(p.edition)));
      const info = await api<ChainInfo>(`/api/games/${id}/chain`);
      // Each token is named "Title — Artist", the artist as the tile shows them.
      expect(info.pieces.map((p) => p.name.split(' — ')[0])).toEqual(pieces.map((p) => p.title));
      expect(info.pieces.every((p) => p.tokenId !== null)).toBe(true);
      expect(info.seats[1]).toMatchObject({ bot: true, approval: 'confirmed' });
      for (const p of pieces) expect(await page.getByTestId('play-table').innerText()).toContain(p.title);

      // The game is under way (the bot has moved, or the first roll is the artist's): play until a piece is minted.
      await page.waitForFunction(
        () =>
          Number(document.querySelector('[data-testid="play"]')?.getAttribute('data-seq')) > 0 ||
          document.querySelector('[data-testid="decision"] [aria-label="Your choices"] button:not([disabled])') !==
            null,
        undefined,
        { timeout: 60_000 },
      );
      const minted = async () =>
        (await api<ChainInfo>(`/api/games/${id}/chain`)).ops.find(
          (o) => o.status === 'confirmed' && o.ops.some((c) => c.kind === 'mint'),
        );
      for (let decisions = 0; !(await minted()); decisions++) {
        expect(decisions, 'decisions before the first purchase').toBeLessThan(60);
        if ((await nextTableState(page, YOUR_CHOICE)) === 'over') break;
        await takeFirstChoice(page);
      }
      const mint = (await minted())!.ops.find((c) => c.kind === 'mint')!;
      await page
        .getByTestId('chain-steps')
        .locator('li[data-status="confirmed"]')
        .filter({ hasText: /minted/i })
        .first()
        .waitFor();
      await page.screenshot({ path: path.join(RESULTS, 'studio-game.png'), fullPage: true });

      // The game's tokens page lists one token per piece; the minted one's page names the artist as its creator.
      await page.goto(`${baseUrl}/play/${encodeURIComponent(id)}/tokens`);
      const tokens = page.getByTestId('game-tokens');
      await tokens.waitFor();
      expect(await tokens.locator('tbody tr').count()).toBe(pieces.length);
      for (const p of info.pieces)
        expect(await tokens.locator(`tr[data-token-id="${p.tokenId}"]`).innerText()).toContain(p.name);
      const bought = info.pieces.find((p) => p.tile === mint.tile)!;
      await tokens.getByRole('link', { name: bought.name, exact: true }).click();
      await page.waitForURL(`**/token/${contract}/${bought.tokenId}`);
      await page.getByTestId('token-page').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(bought.name.split(' — ')[0]);
      expect(await page.getByTestId('token-hero').locator(`[title="${artist.address}"]`).count()).toBeGreaterThan(0);
      expect(await page.getByTestId('token-royalties').locator(`[title="${artist.address}"]`).count()).toBe(1);
      expect(await page.getByTestId('token-history').locator('tbody tr').first().getAttribute('data-kind')).toBe(
        'mint',
      );
      // The one resource error is the studio's refusal of the bank's token (403 NOT_TOKEN_CREATOR), shown above.
      pages.expectNoErrors([/\/studio: Failed to load resource: the server responded with a status of 403/]);
    },
  );
});
