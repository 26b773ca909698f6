'use client';

import dynamic from 'next/dynamic';
import { useMemo, type ComponentType } from 'react';
import type { GameEvent, GameId } from '../../engine/core';
import type { GotopolyEvent } from '../../engine/gotopoly';
import type { Board } from '../../engine/pole';
import type { SeatInfo } from '../../server/protocol';
import { ActionLog } from './action-log';
import { eventLogEntries, poleLogEntries, type PoleStart } from './log-entries';

interface LogProps {
  readonly events: readonly GameEvent[];
  readonly seats: readonly SeatInfo[];
  readonly board: Board | null;
  /** Tezos Pole's set-up (the turn-order roll), which no action's events tell. */
  readonly start: PoleStart | null;
}

function PoleLog({ events, seats, board, start }: LogProps) {
  const entries = useMemo(
    () =>
      poleLogEntries(
        events,
        seats.map((s) => s.name),
        board,
        start,
      ),
    [events, seats, board, start],
  );
  return <ActionLog entries={entries} />;
}

/** The log of a game whose events `describe` tells one by one. */
function eventLog(describe: (event: GameEvent, names: readonly string[]) => string | null): ComponentType<LogProps> {
  return function EventLog({ events, seats }: LogProps) {
    const entries = useMemo(() => {
      const names = seats.map((s) => s.name);
      return eventLogEntries(events, names, (e) => describe(e, names));
    }, [events, seats]);
    return <ActionLog entries={entries} />;
  };
}

// Gotopoly's and Ten's describers bring their board and deck: each loads with a game of its own, never with another's.
const GotopolyLog = dynamic(() =>
  import('../gotopoly/gotopoly-log').then((m) =>
    eventLog((e, names) => m.describeGotopolyEvent(e as GotopolyEvent, names)),
  ),
);
// Ten's log follows the language chosen at its table (English or Hungarian).
const TenLog = dynamic(() => import('../ten/ten-log-view').then((m) => m.TenLogView));

/** The running log of the play page's game. */
export function GameLog({ game, ...props }: LogProps & { game: GameId }) {
  switch (game) {
    case 'pole':
      return <PoleLog {...props} />;
    case 'gotopoly':
      return <GotopolyLog {...props} />;
    case 'ten':
      return <TenLog {...props} />;
  }
}
