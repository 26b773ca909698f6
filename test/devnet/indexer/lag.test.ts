/**
 * The devnet's TzKT API can trail the node as real TzKT does (`startDevnet({ indexerLag })`). An operation
 * the node has included is not visible through the TzKT API — head, operations, token balances and transfers, tez
 * balances, storage — until the lag has passed; then all of it is, as of the same level. The test asserts on what is
 * visible before and after, never on durations.
 */
import { Parser } from '@taquito/michel-codec';
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit } from '@taquito/taquito';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tzktRoutes } from '../../../devnet/indexer';
import { startDevnet, type Devnet } from '../../../devnet/node';
import { FA2_MULTI, tokenInfo } from '../../../devnet/indexer/sample-contracts';

/** Long enough that the reads right after an injection come well before it ends, short enough for CI. */
const LAG_SECONDS = 3;

let devnet: Devnet;
let tz: TezosToolkit;
let kt = '';
let alice = '';
let bob = '';
const parser = new Parser();

const get = async (path: string): Promise<unknown> => {
  const res = await fetch(`${devnet.tzktUrl}${path}`);
  return res.status === 204 ? undefined : res.json();
};
const tzktLevel = async (): Promise<number> => ((await get('/v1/head')) as { level: number }).level;
/** Waits until the TzKT API has caught up with `level` (the lag has passed). */
async function caughtUp(level: number): Promise<void> {
  // vi.waitFor, not expect.poll: this also runs in beforeAll, outside any test.
  await vi.waitFor(async () => expect(await tzktLevel()).toBeGreaterThanOrEqual(level), {
    timeout: 30_000,
    interval: 50,
  });
}
const balances = async (): Promise<unknown> =>
  (
    (await get(`/v1/tokens/balances?token.contract=${kt}&sort.asc=id`)) as {
      account: { address: string };
      balance: string;
    }[]
  ).map((r) => [r.account.address, r.balance]);

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, tzkt: tzktRoutes, indexerLag: LAG_SECONDS });
  [alice, bob] = devnet.accounts.slice(0, 2).map((a) => a.address) as [string, string];
  tz = new TezosToolkit(devnet.rpcUrl);
  tz.setSignerProvider(new InMemorySigner(devnet.accounts[0]!.secretKey));
  const op = await tz.contract.originate({
    code: FA2_MULTI,
    init: `(Pair { Elt (Pair "${alice}" 0) 1000 } { ${tokenInfo(0, { name: 'Lag Token', symbol: 'LAG', decimals: '0' })} })`,
  });
  await op.confirmation();
  kt = op.contractAddress!;
  await caughtUp((await tz.rpc.getBlockHeader()).level);
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
});

describe('TzKT API with an indexer lag', () => {
  it('an included transfer shows through the TzKT API only once the lag has passed, everything as of one level', async () => {
    const before = {
      level: await tzktLevel(),
      balances: await balances(),
      bobTez: ((await get(`/v1/accounts/${bob}`)) as { balance: number }).balance,
    };
    expect(before.balances).toEqual([[alice, '1000']]);
    const value = parser.parseMichelineExpression(`{ Pair "${alice}" { Pair "${bob}" (Pair 0 40) } }`)!;
    // Injection bakes the block at once (block time 0): the node has it when `transfer` returns.
    const op = await tz.contract
      .batch()
      .withTransfer({ to: kt, amount: 0, parameter: { entrypoint: 'transfer', value } })
      .withTransfer({ to: bob, amount: 2 })
      .send();
    const included = (await tz.rpc.getBlockHeader()).level;
    expect(included).toBeGreaterThan(before.level);

    // Within the lag: the node has the block, the indexer does not.
    expect(await tzktLevel()).toBe(before.level);
    expect(await get(`/v1/operations/${op.hash}`)).toEqual([]);
    expect(await balances()).toEqual(before.balances);
    expect(await get(`/v1/tokens/transfers/count?token.contract=${kt}`)).toBe(1);
    expect(await get(`/v1/operations/transactions/count?target=${kt}`)).toBe(0);
    expect(((await get(`/v1/accounts/${bob}`)) as { balance: number }).balance).toBe(before.bobTez);
    expect(await get(`/v1/blocks/${included}`)).toBeUndefined();

    await caughtUp(included);
    expect(((await get(`/v1/operations/${op.hash}`)) as unknown[]).length).toBe(2);
    expect(await balances()).toEqual([
      [alice, '960'],
      [bob, '40'],
    ]);
    expect(await get(`/v1/tokens/transfers/count?token.contract=${kt}`)).toBe(2);
    expect(((await get(`/v1/accounts/${bob}`)) as { balance: number }).balance).toBe(before.bobTez + 2_000_000);
    expect(((await get(`/v1/blocks/${included}`)) as { level: number }).level).toBe(included);
  }, 60_000);

  it('refuses a negative lag', async () => {
    await expect(startDevnet({ ephemeral: true, tzkt: tzktRoutes, indexerLag: -1 })).rejects.toThrow(/indexerLag/);
  });
});
