/**
 * What the bank may spend on games on Tezos in a day (server/limits: POLE_BANK_TEZ_PER_DAY, …_PER_WALLET_PER_DAY):
 * a game holds the most it may cost until it is settled, then counts what it cost; past the allowance a creation is
 * refused (402 DEPOSIT_REQUIRED: its creator may pay for it, chain-deposits.test.ts) before anything is stored or sent —
 * so fresh keys get nothing out of the bank beyond the day's allowance.
 */
import { InMemorySigner } from '@taquito/signer';
import { b58Encode, PrefixV2 } from '@taquito/utils';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../devnet/node';
import type { CreateGameRequest } from '../../server/protocol';
import { settle, useChainSuite } from './chain-host';
import { hostError } from './helpers';
import { humans } from './requests';

const bank = bootstrapAccount(1);
/** Room for two two-person Genesis games at their bound (about 4.1 ꜩ each) for one wallet; five in all. */
const PER_WALLET = 9;
const PER_DAY = 21;
const suite = useChainSuite(bank, {
  chain: {
    walletLimits: { gamesPerWallet: 50, botSeatsPerWallet: 50, tezPerDay: PER_DAY, tezPerWalletPerDay: PER_WALLET },
  },
});

const twoPeople: CreateGameRequest = {
  game: 'pole',
  mode: 'online',
  options: { laps: 1 },
  seats: humans('A', 'B'),
  botPaceMs: 0,
  onChain: {},
};
const bankBalance = async (): Promise<number> =>
  Number(
    await (
      await fetch(`${suite.chain.devnet.rpcUrl}/chains/main/blocks/head/context/contracts/${bank.address}/balance`)
    ).json(),
  );
const chainGames = async (): Promise<number> =>
  Number((await suite.env.store.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM chain_games'))[0]!.n);
/** A wallet nobody has seen: a throwaway key, signed in. */
const throwaway = async (): Promise<string> =>
  new InMemorySigner(b58Encode(randomBytes(32), PrefixV2.Ed25519Seed)).publicKeyHash();

describe('the bank’s daily allowance', () => {
  it('refuses one wallet’s game past its share (402 DEPOSIT_REQUIRED, naming what is left), storing and sending nothing', async () => {
    const carol = bootstrapAccount(7).address;
    await suite.env.host.create(twoPeople, { address: carol });
    await suite.env.host.create(twoPeople, { address: carol });
    await settle(suite.env);
    const [games, balance] = [await chainGames(), await bankBalance()];
    const e = await hostError(suite.env.host.create(twoPeople, { address: carol }));
    expect([e.status, e.code]).toEqual([402, 'DEPOSIT_REQUIRED']);
    expect(e.message).toMatch(
      /up to 9 ꜩ a day for one wallet's games on Tezos, and [\d.]+ ꜩ of it is left; this game may cost up to [\d.]+ ꜩ: pay a deposit of/,
    );
    expect(e.detail).toMatchObject({ perWallet: true });
    expect(await chainGames()).toBe(games);
    expect(await bankBalance()).toBe(balance);
    // Another wallet still has its own share.
    await suite.env.host.create(twoPeople, { address: bootstrapAccount(8).address });
    await settle(suite.env);
  });

  it('gives 50 throwaway keys nothing beyond what is left of the day’s allowance', async () => {
    const before = await bankBalance();
    const budget = await suite.env.games.budget.report();
    const left = PER_DAY * 1_000_000 - budget.usedTodayMutez;
    const refused: string[] = [];
    let created = 0;
    for (let i = 0; i < 50; i++) {
      try {
        await suite.env.host.create(twoPeople, { address: await throwaway() });
        created++;
      } catch (err) {
        refused.push((err as { code?: string }).code ?? String(err));
      }
    }
    await settle(suite.env);
    expect(created).toBeLessThanOrEqual(Math.floor(left / 4_000_000));
    expect(refused.length).toBe(50 - created);
    expect(new Set(refused)).toEqual(new Set(['DEPOSIT_REQUIRED']));
    expect(before - (await bankBalance())).toBeLessThanOrEqual(left);
    // What the day's games cost, in the budget the Chain page shows.
    expect((await suite.env.games.budget.report()).usedTodayMutez).toBeLessThanOrEqual(PER_DAY * 1_000_000);
  });
});
