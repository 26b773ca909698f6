import type { SeatId } from '../../engine';
import { GRACE_DEFAULT, type Presence, type SeatMarkEvent, type SeatsUpdate } from '../protocol';
import type { StoredSeatMark } from '../store';
import type { Clock } from '../../chain/clock';
import type { Broker } from './broker';
import type { LiveGame } from './live-game';
import { seatInfos } from './views';

/**
 * Who is at an online table, and the grace period of a seat whose person went away. A seat is connected
 * while at least one of its event streams is open on this instance (the broker knows them); when its last one
 * closes, the seat keeps its place for the game's grace period, and only then its bot plays for it.
 *
 * Presence is per app instance. Instances on one PostgreSQL share actions and seats through LISTEN/NOTIFY, not
 * their open connections: a seat followed through another instance looks away here, and a grace this instance runs
 * ends only on its own connections. So a deployment of several instances routes each game's streams to one
 * instance (sticky by game id), as it already should for the per-game stream caps; one instance needs nothing.
 */
export interface SeatPresence {
  readonly presence: Presence | null;
  readonly graceUntil: number | null;
}

/** A bot's seat, a hot-seat game's: nobody connects. */
export const NO_PRESENCE: SeatPresence = { presence: null, graceUntil: null };

/** The grace periods running: when each away seat's bot takes over, and the timer that does it. */
export class GraceTimers {
  private readonly byGame = new Map<string, Map<SeatId, { readonly until: number; readonly cancel: () => void }>>();
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    /** The grace of `seat` ran out (the caller checks the seat is still away and not taken over). */
    private readonly ended: (gameId: string, seat: SeatId) => void,
  ) {}

  /** Starts `seat`'s grace of `ms`, unless one runs already (a second close does not extend it). */
  start(gameId: string, seat: SeatId, ms: number): void {
    if (this.stopped || this.until(gameId, seat) !== null) return;
    const seats = this.byGame.get(gameId) ?? new Map<SeatId, { until: number; cancel: () => void }>();
    this.byGame.set(gameId, seats);
    const cancel = this.clock.setTimer(ms, () => {
      this.drop(gameId, seat);
      this.ended(gameId, seat);
    });
    seats.set(seat, { until: this.clock.now() + ms, cancel });
  }

  /** The seat is back (or taken over, or the game is over): its grace stops. */
  cancel(gameId: string, seat: SeatId): void {
    this.byGame.get(gameId)?.get(seat)?.cancel();
    this.drop(gameId, seat);
  }

  cancelGame(gameId: string): void {
    for (const seat of [...(this.byGame.get(gameId)?.keys() ?? [])]) this.cancel(gameId, seat);
  }

  /** When `seat`'s grace ends (ms since epoch), or null when none runs. */
  until(gameId: string, seat: SeatId): number | null {
    return this.byGame.get(gameId)?.get(seat)?.until ?? null;
  }

  /** A grace runs in the game: it stays in memory until it ends (its timer needs the game's seats). */
  running(gameId: string): boolean {
    return (this.byGame.get(gameId)?.size ?? 0) > 0;
  }

  /** Cancels every grace and starts no more (host shutdown). */
  stop(): void {
    this.stopped = true;
    for (const gameId of [...this.byGame.keys()]) this.cancelGame(gameId);
  }

  private drop(gameId: string, seat: SeatId): void {
    const seats = this.byGame.get(gameId);
    seats?.delete(seat);
    if (seats?.size === 0) this.byGame.delete(gameId);
  }
}

/** A stored seat mark as the log's event. */
export const seatMarkEvent = (mark: StoredSeatMark): SeatMarkEvent => ({
  type: 'seatMark',
  n: mark.n,
  seat: mark.seat,
  mark: mark.mark,
});

export interface TablePresenceDeps {
  readonly clock: Clock;
  readonly broker: Broker;
  /** The game if memory holds it: a stream that closes brings none back. */
  readonly held: (id: string) => LiveGame | undefined;
  /** Whether the host has closed (a stream it closes starts no grace). */
  readonly closed: () => boolean;
  /** A seat's grace ran out; the callee checks the seat is still away. */
  readonly graceEnded: (id: string, seat: SeatId) => void;
}

/** Who is at each online table, as this instance's streams tell it, and the graces of the seats that went away. */
export class TablePresence {
  readonly graces: GraceTimers;
  /** The seats as last sent to each game's streams (JSON), so an unchanged update is not sent again. */
  private readonly published = new WeakMap<LiveGame, string>();

  constructor(private readonly deps: TablePresenceDeps) {
    this.graces = new GraceTimers(deps.clock, deps.graceEnded);
  }

  /** Whether a stream of this instance follows the seat. */
  connected(id: string, seat: SeatId): boolean {
    return this.deps.broker.connected(id, seat);
  }

  /** An online human seat's presence: connected (some stream follows it), else away and, in its grace, until when. */
  of(live: LiveGame, seat: SeatId): SeatPresence {
    if (live.row.mode !== 'online' || live.row.seats[seat]?.kind !== 'human') return NO_PRESENCE;
    if (this.connected(live.id, seat)) return { presence: 'connected', graceUntil: null };
    return { presence: 'away', graceUntil: this.graces.until(live.id, seat) };
  }

  /** An online human seat nobody follows now: unless its bot plays already, its grace starts. */
  away(live: LiveGame, seat: SeatId): void {
    const info = live.row.seats[seat];
    if (
      live.row.mode !== 'online' ||
      live.row.finished ||
      info?.kind !== 'human' ||
      info.botTakeover ||
      this.connected(live.id, seat)
    )
      return;
    this.graces.start(live.id, seat, (live.row.graceSeconds ?? GRACE_DEFAULT) * 1000);
  }

  /** A seat's last stream closed: its grace starts, and everyone is told. */
  left(id: string, seat: SeatId): void {
    const live = this.deps.held(id);
    if (!live || this.deps.closed() || live.row.mode !== 'online' || live.row.finished) return;
    this.away(live, seat);
    this.publish(live);
  }

  /** The seats as every stream of the game gets them: presence and the log's seat marks. */
  publish(live: LiveGame): void {
    const update = this.update(live);
    // A change nobody can see (a seat marked taken, a store notice of our own write) sends nothing.
    const text = JSON.stringify(update);
    if (text === this.published.get(live)) return;
    this.published.set(live, text);
    this.deps.broker.publishSeats(live.id, update);
  }

  /** The seats as a stream gets them now. */
  update(live: LiveGame): SeatsUpdate {
    return {
      seats: seatInfos(live.row, live),
      marks: live.row.seatMarks.map(seatMarkEvent),
      waiting: live.row.waiting,
    };
  }
}
