/**
 * End to end: Taquito 25 and `@tzkt/sdk-api` 2.2.1, both unchanged, against a devnet started here
 * with the indexer mounted. What TzKT reports about an FA2 contract must match what the node says.
 */
import { Parser } from '@taquito/michel-codec';
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit, type BigMapAbstraction } from '@taquito/taquito';
import {
  contractsGetByAddress,
  headGet,
  operationsGetOriginations,
  operationsGetTransactions,
  tokensGetTokenBalances,
  tokensGetTokenBalancesCount,
  tokensGetTokens,
  tokensGetTokenTransfers,
} from '@tzkt/sdk-api';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tzktRoutes } from '../../../devnet/indexer';
import { startDevnet, type Devnet } from '../../../devnet/node';
import { FA2_MULTI, tokenInfo } from '../../../devnet/indexer/sample-contracts';

let devnet: Devnet;
let tz: TezosToolkit;
let opts: { baseUrl: string };
let kt = '';
let alice = '';
let bob = '';
let carol = '';
const parser = new Parser();
/** Micheline JSON of a literal (Taquito's parser reads an application only inside parentheses). */
const value = (src: string) => parser.parseMichelineExpression(src.startsWith('{') ? src : `(${src})`)!;

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, tzkt: tzktRoutes });
  opts = { baseUrl: devnet.tzktUrl };
  [alice, bob, carol] = devnet.accounts.slice(0, 3).map((a) => a.address) as [string, string, string];
  tz = new TezosToolkit(devnet.rpcUrl);
  tz.setSignerProvider(new InMemorySigner(devnet.accounts[0]!.secretKey));
  const op = await tz.contract.originate({
    code: FA2_MULTI,
    // Taquito reads `init` as one Micheline expression: a top-level application needs parentheses.
    init: `(Pair { Elt (Pair "${alice}" 0) 1000 } { ${tokenInfo(0, { name: 'Devnet Token', symbol: 'DVT', decimals: '2' })} })`,
  });
  await op.confirmation();
  kt = op.contractAddress!;
  const transfer = await tz.contract.transfer({
    to: kt,
    amount: 0,
    parameter: {
      entrypoint: 'transfer',
      value: value(`{ Pair "${alice}" { Pair "${bob}" (Pair 0 100) ; Pair "${carol}" (Pair 0 25) } }`),
    },
  });
  await transfer.confirmation();
  const batch = await tz.contract
    .batch()
    .withTransfer({ to: kt, amount: 0, parameter: { entrypoint: 'mint', value: value(`Pair "${carol}" (Pair 1 5)`) } })
    .withTransfer({ to: kt, amount: 0, parameter: { entrypoint: 'burn', value: value(`Pair "${alice}" (Pair 0 75)`) } })
    .send();
  await batch.confirmation();
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
});

describe('TzKT API of the devnet', () => {
  it('head is the node head as soon as an operation is confirmed', async () => {
    const head = await headGet(opts);
    const block = await tz.rpc.getBlockHeader();
    expect(head.level).toBe(block.level);
    expect(head.hash).toBe(block.hash);
    expect(head.chainId).toBe(await tz.rpc.getChainId());
  });

  it('balances match the ledger big_map the node serves', async () => {
    const rows = await tokensGetTokenBalances({ tokenContract: { eq: kt }, sort: { asc: 'id' } }, opts);
    expect(rows.map((r) => [r.account?.address, r.token?.tokenId, r.balance])).toEqual([
      [alice, '0', '800'],
      [bob, '0', '100'],
      [carol, '0', '25'],
      [carol, '1', '5'],
    ]);
    const storage = await (await tz.contract.at(kt)).storage<{ ledger: BigMapAbstraction }>();
    for (const r of rows) {
      const onChain = await storage.ledger.get({ 0: r.account!.address!, 1: r.token!.tokenId! });
      expect(String(onChain)).toBe(r.balance);
    }
    expect(rows[0]!.token).toMatchObject({
      standard: 'fa2',
      totalSupply: '925',
      metadata: { name: 'Devnet Token', symbol: 'DVT', decimals: '2' },
    });
    expect(await tokensGetTokenBalancesCount({ account: { eq: carol } }, opts)).toBe(2);
    const paged = await tokensGetTokenBalances(
      {
        tokenContract: { eq: kt },
        sort: { desc: 'balance' },
        offset: { el: 1 },
        limit: 2,
        select: { fields: ['balance'] },
      },
      opts,
    );
    expect(paged as unknown).toEqual(['100', '25']);
  });

  it('transfers: the origination mint, the batch transfer, a mint and a burn from one batch', async () => {
    const rows = await tokensGetTokenTransfers({ tokenContract: { eq: kt } }, opts);
    expect(rows.map((r) => [r.from?.address, r.to?.address, r.token?.tokenId, r.amount])).toEqual([
      [undefined, alice, '0', '1000'],
      [alice, bob, '0', '100'],
      [alice, carol, '0', '25'],
      [undefined, carol, '1', '5'],
      [alice, undefined, '0', '75'],
    ]);
    const [mint, burn] = rows.slice(3);
    expect(mint!.transactionId).not.toBe(burn!.transactionId);
    const txs = await operationsGetTransactions({ target: { eq: kt }, sort: { asc: 'id' } }, opts);
    expect(txs.map((t) => t.parameter?.entrypoint)).toEqual(['transfer', 'mint', 'burn']);
    expect(txs[1]!.hash).toBe(txs[2]!.hash);
    expect(txs[1]!.parameter?.value).toEqual({ to_: carol, token_id: '1', amount: '5' });
  });

  it('gas and storage limits are each operation’s own, as the node has them (never 0)', async () => {
    const rows = [
      ...(await operationsGetOriginations({ originatedContract: { eq: kt } }, opts)),
      ...(await operationsGetTransactions({ target: { eq: kt }, sort: { asc: 'id' } }, opts)),
    ];
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const block = await tz.rpc.getBlock({ block: String(row.level) });
      const group = block.operations[3]!.find((o) => o.hash === row.hash)!;
      const content = group.contents[row.counter! - Number((group.contents[0] as { counter: string }).counter)] as {
        gas_limit: string;
        storage_limit: string;
      };
      expect(row.gasLimit).toBe(Number(content.gas_limit));
      expect(row.storageLimit).toBe(Number(content.storage_limit));
      expect(row.gasLimit).toBeGreaterThan(0);
      expect(row.gasUsed).toBeLessThanOrEqual(row.gasLimit!);
    }
  });

  it('tokens and the contract', async () => {
    const tokens = await tokensGetTokens({ contract: { eq: kt } }, opts);
    expect(tokens.map((t) => [t.tokenId, t.totalSupply, t.holdersCount])).toEqual([
      ['0', '925', 3],
      ['1', '5', 1],
    ]);
    const c = await contractsGetByAddress(kt, {}, opts);
    expect(c).toMatchObject({ type: 'contract', tzips: ['fa2'], creator: { address: alice }, tokensCount: 2 });
  });
});

describe('TzKT API after a restart', () => {
  it('re-indexes the saved chain: same balances and transfers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'devnet-tzkt-'));
    try {
      const first = await startDevnet({ dataDir: dir, tzkt: tzktRoutes });
      const t = new TezosToolkit(first.rpcUrl);
      const [a, b] = first.accounts.slice(0, 2).map((x) => x.address) as [string, string];
      t.setSignerProvider(new InMemorySigner(first.accounts[0]!.secretKey));
      const op = await t.contract.originate({ code: FA2_MULTI, init: `(Pair { Elt (Pair "${a}" 0) 10 } {})` });
      await op.confirmation();
      const c = op.contractAddress!;
      const tx = await t.contract.transfer({
        to: c,
        amount: 0,
        parameter: { entrypoint: 'transfer', value: value(`{ Pair "${a}" { Pair "${b}" (Pair 0 3) } }`) },
      });
      await tx.confirmation();
      const o1 = { baseUrl: first.tzktUrl };
      const balances = await tokensGetTokenBalances({ tokenContract: { eq: c } }, o1);
      const transfers = await tokensGetTokenTransfers({ tokenContract: { eq: c } }, o1);
      await first.stop();

      const second = await startDevnet({ dataDir: dir, tzkt: tzktRoutes });
      try {
        const o2 = { baseUrl: second.tzktUrl };
        expect(await tokensGetTokenBalances({ tokenContract: { eq: c } }, o2)).toEqual(balances);
        expect(await tokensGetTokenTransfers({ tokenContract: { eq: c } }, o2)).toEqual(transfers);
        expect(balances.map((x) => x.balance)).toEqual(['7', '3']);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
