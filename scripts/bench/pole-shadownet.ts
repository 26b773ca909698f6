/**
 * Rehearsing Shadownet locally: a complete 4-player on-chain bot game on a devnet at Shadownet's pace
 * (DEVNET_PROFILE=shadownet: a block every 6 s, TzKT 1.5 s behind the node) against the same game off-chain at the same
 * bot pace: wall time, time the game was held up by the chain (setup, and moves waiting for a read, a check, a block),
 * operations sent and blocks baked. Its goals: the chain waiting at most half the wall time, at most one operation
 * per decision.
 *
 * One such game takes minutes, so a run plays it once (and the off-chain one once) and every sample of every row reads
 * those figures: min, median and max are the same number. Warm-ups and samples cost nothing more.
 */
import { DEVNET_PROFILES } from '../../devnet/node';
import { closeEnv, CREATOR, fourBots, openEnv, playGame, type GameFigures } from './pole-chain-game';
import type { BenchCase } from './types';

/** The bots' pause before each move: the server's default pace, the one players watch. */
const BOT_PACE_MS = 400;
/** At 6 s a block a full game takes several minutes; stuck past this. */
const TIMEOUT_MS = 30 * 60_000;
const SEED = 'bench/shadownet';
const POLL_MS = 100;

interface Figures {
  readonly onChain: GameFigures;
  /** The same game (seed, bots, pace) off-chain: creation → outcome, in s. */
  readonly offChainS: number;
}

async function playBoth(): Promise<Figures> {
  const env = await openEnv(DEVNET_PROFILES.shadownet);
  try {
    const onChain = await playGame(env, SEED, { botPaceMs: BOT_PACE_MS, timeoutMs: TIMEOUT_MS });
    const start = performance.now();
    const { id } = await env.host.create(fourBots(SEED, BOT_PACE_MS, false), { address: CREATOR.address });
    while ((await env.host.views.snapshot(id)).outcome === null) {
      if (performance.now() - start > TIMEOUT_MS) throw new Error(`the off-chain game ${id} did not end`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    return { onChain, offChainS: (performance.now() - start) / 1000 };
  } finally {
    await closeEnv(env);
  }
}

let figures: Promise<Figures> | null = null;

const NAME = 'chain: a 4-player on-chain bot game at Shadownet pace (6 s blocks, TzKT 1.5 s behind)';

function row(suffix: string, unit: string, figure: (f: Figures) => number, goal?: BenchCase['goal']): BenchCase {
  return {
    name: `${NAME} — ${suffix}`,
    unit,
    ...(goal ? { goal } : {}),
    prepare: () => async () => figure(await (figures ??= playBoth())),
  };
}

export const poleShadownetCases: readonly BenchCase[] = [
  row('wall time', 's', (f) => f.onChain.totalS),
  row('the same game off-chain, same bot pace', 's', (f) => f.offChainS),
  row('setup: tokens, bot funding, joins', 's', (f) => f.onChain.setupS),
  row('time the game waited on the chain', 's', (f) => f.onChain.chainWaitS),
  row('chain waiting, share of the wall time', '%', (f) => (100 * f.onChain.chainWaitS) / f.onChain.totalS, {
    atMost: 50,
  }),
  row('time with a chain operation on its way (not waited for)', 's', (f) => f.onChain.inFlightS),
  row('chain operations sent', 'ops', (f) => f.onChain.ops.all),
  row('step operations sent', 'ops', (f) => f.onChain.ops.step),
  row('decisions that needed one', 'decisions', (f) => f.onChain.decisions),
  row('operations per decision that needed one', 'ops', (f) => f.onChain.ops.step / Math.max(1, f.onChain.decisions), {
    atMost: 1,
  }),
  row('engine actions', 'actions', (f) => f.onChain.actions),
  row('blocks baked', 'blocks', (f) => f.onChain.blocks),
];
