import { FAIR_SCHEME, seedCommitment, type GameEvent, type Outcome, type SeatId } from '../../engine';
import type { GameSnapshot, GameUpdate, SeatInfo } from '../protocol';
import type { GameRow } from '../store';
import type { LiveGame } from './live-game';

/**
 * The public seat list (never a token hash), with who is at the table when `live` says; without it (a
 * game's record) the seats as they are kept.
 */
export const seatInfos = (row: GameRow, live?: LiveGame): SeatInfo[] =>
  row.seats.map((s, seat) => ({
    seat,
    name: s.name,
    kind: s.kind,
    botTakeover: s.botTakeover,
    ...live?.presence(seat),
    // A waiting room shows who has come: a human seat someone took (their link opened, or they joined).
    ...(row.waiting && s.kind === 'human' ? { taken: s.taken ?? false } : {}),
  }));

/** The deadline that concerns `seat`: its own; for a spectator the earliest pending one. */
export function deadlineFor(live: LiveGame, seat: SeatId | null): number | null {
  if (seat !== null) return live.deadlines.get(seat) ?? null;
  const all = [...live.deadlines.values()];
  return all.length ? Math.min(...all) : null;
}

/** The fields of one state as `seat` (null: a spectator) may see them. */
function seen(live: LiveGame, state: unknown, seat: SeatId | null) {
  const { definition } = live.kit;
  const view = (s: unknown, who: SeatId | null) => live.kit.view(s, who);
  return {
    view: view(state, seat),
    pending: definition.pending(state),
    legal: seat === null ? [] : definition.legal(state, seat),
    outcome: definition.outcome(state),
  };
}

/**
 * The seed is hidden information until the game ends (it fixes every roll and draw): until then, its commitment —
 * in a finished game's earlier states too. An abandoned game (finished with no outcome) has ended too.
 */
const revealedSeed = (live: LiveGame, outcome: Outcome | null): string | null =>
  outcome || abandoned(live) ? live.row.seed : null;

const abandoned = (live: LiveGame): boolean => live.row.finished && live.kit.definition.outcome(live.state) === null;

function seedFacts(live: LiveGame, outcome: Outcome | null): Pick<GameSnapshot, 'seedCommitment' | 'seed' | 'fair'> {
  const commitment = seedCommitment(live.row.seed);
  const fair = live.row.fair ? { scheme: FAIR_SCHEME, commitment, chains: live.fair.list() } : null;
  return { seedCommitment: commitment, seed: revealedSeed(live, outcome), fair };
}

export function snapshotFor(
  live: LiveGame,
  seat: SeatId | null,
): Omit<GameSnapshot, 'access' | 'onChain' | 'chat' | 'rematch' | 'waitingRoom'> {
  const fields = seen(live, live.state, seat);
  return {
    id: live.id,
    game: live.row.game,
    seq: live.seq,
    seats: seatInfos(live.row, live),
    seat,
    ...fields,
    events: live.events(),
    deadline: deadlineFor(live, seat),
    ...seedFacts(live, fields.outcome),
  };
}

/**
 * The update for the action at `seq`, given the state after it. Only the current update carries a deadline: a
 * replayed (older) one has none that still matters.
 */
export function updateFor(
  live: LiveGame,
  seq: number,
  state: unknown,
  events: readonly GameEvent[],
  seat: SeatId | null,
): GameUpdate {
  const fields = seen(live, state, seat);
  return {
    seq,
    ...fields,
    events,
    deadline: seq === live.seq ? deadlineFor(live, seat) : null,
    seats: seatInfos(live.row, live),
    seed: revealedSeed(live, fields.outcome),
  };
}

/**
 * What `seat` saw at `seq` (an earlier state, e.g. a stored snapshot's): the snapshot a resumed event stream opens
 * with instead of one update per action since. Its deadline is the current one only when `seq` is now.
 */
export function snapshotAt(
  live: LiveGame,
  seq: number,
  state: unknown,
  seat: SeatId | null,
): Omit<GameSnapshot, 'access' | 'onChain' | 'chat' | 'rematch' | 'waitingRoom'> {
  const fields = seen(live, state, seat);
  return {
    id: live.id,
    game: live.row.game,
    seq,
    seats: seatInfos(live.row, live),
    seat,
    ...fields,
    events: live.events(seq),
    deadline: seq === live.seq ? deadlineFor(live, seat) : null,
    ...seedFacts(live, fields.outcome),
  };
}
