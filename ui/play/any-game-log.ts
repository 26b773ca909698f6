import type { GameEvent, GameId } from '../../engine/core';
import type { GotopolyEvent } from '../../engine/gotopoly';
import type { Board } from '../../engine/pole';
import type { TenEvent } from '../../engine/ten';
import { describeGotopolyEvent } from '../gotopoly/gotopoly-log';
import { describeTenEvent } from '../ten/ten-log';
import { eventLogEntries, poleLogEntries, type ActionLogEntry, type PoleStart } from './log-entries';

/**
 * The log of any game from its events (oldest first), every game's describer at hand: for the replay viewer, which
 * opens any record. The play page loads only its own game's (game-log.tsx).
 */
export function describeGameLog(
  game: GameId,
  events: readonly GameEvent[],
  names: readonly string[],
  poleBoard: Board | null,
  poleStart: PoleStart | null = null,
): ActionLogEntry[] {
  if (game === 'pole') return poleLogEntries(events, names, poleBoard, poleStart);
  return eventLogEntries(events, names, (e) =>
    game === 'gotopoly' ? describeGotopolyEvent(e as GotopolyEvent, names) : describeTenEvent(e as TenEvent, names),
  );
}
