import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { botRngFor, playStep, type GameEvent } from '../../engine';
import {
  gotopoly,
  gotopolyHeuristicBot,
  gotopolyRandomBot,
  gotopolyView,
  type GotopolyState,
} from '../../engine/gotopoly';
import { ten, tenHeuristicBot, tenRandomBot, tenView, type TenState } from '../../engine/ten';
import { GotopolyTable } from '../../ui/gotopoly/gotopoly-table';
import { TenTable } from '../../ui/ten/ten-table';
import { IDLE_TABLE, seatsOf } from './fixtures';

const seats = seatsOf(['Ada', 'Bao', 'Cleo']);

/** Smoke test: the tables render every kind of decision of a real bot game, for each seat and a spectator. */
describe('game tables render', () => {
  it('renders Gotopoly through a bot game', () => {
    const bots = [gotopolyHeuristicBot, gotopolyRandomBot, gotopolyHeuristicBot];
    let state: GotopolyState = gotopoly.setup({ players: 3, maxTerms: 12 }, 'render-1');
    const rng = botRngFor('render-1');
    const events: GameEvent[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const pending = gotopoly.pending(state);
      const kinds = pending.map((p) => p.kind).join(',');
      if (!seen.has(kinds) || i % 97 === 0 || pending.length === 0) {
        seen.add(kinds);
        for (const seat of [null, ...pending.map((p) => p.seat)]) {
          const html = renderToStaticMarkup(
            createElement(GotopolyTable, {
              ...IDLE_TABLE,
              view: gotopolyView(state, seat),
              seat,
              seats,
              pending,
              legal: seat === null ? [] : gotopoly.legal(state, seat),
              events,
              outcome: gotopoly.outcome(state),
            }),
          );
          expect(html.includes('Mayfair')).toBe(true);
          if (seat !== null && kinds.startsWith('bid')) expect(html.includes('Sealed bids')).toBe(true);
          if (seat !== null && kinds === 'token') expect(html.includes('Move ')).toBe(true);
        }
      }
      const step = playStep(gotopoly, state, bots, rng);
      if (!step) break;
      state = step.state;
      events.push(...step.events);
    }
    expect(seen.has('bid,bid,bid')).toBe(true);
    expect(seen.has('token')).toBe(true);
  });

  it('renders Ten through a bot game, ending with the final scores', () => {
    const bots = [tenHeuristicBot, tenRandomBot, tenHeuristicBot];
    let state: TenState = ten.setup({ players: 3 }, 'render-2');
    const rng = botRngFor('render-2');
    const events: GameEvent[] = [];
    let last = '';
    for (let i = 0; i < 5000; i++) {
      const pending = ten.pending(state);
      const seat = pending[0]?.seat ?? null;
      for (const who of [null, seat]) {
        if (who === null && i % 13 !== 0 && pending.length) continue;
        last = renderToStaticMarkup(
          createElement(TenTable, {
            ...IDLE_TABLE,
            view: tenView(state, who),
            seat: who,
            seats,
            pending,
            legal: who === null ? [] : ten.legal(state, who),
            events,
            outcome: ten.outcome(state),
          }),
        );
        if (who !== null && pending[0]?.kind === 'pay') expect(last.includes('Paying')).toBe(true);
      }
      const step = playStep(ten, state, bots, rng);
      if (!step) break;
      state = step.state;
      events.push(...step.events);
    }
    expect(ten.outcome(state)).not.toBeNull();
    expect(last.includes('Final scores')).toBe(true);
  });
});
