import { describe, expect, it } from 'vitest';
import { botRngFor, isRuleError, playStep } from '../../engine';
import { gotopoly, gotopolyHeuristicBot, gotopolyView, type GotopolyState } from '../../engine/gotopoly';
import { ten, tenHeuristicBot, type TenState } from '../../engine/ten';
import { parseBids, previewToken } from '../../ui/gotopoly/gotopoly-moves';
import { checkPayment } from '../../ui/ten/payment-check';

const names = ['Ada', 'Bao', 'Cleo'];

function gotopolyUntil(pred: (s: GotopolyState) => boolean, seed: string): GotopolyState {
  let state = gotopoly.setup({ players: 3 }, seed);
  const rng = botRngFor(seed);
  for (let i = 0; i < 20_000 && !pred(state); i++) {
    const step = playStep(gotopoly, state, [gotopolyHeuristicBot, gotopolyHeuristicBot, gotopolyHeuristicBot], rng);
    if (!step) break;
    state = step.state;
  }
  return state;
}

const accepted = (f: () => unknown): boolean => {
  try {
    f();
    return true;
  } catch (err) {
    if (isRuleError(err)) return false;
    throw err;
  }
};

describe('Gotopoly table helpers agree with the engine', () => {
  it('parseBids: what it lets through the engine accepts; what it stops the engine refuses', () => {
    const state = gotopolyUntil((s) => s.stage.kind === 'auction', 'helpers-1');
    const stage = state.stage;
    if (stage.kind !== 'auction') throw new Error('no auction');
    const cash = state.uncles[0]!.cash;
    const cases = [
      stage.lot.map(() => ''),
      stage.lot.map((_, k) => (k === 0 ? String(cash) : '')),
      stage.lot.map(() => String(cash)),
      stage.lot.map(() => '12.5'),
    ];
    for (const inputs of cases) {
      const { bids, error } = parseBids(inputs, cash);
      expect(accepted(() => gotopoly.apply(state, 0, { type: 'bid', bids }))).toBe(error === null);
    }
  });

  it('previewToken names the space the engine moves the student to, and the fare it charges', () => {
    for (const seed of ['helpers-2', 'helpers-3', 'helpers-4']) {
      const state = gotopolyUntil(
        (s) => s.stage.kind === 'movement' && s.stage.decision.kind === 'token' && s.term > 3,
        seed,
      );
      if (state.stage.kind !== 'movement') continue;
      const seat = state.stage.order[state.stage.index]!;
      for (const token of new Set(state.students[seat]!.tokens)) {
        const p = previewToken(gotopolyView(state, seat), seat, token, names);
        const { events } = gotopoly.apply(state, seat, { type: 'move', token });
        const moved = events.find((e) => e.type === 'moved');
        if (p.space === null) expect(events.some((e) => e.type === 'sentToJail' && e.cause === 'risk')).toBe(true);
        else expect(moved && moved.type === 'moved' ? moved.to : -1).toBe(p.space);
        const fare = events.find((e) => e.type === 'transfer' && e.reason === 'fare');
        expect(fare && fare.type === 'transfer' ? fare.amount : 0).toBe(p.fare);
      }
    }
  });
});

describe('Ten payment check agrees with the engine', () => {
  it('checkPayment ok exactly when the engine takes the payment', () => {
    let state: TenState = ten.setup({ players: 3 }, 'helpers-5');
    const rng = botRngFor('helpers-5');
    let checked = 0;
    for (let i = 0; i < 5000 && checked < 200; i++) {
      if (state.stage.kind === 'pay') {
        const seat = state.stage.seat;
        const player = state.players[seat]!;
        const price = state.stage.price;
        for (let tokens = 0; tokens <= player.tokens + 1; tokens++) {
          for (let bust = 0; bust <= player.bustTokens; bust++) {
            for (const cards of [[], player.collection.slice(0, 1), player.collection.slice(0, 2)]) {
              const payment = { tokens, bustTokens: bust, cards };
              const ok = checkPayment(player, payment, price, state.config).ok;
              expect(accepted(() => ten.apply(state, seat, { type: 'pay', payment }))).toBe(ok);
              checked++;
            }
          }
        }
      }
      const step = playStep(ten, state, [tenHeuristicBot, tenHeuristicBot, tenHeuristicBot], rng);
      if (!step) break;
      state = step.state;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
