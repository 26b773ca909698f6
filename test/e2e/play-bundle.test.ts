/**
 * What the play page of an off-chain game loads (its first-load JS ≤ 200 kB gzip, `npm run bench`): in
 * Debian's chromium on the real app, the scripts a new hot-seat game of each game fetches until its table and log are
 * drawn (the bench's own measure) hold no zod. Zod is 31 kB of gzip; the tables read the engines' typed boards and
 * decks and their zod-free helpers, and the engine validates those data when a game is set up, on the server.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameId } from '../../engine/core';
import { playFirstLoadScripts } from '../../scripts/bench/play';
import { NEXT_DIR } from '../../scripts/lib/app-server';
import { browserSuite } from './browser-pages';

/** The name zod gives its base schema class, a string any minifier keeps (zod/v4/core: `$constructor("$ZodType", …)`). */
const ZOD_CODE = '$ZodType';

const suite = browserSuite();

describe('the play page of an off-chain game', () => {
  it.each<GameId>(['pole', 'gotopoly', 'ten'])(
    'of %s loads no zod: none of the scripts it fetched holds zod’s code',
    async (game) => {
      const scripts = await playFirstLoadScripts(suite.server, suite.browser, game);
      expect(scripts.length).toBeGreaterThan(3);
      const withZod = scripts.filter((file) => readFileSync(path.join(NEXT_DIR, file), 'utf8').includes(ZOD_CODE));
      expect({ game, withZod }).toEqual({ game, withZod: [] });
    },
    60_000,
  );

  it('is checked against a bundle that does hold zod where a page needs it: the new-game form validates its options', async () => {
    // The marker is the one zod's build keeps: the same check finds zod in the new-game page, whose form reads the
    // engines' config schemas (ui/home/options-form.ts), so an empty list above is not a marker gone stale.
    const page = await suite.pages.newPage();
    await page.goto(`${suite.baseUrl}/new/pole`, { waitUntil: 'networkidle' });
    // The scripts it loaded, as the page's own resource timing lists them.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => pathname.startsWith('/_next/static/') && pathname.endsWith('.js')),
    );
    const withZod = scripts.filter((pathname) =>
      readFileSync(path.join(NEXT_DIR, pathname.slice('/_next/'.length)), 'utf8').includes(ZOD_CODE),
    );
    expect(withZod.length).toBeGreaterThan(0);
    await page.context().close();
  }, 60_000);
});
