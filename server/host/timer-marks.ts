import type { GameEvent, SeatId } from '../../engine';
import type { TimedOutEvent } from '../protocol';

/**
 * A move the server makes when a seat's turn timer runs out must not read like the player's own ("Ben's uncle
 * placed sealed bids"). Its logged events start with a TimedOutEvent. That mark is stored with the events (replaying
 * the engine cannot give it back), and kept wherever the host recomputes a logged action's events.
 */

export const isTimedOut = (event: GameEvent): event is TimedOutEvent => event.type === 'timedOut';

/** The events of a timed-out seat's default move, marked. */
export const markTimedOut = (seat: SeatId, events: readonly GameEvent[]): GameEvent[] => {
  const mark: TimedOutEvent = { type: 'timedOut', seat, events: events.length };
  return [mark, ...events];
};

/** A logged action's events as replay recomputed them, with the mark its stored events carry, if any. */
export function keepMark(stored: readonly GameEvent[], replayed: readonly GameEvent[]): readonly GameEvent[] {
  const mark = stored.find(isTimedOut);
  return mark ? markTimedOut(mark.seat, replayed) : replayed;
}
