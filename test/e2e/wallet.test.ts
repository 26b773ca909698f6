/**
 * Real wallet software end to end: two people, each with their own wallet — a headless wallet on the real
 * wallet side of Beacon (test/wallet) — pair with the app's unchanged dApp side in Chromium over a real Matrix relay
 * (Synapse with our Beacon login module, TLS with a throwaway certificate), sign in with "your own wallet" on the
 * devnet, claim, approve and play an on-chain game to its end; one sends a copy to the other from their wallet and
 * the game counts it as the other's from its next read (P13). A refused request, a wallet that goes away and a wallet
 * on another network each get a clear message, and nothing is lost. The bank's allowance is nil here, so Alice pays for
 * the game with a deposit from her wallet, and what the game did not spend goes back to it at the end.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { b58Encode, PrefixV2 } from '@taquito/utils';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../devnet/node';
import type { PoleState } from '../../engine/pole';
import type { ChainInfo } from '../../server/chain/chain-games';
import { REFUND_FEE_MUTEZ } from '../../server/chain/deposits';
import type { GameSnapshot } from '../../server/protocol';
import { startBeaconRelay, type BeaconRelay } from '../wallet/beacon-relay';
import { TestWallet } from '../wallet/test-wallet';
import { RESULTS } from './app-server';
import { startChainApp, waitChainReady, type ChainApp } from './chain-app';
import { getJson } from './game-api';
import { createOnChainGameOfTwo } from './new-game-form';
import { gameIdOf, nextTableState, tableState, takeFirstChoice, YOUR_CHOICE } from './play-page';

/**
 * The people's own accounts: keys of their own, funded by the bank, never among the devnet accounts the sign-in page
 * offers (a devnet account signs in the page with its public key, not over Beacon).
 */
function ownAccount(name: string): { secretKey: string; address: string } {
  const seed = blake2b(new TextEncoder().encode(`tezos-pole e2e own wallet ${name}`), { dkLen: 32 });
  return {
    secretKey: b58Encode(seed, PrefixV2.Ed25519Seed),
    address: b58Encode(blake2b(ed25519.getPublicKey(seed), { dkLen: 20 }), PrefixV2.Ed25519PublicKeyHash),
  };
}

const aliceKey = ownAccount('alice');
const bobKey = ownAccount('bob');
/** How long the app waits for a wallet's acknowledgement (POLE_BEACON_TIMEOUT_S): short, so the wait is brief here. */
const WALLET_TIMEOUT_S = 8;
const MAX_DECISIONS = 300;

let relay: BeaconRelay | null = null;
let app: ChainApp | null = null;
let alice: TestWallet | null = null;
let bob: TestWallet | null = null;

beforeAll(async () => {
  relay = await startBeaconRelay();
  app = await startChainApp(
    async (chain) => {
      const bank = chain.toolkit(bootstrapAccount(1).secretKey);
      for (const to of [aliceKey.address, bobKey.address])
        await (await bank.contract.transfer({ to, amount: 1_000 })).confirmation();
    },
    // The app learns the relay from its server config; Chromium accepts the relay's throwaway certificate.
    {
      env: {
        POLE_BEACON_RELAYS: relay.node,
        POLE_BEACON_TIMEOUT_S: String(WALLET_TIMEOUT_S),
        // Every game on Tezos is paid for by its creator's deposit.
        POLE_BANK_TEZ_PER_WALLET_PER_DAY: '0',
      },
      browserArgs: ['--ignore-certificate-errors'],
    },
  );
  const rpcUrl = app.chain.devnet.rpcUrl;
  [alice, bob] = await Promise.all([
    TestWallet.start({ name: 'Alice wallet', secretKey: aliceKey.secretKey, rpcUrl, relay }),
    TestWallet.start({ name: 'Bob wallet', secretKey: bobKey.secretKey, rpcUrl, relay }),
  ]);
}, 600_000);

afterAll(async () => {
  for (const w of [alice, bob]) {
    if (w?.output()) console.info(`${w.address}:\n${w.output().slice(-2000)}`);
    await w?.stop();
  }
  await app?.stop();
  await relay?.stop();
});

/** A page of its own browser context, allowed to read what Beacon's "Copy to clipboard" copies. */
async function personPage(): Promise<Page> {
  const page = await app!.pages.newPage();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app!.baseUrl });
  return page;
}

/**
 * "Connect your own wallet" on the sign-in page, then (`pair`) Beacon's own dialog as a person uses it with a wallet
 * on another device: Show more → Show QR code → Beacon → Copy to clipboard; the code goes to the wallet, which pairs.
 * Without `pair`, Beacon asks the wallet it is still paired with.
 */
async function connectOwnWallet(page: Page, wallet: TestWallet, next: string, pair = true): Promise<void> {
  await page.goto(`${app!.baseUrl}/signin?next=${encodeURIComponent(next)}`);
  const own = page.getByTestId('signin-own-wallet');
  expect(await own.innerText()).toContain(app!.chain.devnet.rpcUrl);
  await own.getByRole('button', { name: 'Connect your own wallet (Beacon)' }).click();
  if (!pair) return;
  const dialog = page.locator('beacon-alert');
  await dialog.getByText('Show more').click();
  await dialog.getByRole('button', { name: 'Show QR code' }).click();
  await dialog.getByRole('button', { name: 'Beacon', exact: true }).click();
  await dialog.getByText('Copy to clipboard').click();
  const code = await page.evaluate(() => navigator.clipboard.readText());
  await wallet.pair(code);
}

const sessionOf = async (page: Page): Promise<string | null> =>
  ((await (await page.request.get(`${app!.baseUrl}/api/auth/session`)).json()) as { address: string | null }).address;
const api = <T>(pathname: string): Promise<T> => getJson<T>(app!.baseUrl, pathname);

describe('your own wallet over Beacon, in the browser', () => {
  it(
    'two people sign in with their wallets, approve and play an on-chain game to the end; a copy sent between them changes hands in the game; refusals, a wallet gone away and a wrong network are explained',
    { timeout: 420_000 },
    async () => {
      const started = Date.now();

      // Bob's wallet is set to Shadownet: the sign-in is refused, naming both networks, and he is not signed in.
      const bobPage = await personPage();
      bob!.answerAsNetwork({ type: 'shadownet' as never });
      await connectOwnWallet(bobPage, bob!, '/');
      const wrongNetwork = bobPage.getByTestId('signin-error');
      await wrongNetwork.waitFor({ timeout: 60_000 });
      expect(await wrongNetwork.innerText()).toBe(
        `Your wallet is on Shadownet, but this app plays on the devnet (RPC ${app!.chain.devnet.rpcUrl}): switch your wallet to that network, then sign in again.`,
      );
      expect(await sessionOf(bobPage)).toBeNull();
      await bobPage.screenshot({ path: path.join(RESULTS, 'wallet-wrong-network.png'), fullPage: true });

      // Switched to the devnet, he signs in again: Beacon asks his wallet (still paired) for permission again, and it
      // grants it and signs the message.
      bob!.answerAsNetwork(null);
      await connectOwnWallet(bobPage, bob!, '/', false);
      await bobPage.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
      expect(await sessionOf(bobPage)).toBe(bobKey.address);
      expect(bob!.handled.map((h) => `${h.type} ${h.outcome}`)).toEqual([
        'permission_request answered',
        'permission_request answered',
        'sign_payload_request answered',
      ]);

      // Alice signs in with hers and creates a game of two people on Tezos, one lap.
      const alicePage = await personPage();
      await connectOwnWallet(alicePage, alice!, '/new/pole');
      await alicePage.waitForURL((url) => url.pathname === '/new/pole', { timeout: 60_000 });
      expect(await sessionOf(alicePage)).toBe(aliceKey.address);
      expect(alice!.handled.map((h) => `${h.type} ${h.outcome}`)).toEqual([
        'permission_request answered',
        'sign_payload_request answered',
      ]);
      // The chain suite's seed: the same dice, in which both buy. The bank's allowance does not cover it: Alice pays the
      // quoted deposit from her wallet, and the game is created once the deposit is in a block.
      let deposit = '';
      const links = await createOnChainGameOfTwo(alicePage, 'e2e-chain-two-people', async () => {
        const step = alicePage.getByTestId('deposit-step');
        const pay = step.getByRole('button', { name: /^Pay [\d.]+ ꜩ and create the game$/ });
        await pay.waitFor({ timeout: 60_000 });
        deposit = (await pay.innerText()).replace(/^Pay | ꜩ and create the game$/g, '');
        await alicePage.screenshot({ path: path.join(RESULTS, 'wallet-deposit.png'), fullPage: true });
        // Right after her sign-in: the page waits for Beacon's rate (two requests in five seconds) rather than fail.
        await pay.click();
      });
      const gameId = gameIdOf(links.alice);
      const paid = alice!.handled.at(-1)!;
      expect([paid.type, paid.outcome]).toEqual(['operation_request', 'answered']);
      expect((await api<ChainInfo>(`/api/games/${gameId}/chain`)).deposit).toMatchObject({
        opHash: paid.opHash,
        source: aliceKey.address,
        status: 'used',
        amountMutez: Math.round(Number(deposit) * 1_000_000),
      });

      // Bob opens his link too (already signed in): with both seats taken, the game starts and its tokens are made.
      await bobPage.goto(links.bob);
      await bobPage.getByTestId('chain-setup').waitFor();
      // Alice claims her seat; her first approval she rejects in the wallet: the app says so, nothing is sent, and
      // the button is there to try again, which her wallet signs and injects.
      await alicePage.goto(links.alice);
      const setup = alicePage.getByTestId('chain-setup');
      await setup.getByRole('button', { name: /^Claim this seat with tz1/ }).click({ timeout: 60_000 });
      const approve = setup.getByRole('button', { name: 'Approve the bank' });
      alice!.rejectNextRequest();
      await approve.click();
      const refused = alicePage.getByRole('alert').filter({ hasText: 'aborted' });
      await refused.waitFor({ timeout: 60_000 });
      expect(await refused.innerText()).toMatch(/^join_game on KT1\w+ failed: The action was aborted by the user\.$/);
      expect((await api<ChainInfo>(`/api/games/${gameId}/chain`)).seats[0]!.approval).toBe('none');
      await alicePage.screenshot({ path: path.join(RESULTS, 'wallet-refused.png'), fullPage: true });
      await approve.click();

      // Bob claims and approves from his wallet.
      await bobPage
        .getByTestId('chain-setup')
        .getByRole('button', { name: /^Claim this seat with tz1/ })
        .click({ timeout: 60_000 });
      await bobPage.getByTestId('chain-setup').getByRole('button', { name: 'Approve the bank' }).click();
      await Promise.all([waitChainReady(alicePage), waitChainReady(bobPage)]);
      const ready = await api<ChainInfo>(`/api/games/${gameId}/chain`);
      expect(ready.seats.map((s) => [s.address, s.approval])).toEqual([
        [aliceKey.address, 'confirmed'],
        [bobKey.address, 'confirmed'],
      ]);
      // Each approval is the operation the person's wallet injected.
      expect(ready.seats[0]!.approvalOp).toBe(alice!.handled.at(-1)!.opHash);
      expect(ready.seats[1]!.approvalOp).toBe(bob!.handled.at(-1)!.opHash);

      // Both play; once one of them holds a copy, they send it to the other from their wallet.
      const people = [alicePage, bobPage];
      const wallets = [alice!, bob!];
      const keys = [aliceKey, bobKey];
      let sent: { tile: number; from: 0 | 1 } | null = null;
      // Whether the game, reading the holders again after the transfer, counted the copy as the receiver's (P13).
      let followed = false;
      for (let decisions = 0; ; decisions++) {
        expect(decisions, 'decisions before the game ended').toBeLessThan(MAX_DECISIONS);
        const states = await Promise.all(people.map((p) => tableState(p, YOUR_CHOICE)));
        if (states.includes('over')) break;
        const state = (await api<GameSnapshot>(`/api/games/${gameId}`)).view as PoleState;
        if (sent && !followed) followed = state.tiles[sent.tile]!.holders.join() === String(1 - sent.from);
        if (!sent) {
          const info = await api<ChainInfo>(`/api/games/${gameId}/chain`);
          // A copy the game gave, whose mint is confirmed: bought copies are minted in the bank's next block, and the
          // holder sends it once the toast says it is theirs.
          const minted = (tile: number) =>
            info.ops.some(
              (o) =>
                o.kind === 'step' &&
                o.status === 'confirmed' &&
                o.ops.some((c) => c.kind === 'mint' && c.tile === tile),
            );
          const held = info.pieces.find(
            (p) => p.tokenId !== null && state.tiles[p.tile]!.holders.length === 1 && minted(p.tile),
          );
          if (held) {
            const from = state.tiles[held.tile]!.holders[0] as 0 | 1;
            sent = { tile: held.tile, from };
            await sendCopy(
              people[from]!,
              wallets[from]!,
              held.tokenId!,
              keys[1 - from]!.address,
              links[from === 0 ? 'alice' : 'bob'],
            );
            continue;
          }
        }
        const turn = states.indexOf('decide');
        if (turn < 0) {
          await Promise.race(people.map((p) => nextTableState(p, YOUR_CHOICE)));
          continue;
        }
        await takeFirstChoice(people[turn]!);
      }
      for (const p of people) await p.getByTestId('outcome-banner').waitFor();
      expect(sent, 'a copy was held and sent during the game').not.toBeNull();
      if (!followed)
        followed =
          ((await api<GameSnapshot>(`/api/games/${gameId}`)).view as PoleState).tiles[sent!.tile]!.holders.join() ===
          String(1 - sent!.from);
      expect(followed, 'the game counted the copy sent as the receiver’s').toBe(true);
      // The game closed; what it did not spend of Alice's deposit went back to her wallet.
      await expect
        .poll(async () => (await api<ChainInfo>(`/api/games/${gameId}/chain`)).deposit?.status, { timeout: 60_000 })
        .toBe('refunded');
      const ended = await api<ChainInfo>(`/api/games/${gameId}/chain`);
      expect(ended.deposit!.refundMutez).toBe(ended.deposit!.amountMutez - ended.spentMutez - REFUND_FEE_MUTEZ);
      await alicePage.reload();
      await alicePage.getByTestId('deposit-refunded').waitFor({ timeout: 60_000 });
      await alicePage.screenshot({ path: path.join(RESULTS, 'wallet-game-end.png'), fullPage: true });
      // Beacon's WalletConnect transport tries its public relay, which this machine cannot reach.
      app!.pages.expectNoErrors([/relay\.walletconnect\.(org|com)/, /Failed to load resource/]);
      console.info(`wallet e2e: ${Math.round((Date.now() - started) / 1000)} s after set-up`);
    },
  );
});

/**
 * On the token's page, `page`'s person sends one copy to `to` from their wallet — first with the wallet gone away
 * (the app says it did not answer, and the copy stays), then with it back — and returns to the game at `gameLink`.
 */
async function sendCopy(page: Page, wallet: TestWallet, tokenId: string, to: string, gameLink: string): Promise<void> {
  await page.goto(`${app!.baseUrl}/token/${app!.contract}/${tokenId}`);
  const form = page.getByTestId('send-copy');
  await form.getByRole('textbox').fill(to);

  // The wallet app was closed mid-game: no acknowledgement comes, and after the app's wait it says so.
  await wallet.goAway();
  await form.getByRole('button', { name: 'Send a copy' }).click();
  const away = form.getByRole('alert');
  await away.waitFor({ timeout: (WALLET_TIMEOUT_S + 60) * 1000 });
  expect(await away.innerText()).toBe(
    'transfer on ' +
      app!.contract +
      ' failed: The wallet did not answer the request. Reset the connection and pair the wallet again.',
  );
  await page.screenshot({ path: path.join(RESULTS, 'wallet-gone.png'), fullPage: true });
  await closeBeaconDialogs(page);

  // Reopened, the wallet first dismisses what waited for it; sent again, the copy goes.
  await wallet.comeBack({ rejectWaiting: true });
  const before = wallet.handled.length;
  await form.getByRole('textbox').fill(to);
  await form.getByRole('button', { name: 'Send a copy' }).click();
  await form.getByTestId('send-copy-sent').waitFor({ timeout: 60_000 });
  const answered = wallet.handled.slice(before).find((h) => h.type === 'operation_request' && h.outcome === 'answered');
  expect(answered?.opHash).toBeDefined();
  expect(await form.getByTestId('send-copy-sent').innerText()).toContain(answered!.opHash!);
  await page.goto(gameLink);
  await page.getByTestId('play').waitFor();
}

/** Beacon's own dialogs (e.g. "channel closed" after an unanswered request) cover the page until closed. */
async function closeBeaconDialogs(page: Page): Promise<void> {
  const close = page.locator('beacon-alert').locator('.alert-button-icon, [class*="close"]').first();
  if (await close.isVisible().catch(() => false)) await close.click().catch(() => undefined);
}
