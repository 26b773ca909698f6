/**
 * Accessibility: "board tiles have accessible names (title, price, owner)", and what a screen reader meets
 * on the tables is well formed: the log's entries are a list, Gotopoly's move tokens are read as text. Rendered with
 * react-dom/server from the engines' real states; the browser scan (test/e2e/accessibility.test.ts) checks the rest.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pole, type PoleState } from '../../engine/pole';
import { ActionLog } from '../../ui/play/action-log';
import {
  boardTileHtml,
  fourTileBoard,
  gotopolyPlayedUntil,
  gotopolySpectatorHtml,
  MOTH,
  seatsOf,
  SUNFOLD,
} from './fixtures';

const unescape = (s: string): string =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

const BOARD = fourTileBoard('names', 'Names board', 1300);
const NAMES = ['Alice', 'Bob', 'Cleo'];

/** The accessible name of tile `index` of a Tezos Pole game in `state`, as the board renders it. */
function poleTileName(state: PoleState, index: number): string {
  const html = boardTileHtml(BOARD, state, index, NAMES);
  const label = /^<li [^>]*aria-label="([^"]*)"/.exec(html);
  expect(label, html).not.toBeNull();
  return unescape(label![1]!);
}

describe('Tezos Pole tiles are named by what they are, their price and their owners', () => {
  const fresh = pole.setup({ players: 3, board: BOARD }, 'names');
  const owned: PoleState = {
    ...fresh,
    tiles: fresh.tiles.map((t, i) =>
      i === SUNFOLD ? { holders: [0, 2], removed: 0 } : i === MOTH ? { holders: [1], removed: 0 } : t,
    ),
  };

  it('a work: its title and artist, its price and what is for sale; once bought, who owns it', () => {
    expect(poleTileName(fresh, MOTH)).toBe('Moth Hour by Ben, 1/1 for 1,300 Tz, for sale, valuation ×2');
    expect(poleTileName(owned, MOTH)).toBe('Moth Hour by Ben, 1/1 for 1,300 Tz, owned by Bob, valuation ×2');
    expect(poleTileName(fresh, SUNFOLD)).toBe('Sunfold by Ama, edition of 3 at 200 Tz, 3 left, valuation ×1');
    expect(poleTileName(owned, SUNFOLD)).toBe(
      'Sunfold by Ama, edition of 3 at 200 Tz, 1 left, held by Alice and Cleo, valuation ×1',
    );
  });

  it('P7: a forfeited 1/1 says it is out of play', () => {
    const removed: PoleState = {
      ...fresh,
      tiles: fresh.tiles.map((t, i) => (i === MOTH ? { holders: [], removed: 1 } : t)),
    };
    expect(poleTileName(removed, MOTH)).toBe('Moth Hour by Ben, 1/1 for 1,300 Tz, removed, valuation ×2');
  });

  it('Start says its bonus, an event its printed text', () => {
    expect(poleTileName(fresh, 0)).toBe('Start: +300 Tz each time you pass');
    expect(poleTileName(fresh, 3)).toBe('Tax: Pay 100');
  });
});

describe('Gotopoly spaces and seat cards', () => {
  const seats = seatsOf(['Ada', 'Bao', 'Cleo']);
  // The opening auction, played by the bots: properties have owners.
  const state = gotopolyPlayedUntil('names', (s) => s.estates.some((e) => e.owner !== null));
  const html = gotopolySpectatorHtml(state, seats);
  const spaceNames = new Map(
    [...html.matchAll(/<li [^>]*data-space="(\d+)"[^>]*aria-label="([^"]*)"/g)].map((m) => [
      Number(m[1]),
      unescape(m[2]!),
    ]),
  );

  it('every space has a name; a property says its price and, once bought, its owner', () => {
    expect(spaceNames.size).toBe(40);
    expect(spaceNames.get(0)).toMatch(
      /^GO, start and finish: land exactly here with 9 term credits, out of debt, to win(, here: .*)?$/,
    );
    const owned = state.estates.flatMap((e, space) =>
      e.owner === null ? [] : [{ space, owner: seats[e.owner]!.name }],
    );
    expect(owned.length).toBeGreaterThan(0);
    for (const { space, owner } of owned)
      expect(spaceNames.get(space)).toMatch(new RegExp(`, £\\d+, base rent £\\d+, owned by ${owner}’s uncle`));
    expect(spaceNames.get(1)).toMatch(/^Old Kent Road, brown group, £60, base rent £2/);
  });

  it('the move tokens are read as text, and each seat card names its student and its uncle', () => {
    expect(html).not.toMatch(/<p [^>]*aria-label="move tokens/);
    expect(html).toContain('Move tokens: 1, 2, 3, 4, 5, 6');
    for (const name of ['Ada', 'Bao', 'Cleo']) {
      expect(html).toContain(`role="group" aria-label="${name}, student"`);
      expect(html).toContain(`role="group" aria-label="${name}’s uncle"`);
    }
  });
});

describe('the game log', () => {
  it('is a live region around a list, so its entries stay list items', () => {
    const entries = [0, 1].map((key) => ({
      key,
      seat: key,
      meta: `Turn ${key + 1}`,
      lines: [{ text: `${NAMES[key]} rolled a 3`, tone: 'move' as const }],
    }));
    const html = renderToStaticMarkup(createElement(ActionLog, { entries }));
    expect(html).toMatch(/<div role="log" aria-live="polite"[^>]*><ol [^>]*data-testid="action-log"[^>]*><li /);
    expect(html).not.toMatch(/<ol [^>]*role=/);
  });
});
