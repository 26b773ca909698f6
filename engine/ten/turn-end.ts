import type { Draft } from './draft';
import { startTurn } from './drawing';
import { finishGame } from './standings';

/** The active player's turn is over: the next player's starts, or (T8) the final buy round does. */
export function endTurn(d: Draft): void {
  if (!d.deckOut) return startTurn(d, (d.current + 1) % d.seats);
  // T8: "starting left of that player and ending with them, everyone has one final buy phase."
  const order = [...d.othersFrom(d.current), d.current];
  d.emit({ type: 'finalRound', order });
  const [seat, ...queue] = order;
  d.stage = { kind: 'buy', seat: seat!, final: true, queue };
}

/** A buy phase ended: within a turn the turn ends; in the final round the next seat buys, or the game is scored. */
export function afterBuyPhase(d: Draft): void {
  const stage = d.stage;
  if (stage.kind !== 'buy') throw new Error('internal: not in a buy phase');
  if (!stage.final) return endTurn(d);
  const [seat, ...queue] = stage.queue;
  if (seat === undefined) return finishGame(d);
  d.stage = { kind: 'buy', seat, final: true, queue };
}
