import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { botRngFor, playStep } from '../../engine';
import { pole, poleBots, poleDecision, type PoleAction, type PoleState } from '../../engine/pole';
import { PoleTable } from '../../ui/pole/pole-table';
import { viewOf } from '../../ui/replay/record-file';
import type { PoleView } from '../../ui/pole/pole-scene';
import { IDLE_TABLE, seatsOf } from './fixtures';

const seats = seatsOf(['Ada', 'Bao', 'Cleo', 'Dev', 'Eun', 'Femi']);
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");

/** Every must-flip decision of a few games of six random bots with little cash (so debts are common). */
function flipDecisions(): PoleState[] {
  const found: PoleState[] = [];
  for (let g = 0; g < 40; g++) {
    const seed = `flip-${g}`;
    let state = pole.setup({ players: 6, startingCash: 100 }, seed);
    const rng = botRngFor(seed);
    for (let i = 0; i < 5000; i++) {
      if (pole.pending(state)[0]?.kind === 'flip') found.push(state);
      const step = playStep(pole, state, Array(6).fill(poleBots.random), rng);
      if (!step) break;
      state = step.state;
    }
  }
  return found;
}

/**
 * The must-flip choice once showed only each copy's list price. P7: "A debtor who cannot pay in full must flip
 * edition copies back to the Bank, one at a time …, each for floor10(list price / 2)".
 */
describe('the must-flip choice', () => {
  it('shows the debt, and for each copy what it returns and whether that pays the debt — as the engine then does', () => {
    const states = flipDecisions();
    expect(states.length).toBeGreaterThan(3);
    let covers = 0;
    let short = 0;
    for (const state of states) {
      const decision = poleDecision(state);
      if (decision?.kind !== 'flip') throw new Error('not a flip');
      const seat = decision.seat;
      const legal = pole.legal(state, seat) as PoleAction[];
      const html = renderToStaticMarkup(
        createElement(PoleTable, {
          ...IDLE_TABLE,
          view: viewOf('pole', state, seat) as PoleView,
          seat,
          seats,
          pending: pole.pending(state),
          legal,
          events: [],
          outcome: null,
        }),
      );
      const owed = decision.owed;
      const cash = decision.cash;
      const legend = text(/<legend>(.*?)<\/legend>/.exec(html)![1]!);
      expect(legend).toContain(
        `You owe ${owed.toLocaleString('en')} Tz and have ${cash.toLocaleString('en')} Tz: ${(owed - cash).toLocaleString('en')} Tz short.`,
      );
      const buttons = [...html.matchAll(/<fieldset class="flipChoices">.*?<\/fieldset>/g)].flatMap((m) =>
        [...m[0].matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((b) => text(b[1]!)),
      );
      expect(buttons).toHaveLength(legal.length);
      legal.forEach((action, k) => {
        if (action.type !== 'flip') throw new Error('a must-flip decision offers flips only');
        const { state: after, events } = pole.apply(state, seat, action);
        const flipped = events.find((e) => e.type === 'flipped');
        const returned = flipped?.type === 'flipped' ? flipped.amount : -1;
        expect(buttons[k]).toContain(`returns ${returned} Tz`);
        // Paid: the engine settles the seat's debt without cancelling a rest of it or asking the seat for another flip.
        const paid =
          !events.some((e) => e.type === 'debtCancelled' && e.seat === seat) &&
          !pole.pending(after).some((p) => p.kind === 'flip' && p.seat === seat);
        if (paid) {
          covers++;
          expect(buttons[k]).toContain('which pays the debt');
        } else {
          short++;
          expect(buttons[k]).toContain(`still ${owed - cash - returned} Tz short`);
        }
      });
    }
    expect(covers).toBeGreaterThan(0);
    expect(short).toBeGreaterThan(0);
  });
});
