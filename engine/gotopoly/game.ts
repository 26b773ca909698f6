import { RuleError } from '../core/errors';
import { rngFromState, shuffle } from '../core/rng';
import { checkAnswers, checkSeat } from '../core/turns';
import { SYSTEM, type Actor, type Decision, type GameDefinition, type SeatId } from '../core/types';
import { parseGotopolyAction } from './actions';
import { submitBids } from './auction';
import { build } from './building';
import { restartOrRetire } from './bankruptcy';
import type { GotopolyConfigInput } from './config';
import { DECISION_FOR, decisionOf, decisionsOf, legalActions } from './decisions';
import { Draft } from './draft';
import { jailChoice } from './jail';
import { moveWithToken } from './movement';
import { nmrAction } from './nmr';
import { studyOrWork } from './property';
import { GOTOPOLY_VERSION, setupGotopoly } from './setup';
import { goHome } from './station';
import type { DeckName } from './cards';
import type { DeckState, GotopolyAction, GotopolyEvent, GotopolyState } from './state';
import { endTurn, nextBuilder } from './term';
import { answerTrade, offerTrade } from './trade';
import { payBill, takeRisk } from './utility';
import { gotopolyView } from './view';
import { gotopolyOutcome } from './winning';

function applyAction(
  state: GotopolyState,
  seat: Actor,
  input: unknown,
): { state: GotopolyState; events: GotopolyEvent[] } {
  const action = parseGotopolyAction(input);
  if (state.stage.kind === 'over') throw new RuleError('GAME_OVER', 'the game is over');
  if (seat === SYSTEM) throw new RuleError('NOT_YOUR_TURN', 'the system seat has nothing to do in Gotopoly');
  checkSeat(seat, state.students.length);
  const decision = decisionOf(state, seat);
  if (!decision && state.stage.kind === 'auction' && state.stage.submitted[seat]) {
    throw new RuleError(
      'ALREADY_BID',
      `uncle ${seat} has already bid in this auction; the others are still bidding (G4)`,
    );
  }
  if (!decision) {
    const pending = decisionsOf(state).map((p) => p.seat);
    throw new RuleError(
      'NOT_YOUR_TURN',
      `seat ${pending.map((s) => s + 1).join(', ')} must decide now, not seat ${seat + 1}`,
      { pending },
    );
  }
  checkAnswers(action.type, DECISION_FOR, decision);
  const d = new Draft(state);
  switch (action.type) {
    case 'build':
      build(d, seat, action.space);
      break;
    case 'offerTrade':
      offerTrade(d, {
        from: seat,
        to: action.to,
        give: action.give,
        take: action.take,
        giveCash: action.giveCash,
        takeCash: action.takeCash,
      });
      break;
    case 'acceptTrade':
    case 'rejectTrade':
      answerTrade(d, seat, action.type === 'acceptTrade');
      break;
    case 'endBuild':
      d.emit({ type: 'buildTradeDone', seat });
      nextBuilder(d, seat + 1);
      break;
    case 'bid':
      submitBids(d, seat, action.bids);
      break;
    case 'serve':
    case 'payBail':
    case 'useJailCard':
      jailChoice(d, seat, action.type);
      break;
    case 'move':
      moveWithToken(d, seat, action.token);
      break;
    case 'study':
    case 'work':
      if (decision.kind === 'study') studyOrWork(d, seat, decision.space, action.type === 'study');
      endTurn(d);
      break;
    case 'goHome':
      if (decision.kind !== 'station') break;
      mustAfford(state, seat, decision.fare, 'the fare home');
      goHome(d, seat, decision.space, decision.fare);
      endTurn(d);
      break;
    case 'sleepRough':
      if (decision.kind === 'station') d.emit({ type: 'sleptRough', seat, space: decision.space });
      endTurn(d);
      break;
    case 'payBill':
      if (decision.kind !== 'utility') break;
      mustAfford(state, seat, decision.bill, 'the bill');
      payBill(d, seat, decision.space, decision.bill);
      endTurn(d);
      break;
    case 'takeRisk':
      if (decision.kind === 'utility') takeRisk(d, seat, decision.space);
      endTurn(d);
      break;
    case 'restart':
    case 'retire':
      restartOrRetire(d, seat, action.type === 'restart');
      break;
  }
  return { state: d.commit(), events: d.events };
}

/** CANNOT_AFFORD: student `seat` has less cash than `what` costs. */
function mustAfford(state: GotopolyState, seat: SeatId, price: number, what: string): void {
  const cash = state.students[seat]!.cash;
  if (cash < price) throw new RuleError('CANNOT_AFFORD', `${what} is £${price}; student ${seat} has £${cash}`);
}

/** Gotopoly as a pure game definition (ARCHITECTURE.md engine contract). */
export const gotopoly: GameDefinition<GotopolyState, GotopolyAction, GotopolyConfigInput, GotopolyEvent> = {
  id: 'gotopoly',
  version: GOTOPOLY_VERSION,
  olderVersions: [1],
  setup: setupGotopoly,
  pending(state): Decision[] {
    return decisionsOf(state);
  },
  legal(state, seat) {
    if (seat === SYSTEM) return [];
    return legalActions(gotopolyView(state, seat), seat);
  },
  apply: applyAction,
  outcome: gotopolyOutcome,
  view: gotopolyView,
  defaultMove: (state, seat) => nmrAction(state, seat),
  reseed(state, rngState) {
    // G13: the decks lie face down and nobody knows their order, so reshuffling what is left to draw changes
    // no one's odds; the discards (seen) stay as they are.
    const rng = rngFromState(rngState);
    const decks: Record<DeckName, DeckState> = { ...state.decks };
    for (const name of Object.keys(decks) as DeckName[])
      decks[name] = { ...decks[name], draw: shuffle(rng, decks[name].draw) };
    return { ...state, decks, rng: rng.getState() };
  },
};
