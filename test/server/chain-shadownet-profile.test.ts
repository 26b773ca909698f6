/**
 * An on-chain Tezos Pole game played to its end on a devnet paced like Shadownet — blocks on a timer and a
 * TzKT API that trails the node — scaled down (a block a second, the indexer a second behind) so the suite stays
 * short. Two bots, one lap on the default board, created by a signed-in person; at the end the chain and the game
 * agree token by token, no copy was minted twice, and the bank never had two operations in one block (Tezos's 1M
 * rule: its steps go out through one queue, batched). Real Taquito and TzKT client, nothing mocked.
 */
import { TezosToolkit } from '@taquito/taquito';
import { tokensGetTokenTransfers } from '@tzkt/sdk-api';
import { describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../devnet/node';
import { expectChainHoldingsAgree, useChainSuite } from './chain-host';
import { bot } from './requests';

/** Shadownet's pace (devnet/node/profile.ts: 6 s blocks, 1.5 s lag), scaled down for CI. */
const PACE = { blockTime: 1, indexerLag: 1 };
const bank = bootstrapAccount(1);
/** The signed-in person who creates the game (the bank pays only for a signed-in creator's games: server/limits). */
const creator = bootstrapAccount(2);

const suite = useChainSuite(bank, { devnet: { pace: PACE } });

describe('an on-chain game at Shadownet’s pace (scaled)', () => {
  it(
    'two bots play one lap to the end; the chain and the game agree token by token, nothing minted twice',
    { timeout: 300_000 },
    async () => {
      const firstLevel = suite.chain.devnet.chain.headBlock().level;
      const { id } = await suite.env.host.create(
        {
          game: 'pole',
          mode: 'online',
          options: { laps: 1 },
          seats: [bot('normal', 'Ada'), bot('normal', 'Bea')],
          seed: 'shadownet-profile',
          botPaceMs: 0,
          onChain: {},
        },
        { address: creator.address },
      );
      // The bots play on the server's timers, as blocks come: until the end, or the first error (4 minutes: stuck).
      await expect
        .poll(async () => suite.env.errors.length > 0 || (await suite.env.host.views.snapshot(id)).outcome !== null, {
          timeout: 240_000,
          interval: 100,
        })
        .toBe(true);
      expect(suite.env.errors.map(String)).toEqual([]);
      await suite.env.games.idle();
      await suite.env.host.idle();
      expect(suite.env.errors.map(String)).toEqual([]);

      // Every operation went through (rows may share one: the bank's batch of a block; the mints below were once each).
      const ops = await suite.env.chainStore.listOps(id);
      expect(ops.filter((o) => o.status !== 'confirmed')).toEqual([]);
      expect(ops.every((o) => o.opHash !== null && o.level !== null)).toBe(true);

      // One bank operation a block at most, and no more bank operations than blocks used.
      const rpc = new TezosToolkit(suite.chain.devnet.rpcUrl).rpc;
      const head = (await rpc.getBlockHeader()).level;
      const bankOps = new Set<string>();
      for (let level = firstLevel + 1; level <= head; level++) {
        const own = (await rpc.getBlock({ block: String(level) })).operations
          .flat()
          .filter((o) => o.contents.some((c) => (c as { source?: string }).source === bank.address));
        expect({ level, bankOps: own.length }).toEqual({ level, bankOps: Math.min(own.length, 1) });
        for (const o of own) bankOps.add(o.hash);
      }
      for (const o of ops.filter((r) => r.kind !== 'approval')) expect(bankOps.has(o.opHash!)).toBe(true);
      const mints = ops
        .flatMap((o) => (o.kind === 'step' ? (o.detail.ops ?? []) : []))
        .filter((c) => c.kind === 'mint');
      expect(mints.length).toBeGreaterThan(0);

      // The holders on-chain, read through the lagging TzKT API once it has the game's last level, are the engine's.
      await expectChainHoldingsAgree(suite.env, suite.chain, id, 20_000);
      const tokenIds = (await suite.env.host.chain.info(id)).pieces.map((p) => p.tokenId!);

      // Each token was minted on-chain exactly as often as the game asked for a copy of it.
      const transfers = await tokensGetTokenTransfers(
        { tokenContract: { eq: suite.chain.contract.address }, limit: 10_000 },
        { baseUrl: suite.chain.devnet.tzktUrl },
      );
      for (const tokenId of tokenIds) {
        const minted = transfers
          .filter((t) => t.token?.tokenId === tokenId && !t.from)
          .reduce((n, t) => n + Number(t.amount), 0);
        expect({ tokenId, minted }).toEqual({ tokenId, minted: mints.filter((m) => m.tokenId === tokenId).length });
      }
    },
  );
});
