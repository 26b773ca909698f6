import { ChainLedger, type Actor, type GameEvent, type SeatId } from '../../engine';
import type { ChainRow, GameRow } from '../store';
import type { GameKit } from './game-kits';
import { NO_PRESENCE, seatMarkEvent, type SeatPresence } from './presence';

/** One applied action as the host keeps it: the log entry at `seq` (1-based). */
export interface LoggedAction {
  readonly seat: Actor;
  readonly action: unknown;
  readonly events: readonly GameEvent[];
  /** Provably fair: the link the acting seat gave with it, if any. */
  readonly contribution?: string | null;
}

/**
 * How many recent states a live game keeps, so a stream that reconnects a few actions behind is served without a
 * replay. Few: each older state costs 0.8–1 KB even with the engines' structural sharing (64 were about half of a
 * mid-game game's heap), while replaying from the stored snapshot costs 4–14 µs an action
 * (scripts/bench/game-memory.ts).
 */
export const RECENT_STATES = 8;

/** Provably fair: the seats' registered hash chains, and where each stands (the link its next action must follow). */
export class FairLedger {
  private readonly chains: ChainRow[] = [];
  private readonly ledger = new ChainLedger(this.chains);

  /** `nextSeq`: the seq of the game's next action, the one whose link is judged now. */
  constructor(
    chains: readonly ChainRow[],
    private readonly nextSeq: () => number,
  ) {
    this.chains.push(...chains);
  }

  /** A chain registered here or on another instance; the first one of a seat stays. */
  add(chain: ChainRow): void {
    if (!this.chains.some((c) => c.seat === chain.seat)) this.chains.push(chain);
  }

  /** The registered chains, with how many links each seat has given. */
  list(): { seat: SeatId; head: string; at: number; used: number }[] {
    this.ledger.advanceTo(this.nextSeq());
    return this.chains.map((c) => ({ ...c, used: this.ledger.used(c.seat) }));
  }

  /** The link `seat`'s next action must follow (null: no chain registered yet). */
  expected(seat: SeatId): string | null {
    this.ledger.advanceTo(this.nextSeq());
    return this.ledger.expected(seat);
  }

  /** The action at `seq` is logged: the link it carries, if any, is its seat's last one now. */
  logged(seq: number, entry: LoggedAction): void {
    if (!entry.contribution || typeof entry.seat !== 'number') return;
    this.ledger.advanceTo(seq);
    this.ledger.take(entry.seat, entry.contribution);
  }
}

/** The seats the game waits for now, one for each decision pending. */
export const pendingSeats = (live: LiveGame): SeatId[] => live.kit.definition.pending(live.state).map((d) => d.seat);

/** A game held in memory: its row, its current state and its whole log. Only the host's queue for it mutates it. */
export class LiveGame {
  state: unknown;
  /** Turn-timer deadlines (ms since epoch) of pending human seats. */
  readonly deadlines = new Map<SeatId, number>();
  /** When a request or an action last touched it (the host's clock): an idle game leaves memory. */
  lastUsed = 0;
  /** Whether a seat's person is at the table; the host sets it for online games. */
  presence: (seat: SeatId) => SeatPresence = () => NO_PRESENCE;
  /** Its rematch's id once known: a rematch, once made, is never unmade. */
  rematch: string | null = null;
  /** When its last action was applied (ms since epoch; its creation before any): how long it has stood still. */
  lastMoveAt = 0;
  /** Its end being written (finished, and rated, in one transaction): what a reader of its rating waits for. */
  ending: Promise<unknown> | null = null;
  readonly fair: FairLedger;
  private readonly recent = new Map<number, unknown>();

  constructor(
    public row: GameRow,
    readonly kit: GameKit,
    state: unknown,
    readonly log: LoggedAction[],
    chains: readonly ChainRow[] = [],
  ) {
    this.state = state;
    this.recent.set(this.seq, state);
    this.fair = new FairLedger(chains, () => this.seq + 1);
    log.forEach((entry, i) => this.fair.logged(i + 1, entry));
  }

  get id(): string {
    return this.row.id;
  }

  /** The number of applied actions: the version every request and update carries. */
  get seq(): number {
    return this.log.length;
  }

  /** Records an applied action and its resulting state. */
  advance(entry: LoggedAction, state: unknown): void {
    this.log.push(entry);
    this.fair.logged(this.seq, entry);
    this.state = state;
    this.recent.set(this.seq, state);
    this.recent.delete(this.seq - RECENT_STATES);
    if (typeof entry.seat === 'number') this.deadlines.delete(entry.seat);
  }

  /** The state at `seq` if it is among the recent ones. */
  recentState(seq: number): unknown {
    return this.recent.get(seq);
  }

  /**
   * The events up to action `seq` (default: every one so far), in order, each seat mark after the events
   * of the action that was the last one when it was made.
   */
  events(seq = this.seq): GameEvent[] {
    const marks = this.row.seatMarks;
    const out: GameEvent[] = [];
    let next = 0;
    for (let at = 0; at <= seq; at++) {
      if (at > 0) out.push(...this.log[at - 1]!.events);
      while (next < marks.length && marks[next]!.afterSeq <= at) out.push(seatMarkEvent(marks[next++]!));
    }
    return out;
  }
}
