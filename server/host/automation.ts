import type { SeatId } from '../../engine';
import { isHostError } from '../errors';
import type { Clock } from '../../chain/clock';
import type { LiveGame } from './live-game';

/** Why a seat is moved by the server: its bot's turn, or a human seat's turn timer ran out. */
export type AutoReason = 'bot' | 'timer';

/** Moves `seat` of game `gameId` if the game is still at `seq` (a stale timer does nothing). */
export type AutoMove = (gameId: string, seat: SeatId, seq: number, reason: AutoReason) => Promise<void>;

/** Whether the server plays `seat`: a bot's seat, or a human seat under bot takeover. */
export const playedByBot = (live: LiveGame, seat: SeatId): boolean => {
  const s = live.row.seats[seat];
  return s !== undefined && (s.kind !== 'human' || s.botTakeover);
};

/**
 * Bots and turn timers. After every change to a game the host calls `plan`: it cancels the game's timers and sets
 * new ones — a bot move after the game's bot pace for each pending bot seat (simultaneous decisions: each on its
 * own), and for each pending human seat, when the game has a turn time, its default move at the deadline. A human
 * seat's deadline runs from when it became pending and is kept while it stays pending (others bidding do not
 * reset it).
 */
export class Automation {
  private readonly timers = new Map<string, Array<() => void>>();
  private readonly inflight = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly move: AutoMove,
    private readonly onError: (err: unknown) => void,
    private readonly retryMs = 1000,
    /** A game nobody may move now (an on-chain game being set up or paused): no bot move, no timer. */
    private readonly held: (gameId: string) => boolean = () => false,
  ) {}

  plan(live: LiveGame): void {
    this.cancel(live.id);
    // A game waiting for its people: nothing moves until it starts (waiting-room.ts).
    if (this.stopped || live.row.waiting || this.held(live.id)) return;
    const { definition } = live.kit;
    // Over, or abandoned (finished with no outcome): nobody moves any more.
    const pending =
      live.row.finished || definition.outcome(live.state)
        ? []
        : [...new Set(definition.pending(live.state).map((d) => d.seat))];
    const timed = live.row.turnSeconds;
    for (const seat of [...live.deadlines.keys()]) {
      if (!pending.includes(seat) || playedByBot(live, seat) || timed === null) live.deadlines.delete(seat);
    }
    // The timers hold the id, not the game: a game evicted from memory while its turn timer runs is freed.
    const { id, seq } = live;
    const cancels: Array<() => void> = [];
    for (const seat of pending) {
      if (playedByBot(live, seat)) {
        cancels.push(this.clock.setTimer(live.row.botPaceMs, () => this.fire(id, seat, seq, 'bot')));
      } else if (timed !== null) {
        const deadline = live.deadlines.get(seat) ?? this.clock.now() + timed * 1000;
        live.deadlines.set(seat, deadline);
        cancels.push(this.clock.setTimer(deadline - this.clock.now(), () => this.fire(id, seat, seq, 'timer')));
      }
    }
    if (cancels.length) this.timers.set(id, cancels);
  }

  cancel(gameId: string): void {
    for (const cancel of this.timers.get(gameId) ?? []) cancel();
    this.timers.delete(gameId);
  }

  /** Resolves once no automatic move is running (each may plan the next; this waits for those too). */
  async idle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  /** Cancels every timer and refuses new ones (host shutdown). */
  stop(): void {
    this.stopped = true;
    for (const id of [...this.timers.keys()]) this.cancel(id);
  }

  private fire(gameId: string, seat: SeatId, seq: number, reason: AutoReason): void {
    if (this.stopped) return;
    const run = this.move(gameId, seat, seq, reason).catch((err: unknown) => {
      this.onError(err);
      // The store was unreachable: try the same move again later (it does nothing if the game moved on meanwhile).
      if (isHostError(err) && err.status === 503 && !this.stopped) {
        const cancels = this.timers.get(gameId) ?? [];
        cancels.push(this.clock.setTimer(this.retryMs, () => this.fire(gameId, seat, seq, reason)));
        this.timers.set(gameId, cancels);
      }
    });
    this.inflight.add(run);
    void run.finally(() => this.inflight.delete(run));
  }
}
