import { describe, expect, it } from 'vitest';
import { gotopoly, type GotopolyState } from '../../engine/gotopoly';
import { gotopolyPlayedUntil, gotopolySpectatorHtml, seatsOf } from './fixtures';

const seats = seatsOf(['Ada', 'Bao', 'Cleo']);
const status = (state: GotopolyState) =>
  /<div class="term">(.*?)<\/div>/
    .exec(gotopolySpectatorHtml(state, seats))![1]!
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The limit is the game's, not the auction's (the status once read "Opening auction of at most 150"). G18: "If nobody
 * has won after `maxTerms` terms (default 150), the game ends".
 */
describe('the Gotopoly status says where the game stands against its time limit', () => {
  it('in the opening auction and in a later term', () => {
    expect(status(gotopoly.setup({ players: 3 }, 'term-text'))).toBe(
      'Opening auction before term 1; the game lasts at most 150 terms',
    );
    expect(status(gotopolyPlayedUntil('term-text', (s) => s.term >= 3))).toBe('Term 3 of at most 150 terms');
    expect(status(gotopoly.setup({ players: 3, maxTerms: 1 }, 'term-text'))).toBe(
      'Opening auction before term 1; the game lasts at most 1 term',
    );
  });
});
