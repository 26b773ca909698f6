/**
 * The rules in the app, in the real app and Chromium: the new-game form links "How to play Ten"; Ten's
 * table switches to Hungarian (its prompt, its controls and its log), and the play page opens the rules — in
 * Hungarian too, the language chosen at the table — with each section at its anchor.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite } from './browser-pages';
import { openNewGameForm, startGame } from './new-game-form';
import { seqOf, waitForSeq } from './play-page';

const suite = browserSuite();

describe('Rules in the app', () => {
  it('plays Ten in Hungarian and opens its rules from the play page', { timeout: 120_000 }, async () => {
    const page = await suite.pages.newPage();
    // A fixed seed: every run sees the same first draws (a random one sometimes opens with jokers, no running total).
    await openNewGameForm(page, suite.baseUrl, 'ten', { seed: 'rules-hu-2' });
    expect(await page.getByRole('link', { name: 'How to play Ten' }).getAttribute('href')).toBe('/rules/ten');
    await startGame(page);
    const table = page.getByTestId('ten-table');
    await table.waitFor();
    // Ada's first decision (a draw, or a bid when a bot's first card was a joker).
    await page.getByRole('heading', { name: 'Your decision' }).waitFor();
    expect(await page.getByTestId('pending').innerText()).toMatch(/^Ada (to draw|to bid)/);

    // The switch: the prompt, the controls and the log in Hungarian, at once.
    await page.getByRole('group', { name: 'Language · Nyelv' }).getByRole('button', { name: 'Magyar' }).click();
    expect(await table.getAttribute('lang')).toBe('hu');
    await page.getByRole('heading', { name: 'Táblakép' }).waitFor();
    await page.getByRole('heading', { name: 'A te döntésed' }).waitFor();
    expect(await page.getByTestId('pending').innerText()).toMatch(/^Ada következik: (húz|ajánlatot tesz)/);
    const choice = page.getByRole('button', { name: /^(Kártyát húzok|Passzolok)$/ });
    expect(await choice.count()).toBe(1);
    const before = await seqOf(page);
    await choice.click();
    await waitForSeq(page, before + 1);
    await page.getByRole('heading', { name: /Játéknapló/ }).waitFor();
    const log = await page.getByTestId('action-log').innerText();
    expect(log).toMatch(/\S+ húzott: .*futó végösszeg \d+/);
    expect(log).toMatch(/Ada (húzott|passzolt)/);
    expect(log).not.toMatch(/\bdrew\b|\bdraws\b|\bpassed\b/);
    expect(await page.getByRole('heading', { name: 'Tableau' }).count()).toBe(0);

    // The Ten table's own link is in Hungarian now, and so is the play page's header around it.
    expect(await table.getByRole('link', { name: 'Szabályok' }).getAttribute('href')).toBe('/rules/ten#t1');
    expect(await page.getByRole('link', { name: 'Rules', exact: true }).count()).toBe(0);
    // The play page's Rules link (the header's, the first) opens the rules in a new tab, in the language chosen.
    const [rules] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Szabályok', exact: true }).first().click(),
    ]);
    await rules.waitForLoadState();
    expect(new URL(rules.url()).pathname).toBe('/rules/ten');
    await rules.getByRole('heading', { level: 1, name: 'A Tízes szabályai' }).waitFor();
    expect(await rules.getByTestId('rules').getAttribute('lang')).toBe('hu');
    expect(await rules.locator('section#t3 h2').innerText()).toContain('Kártyahúzás és lebukás');
    expect(await rules.locator('section#t3').innerText()).toContain('Döntés T3');

    // Back to English from the rules page's own switch.
    await rules.getByRole('group', { name: 'Language · Nyelv' }).getByRole('link', { name: 'English' }).click();
    await rules.getByRole('heading', { level: 1, name: 'How to play Ten' }).waitFor();
    expect(await rules.locator('section#t7').innerText()).toContain('Ruling T7');
    await rules.close();

    // Tezos Pole's page, anchored by ruling: P5 is the section on buying an edition.
    await page.goto(`${suite.baseUrl}/rules/pole#p5`);
    expect(await page.locator('section#p5 h2').innerText()).toContain('Editions');
  });
});
