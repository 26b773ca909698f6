/**
 * One online game played by scripted people (`npm run load`): created on one app instance, each seat following its own
 * event stream on an instance and acting over HTTP on another, after a think time, with a choice among the legal
 * actions its stream sent it — what a browser at the table does, minus the drawing.
 */
import type { GameId } from '../../engine/core';
import type { CreateGameRequest, CreateGameResponse, GameSnapshot, GameUpdate } from '../../server';
import { requestJson, SeatStream, type StreamTally } from './http';

/** Where a table's traffic goes: the instance that creates it, and for each seat the one it streams from and the one it acts on. */
export interface TableRoutes {
  readonly create: string;
  readonly stream: (seat: number) => string;
  readonly act: (seat: number) => string;
}

/** What every table reports to the run: each seat's wait for an action, and each request that went wrong. */
export interface TableSink {
  /** Another seat's wait (ms) from the acting seat's POST to its stream's update. */
  latency(ms: number): void;
  action(): void;
  /** A 409 STALE: another seat acted first at a simultaneous decision (or the instance had not caught up yet). */
  stale(): void;
  /** A 409 STALE from an instance that had not caught up with the seq the seat's stream showed: never expected. */
  behind(): void;
  /** A refusal nobody should see (any non-2xx that is not an expected one), or a stream that failed. */
  error(what: string): void;
  chat(): void;
}

export interface TablePlan {
  readonly game: GameId;
  readonly seed: string;
  /** The engine options (e.g. a short game for tests: one lap). */
  readonly options?: Readonly<Record<string, unknown>>;
  readonly thinkMs: readonly [number, number];
  /** Mean time between two chat posts at the table (0: nobody chats). */
  readonly chatEveryMs: number;
  readonly turnSeconds: number | null;
  readonly pick: (n: number) => number;
}

const SEATS = ['Ada', 'Bea', 'Cy', 'Dot'];
const CHAT_LINES = ['gg', 'nice roll!', 'your turn :)', 'ouch', 'who has the blue set?', 'one more lap'];
/** A 409 STALE although this seat's stream had not moved: the instance it acts on is behind; it tries again this often. */
const CONFLICT_RETRIES = 5;

interface Origin {
  readonly seat: number;
  readonly at: number;
}

/** One game at the table until it ends (or the run stops). */
export class ScriptedTable {
  id = '';
  private tokens: string[] = [];
  readonly streams: SeatStream[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  /** The seq each seat has planned an action for (so one update plans one action). */
  private readonly planned = new Map<number, number>();
  /** Who sent the action that made each seq, and when: the other seats' waits start there. */
  private readonly origins = new Map<number, Origin>();
  /** Arrivals at the other seats seen before their seq's origin was known (the update can beat the POST's reply). */
  private readonly early = new Map<number, number[]>();
  private stopped = false;
  /** The game's outcome arrived. */
  over = false;
  /** The seq of the update that ended the game. */
  finalSeq = 0;
  private finish!: () => void;
  /** Settles when the outcome has reached every seat (or the table was stopped). */
  readonly done = new Promise<void>((resolve) => (this.finish = resolve));

  constructor(
    private readonly routes: TableRoutes,
    private readonly plan: TablePlan,
    private readonly sink: TableSink,
  ) {}

  /** Creates the game, reads each seat's view and opens its stream; then the people play by themselves. */
  async open(): Promise<void> {
    const request: CreateGameRequest = {
      game: this.plan.game,
      seats: SEATS.map((name) => ({ kind: 'human' as const, name })),
      mode: 'online',
      turnSeconds: this.plan.turnSeconds,
      seed: this.plan.seed,
      ...(this.plan.options ? { options: this.plan.options } : {}),
    };
    const created = await requestJson<CreateGameResponse>(`${this.routes.create}/api/games`, 'POST', request);
    if (created.status !== 201)
      throw new Error(`POST /api/games → ${created.status} ${JSON.stringify(created.body).slice(0, 300)}`);
    this.id = created.body.id;
    this.tokens = created.body.invites.map((i) => i.token);
    await Promise.all(
      this.tokens.map(async (_, seat) => {
        const view = await requestJson<GameSnapshot>(
          `${this.routes.stream(seat)}/api/games/${this.id}?${this.query(seat)}`,
          'GET',
        );
        if (view.status !== 200) throw new Error(`GET /api/games/${this.id} → ${view.status}`);
        const stream = new SeatStream(
          `${this.routes.stream(seat)}/api/games/${this.id}/events?${this.query(seat)}`,
          view.body.seq,
          {
            update: (update, at) => this.arrived(seat, update, at),
            failed: (reason) => this.sink.error(`game ${this.id} seat ${seat}: ${reason}`),
          },
        );
        this.streams[seat] = stream;
        await stream.open();
        this.consider(seat, view.body.seq, view.body);
      }),
    );
    if (this.plan.chatEveryMs > 0) this.later(this.plan.pick(2 * this.plan.chatEveryMs), () => void this.chat());
  }

  private query(seat: number): string {
    return `token=${encodeURIComponent(this.tokens[seat]!)}&seat=${seat}`;
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.stopped) run();
    }, ms);
    this.timers.add(timer);
  }

  /** An update reached `seat`: its wait is counted, and if it must decide now it plans its move. */
  private arrived(seat: number, update: GameUpdate, at: number): void {
    const origin = this.origins.get(update.seq);
    if (origin) this.waited(origin, seat, at);
    else {
      const list = this.early.get(update.seq) ?? [];
      list.push(seat, at);
      this.early.set(update.seq, list);
    }
    if (update.outcome) {
      const stream = this.streams[seat]!;
      stream.finished = true;
      this.finalSeq = update.seq;
      if (this.streams.every((s) => s.finished)) {
        this.over = true;
        this.finish();
      }
      return;
    }
    this.consider(seat, update.seq, update);
  }

  private waited(origin: Origin, seat: number, at: number): void {
    if (seat !== origin.seat) this.sink.latency(at - origin.at);
  }

  /** The person at `seat` looks at what its stream says at `seq` and, if it is theirs to decide, thinks and acts. */
  private consider(seat: number, seq: number, seen: Pick<GameUpdate, 'pending' | 'legal' | 'outcome'>): void {
    if (seen.outcome || seen.legal.length === 0 || !seen.pending.some((d) => d.seat === seat)) return;
    if (this.planned.get(seat) === seq) return;
    this.planned.set(seat, seq);
    const [lo, hi] = this.plan.thinkMs;
    const action = seen.legal[this.plan.pick(seen.legal.length)];
    this.later(lo + this.plan.pick(hi - lo + 1), () => void this.act(seat, seq, action, 0));
  }

  private async act(seat: number, seq: number, action: unknown, attempt: number): Promise<void> {
    const stream = this.streams[seat]!;
    if (stream.seq !== seq) return; // the game moved on while this person thought: the newer update planned again
    const at = performance.now();
    let reply;
    try {
      reply = await requestJson<{ seq: number; error?: string; message?: string }>(
        `${this.routes.act(seat)}/api/games/${this.id}/actions`,
        'POST',
        { token: this.tokens[seat], seat, seq, action },
      );
    } catch (err) {
      if (!this.stopped) this.sink.error(`POST actions: ${(err as Error).message}`);
      return;
    }
    if (this.stopped) return;
    if (reply.status === 200) {
      this.sink.action();
      const origin = { seat, at };
      this.origins.set(reply.body.seq, origin);
      const early = this.early.get(reply.body.seq) ?? [];
      this.early.delete(reply.body.seq);
      for (let i = 0; i < early.length; i += 2) this.waited(origin, early[i]!, early[i + 1]!);
      this.forget(reply.body.seq - 8);
      return;
    }
    if (reply.status === 409 && reply.body.error === 'STALE') {
      this.sink.stale();
      // "the game is at seq X": an instance behind the seat's own stream (X < seq) should have read the log first.
      const held = /at seq (\d+)/.exec(reply.body.message ?? '');
      if (held && Number(held[1]) < seq) this.sink.behind();
      // Another seat's action came first: this seat's stream brings it and the person decides again. If the stream
      // has not moved, the instance acted on was behind; a person would press again.
      if (stream.seq === seq) {
        if (attempt < CONFLICT_RETRIES)
          this.later(100 * (attempt + 1), () => void this.act(seat, seq, action, attempt + 1));
        else
          this.sink.error(
            `game ${this.id} seat ${seat}: seq ${seq} refused as stale ${CONFLICT_RETRIES + 1} times although no newer update came`,
          );
      }
      return;
    }
    this.sink.error(
      `POST /api/games/${this.id}/actions (seat ${seat}, seq ${seq}) → ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`,
    );
  }

  /** Keeps the bookkeeping of the last few seqs only. */
  private forget(before: number): void {
    for (const seq of this.origins.keys()) if (seq < before) this.origins.delete(seq);
    for (const seq of this.early.keys()) if (seq < before) this.early.delete(seq);
  }

  private async chat(): Promise<void> {
    if (this.over) return;
    const seat = this.plan.pick(SEATS.length);
    try {
      const reply = await requestJson<{ error?: string }>(
        `${this.routes.act(seat)}/api/games/${this.id}/chat`,
        'POST',
        { token: this.tokens[seat], text: CHAT_LINES[this.plan.pick(CHAT_LINES.length)] },
      );
      if (reply.status === 201) this.sink.chat();
      // The game ended between the check and the post: its chat is closed (409 CHAT_CLOSED), as it should be.
      else if (!(reply.status === 409 && reply.body.error === 'CHAT_CLOSED') && !this.stopped)
        this.sink.error(`POST chat → ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`);
    } catch (err) {
      if (!this.stopped) this.sink.error(`POST chat: ${(err as Error).message}`);
    }
    if (!this.over) this.later(this.plan.pick(2 * this.plan.chatEveryMs) + 1, () => void this.chat());
  }

  /** What every seat's stream saw. */
  get tallies(): StreamTally[] {
    return this.streams.map((s) => s.tally);
  }

  /** Streams still open (a finished game's end when its last update is sent). */
  get openStreams(): number {
    return this.streams.filter((s) => !s.ended).length;
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const s of this.streams) s.close();
    this.finish();
  }
}
