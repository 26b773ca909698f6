/**
 * Reading and playing the play page (`/play/:id`) as the browser suites do: the seq it shows, what its table offers
 * now, and taking a seat's first choice.
 */
import type { Page } from 'playwright-core';

/** The game id in a play page's URL. */
export function gameIdOf(url: string): string {
  const match = /\/play\/([^/?#]+)/.exec(url);
  if (!match) throw new Error(`not a play page: ${url}`);
  return decodeURIComponent(match[1]!);
}

/** The seq the table shows (every applied action adds one). */
export const seqOf = async (page: Page): Promise<number> =>
  Number(await page.getByTestId('play').getAttribute('data-seq'));

/** Waits until the table shows seq `atLeast` or later. */
export const waitForSeq = (page: Page, atLeast: number, timeout = 30_000) =>
  page.waitForFunction(
    (n) => Number(document.querySelector('[data-testid="play"]')?.getAttribute('data-seq')) >= n,
    atLeast,
    { timeout },
  );

/** A choice this seat can take: any enabled control of the decision. */
export const ANY_CHOICE = '[data-testid="decision"] button:not([disabled])';
/** A Tezos Pole choice only: an enabled button of the decision's "Your choices". */
export const YOUR_CHOICE = '[data-testid="decision"] [aria-label="Your choices"] button:not([disabled])';

/** What the table shows: the outcome, a hot-seat hand-off, a choice this seat can take, or something to wait for. */
export type TableState = 'over' | 'handoff' | 'decide' | 'wait';

/** What the table shows now, read in one go; a choice is a control matching `choice`. */
export function tableState(page: Page, choice = ANY_CHOICE): Promise<TableState> {
  return page.evaluate((choice) => {
    if (document.querySelector('[data-testid="outcome-banner"]')) return 'over';
    if (document.querySelector('[data-testid="handoff"]')) return 'handoff';
    const table = document.querySelector('[data-testid="play-table"]');
    if (!table || table.getAttribute('aria-busy') !== 'false') return 'wait';
    return document.querySelector(choice) ? 'decide' : 'wait';
  }, choice);
}

/** Waits until the table offers this seat a choice (a control matching `choice`), a hand-off, or shows the outcome. */
export async function nextTableState(page: Page, choice = ANY_CHOICE): Promise<Exclude<TableState, 'wait'>> {
  await page.waitForFunction(
    (choice) => {
      if (document.querySelector('[data-testid="outcome-banner"], [data-testid="handoff"]')) return true;
      const table = document.querySelector('[data-testid="play-table"]');
      return table?.getAttribute('aria-busy') === 'false' && document.querySelector(choice) !== null;
    },
    choice,
    { timeout: 60_000 },
  );
  return (await tableState(page, choice)) as Exclude<TableState, 'wait'>;
}

/**
 * Takes the first of the seat's choices (Tezos Pole: the roll, "Buy …" when a purchase is offered, the first tile to
 * flip) and waits until the table shows what it produced; returns the choice's label.
 */
export async function takeFirstChoice(page: Page, timeout = 60_000): Promise<string> {
  const choice = page.getByTestId('decision').getByRole('group', { name: 'Your choices' }).getByRole('button').first();
  const label = (await choice.innerText()).trim();
  const before = await seqOf(page);
  await choice.click();
  // The default bound is a chain game's: its step may wait for a block.
  await waitForSeq(page, before + 1, timeout);
  return label;
}
