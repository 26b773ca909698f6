/**
 * One app server under an evening's online play: 200 games of four people each, every seat's event stream
 * open, people acting at a person's pace and chatting now and then. Measured: how long each of the other three
 * seats waits for an action to reach it, from the POST to its stream's update (p50 and p99 of each window).
 *
 * The people are simulated by this process on the same machine as the server (2 cores here): their own work
 * (800 streams parsed, ~100 actions and ~40 chat posts a second) is in the figures too.
 */
import type { GameId } from '../../engine/core';
import type { CreateGameRequest } from '../../server';
import { startAppServer, type AppServer } from '../lib/app-server';
import { percentile } from '../lib/stats';
import { postJson } from './event-stream';
import { chooser } from '../lib/chooser';
import { closeOnlineTable, openOnlineTable, timedAction, type OnlineTable } from './online-table';
import type { BenchCase, Sampler } from './types';

const GAMES = 200;
const SEATS = ['Ada', 'Bea', 'Cy', 'Dot'];
/** A person's pause before acting, uniform in this range: ~100 actions a second over 200 games. */
const THINK_MS: readonly [number, number] = [1000, 3000];
/** The mean pause between two chat posts at one table (a seat posts every ~20 s): ~40 posts a second in all. */
const CHAT_EVERY_MS = 5000;
/** One sample: the latencies of this long a window of the running load. */
const WINDOW_MS = 3000;
const GAME_KINDS: readonly GameId[] = ['pole', 'gotopoly', 'ten'];
const CHAT_LINES = ['gg', 'nice roll!', 'your turn :)', 'ouch', 'who has the blue set?', 'one more lap'];

const tableRequest = (i: number, round: number): CreateGameRequest => ({
  game: GAME_KINDS[i % GAME_KINDS.length]!,
  seats: SEATS.map((name) => ({ kind: 'human' as const, name })),
  mode: 'online',
  turnSeconds: null,
  botPaceMs: 0,
  seed: `bench-load-${i}-${round}`,
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The running load: 200 tables, each played and chatted at by its own loops until stopped. */
class EveningLoad {
  private stopped = false;
  private readonly loops: Promise<void>[] = [];
  private readonly tables: (OnlineTable | null)[] = [];
  /** Each other seat's wait (ms) for every action since the window opened. */
  window: number[] = [];
  failure: Error | null = null;
  actions = 0;
  chatsPosted = 0;

  private constructor(private readonly app: AppServer) {}

  static async start(): Promise<EveningLoad> {
    // Every simulated person is one client to the server's limits, so the chat rate and the stream caps are lifted
    // (the limiter still counts each post, per client and per seat: its cost is in the figures).
    const app = await startAppServer({
      env: {
        POLE_RATE_CHAT: '100000/60',
        POLE_SSE_PER_CLIENT: String(GAMES * SEATS.length + 50),
        POLE_SSE_PER_GAME: '10',
      },
    });
    const load = new EveningLoad(app);
    try {
      for (let i = 0; i < GAMES; i++) load.tables.push(await openOnlineTable(app.baseUrl, tableRequest(i, 0)));
    } catch (err) {
      await load.stop();
      throw err;
    }
    for (let i = 0; i < GAMES; i++) load.loops.push(load.play(i), load.chat(i));
    return load;
  }

  private async play(i: number): Promise<void> {
    const pick = chooser(20_261_201 + i);
    let round = 0;
    try {
      while (!this.stopped) {
        await sleep(THINK_MS[0] + pick(THINK_MS[1] - THINK_MS[0]));
        if (this.stopped) return;
        let table = this.tables[i]!;
        if (table.over) {
          closeOnlineTable(table);
          this.tables[i] = null;
          table = await openOnlineTable(this.app.baseUrl, tableRequest(i, ++round));
          this.tables[i] = table;
        }
        this.window.push(...(await timedAction(this.app.baseUrl, table, pick)));
        this.actions++;
      }
    } catch (err) {
      if (!this.stopped) this.failure ??= err as Error;
    }
  }

  private async chat(i: number): Promise<void> {
    const pick = chooser(7_700 + i);
    while (!this.stopped) {
      await sleep(pick(2 * CHAT_EVERY_MS));
      const table = this.tables[i];
      if (this.stopped || !table || table.over) continue;
      const seat = pick(SEATS.length);
      try {
        await postJson(`${this.app.baseUrl}/api/games/${table.id}/chat`, {
          token: table.tokens[seat],
          text: CHAT_LINES[pick(CHAT_LINES.length)],
        });
        this.chatsPosted++;
      } catch (err) {
        // A table that ended between the check and the post refuses it (409 CHAT_CLOSED): its successor gets the next.
        if (!this.stopped && !String(err).includes('CHAT_CLOSED')) this.failure ??= err as Error;
      }
    }
  }

  /** The waits of the window since the last call, after WINDOW_MS of it. */
  async sample(): Promise<number[]> {
    this.window = [];
    await sleep(WINDOW_MS);
    if (this.failure) throw this.failure;
    if (this.window.length === 0) throw new Error('no action reached the other seats in the window');
    return this.window;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled(this.loops);
    for (const t of this.tables) closeOnlineTable(t);
    await this.app.stop();
  }
}

function loadCase(p: 50 | 99): BenchCase {
  let load: EveningLoad | null = null;
  return {
    name: `play: ${GAMES} online games × ${SEATS.length} seats + chat, action → update at the other seats, p${p}`,
    unit: 'ms',
    goal: p === 99 ? { atMost: 100 } : undefined,
    prepare: async () => {
      load = await EveningLoad.start();
      const sampler: Sampler = async () => percentile(await load!.sample(), p);
      return sampler;
    },
    teardown: async () => {
      await load?.stop();
      load = null;
    },
  };
}

export const onlineLoadCases: readonly BenchCase[] = [loadCase(50), loadCase(99)];
