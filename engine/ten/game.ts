import { RuleError } from '../core/errors';
import { rngFromState, shuffle } from '../core/rng';
import { checkAnswers, checkSeat, checkTurn } from '../core/turns';
import { SYSTEM, type Actor, type Decision, type GameDefinition } from '../core/types';
import { parseTenAction } from './actions';
import { answerAuction } from './auction';
import { buy, skipBuy } from './buying';
import type { TenConfigInput } from './config';
import { DECISION_FOR, decisionOf, legalActions } from './decisions';
import { Draft } from './draft';
import { drawCard, tableauTotals } from './drawing';
import { pay } from './payment';
import { takeCurrency, takeNumbers } from './rewards';
import { setupTen } from './setup';
import { tenOutcome } from './standings';
import type { TenAction, TenEvent, TenState } from './state';
import { tenView } from './view';

function applyAction(state: TenState, seat: Actor, input: unknown): { state: TenState; events: TenEvent[] } {
  const action = parseTenAction(input);
  if (state.stage.kind === 'over') throw new RuleError('GAME_OVER', 'the game is over');
  if (seat === SYSTEM) throw new RuleError('NOT_YOUR_TURN', 'the system seat has nothing to do in Ten');
  checkSeat(seat, state.players.length);
  const decision = decisionOf(tenView(state, seat))!;
  checkTurn(decision, seat);
  checkAnswers(action.type, DECISION_FOR, decision);
  const d = new Draft(state);
  switch (action.type) {
    case 'draw':
      // T8: "When the last card is drawn, that turn finishes without further draws."
      if (d.deck.length === 0)
        throw new RuleError('DECK_EMPTY', 'the last card has been drawn: stop and take a reward (T8)');
      drawCard(d);
      break;
    case 'takeNumbers':
    case 'takeCurrency':
      if (decision.kind === 'draw' && !decision.canStop) {
        throw new RuleError('MUST_DRAW', 'the first card of a turn is always drawn (T3)');
      }
      if (action.type === 'takeNumbers') takeNumbers(d);
      else takeCurrency(d);
      break;
    case 'bid':
    case 'pass':
      answerAuction(d, seat, action.type === 'bid' ? action.amount : null);
      break;
    case 'pay': {
      if (d.stage.kind !== 'pay') break;
      const { joker, price } = d.stage;
      pay(d, seat, action.payment, price);
      d.updatePlayer(seat, { collection: [...d.player(seat).collection, joker] });
      // T7: "The active player then continues drawing or stops."
      d.stage = { kind: 'draw', opened: true, ...tableauTotals(d.tableau) };
      break;
    }
    case 'buy':
      buy(d, seat, action.card, action.payment);
      break;
    case 'endTurn':
      skipBuy(d, seat);
      break;
  }
  return { state: d.commit(), events: d.events };
}

/** Ten as a pure game definition (ARCHITECTURE.md engine contract). */
/** The timer's choices, cheapest first: they spend nothing and take no risk. */
const CHEAPEST_FIRST: readonly TenAction['type'][] = ['takeNumbers', 'pass', 'endTurn'];

export const ten: GameDefinition<TenState, TenAction, TenConfigInput, TenEvent> = {
  id: 'ten',
  version: 1,
  setup: setupTen,
  pending(state): Decision[] {
    const decision = decisionOf(tenView(state, null));
    return decision ? [decision] : [];
  },
  legal(state, seat) {
    if (seat === SYSTEM) return [];
    return legalActions(tenView(state, seat), seat);
  },
  apply: applyAction,
  outcome: tenOutcome,
  view: tenView,
  // Stop with the numbers, pass the auction, buy nothing; a forced payment takes the menu's first (tokens first).
  defaultMove(state, seat) {
    const legal = legalActions(tenView(state, seat), seat);
    for (const type of CHEAPEST_FIRST) {
      const action = legal.find((a) => a.type === type);
      if (action) return action;
    }
    return legal[0] ?? null;
  },
  reseed(state, rngState) {
    // T1 and the setup: the draw pile lies face down ("Shuffle and place the deck face down"), its order unknown to
    // all, so reshuffling it changes no one's odds.
    const rng = rngFromState(rngState);
    return { ...state, deck: shuffle(rng, state.deck), rng: rng.getState() };
  },
};
