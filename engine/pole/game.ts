import { RuleError } from '../core/errors';
import { checkAnswers, checkSeat, checkTurn } from '../core/turns';
import { SYSTEM, type Actor, type Decision, type GameDefinition } from '../core/types';
import { parsePoleAction } from './actions';
import type { PoleConfigInput } from './config';
import { poleDecision, type PoleDecision } from './decisions';
import { Draft } from './draft';
import { applyHoldings } from './holdings';
import { rollAndMove } from './movement';
import { cheapestFlip, flip } from './out-of-cash';
import { answerOffer, drain, recheckOffer, resumeDebt } from './resolve';
import { setupPole } from './setup';
import type { PoleAction, PoleEvent, PoleState } from './state';
import { poleOutcome } from './valuation';

function legalActions(state: PoleState, seat: Actor): PoleAction[] {
  const decision = poleDecision(state);
  if (!decision || decision.seat !== seat) return [];
  switch (decision.kind) {
    case 'roll':
      return decision.l2Available ? [{ type: 'roll' }, { type: 'roll', l2: true }] : [{ type: 'roll' }];
    case 'buy':
      return [{ type: 'buy' }, { type: 'pass' }];
    case 'flip':
      return decision.tiles.map((tile) => ({ type: 'flip', tile }));
  }
}

const DECISION_FOR: Record<PoleAction['type'], PoleDecision['kind'] | null> = {
  roll: 'roll',
  buy: 'buy',
  pass: 'buy',
  flip: 'flip',
  holdings: null,
};

function applyAction(state: PoleState, seat: Actor, input: unknown): { state: PoleState; events: PoleEvent[] } {
  const action = parsePoleAction(input);
  if (state.phase === 'over') throw new RuleError('GAME_OVER', 'the game is over');
  const d = new Draft(state);
  if (action.type === 'holdings') {
    if (seat !== SYSTEM) throw new RuleError('SYSTEM_ONLY', 'only the system records holdings (P13)');
    applyHoldings(d, action);
    if (d.phase === 'flip') resumeDebt(d);
    else if (d.phase === 'buy') recheckOffer(d);
    return { state: d.commit(), events: d.events };
  }
  if (seat === SYSTEM) throw new RuleError('NOT_YOUR_TURN', 'the system seat only records holdings');
  checkSeat(seat, state.players.length);
  const decision = poleDecision(state)!;
  checkTurn(decision, seat);
  checkAnswers(action.type, DECISION_FOR, decision);
  switch (action.type) {
    case 'roll': {
      const l2 = action.l2 === true;
      if (l2 && decision.kind === 'roll' && !decision.l2Available) {
        throw new RuleError(
          'L2_UNAVAILABLE',
          state.config.l2Move ? 'the L2 move is used once per game' : 'the L2 move tweak is off',
        );
      }
      d.queue = rollAndMove(d, seat, l2);
      drain(d);
      break;
    }
    case 'buy':
    case 'pass':
      answerOffer(d, action.type === 'buy');
      break;
    case 'flip':
      flip(d, seat, action.tile);
      resumeDebt(d);
      break;
  }
  return { state: d.commit(), events: d.events };
}

/** Tezos Pole as a pure game definition (ARCHITECTURE.md engine contract). */
export const pole: GameDefinition<PoleState, PoleAction, PoleConfigInput, PoleEvent> = {
  id: 'pole',
  version: 1,
  setup: setupPole,
  pending(state): Decision[] {
    const decision = poleDecision(state);
    return decision ? [decision] : [];
  },
  legal: legalActions,
  apply: applyAction,
  outcome: poleOutcome,
  // Tezos Pole's only randomness is its dice: nothing lies face down.
  reseed: (state, rng) => ({ ...state, rng }),
  // Everything is open but the PRNG: the board, every holding, every balance.
  view(state) {
    const { rng: _rng, ...open } = state;
    return open;
  },
  // Do not buy, just roll (never the L2 move); flip the tile with the lowest list price.
  defaultMove(state, seat) {
    const legal = legalActions(state, seat);
    const flips = legal.flatMap((a) => (a.type === 'flip' ? [a.tile] : []));
    if (flips.length > 0) return { type: 'flip', tile: cheapestFlip(state.config.board, flips) };
    return legal.find((a) => a.type === 'pass') ?? legal.find((a) => a.type === 'roll' && !a.l2) ?? legal[0] ?? null;
  },
};
