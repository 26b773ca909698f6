/**
 * Provably fair games (FAIRNESS.md) as a person meets them, on the real app (next build + next start, a
 * private PGlite directory) in Debian's chromium. Ada plays a fair online Tezos Pole game from her invite link: the
 * page says "Provably fair" with the seed's commitment (never the seed), her browser registers one hash chain and
 * gives its next link with each click, and the server's chain is hers; a reload goes on with the same chain. Bea
 * never opens her link: her seat has no chain, and the game goes on. A hot-seat game and a typed seed say "Plain
 * seed". The finished game's record is "Verified" in the replay viewer; a copy with a forged roll is caught, named,
 * and "Go to position" shows the action; a copy with a changed link opens as far as it replays, the link named. The
 * seed facts fit a phone's width.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chainStep, HashChain, type GameRecord } from '../../engine';
import { openRecord } from '../../ui/replay/record-file';
import { RESULTS } from './app-server';
import { browserSuite } from './browser-pages';
import { actFirstLegal, createGame, gameRequest, getJson, snapshotOf as snapshotAt, type Invite } from './game-api';
import { takeFirstChoice, waitForSeq } from './play-page';

const suite = browserSuite();

const snapshotOf = (id: string) => snapshotAt(suite.baseUrl, id);
/** Through the API the seat's action carries no link: only Ada's clicks on her page give one. */
const actWithoutLink = (id: string, invite: Invite) => actFirstLegal(suite.baseUrl, id, invite);

/** Waits (bounded) until the game moves past `seq`: the bot's move, or a seat's that came in meanwhile. */
const movedPast = (id: string, seq: number) =>
  expect.poll(async () => (await snapshotOf(id)).seq, { timeout: 30_000, interval: 20 }).toBeGreaterThan(seq);
const linksGiven = (page: Page) => page.getByTestId('links-given').innerText();

/** What Ada's browser sends: every accepted action's link (null: none) and every chain registration, in order. */
interface Traffic {
  readonly links: (string | null)[];
  readonly registrations: string[];
}

function watchTraffic(page: Page, id: string): Traffic {
  const traffic: Traffic = { links: [], registrations: [] };
  const base = `/api/games/${encodeURIComponent(id)}`;
  page.on('response', (res: Response) => {
    const req = res.request();
    if (req.method() !== 'POST' || res.status() !== 200) return;
    const { pathname } = new URL(req.url());
    const body = req.postDataJSON() as { contribution?: string; head?: string };
    if (pathname === `${base}/actions`) traffic.links.push(body.contribution ?? null);
    if (pathname === `${base}/links`) traffic.registrations.push(body.head ?? '');
  });
  return traffic;
}

/** This browser's stored chain for the seat, as fair-chain.ts keeps it in localStorage. */
async function storedChain(
  page: Page,
  id: string,
  seat: number,
): Promise<{ secret: string; used: number; registered: boolean }> {
  const text = await page.evaluate((key) => window.localStorage.getItem(key), `tp-fair-chain:${id}:${seat}`);
  expect(text, 'a chain stored in the browser').not.toBeNull();
  return JSON.parse(text!) as { secret: string; used: number; registered: boolean };
}

/**
 * Plays on until Ada has clicked `clicks` more decisions on her page (Roll, then whatever the table offers): Bea's
 * seat acts through the API without links, the bot by itself. Returns the labels clicked.
 */
async function adaClicks(page: Page, id: string, ada: Invite, bea: Invite, clicks: number): Promise<string[]> {
  const labels: string[] = [];
  for (let tries = 0; labels.length < clicks && tries < 2_000; tries++) {
    const snap = await snapshotOf(id);
    expect(snap.outcome, 'the game ended before Ada made her moves').toBeNull();
    const deciders = snap.pending.map((d) => d.seat);
    if (deciders.includes(ada.seat)) {
      await page.waitForFunction(
        (seq) => {
          const play = document.querySelector('[data-testid="play"]');
          const table = document.querySelector('[data-testid="play-table"]');
          return (
            Number(play?.getAttribute('data-seq')) >= seq &&
            table?.getAttribute('aria-busy') === 'false' &&
            document.querySelector(
              '[data-testid="decision"] [role="group"][aria-label="Your choices"] button:not([disabled])',
            ) !== null
          );
        },
        snap.seq,
        { timeout: 30_000 },
      );
      labels.push(await takeFirstChoice(page));
      continue;
    }
    if (!(deciders.includes(bea.seat) && (await actWithoutLink(id, bea)))) await movedPast(id, snap.seq);
  }
  expect(labels).toHaveLength(clicks);
  return labels;
}

/** Every link follows the one before it in the chain that starts at `head` (the seat's links, in the order given). */
function expectChained(head: string, links: readonly string[]): void {
  let previous = head;
  for (const link of links) {
    expect(chainStep(link)).toBe(previous);
    previous = link;
  }
}

/** What a phone's width shows: the page scrolls sideways when something is wider than the window. */
const overflow = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));

// One fair game's story in two browsers: joined, played with links, seen on a phone, played to the end and checked.
// Each test goes on from the page the last one left, so they keep their order.
describe('a provably fair online game', { shuffle: false }, () => {
  let id = '';
  let ada: Invite;
  let bea: Invite;
  let adaPage: Page;
  let traffic: Traffic;
  let head = '';
  /** Everything Ada's page said while the game ran: the seed must be in none of it. */
  const shownDuringPlay: string[] = [];
  /** Ada's links, in the order her browser gave them. */
  const given: string[] = [];

  it(
    'Ada’s page says "Provably fair" with the commitment, registers one chain and gives a link with every click; Bea’s seat has none',
    { timeout: 180_000 },
    async () => {
      const created = await createGame(
        suite.baseUrl,
        gameRequest('pole', ['Ada', 'Bea', { kind: 'normal', name: 'Bot' }], {
          options: { laps: 1 },
          turnSeconds: null,
        }),
      );
      id = created.id;
      [ada, bea] = created.invites as [Invite, Invite];
      const opening = await snapshotOf(id);
      expect(opening.fair).toMatchObject({ scheme: 'tp-fair/1', commitment: opening.seedCommitment, chains: [] });
      expect(opening.seed).toBeNull();

      adaPage = await suite.pages.newPage();
      traffic = watchTraffic(adaPage, id);
      await adaPage.goto(`${suite.baseUrl}${ada.path}`);
      await adaPage.getByText('Seat 1 · Ada').waitFor();
      const mode = adaPage.getByTestId('seed-mode');
      expect(await mode.getAttribute('data-mode')).toBe('fair');
      expect(await mode.innerText()).toContain('Provably fair');
      expect(await adaPage.getByTestId('seed-commitment').innerText()).toBe(opening.seedCommitment);
      expect(await adaPage.getByTestId('seed-facts').innerText()).toContain('The seed is revealed when the game ends');
      // Her browser registers its chain on its own: then the page counts her links.
      await expect.poll(() => linksGiven(adaPage), { timeout: 15_000 }).toBe('0');
      shownDuringPlay.push(await adaPage.locator('body').innerText());

      const stored = await storedChain(adaPage, id, ada.seat);
      head = new HashChain(stored.secret).head;
      expect(stored.registered).toBe(true);
      expect(traffic.registrations).toEqual([head]);

      for (let n = 1; n <= 3; n++) {
        await adaClicks(adaPage, id, ada, bea, 1);
        await expect.poll(() => linksGiven(adaPage)).toBe(String(n));
      }
      shownDuringPlay.push(await adaPage.locator('body').innerText());

      // Every click went with a link, each the next one of the chain her browser holds.
      expect(traffic.links).toHaveLength(3);
      expect(traffic.links.every((l) => l !== null)).toBe(true);
      given.push(...(traffic.links as string[]));
      expectChained(head, given);
      expect((await storedChain(adaPage, id, ada.seat)).used).toBe(3);

      // The server holds Ada's head, with her three links; Bea, who never opened her link, has no chain.
      const snap = await snapshotOf(id);
      expect(snap.fair!.chains).toEqual([{ seat: ada.seat, head, at: expect.any(Number) as number, used: 3 }]);
      suite.pages.expectNoErrors();
    },
  );

  it(
    'a reload goes on with the same chain: no second registration, and the next action gives the next link',
    { timeout: 120_000 },
    async () => {
      await adaPage.reload();
      await adaPage.getByText('Seat 1 · Ada').waitFor();
      await expect.poll(() => linksGiven(adaPage)).toBe('3');
      expect(await adaPage.getByTestId('seed-mode').getAttribute('data-mode')).toBe('fair');

      await adaClicks(adaPage, id, ada, bea, 1);
      await expect.poll(() => linksGiven(adaPage)).toBe('4');
      shownDuringPlay.push(await adaPage.locator('body').innerText());

      expect(traffic.registrations).toEqual([head]);
      expect(traffic.links).toHaveLength(4);
      given.push(traffic.links[3]!);
      expectChained(head, given);
      const snap = await snapshotOf(id);
      expect(snap.fair!.chains).toEqual([{ seat: ada.seat, head, at: expect.any(Number) as number, used: 4 }]);
      suite.pages.expectNoErrors();
    },
  );

  it('on a phone (390×844) the seed facts of the fair game fit the width', { timeout: 60_000 }, async () => {
    await adaPage.setViewportSize({ width: 390, height: 844 });
    const facts = adaPage.getByTestId('seed-facts');
    await facts.scrollIntoViewIfNeeded();
    expect(await adaPage.getByTestId('seed-mode').getAttribute('data-mode')).toBe('fair');
    expect(await linksGiven(adaPage)).toBe('4');
    await facts.screenshot({ path: path.join(RESULTS, 'fair-seed-facts-phone.png') });
    await adaPage.screenshot({ path: path.join(RESULTS, 'fair-play-phone.png'), fullPage: true });
    const { scrollWidth, innerWidth } = await overflow(adaPage);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    const box = await facts.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(innerWidth);
    await adaPage.setViewportSize({ width: 1440, height: 1000 });
    suite.pages.expectNoErrors();
  });

  it(
    'played to the end, its record is "Verified" in the replay viewer; a forged roll and a changed link are named, and "Go to position" shows them',
    { timeout: 240_000 },
    async () => {
      // The rest through the API, for speed: Ada's and Bea's actions without links, the bot's by itself.
      for (let i = 0; i < 4_000; i++) {
        const now = await snapshotOf(id);
        if (now.outcome !== null) break;
        const acted = (await actWithoutLink(id, ada)) || (await actWithoutLink(id, bea));
        if (!acted) await movedPast(id, now.seq);
      }
      const over = await snapshotOf(id);
      expect(over.outcome).not.toBeNull();

      // The end on Ada's page: the seed, revealed beside the commitment it matches, and never shown before.
      await waitForSeq(adaPage, over.seq);
      await adaPage.getByTestId('outcome-banner').waitFor();
      expect(await adaPage.getByTestId('seed').innerText()).toBe(over.seed);
      expect(await adaPage.getByTestId('seed-facts').innerText()).toContain(
        'it matches the commitment shown during the game',
      );
      for (const text of shownDuringPlay) expect(text).not.toContain(over.seed);
      // Still a fair game, with the links Ada's browser gave (her actions through the API gave none).
      expect(await adaPage.getByTestId('seed-mode').getAttribute('data-mode')).toBe('fair');
      expect(await linksGiven(adaPage)).toBe(String(given.length));

      const record = await getJson<GameRecord>(suite.baseUrl, `/api/games/${encodeURIComponent(id)}/record`);
      expect(record.fair).toMatchObject({
        gameId: id,
        commitment: over.seedCommitment,
        chains: [{ seat: ada.seat, head }],
      });
      const linked = record.actions.filter((a) => a.contribution);
      expect(linked.map((a) => a.contribution)).toEqual(given);
      expect(linked.every((a) => a.seat === ada.seat)).toBe(true);
      expect(record.actions.some((a) => a.seat === bea.seat)).toBe(true);

      const file = path.join(RESULTS, 'fair-record.json');
      writeFileSync(file, JSON.stringify(record, null, 2));
      const viewer = await suite.pages.newPage();
      await viewer.goto(`${suite.baseUrl}/replay`);
      await viewer.getByLabel('Open a record file (JSON)').setInputFiles(file);
      const verdict = viewer.getByTestId('record-verdict');
      await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('good');
      const verified = await verdict.innerText();
      expect(verified).toContain('Verified');
      expect(verified).toContain(`(${record.actions.length} actions, ${given.length} with a link)`);
      expect(await verdict.getByRole('button').count()).toBe(0);
      await viewer.screenshot({ path: path.join(RESULTS, 'fair-replay-verified.png'), fullPage: true });

      // One roll forged, in the middle of the game: the viewer names the action, and its button goes there.
      const k = Math.floor(record.actions.length / 2);
      const forged: GameRecord = {
        ...record,
        actions: record.actions.map((a, i) =>
          i === k ? { ...a, roll: a.roll === 'ab'.repeat(32) ? 'cd'.repeat(32) : 'ab'.repeat(32) } : a,
        ),
      };
      const forgedFile = path.join(RESULTS, 'fair-record-forged-roll.json');
      writeFileSync(forgedFile, JSON.stringify(forged, null, 2));
      await viewer.getByLabel('Open a record file (JSON)').setInputFiles(forgedFile);
      await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('bad');
      const caught = await verdict.innerText();
      expect(caught).toContain(`action ${k} (seq ${k + 1}`);
      expect(caught).toContain('this roll was forged');
      expect(await viewer.getByTestId('replay-position').innerText()).toBe(`0 / ${record.actions.length}`);
      const jump = verdict.getByRole('button', { name: `Go to position ${k + 1}` });
      await jump.click();
      await expect
        .poll(() => viewer.getByTestId('replay-position').innerText())
        .toBe(`${k + 1} / ${record.actions.length}`);
      expect(await jump.isDisabled()).toBe(true);
      await viewer.screenshot({ path: path.join(RESULTS, 'fair-replay-forged.png'), fullPage: true });

      // One link changed: its roll, and so the game after it, changes, and a later action of the record no longer
      // applies. The viewer still opens the record as far as it replays, and names the link, not the later action.
      const relinked = record.actions
        .map((a, i) =>
          a.contribution
            ? {
                ...record,
                actions: record.actions.map((b, j) => (j === i ? { ...b, contribution: 'ef'.repeat(32) } : b)),
              }
            : null,
        )
        .map((copy, i) => ({ copy, i }))
        .find(({ copy }) => copy !== null && openRecord(copy).stop !== null);
      expect(relinked, 'a link whose change stops the replay').toBeDefined();
      const { copy: tampered, i: at } = relinked as { copy: GameRecord; i: number };
      const reaches = openRecord(tampered).timeline.length;
      const relinkedFile = path.join(RESULTS, 'fair-record-changed-link.json');
      writeFileSync(relinkedFile, JSON.stringify(tampered, null, 2));
      await viewer.getByLabel('Open a record file (JSON)').setInputFiles(relinkedFile);
      await expect.poll(() => viewer.getByTestId('replay-position').innerText()).toBe(`0 / ${reaches}`);
      expect(await verdict.getAttribute('data-verdict')).toBe('bad');
      const named = await verdict.innerText();
      expect(named).toContain(`action ${at} (seq ${at + 1}, seat ${ada.seat + 1})`);
      expect(named).toContain("is not the next one of the seat's chain");
      expect(await viewer.getByTestId('replay-stop').innerText()).toContain(
        `The replay stops at position ${reaches} of ${record.actions.length}: action ${reaches} `,
      );
      // No refusal in the record's panel (the page's other alert is Next's route announcer).
      expect(await viewer.getByRole('region', { name: 'Game record' }).getByRole('alert').count()).toBe(0);
      const shows = Math.min(at + 1, reaches);
      await verdict.getByRole('button', { name: `Go to position ${shows}` }).click();
      await expect.poll(() => viewer.getByTestId('replay-position').innerText()).toBe(`${shows} / ${reaches}`);
      await viewer.screenshot({ path: path.join(RESULTS, 'fair-replay-changed-link.png'), fullPage: true });
      suite.pages.expectNoErrors();
    },
  );
});

describe('games that are not provably fair', () => {
  it('a hot-seat game and an online game with a typed seed say "Plain seed"', { timeout: 60_000 }, async () => {
    const hotseat = await createGame(
      suite.baseUrl,
      gameRequest('pole', ['Ann', 'Ben'], { options: { laps: 1 }, mode: 'hotseat' }),
    );
    const typed = await createGame(
      suite.baseUrl,
      gameRequest('pole', ['Ada', 'Bea'], { options: { laps: 1 }, seed: 'fair-e2e-typed' }),
    );
    for (const [game, pathname] of [
      [hotseat, `/play/${hotseat.id}?token=${encodeURIComponent(hotseat.hostToken)}`],
      [typed, typed.invites[0]!.path],
    ] as const) {
      expect((await snapshotOf(game.id)).fair).toBeNull();
      const page = await suite.pages.open(pathname);
      await page.getByTestId('play').waitFor();
      const mode = page.getByTestId('seed-mode');
      await mode.waitFor();
      expect(await mode.getAttribute('data-mode')).toBe('plain');
      expect(await mode.innerText()).toContain('Plain seed');
      expect(await page.getByTestId('links-given').count()).toBe(0);
      await page.close();
    }
    suite.pages.expectNoErrors();
  });
});
