/**
 * The new-game form (`/new/:game`) as a person fills it in, for the browser suites: the seats, bots that move at once,
 * a seed; a hot-seat game started from it, or an online game's invite links.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { GameId } from '../../engine/core';
import { ANY_CHOICE, gameIdOf } from './play-page';

export interface FormChoices {
  /** How many seats (a person in seat 1, bots in the others); else the form's own count. */
  readonly seats?: number;
  /** Else the server draws one. */
  readonly seed?: string;
}

/** Fills in the open form: `seats` seats, bots at pace 0 (they move at once: no test waits on them), the seed. */
export async function fillNewGameForm(page: Page, { seats, seed }: FormChoices = {}): Promise<void> {
  if (seats !== undefined) await page.getByRole('radio', { name: `${seats} seats` }).check();
  await page.getByLabel('Bot pace').selectOption('0');
  if (seed !== undefined) await page.getByLabel('Seed (optional)').fill(seed);
}

/** Opens the new-game form of `game` and fills it in (fillNewGameForm). */
export async function openNewGameForm(
  page: Page,
  baseUrl: string,
  game: GameId,
  choices: FormChoices = {},
): Promise<void> {
  await page.goto(`${baseUrl}/new/${game}`);
  await fillNewGameForm(page, choices);
}

/** Starts the hot-seat game the form describes and waits for its play page; returns the game's id. */
export async function startGame(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  return gameIdOf(page.url());
}

/** A hot-seat game (three seats unless `choices` say otherwise) started from the form, left at its first decision. */
export async function startHotSeatGame(
  page: Page,
  baseUrl: string,
  game: GameId,
  choices: FormChoices = { seats: 3 },
): Promise<string> {
  await openNewGameForm(page, baseUrl, game, choices);
  const id = await startGame(page);
  await page.locator(ANY_CHOICE).first().waitFor();
  return id;
}

/** The options every on-chain game of the suites shares: on Tezos, online, no clock, instant bots. */
export async function chooseOnChain(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'On Tezos' }).check(); // enabled once the server says it has a chain
  expect(await page.getByRole('radio', { name: 'Online' }).isChecked()).toBe(true);
  await page.getByRole('checkbox', { name: 'Turn timer' }).uncheck();
  await page.getByLabel('Bot pace').selectOption({ label: 'Instant' });
}

/** Creates the online game the form describes ("Create and invite") and returns the invite links of `people`. */
export async function createAndInvite(
  page: Page,
  gameName: string,
  people: readonly string[],
  beforeReady?: () => Promise<void>,
): Promise<string[]> {
  await page.getByRole('button', { name: 'Create and invite' }).click();
  await beforeReady?.();
  await page.getByRole('heading', { name: `${gameName} is ready` }).waitFor({ timeout: 60_000 });
  const links: string[] = [];
  for (const name of people) {
    const input = page.getByLabel(`Invite link for ${name}`);
    await page.waitForFunction((el) => (el as HTMLInputElement).value.startsWith('http'), await input.elementHandle());
    links.push(await input.inputValue());
  }
  return links;
}

/**
 * On the new-game form of Tezos Pole, signed in: a game of two people, Alice and Bob, on Tezos, one lap, from `seed`;
 * created, with their invite links. `beforeReady`: what the creator does between "Create and invite" and the links
 * (paying a deposit).
 */
export async function createOnChainGameOfTwo(
  page: Page,
  seed: string,
  beforeReady?: () => Promise<void>,
): Promise<{ alice: string; bob: string }> {
  await page.getByRole('heading', { level: 1, name: 'New game of Tezos Pole' }).waitFor();
  await page.getByRole('radio', { name: '2 seats' }).check();
  await page.getByLabel('Name of seat 1').fill('Alice');
  await page.getByLabel('Name of seat 2').fill('Bob');
  await page.getByLabel('Who plays seat 2').selectOption({ label: 'Person' });
  await chooseOnChain(page);
  await page.getByLabel('Seed (optional)').fill(seed);
  await page.locator('summary', { hasText: 'Tezos Pole options' }).click();
  await page.getByLabel(/^Laps to finish/).fill('1');
  const [alice, bob] = (await createAndInvite(page, 'Tezos Pole', ['Alice', 'Bob'], beforeReady)) as [string, string];
  return { alice, bob };
}
