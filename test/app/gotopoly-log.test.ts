import { describe, expect, it } from 'vitest';
import { playToEnd } from '../../engine';
import { gotopoly, gotopolyHeuristicBot, gotopolyRandomBot, type GotopolyEvent } from '../../engine/gotopoly';
import {
  describeGotopolyEvent,
  describeOffer,
  formatPounds,
  shortSpaceName,
  spaceName,
} from '../../ui/gotopoly/gotopoly-log';
import { LONDON } from '../../engine/gotopoly';

const names = ['Ada', 'Bao', 'Cleo'];
const game = playToEnd(
  gotopoly,
  { players: 3, maxTerms: 40 },
  'log-test-1',
  [gotopolyHeuristicBot, gotopolyRandomBot, gotopolyHeuristicBot],
  {
    collectEvents: true,
  },
);
const events = game.events;
const first = <T extends GotopolyEvent['type']>(type: T) =>
  events.find((e): e is Extract<GotopolyEvent, { type: T }> => e.type === type);

describe('gotopoly log', () => {
  it('formats pounds and names spaces', () => {
    expect(formatPounds(1250)).toBe('£1,250');
    expect(formatPounds(-12)).toBe('−£12');
    expect(spaceName(39)).toBe('Mayfair');
    expect(shortSpaceName(LONDON.spaces[1]!)).toBe('Old Kent Rd');
    expect(shortSpaceName(LONDON.spaces[35]!)).toBe('Liverpool St.');
  });

  it('describes every event of a real game without throwing, skipping only told-elsewhere events', () => {
    for (const e of events) {
      const text = describeGotopolyEvent(e, names);
      if (text === null) expect(['turnStarted', 'landed', 'transfer', 'phaseStarted']).toContain(e.type);
      else expect(text.length).toBeGreaterThan(3);
    }
  });

  it('tells the opening auction and its results', () => {
    const opened = first('auctionOpened')!;
    expect(describeGotopolyEvent(opened, names)).toMatch(new RegExp(`^Term ${opened.term} auction: `));
    expect(describeGotopolyEvent({ type: 'auctionOpened', term: 0, lot: [1, 39] }, names)).toBe(
      'Opening auction: Old Kent Road and Mayfair',
    );
    expect(describeGotopolyEvent(opened, names)).toContain(spaceName(opened.lot[0]!));
    const resolved = first('auctionResolved')!;
    const text = describeGotopolyEvent(resolved, names)!;
    const sold = resolved.results.find((r) => r.winner !== null);
    if (sold)
      expect(text).toContain(
        `${spaceName(sold.space)} sold to ${names[sold.winner!]}’s uncle for ${formatPounds(sold.price)}`,
      );
    expect(describeGotopolyEvent({ type: 'bidSubmitted', seat: 1 }, names)).toBe('Bao’s uncle placed sealed bids');
  });

  it('tells moves, tokens, rent and study', () => {
    const token = first('tokenUsed')!;
    expect(describeGotopolyEvent(token, names)).toBe(
      `${names[token.seat]} played a ${token.token} (a ${7 - token.token} replaces it)`,
    );
    const moved = events.find((e) => e.type === 'moved' && e.by === 'token')!;
    if (moved.type === 'moved')
      expect(describeGotopolyEvent(moved, names)).toMatch(
        new RegExp(`^${names[moved.seat]} moved \\d+ spaces? to ${spaceName(moved.to)}$`),
      );
    const rent = first('rent');
    if (rent)
      expect(describeGotopolyEvent(rent, names)).toContain(
        `paid ${formatPounds(rent.amount)} rent on ${spaceName(rent.space)}`,
      );
    const studied = first('studied')!;
    expect(describeGotopolyEvent(studied, names)).toMatch(/studied at .+: \d+ term credits?$/);
    expect(
      describeGotopolyEvent({ type: 'transfer', from: { student: 0 }, to: 'bank', amount: 3, reason: 'fare' }, names),
    ).toBe('Ada paid £3 in fares');
    expect(
      describeGotopolyEvent(
        { type: 'transfer', from: { student: 2 }, to: 'bank', amount: 200, reason: 'tax', space: 4 },
        names,
      ),
    ).toBe('Cleo paid £200 Income Tax');
  });

  it('tells cards, jail and the end', () => {
    const card = first('cardDrawn')!;
    expect(describeGotopolyEvent(card, names)).toBe(
      `${names[card.seat]} drew ${card.deck === 'chance' ? 'Chance' : 'Community Chest'}: “${card.text}”`,
    );
    expect(describeGotopolyEvent({ type: 'sentToJail', seat: 1, cause: 'space', risk: 0 }, names)).toBe(
      'Bao was sent to jail (Go To Jail)',
    );
    expect(describeGotopolyEvent({ type: 'leftJail', seat: 1, how: 'bail' }, names)).toBe(
      'Bao paid bail and left jail',
    );
    const ended = first('gameEnded')!;
    const text = describeGotopolyEvent(ended, names)!;
    if (ended.reason === 'degree') expect(text).toBe(`${names[ended.winners[0]!]} graduated and wins the game!`);
    else expect(text).toMatch(/^(Time limit reached|No student left on the course): /);
  });

  it('describes trade offers both ways', () => {
    const offer = { from: 0, to: 2, give: [1], take: [3], giveCash: 40, takeCash: 0 };
    expect(describeOffer(offer, names)).toBe(
      'Ada’s uncle offers Cleo’s uncle Old Kent Road and £40 for Whitechapel Road',
    );
    expect(describeGotopolyEvent({ type: 'tradeRejected', offer }, names)).toBe(
      'Cleo’s uncle turned down Ada’s uncle’s offer',
    );
    expect(describeGotopolyEvent({ type: 'built', seat: 0, space: 39, houses: 5, cost: 200 }, names)).toBe(
      'Ada’s uncle upgraded Mayfair to a B&B (£200)',
    );
  });
});
