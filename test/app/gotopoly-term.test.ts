import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { botRngFor, playStep } from '../../engine';
import { gotopoly, gotopolyHeuristicBot, gotopolyView, type GotopolyState } from '../../engine/gotopoly';
import { GotopolyTable } from '../../ui/gotopoly/gotopoly-table';
import type { SeatInfo } from '../../server/protocol';

const seats: SeatInfo[] = ['Ada', 'Bao', 'Cleo'].map((name, seat) => ({
  seat,
  name,
  kind: 'human',
  botTakeover: false,
}));
const status = (state: GotopolyState) => {
  const html = renderToStaticMarkup(
    createElement(GotopolyTable, {
      view: gotopolyView(state, null),
      seat: null,
      seats,
      pending: gotopoly.pending(state),
      legal: [],
      events: [],
      outcome: null,
      deadline: null,
      act: () => undefined,
      busy: false,
      error: null,
    }),
  );
  return /<div class="term">(.*?)<\/div>/
    .exec(html)![1]!
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
};

/**
 * The limit is the game's, not the auction's (the status once read "Opening auction of at most 150"). G18: "If nobody
 * has won after `maxTerms` terms (default 150), the game ends".
 */
describe('the Gotopoly status says where the game stands against its time limit', () => {
  it('in the opening auction and in a later term', () => {
    let state = gotopoly.setup({ players: 3 }, 'term-text');
    expect(status(state)).toBe('Opening auction before term 1; the game lasts at most 150 terms');
    const rng = botRngFor('term-text');
    while (state.term < 3)
      state = playStep(gotopoly, state, [gotopolyHeuristicBot, gotopolyHeuristicBot, gotopolyHeuristicBot], rng)!.state;
    expect(status(state)).toBe('Term 3 of at most 150 terms');
    expect(status(gotopoly.setup({ players: 3, maxTerms: 1 }, 'term-text'))).toBe(
      'Opening auction before term 1; the game lasts at most 1 term',
    );
  });
});
