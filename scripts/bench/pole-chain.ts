/**
 * On-chain Tezos Pole on the devnet: how long a purchase takes to become a holding the game can read — the bank's
 * mint confirmed, then the TzKT API read at or after that level (read-after-write), as the chain bridge does before
 * the next royalty.
 */
import { PoleBridge } from '../../chain';
import { bootstrapAccount, type Devnet } from '../../devnet/node';
import { parseBoard } from '../../engine/pole';
import { latencyAsync } from './measure';
import type { BenchCase } from './types';
import { devnetWithContract } from '../lib/devnet-contract';

/** A small board whose first edition is large enough for every sample's purchase. */
const benchBoard = () =>
  parseBoard({
    id: 'bench-chain',
    name: 'Bench',
    tiles: [
      { kind: 'go', id: 'go', name: 'Start' },
      {
        kind: 'artist',
        id: 'edition',
        artist: 'Bench Artist',
        title: 'Bench Edition',
        price: 100,
        multiplier: 1,
        editionSize: 1000,
      },
      {
        kind: 'artist',
        id: 'solo',
        artist: 'Bench Artist',
        title: 'Bench 1/1',
        price: 200,
        multiplier: 2,
        editionSize: 1,
      },
      {
        kind: 'artist',
        id: 'pair',
        artist: 'Bench Artist',
        title: 'Bench Pair',
        price: 60,
        multiplier: 1,
        editionSize: 2,
      },
    ],
  });
const TILE = 1;

let devnet: Devnet | undefined;

export const poleChainCases: readonly BenchCase[] = [
  {
    name: 'chain: purchase → holding visible through the TzKT API (devnet)',
    unit: 'ms',
    goal: { atMost: 300 },
    prepare: async () => {
      const bank = bootstrapAccount(2);
      const chain = await devnetWithContract({ minter: bank.address });
      devnet = chain.devnet;
      const client = chain.contract;
      const bridge = await PoleBridge.create({
        network: { rpcUrl: devnet.rpcUrl, tzktUrl: devnet.tzktUrl },
        bank: { secretKey: bank.secretKey },
        contract: client.address,
        holdings: { timeoutMs: 20_000, pollMs: 10 },
      });
      const { tokenIds } = await bridge.createGameTokens(bridge.planTokens(benchBoard(), 'bench'));
      const seats = [bootstrapAccount(3).address, bootstrapAccount(4).address];
      let copies = 0;
      return () =>
        latencyAsync(async () => {
          const seat = copies % 2;
          const applied = await bridge.apply([
            { kind: 'mint', tile: TILE, tokenId: tokenIds[TILE]!, seat, to: seats[seat]!, reason: 'bought' },
          ]);
          copies++;
          const holdings = await bridge.readHoldingsAction([TILE], seats, applied!.level);
          if (holdings.tiles[0]!.holders.length !== copies)
            throw new Error(`TzKT shows ${holdings.tiles[0]!.holders.length} copies, not ${copies}`);
        });
    },
    teardown: async () => devnet?.stop(),
  },
];
