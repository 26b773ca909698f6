/**
 * Playing on the game server end to end: the real app (next build + next start, a private PGlite directory) in
 * Debian's chromium. Hot-seat games of every game created and played to the end through the UI and checked against
 * the engine's replay of their records; an online game of Gotopoly with two people in two browser contexts (live
 * updates over SSE, sealed bids kept from the other uncle); the replay viewer on a finished game and an imported file.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { games, replay, stateHash, type GameId, type GameRecord, type Outcome } from '../../engine';
import type { GotopolyView } from '../../engine/gotopoly';
import type { GameSnapshot } from '../../server/protocol';
import { GAMES } from '../../ui/lib/game-catalog';
import { viewOf } from '../../ui/replay/record-file';
import { RESULTS } from './app-server';
import { browserSuite } from './browser-pages';
import { getJson } from './game-api';
import { createAndInvite, fillNewGameForm, startGame } from './new-game-form';
import { gameIdOf, nextTableState, seqOf, tableState, waitForSeq } from './play-page';

/** Safety net against a game that never ends (a bug); real games need well under half of it. */
const MAX_DECISIONS = 600;
const SEATS = 3;

const suite = browserSuite();
/** The finished hot-seat games, by game. */
const finished = new Map<GameId, string>();

const api = <T>(pathname: string): Promise<T> => getJson<T>(suite.baseUrl, pathname);
const newPage = (): Promise<Page> => suite.pages.newPage();

/** The first of the candidates that is on the page and enabled. */
async function firstEnabled(candidates: readonly Locator[]): Promise<Locator | null> {
  for (const c of candidates) {
    const first = c.first();
    if ((await first.count()) > 0 && (await first.isEnabled())) return first;
  }
  return null;
}

/**
 * Takes the decision the table offers (it must offer one): Pole — the first choice (roll, buy, flip); Gotopoly —
 * submit the sealed-bid form as it is (no bids), end build/trade, else the first choice; Ten — stop after the first
 * card, the lowest bid, the table's default payment, buy the preselected market card when the default payment can.
 */
async function decide(page: Page, game: GameId): Promise<string> {
  const d = page.getByTestId('decision');
  const candidates: Locator[] =
    game === 'pole'
      ? [d.getByRole('group', { name: 'Your choices' }).getByRole('button')]
      : game === 'gotopoly'
        ? [
            d.getByRole('form', { name: 'Sealed bids' }).getByRole('button', { name: /^Submit/ }),
            d.getByRole('button', { name: 'Done building and trading' }),
            d.getByLabel('Your choices').getByRole('button'),
          ]
        : [
            d.getByRole('button', { name: /^Take the \d+ number cards?/ }),
            d.getByRole('button', { name: 'Draw a card' }),
            d.getByRole('button', { name: /^Take the currency/ }),
            d.getByRole('button', { name: /^Bid \d+$/ }),
            d.getByRole('button', { name: 'Pass' }),
            d.getByRole('button', { name: /^Pay \d+$/ }),
            d.getByRole('form', { name: 'Payment' }).getByRole('button', { name: /^Buy / }),
            d.getByRole('button', { name: /^Buy nothing/ }),
          ];
  const choice = await firstEnabled(candidates);
  if (!choice) throw new Error(`no known control for ${game}: ${await d.innerText()}`);
  const label = (await choice.innerText()).trim();
  await choice.click();
  return label;
}

/** Acts once for the page's seat and waits until the table shows the state the action produced. */
async function actAndWait(page: Page, game: GameId): Promise<{ label: string; seq: number }> {
  const before = await seqOf(page);
  const label = await decide(page, game);
  await waitForSeq(page, before + 1);
  return { label, seq: await seqOf(page) };
}

/**
 * Waits until no bot has a decision pending and the page shows the game as it then stands. Bots act at once (bot pace
 * 0), but one may share a decision with the person (sealed bids, a Ten auction) and land a moment after the page
 * read the game: the person's move would then be refused as stale (409) and the page would ask for it again.
 */
async function botsHaveActed(page: Page, id: string): Promise<void> {
  await expect
    .poll(async () => {
      const snap = await api<GameSnapshot>(`/api/games/${id}`);
      return snap.pending.some((d) => snap.seats[d.seat]?.kind !== 'human') ? null : snap.seq;
    })
    .not.toBeNull();
  await waitForSeq(page, (await api<GameSnapshot>(`/api/games/${id}`)).seq);
}

/** The new-game form of `game`, reached from the home page's link: SEATS seats, bots at pace 0. */
async function openNewGameForm(page: Page, game: GameId): Promise<void> {
  await page.goto(`${suite.baseUrl}/`);
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: GAMES[game].name, exact: true }) })
    .getByRole('link', { name: 'New game' })
    .click();
  await page.getByRole('heading', { level: 1, name: `New game of ${GAMES[game].name}` }).waitFor();
  await fillNewGameForm(page, { seats: SEATS });
}

/** The record replayed by the engine must be the game the server holds, and the page must show its outcome. */
async function checkFinished(page: Page, game: GameId, id: string): Promise<void> {
  const record = await api<GameRecord>(`/api/games/${encodeURIComponent(id)}/record`);
  const snapshot = await api<GameSnapshot>(`/api/games/${encodeURIComponent(id)}`);
  expect(record.game).toBe(game);
  const replayed = replay(record);
  const outcome = games[game].outcome(replayed.state) as Outcome | null;
  expect(outcome).not.toBeNull();
  expect(games[game].pending(replayed.state)).toEqual([]);
  expect(snapshot.seq).toBe(record.actions.length);
  expect(snapshot.outcome).not.toBeNull();
  expect(snapshot.outcome).toEqual(JSON.parse(JSON.stringify(outcome)));
  expect(snapshot.view).toEqual(JSON.parse(JSON.stringify(viewOf(game, replayed.state, null))));
  expect(await seqOf(page)).toBe(record.actions.length);

  // The winners, by name, in the banner and in the game's own standings.
  const names = snapshot.seats.map((s) => s.name);
  const banner = await page.getByTestId('outcome-banner').innerText();
  for (const w of outcome!.winners) expect(banner).toContain(names[w]);
  if (game === 'pole') {
    const winners = await page.getByTestId('winners').innerText();
    for (const w of outcome!.winners) expect(winners).toContain(names[w]);
    const rows = await page.getByTestId('valuation-row').evaluateAll((els) =>
      els.map((el) => ({
        seat: Number(el.getAttribute('data-seat')),
        rank: Number(el.getAttribute('data-rank')),
        total: Number(el.getAttribute('data-total')),
      })),
    );
    expect(rows).toEqual(outcome!.standings.map((s) => ({ seat: s.seat, rank: s.rank, total: s.score })));
  } else {
    const standings = page.getByTestId('outcome');
    const text = await standings.innerText();
    for (const w of outcome!.winners) expect(text).toContain(names[w]);
    expect(await standings.locator('tbody tr').count()).toBe(names.length);
    expect(await standings.locator('tbody tr[data-winner="true"]').count()).toBeGreaterThanOrEqual(
      outcome!.winners.length,
    );
  }
}

/** Whether `target` lies wholly within the viewport as the page stands, with no scrolling. */
async function wholyInView(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const view = page.viewportSize();
  return (
    box !== null &&
    view !== null &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= view.height &&
    box.x + box.width <= view.width
  );
}

describe('Playing on the game server', () => {
  for (const game of ['pole', 'gotopoly', 'ten'] as const) {
    it(
      `plays a hot-seat game of ${GAMES[game].name} to the end: one person and bots`,
      { timeout: 150_000 },
      async () => {
        const page = await newPage();
        await openNewGameForm(page, game);
        // Seat 1 is a person, the others normal bots; options untouched but Tezos Pole's laps: two rather than five
        // make the same kinds of turns, purchases and debts to the same appraisal in less than half the time.
        expect(await page.getByLabel('Who plays seat 1').inputValue()).toBe('human');
        for (let seat = 2; seat <= SEATS; seat++)
          expect(await page.getByLabel(`Who plays seat ${seat}`).inputValue()).toBe('normal');
        // A seat is a person's or a bot's of one of three levels.
        expect(await page.getByLabel('Who plays seat 2').locator('option').allInnerTexts()).toEqual([
          'Person',
          'Bot · easy',
          'Bot · normal',
          'Bot · strong',
        ]);
        if (game === 'pole') {
          await page.locator('summary', { hasText: 'Tezos Pole options' }).click();
          await page.getByLabel(/^Laps to finish/).fill('2');
        }
        const id = await startGame(page);
        await page.getByTestId('play').waitFor();
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(GAMES[game].name);

        let decisions = 0;
        const labels = new Set<string>();
        for (;;) {
          const state = await nextTableState(page);
          if (state === 'over') break;
          if (state === 'handoff') {
            await page.getByTestId('handoff').getByRole('button').click();
            continue;
          }
          await botsHaveActed(page, id);
          if ((await nextTableState(page)) !== 'decide') continue;
          const { label } = await actAndWait(page, game);
          labels.add(label.replace(/\d[\d,]*/g, 'N').split('\n')[0]!);
          decisions++;
          if (decisions === 12)
            await page.screenshot({ path: path.join(RESULTS, `play-${game}-mid.png`), fullPage: true });
          expect(decisions, 'decisions before the game ended').toBeLessThan(MAX_DECISIONS);
        }
        expect(decisions).toBeGreaterThan(0);
        await page.getByTestId('outcome-banner').waitFor();
        await checkFinished(page, game, id);
        await page.screenshot({ path: path.join(RESULTS, `play-${game}-end.png`), fullPage: true });
        finished.set(game, id);
        suite.pages.expectNoErrors();
        console.info(`${game}: ${decisions} decisions through the UI (${[...labels].sort().join(' | ')})`);
      },
    );
  }

  it(
    'asks the next uncle to take the device before a sealed bid in a hot-seat game of two people',
    { timeout: 60_000 },
    async () => {
      const page = await newPage();
      await openNewGameForm(page, 'gotopoly');
      await page.getByLabel('Who plays seat 2').selectOption('human');
      const id = await startGame(page);
      // The opening auction: Ada's sealed bids first (the device starts with the first person).
      await page.getByRole('form', { name: 'Sealed bids' }).waitFor();
      await expect.poll(() => page.getByText('Seat 1 · Ada').count()).toBe(1);
      await botsHaveActed(page, id);
      // The sealed bids' Submit is on screen as the table opens, on a laptop and on a phone: no scrolling to find it.
      for (const size of [
        { width: 1366, height: 768 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(size);
        await page.reload();
        const submit = page.getByRole('form', { name: 'Sealed bids' }).getByRole('button', { name: /^Submit/ });
        await submit.waitFor();
        expect(await wholyInView(page, submit), `Submit in view at ${size.width}×${size.height}`).toBe(true);
      }
      await page.setViewportSize({ width: 1440, height: 1000 });
      await page.reload();
      await page.getByRole('form', { name: 'Sealed bids' }).waitFor();
      await page.getByRole('form', { name: 'Sealed bids' }).getByRole('spinbutton').first().fill('1237');
      const before = await seqOf(page);
      await page.getByRole('form', { name: 'Sealed bids' }).getByRole('button', { name: 'Submit sealed bids' }).click();
      await waitForSeq(page, before + 1);
      // Bao's turn to bid: a hand-off screen first, with no table (and no bid of Ada's) behind it.
      await page.getByTestId('handoff').getByRole('heading', { name: 'Pass the device to Bao' }).waitFor();
      expect(await page.getByTestId('play-table').count()).toBe(0);
      expect(await page.locator('body').innerText()).not.toContain('1,237');
      await page.screenshot({ path: path.join(RESULTS, 'play-gotopoly-handoff.png'), fullPage: true });
      await page.getByRole('button', { name: 'I am Bao: show my table' }).click();
      await page.getByRole('form', { name: 'Sealed bids' }).waitFor();
      await expect.poll(() => page.getByText('Seat 2 · Bao').count()).toBe(1);
      expect(await page.locator('body').innerText()).not.toContain('1,237');
      const host = await api<{ view: GotopolyView }>(`/api/games/${id}`);
      expect(host.view.stage.kind === 'auction' && host.view.stage.bids[0]).toBeNull();
      await actAndWait(page, 'gotopoly');
      // Once every bid is in, the auction is resolved and the bids are public.
      await expect
        .poll(async () => (await api<{ view: GotopolyView }>(`/api/games/${id}`)).view.stage.kind)
        .not.toBe('auction');
      suite.pages.expectNoErrors();
    },
  );

  it(
    'plays an online game of Gotopoly: two people in two browsers, a bot, sealed bids kept apart',
    { timeout: 120_000 },
    async () => {
      const host = await newPage();
      await openNewGameForm(host, 'gotopoly');
      await host.getByLabel('Who plays seat 2').selectOption('human');
      await host.getByRole('radio', { name: 'Online' }).check();
      await host.getByRole('checkbox', { name: 'Turn timer' }).uncheck(); // no clock in the test
      const links = await createAndInvite(host, 'Gotopoly', ['Ada', 'Bao']);
      expect(await host.getByRole('link', { name: 'This is me — open' }).count()).toBe(2);

      // Each person in their own browser context, on their own seat.
      const people = await Promise.all(
        links.map(async (link, seat) => {
          const page = await newPage();
          await page.goto(link);
          await page.getByTestId('play').waitFor();
          // The bar names the seat; until both have come, so does the waiting room's list (it starts by itself).
          await page
            .getByText(`Seat ${seat + 1} · ${['Ada', 'Bao'][seat]}`)
            .first()
            .waitFor();
          await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
          // The link's token rides in its fragment; the page itself no longer shows it.
          const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
          return { page, seat, token, actions: 0 };
        }),
      );
      const id = gameIdOf(people[0]!.page.url());
      expect(gameIdOf(people[1]!.page.url())).toBe(id);
      for (const p of people) expect(await p.page.getByRole('group', { name: /Hot-seat/ }).count()).toBe(0);

      // A person's link holds only their seat.
      const forged = await fetch(`${suite.baseUrl}/api/games/${id}/actions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: people[0]!.token, seat: 1, seq: 0, action: { type: 'bid', bids: [] } }),
      });
      expect(forged.status).toBe(403);

      const snapshotFor = (token: string | null, seat: number | null) =>
        api<GameSnapshot>(`/api/games/${id}${token ? `?token=${encodeURIComponent(token)}&seat=${seat}` : ''}`);

      // The opening auction: both uncles bid at once. Ada bids £1,237 on the first property of the lot.
      const [ada, bao] = people as [(typeof people)[0], (typeof people)[0]];
      for (const p of people) await p.page.getByRole('form', { name: 'Sealed bids' }).waitFor();
      await botsHaveActed(ada.page, id);
      const adaSeq = await seqOf(ada.page);
      await ada.page.getByRole('form', { name: 'Sealed bids' }).getByRole('spinbutton').first().fill('1237');
      await ada.page
        .getByRole('form', { name: 'Sealed bids' })
        .getByRole('button', { name: 'Submit sealed bids' })
        .click();
      await waitForSeq(ada.page, adaSeq + 1);
      ada.actions++;
      // Bao's table hears of it over the event stream, without a reload, and learns only that Ada has bid.
      await waitForSeq(bao.page, await seqOf(ada.page));
      expect(await bao.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await expect
        .poll(() => bao.page.getByTestId('action-log').innerText())
        .toContain('Ada’s uncle placed sealed bids');
      const baoText = await bao.page.locator('body').innerText();
      expect(baoText).not.toContain('1,237');
      expect(baoText).not.toContain('1237');
      const seenByBao = (await snapshotFor(bao.token, bao.seat)).view as GotopolyView;
      const seenByAda = (await snapshotFor(ada.token, ada.seat)).view as GotopolyView;
      const seenBySpectator = (await snapshotFor(null, null)).view as GotopolyView;
      expect(seenByBao.stage.kind).toBe('auction');
      if (
        seenByBao.stage.kind !== 'auction' ||
        seenByAda.stage.kind !== 'auction' ||
        seenBySpectator.stage.kind !== 'auction'
      )
        throw new Error('auction');
      expect(seenByBao.stage.submitted[ada.seat]).toBe(true);
      expect(seenByBao.stage.bids[ada.seat]).toBeNull();
      expect(seenBySpectator.stage.bids[ada.seat]).toBeNull();
      expect(seenByAda.stage.bids[ada.seat]?.[0]).toBe(1237);
      await bao.page.screenshot({ path: path.join(RESULTS, 'play-online-bao-auction.png'), fullPage: true });

      // Then each acts on their own seat only, in turn, and the other table follows live.
      const gotopolySealed = async (watcher: (typeof people)[0], bidder: (typeof people)[0]) => {
        const view = (await snapshotFor(watcher.token, watcher.seat)).view as GotopolyView;
        if (view.stage.kind === 'auction' && view.stage.submitted[bidder.seat])
          expect(view.stage.bids[bidder.seat]).toBeNull();
      };
      let rounds = 0;
      while (ada.actions < 5 || bao.actions < 5) {
        expect(rounds++, 'rounds of the online game').toBeLessThan(200);
        let acted = false;
        for (const [me, other] of [
          [ada, bao],
          [bao, ada],
        ] as const) {
          const state = await tableState(me.page);
          expect(state).not.toBe('handoff');
          if (state === 'over') throw new Error('the online game ended before each person played a few turns');
          if (state !== 'decide') continue;
          const { seq } = await actAndWait(me.page, 'gotopoly');
          me.actions++;
          acted = true;
          await waitForSeq(other.page, seq);
          await gotopolySealed(other, me);
        }
        if (!acted) {
          // Neither may act yet (bots are quick, but the stream may still be on its way): wait for either table.
          await Promise.race(people.map((p) => nextTableState(p.page).catch(() => 'wait')));
        }
      }
      for (const p of people) {
        expect(await p.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
        expect(await seqOf(p.page)).toBeGreaterThan(0);
      }
      await ada.page.screenshot({ path: path.join(RESULTS, 'play-online-ada.png'), fullPage: true });
      await bao.page.screenshot({ path: path.join(RESULTS, 'play-online-bao.png'), fullPage: true });
      suite.pages.expectNoErrors();
    },
  );

  it(
    'replays a finished game to its end and an imported record file, with the engine’s state hash',
    { timeout: 60_000 },
    async () => {
      const page = await newPage();
      const id = finished.get('ten') ?? finished.get('gotopoly') ?? finished.get('pole');
      expect(id, 'a finished game from the hot-seat tests').toBeDefined();
      const record = await api<GameRecord>(`/api/games/${encodeURIComponent(id!)}/record`);
      const length = record.actions.length;

      await page.goto(`${suite.baseUrl}/replay?game=${encodeURIComponent(id!)}`);
      await expect.poll(() => page.getByTestId('replay-position').innerText()).toBe(`0 / ${length}`);
      expect(await page.getByTestId('state-hash').innerText()).toBe(
        stateHash(replay({ ...record, actions: [] }).state),
      );
      await page.getByRole('button', { name: 'Forward' }).click();
      await expect.poll(() => page.getByTestId('replay-position').innerText()).toBe(`1 / ${length}`);
      await page.getByRole('button', { name: 'To the end' }).click();
      await expect.poll(() => page.getByTestId('replay-position').innerText()).toBe(`${length} / ${length}`);
      expect(await page.getByTestId('state-hash').innerText()).toBe(stateHash(replay(record).state));
      await page.getByTestId('outcome').or(page.getByTestId('valuation')).first().waitFor();
      await page.screenshot({ path: path.join(RESULTS, 'replay-game.png'), fullPage: true });

      // Another finished game's record, imported as a file.
      const otherId = finished.get('pole') ?? id!;
      const other = await api<GameRecord>(`/api/games/${encodeURIComponent(otherId)}/record`);
      const file = path.join(RESULTS, `record-${other.game}.json`);
      writeFileSync(file, JSON.stringify(other, null, 2));
      await page.goto(`${suite.baseUrl}/replay`);
      await page.getByLabel('Open a record file (JSON)').setInputFiles(file);
      await expect.poll(() => page.getByTestId('replay-position').innerText()).toBe(`0 / ${other.actions.length}`);
      await expect
        .poll(() => page.getByRole('heading', { level: 2, name: new RegExp(GAMES[other.game].name) }).count())
        .toBeGreaterThan(0);
      await page.getByRole('button', { name: 'To the end' }).click();
      await expect
        .poll(() => page.getByTestId('replay-position').innerText())
        .toBe(`${other.actions.length} / ${other.actions.length}`);
      expect(await page.getByTestId('state-hash').innerText()).toBe(stateHash(replay(other).state));
      await page.screenshot({ path: path.join(RESULTS, 'replay-file.png'), fullPage: true });
      suite.pages.expectNoErrors();
    },
  );
});
