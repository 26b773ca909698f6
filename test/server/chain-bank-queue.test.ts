/**
 * The bank's queue (chain/pole-bridge/bank-sender.ts) on a devnet paced like Shadownet (scaled: a block every 2 s, the
 * TzKT API a second behind), through real Taquito and the real TzKT client — nothing mocked. On-chain games of two
 * people each:
 * - a purchase is taken at once (the game does not wait for its block), and two games' purchases made at the same
 *   time go out as ONE bank operation, in one block (Tezos's 1M rule: one operation of a manager per block);
 * - the roll right after a purchase reads the holders while the purchase's mint is still on its way: the read counts
 *   it (P13), so the copy is not taken for one that left the game;
 * - the bank never has more than one operation in a block.
 */
import { describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../devnet/node';
import type { PoleEvent, PoleState } from '../../engine/pole';
import {
  act,
  playToOffer,
  playToRoll,
  startPeopleGame,
  stepAt,
  SUITE_LIMITS,
  type PeopleGame,
  type PendingDecision,
  useChainSuite,
} from './chain-host';

const PACE = { blockTime: 2, indexerLag: 1 };
const bank = bootstrapAccount(1);
const PEOPLE = [
  [bootstrapAccount(3), bootstrapAccount(4)],
  [bootstrapAccount(5), bootstrapAccount(6)],
] as const;

const suite = useChainSuite(bank, { devnet: { pace: PACE }, chain: { walletLimits: SUITE_LIMITS }, setupMs: 180_000 });

/** Two games, one for each pair of people, set up at the same time (the bank's sender batches their setups). */
const startTwoGames = (name: string): Promise<PeopleGame[]> =>
  Promise.all(PEOPLE.map((wallets, i) => startPeopleGame(suite.env, suite.chain, `${name}-${i}`, wallets)));

/** A purchase in each of `games`, made at the same time: the offers taken. */
async function buyAtOnce(games: readonly PeopleGame[]): Promise<PendingDecision[]> {
  const offers = await Promise.all(games.map((g) => playToOffer(suite.env, g)));
  await Promise.all(games.map((g, i) => act(suite.env, g, offers[i]!.seat, offers[i]!.seq, { type: 'buy' })));
  return offers;
}

describe("the bank's queue at Shadownet's pace (scaled)", () => {
  it(
    'takes two games’ purchases at once and sends them as one bank operation in one block',
    { timeout: 120_000 },
    async () => {
      const started = await startTwoGames('one-operation');
      const offers = await buyAtOnce(started);
      // Taken before any block could have them: in the game already, their mints still to go.
      const rows = await Promise.all(started.map((g, i) => stepAt(suite.env, g, offers[i]!.seq + 1)));
      expect(rows.map((r) => r?.status)).toEqual(['queued', 'queued']);
      // What the table shows meanwhile: the purchase queued, about a block or two away.
      const info = await suite.env.host.chain.info(started[0]!.id);
      expect(info.ops.find((o) => o.kind === 'step' && o.seq === offers[0]!.seq + 1)?.status).toBe('queued');
      expect(info.blockTimeS).toBe(PACE.blockTime);
      for (const [i, g] of started.entries())
        expect((await suite.env.host.records.record(g.id)).actions[offers[i]!.seq]).toEqual({
          seat: offers[i]!.seat,
          action: { type: 'buy' },
        });

      await suite.env.games.idle(); // the bank's sender has sent and confirmed them
      const confirmed = await Promise.all(started.map((g, i) => stepAt(suite.env, g, offers[i]!.seq + 1)));
      expect(confirmed.map((r) => r?.status)).toEqual(['confirmed', 'confirmed']);
      // One operation carried both games' mints.
      expect(confirmed[0]!.opHash).toMatch(/^o/);
      expect(confirmed[1]!.opHash).toBe(confirmed[0]!.opHash);
      expect(confirmed[1]!.level).toBe(confirmed[0]!.level);
      expect(suite.env.errors.map(String)).toEqual([]);
    },
  );

  it(
    'reads the holders for the roll after a purchase while its mint is on its way, counting it: nothing leaves the game (P13)',
    { timeout: 120_000 },
    async () => {
      const game = await startPeopleGame(suite.env, suite.chain, 'read-after-purchase', PEOPLE[0]);
      const bought = await playToOffer(suite.env, game);
      await act(suite.env, game, bought.seat, bought.seq, { type: 'buy' });
      const next = await playToRoll(suite.env, game);
      expect(next.kind).toBe('roll');
      // The mint is not in the indexer yet (not even in a block) when the roll's read is made.
      expect(['queued', 'pending']).toContain((await stepAt(suite.env, game, bought.seq + 1))?.status);
      await act(suite.env, game, next.seat, next.seq, { type: 'roll' });
      const record = await suite.env.host.records.record(game.id);
      expect(record.actions.slice(bought.seq).filter((a) => a.seat === 'system')).toEqual([]);
      const snap = await suite.env.host.views.snapshot(game.id);
      expect((snap.events as PoleEvent[]).filter((e) => e.type === 'copyLeftGame')).toEqual([]);
      expect((snap.view as PoleState).tiles[bought.tile!]!.holders).toContain(bought.seat);
      await suite.env.games.idle();
      expect((await stepAt(suite.env, game, bought.seq + 1))?.status).toBe('confirmed');
      expect(suite.env.errors.map(String)).toEqual([]);
    },
  );

  it('never has two bank operations in one block (1M), setup included', { timeout: 120_000 }, async () => {
    const firstLevel = suite.chain.devnet.chain.headBlock().level;
    await buyAtOnce(await startTwoGames('one-a-block'));
    await suite.env.games.idle();
    const rpc = suite.chain.toolkit(bank.secretKey).rpc;
    const head = (await rpc.getBlockHeader()).level;
    const perBlock: number[] = [];
    for (let level = firstLevel + 1; level <= head; level++) {
      const block = await rpc.getBlock({ block: String(level) });
      perBlock.push(
        block.operations
          .flat()
          .filter((o) => o.contents.some((c) => (c as { source?: string }).source === bank.address)).length,
      );
    }
    expect(Math.max(...perBlock)).toBe(1);
  });
});
