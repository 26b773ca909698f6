/**
 * Accessibility: an axe-core scan of the pages people land on reports no serious or critical violation,
 * every board tile has a name that says what it is (title, price, owner), and each game's decision can be reached
 * and taken with the keyboard alone.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../devnet/node';
import { mintArtistToken, signIn, startChainApp, type ChainApp } from './chain-app';
import { createGame, gameRequest, snapshotOf as snapshotAt } from './game-api';
import { startHotSeatGame } from './new-game-form';
import { gameIdOf, seqOf, waitForSeq } from './play-page';

const GAMES = { pole: 'Tezos Pole', gotopoly: 'Gotopoly', ten: 'Ten' } as const;
type GameId = keyof typeof GAMES;

/** A collector with a token in her wallet, so her collection page and the token's page have something to show. */
const collector = bootstrapAccount(2);
let token = '';

let app: ChainApp | null = null;

beforeAll(async () => {
  app = await startChainApp(async (chain) => {
    token = await mintArtistToken(chain, collector.address, 'a11y-e2e');
  });
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

/** The serious and critical violations axe finds on the page as it is now, one line each (rule, target, help). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `${v.id} (${v.impact}) ${n.target.join(' ')}: ${v.help}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
        ),
    );
}

/** A hot-seat game of three (a person in seat 1, two bots) started from the new-game form, left at its first decision. */
const startGame = (page: Page, game: GameId): Promise<string> => startHotSeatGame(page, app!.baseUrl, game);

/** The game the play page shows, as the server holds it. */
const snapshotOf = (page: Page) => snapshotAt(app!.baseUrl, gameIdOf(page.url()));

/** Takes the decision with its plain default (the first choice, the bids as they are, done building) and waits for it. */
async function takeDecision(page: Page): Promise<void> {
  const d = page.getByTestId('decision');
  const candidates = [
    d.getByRole('form', { name: 'Sealed bids' }).getByRole('button', { name: /^Submit/ }),
    d.getByRole('button', { name: 'Done building and trading' }),
    d.getByLabel('Your choices').getByRole('button'),
  ];
  const before = await seqOf(page);
  for (const c of candidates) {
    const first = c.first();
    if ((await first.count()) > 0 && (await first.isEnabled())) {
      await first.click();
      await waitForSeq(page, before + 1);
      await page.locator('[data-testid="decision"] button:not([disabled])').first().waitFor();
      return;
    }
  }
  throw new Error(`no decision to take: ${await d.innerText()}`);
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The tiles of a board: the items of its ring, a list named after the board. */
const tilesOf = (page: Page, game: 'pole' | 'gotopoly'): Locator =>
  page
    .getByTestId(game === 'pole' ? 'board' : 'gotopoly-board')
    .getByRole('list', { name: /board, \d+ (tiles|spaces)/ })
    .getByRole('listitem');

/** The controls that take each game's first decisions (not the helpers beside them: quick bids, one more token…). */
const TAKES_DECISION: Record<GameId, RegExp> = {
  pole: /^(Roll the die|Buy |Pass$)/,
  gotopoly: /^(Submit|Done building and trading|Move \d)/,
  ten: /^(Draw a card|Take the|Bid \d|Pass$|Pay \d|Buy )/,
};

describe('Accessibility', () => {
  it(
    'home, the new-game forms, sign-in, collections, a token, replay, watch and studio have no serious or critical axe violation',
    { timeout: 150_000 },
    async () => {
      const page = await app!.pages.newPage();
      const found: Record<string, string[]> = {};
      const pathnames = [
        '/',
        '/new/pole',
        '/new/gotopoly',
        '/new/ten',
        '/games',
        '/signin',
        '/collection',
        `/collection/${collector.address}`,
        `/token/${app!.contract}/${token}`,
        '/replay',
        '/watch',
      ];
      for (const pathname of pathnames) {
        await page.goto(`${app!.baseUrl}${pathname}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        if (pathname.startsWith('/collection/')) await page.getByText('Tide Study').first().waitFor();
        found[pathname] = await seriousViolations(page);
      }
      await signIn(page, app!.baseUrl, collector.alias, '/studio');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      found['/studio (signed in)'] = await seriousViolations(page);
      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
    },
  );

  for (const game of Object.keys(GAMES) as GameId[]) {
    it(
      `${GAMES[game]}: the play page has no serious violation and the decision is taken with the keyboard`,
      { timeout: 90_000 },
      async () => {
        const page = await app!.pages.newPage();
        await startGame(page, game);
        expect(await seriousViolations(page)).toEqual([]);

        // Tab from the top of the page until the focus is on a control that takes the decision, then take it with
        // Enter. Gotopoly's sealed bids are typed on the way (the first property's field), as a player would.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        let reached = '';
        let typedBid = false;
        for (let presses = 0; presses < 150 && !reached; presses++) {
          await page.keyboard.press('Tab');
          const focused = await page.evaluate(() => {
            const active = document.activeElement;
            if (!(active instanceof HTMLElement) || !active.closest('[data-testid="decision"]')) return null;
            return {
              tag: active.tagName,
              type: active.getAttribute('type'),
              disabled: active instanceof HTMLButtonElement && active.disabled,
              text: active.innerText.trim(),
            };
          });
          if (!focused) continue;
          if (game === 'gotopoly' && focused.tag === 'INPUT' && focused.type === 'number' && !typedBid) {
            await page.keyboard.type('10');
            typedBid = true;
          }
          if (focused.tag === 'BUTTON' && !focused.disabled && TAKES_DECISION[game].test(focused.text))
            reached = focused.text;
        }
        expect(reached, 'a control that takes the decision, reached with Tab').not.toBe('');
        if (game === 'gotopoly' && typedBid) expect(reached).toBe('Submit sealed bids');
        const before = await seqOf(page);
        await page.keyboard.press('Enter');
        await waitForSeq(page, before + 1);
      },
    );
  }

  it(
    "a finished game's page — the outcome, the rematch offer, the log, the seed — has no serious violation",
    { timeout: 150_000 },
    async () => {
      // Two bots play each game to its end at full speed; people then look at it (as its seats and spectators do).
      const SHORT: Record<GameId, Record<string, unknown>> = {
        pole: { laps: 1 },
        gotopoly: { creditsToWin: 1, maxTerms: 2 },
        ten: {},
      };
      const page = await app!.pages.newPage();
      const found: Record<string, string[]> = {};
      for (const game of Object.keys(GAMES) as GameId[]) {
        const bots = [
          { kind: 'normal', name: 'Hope' },
          { kind: 'easy', name: 'Rand' },
        ] as const;
        const { id } = await createGame(
          app!.baseUrl,
          gameRequest(game, bots, { options: SHORT[game], seed: `a11y-over-${game}` }),
        );
        await expect
          .poll(async () => (await snapshotAt(app!.baseUrl, id)).outcome !== null, { timeout: 60_000 })
          .toBe(true);
        await page.goto(`${app!.baseUrl}/play/${id}`);
        await page.getByTestId('rematch').waitFor();
        await page.locator('#action-log-heading').waitFor();
        found[game] = await seriousViolations(page);
      }
      expect(found).toEqual({ pole: [], gotopoly: [], ten: [] });
    },
  );

  it(
    'every Tezos Pole and Gotopoly tile is named by what it is and its price, and an owned one by its owner',
    { timeout: 150_000 },
    async () => {
      const page = await app!.pages.newPage();
      for (const game of ['pole', 'gotopoly'] as const) {
        await startGame(page, game);
        const tiles = tilesOf(page, game);
        const count = await tiles.count();
        expect(count).toBeGreaterThanOrEqual(20);
        // Every tile has a name of its own; works and properties say their price.
        expect(
          await tilesOf(page, game)
            .and(page.getByRole('listitem', { name: /\S{3,}/ }))
            .count(),
        ).toBe(count);
        expect(
          await tilesOf(page, game)
            .and(page.getByRole('listitem', { name: /\d[\d,]* Tz|£\d/ }))
            .count(),
        ).toBeGreaterThanOrEqual(10);

        // Play on (the default choice each time; the bots buy and bid) until a tile is owned: its name says by whom.
        const names = (await snapshotOf(page)).seats.map((s) => s.name);
        let named = 0;
        for (let decisions = 0; decisions < 40 && named === 0; decisions++) {
          await takeDecision(page);
          if (game === 'pole') {
            for (const [seat, name] of names.entries()) {
              const held = tilesOf(page, game).filter({ has: page.locator(`[data-holder-seat="${seat}"]`) });
              if ((await held.count()) === 0) continue;
              expect(
                await held
                  .and(page.getByRole('listitem', { name: new RegExp(`(owned|held) by (.* )?${escape(name)}`) }))
                  .count(),
              ).toBe(await held.count());
              named++;
            }
          } else {
            for (const [seat, name] of names.entries()) {
              const owned = await page
                .getByRole('group', { name: `${name}’s uncle` })
                .getByRole('listitem')
                .allInnerTexts();
              for (const property of owned.map((p) => p.split(' · ')[0]!.trim())) {
                const tile = tilesOf(page, game).and(
                  page.getByRole('listitem', {
                    name: new RegExp(`^${escape(property)},.*owned by ${escape(name)}’s uncle`),
                  }),
                );
                expect(await tile.count(), `${property}, owned by seat ${seat}`).toBe(1);
                named++;
              }
            }
          }
        }
        expect(named, `${GAMES[game]}: owned tiles named by their owner`).toBeGreaterThan(0);
        // The table later in the game (owners' marks, a longer log) is as clean as at its start.
        expect(await seriousViolations(page)).toEqual([]);
      }
    },
  );
});
