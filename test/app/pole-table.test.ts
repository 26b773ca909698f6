import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { botRngFor, playStep, type GameEvent } from '../../engine';
import { pole, poleBots, type PoleAction, type PoleState } from '../../engine/pole';
import { PoleTable } from '../../ui/pole/pole-table';
import { viewOf } from '../../ui/replay/record-file';
import type { PoleView } from '../../ui/pole/pole-scene';
import { IDLE_TABLE, seatsOf } from './fixtures';

const seats = seatsOf(['Ada', 'Bao', 'Cleo']);

/** The live Pole table renders every decision of a real game, offering exactly the legal actions. */
describe('PoleTable', () => {
  it('offers roll, buy / pass and flip only from legal, and the valuation at the end', () => {
    const config = { players: 3, l2Move: true, startingCash: 150 };
    let state: PoleState = pole.setup(config, 'pole-table-1');
    const bots = [poleBots.heuristic, poleBots.random, poleBots.heuristic];
    const rng = botRngFor('pole-table-1');
    const events: GameEvent[] = [];
    const seen = new Set<string>();
    const render = (seat: number | null) => {
      const pending = pole.pending(state);
      return renderToStaticMarkup(
        createElement(PoleTable, {
          ...IDLE_TABLE,
          view: viewOf('pole', state, seat) as PoleView,
          seat,
          seats,
          pending,
          legal: seat === null ? [] : (pole.legal(state, seat) as PoleAction[]),
          events,
          outcome: pole.outcome(state),
        }),
      );
    };
    for (let i = 0; i < 5000; i++) {
      const pending = pole.pending(state);
      if (pending.length === 0) break;
      const kind = pending[0]!.kind;
      if (!seen.has(kind)) {
        seen.add(kind);
        const mine = render(pending[0]!.seat);
        const spectator = render(null);
        expect(spectator).toContain('Waiting for');
        expect(spectator).not.toContain('Your move');
        expect(mine).toContain('Your move');
        if (kind === 'roll') expect(mine).toContain('Roll the die');
        if (kind === 'buy') expect(mine).toMatch(/Buy .* for/);
        if (kind === 'flip') expect(mine).toContain('Flip one of your editions');
      }
      const step = playStep(pole, state, bots, rng)!;
      state = step.state;
      events.push(...step.events);
    }
    expect(seen.has('roll') && seen.has('buy')).toBe(true);
    const end = render(null);
    expect(end).toContain('data-testid="valuation-table"');
  });
});
