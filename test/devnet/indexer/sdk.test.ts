/**
 * `@tzkt/sdk-api`, unchanged, over HTTP against the indexer serving a chain whose FA2 contract
 * really ran on the devnet's Michelson VM.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  accountsGetByAddress,
  bigMapsGetKeys,
  contractsGetBigMapByNameKeys,
  contractsGetByAddress,
  contractsGetStorage,
  headGet,
  operationsGetOriginations,
  operationsGetTransactions,
  operationsGetTransactionsCount,
  tokensGetTokenBalances,
  tokensGetTokenBalancesCount,
  tokensGetTokens,
  tokensGetTokensCount,
  tokensGetTokenTransfers,
  tokensGetTokenTransfersCount,
} from '@tzkt/sdk-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleTzkt } from '../../../devnet/indexer/http';
import { FA2_MULTI, tokenInfo } from '../../../devnet/indexer/sample-contracts';
import { ALICE, BOB, CAROL, FixtureChain } from './fixture';

const chain = new FixtureChain();
let server: Server;
let opts: { baseUrl: string };
let kt = '';

beforeAll(async () => {
  kt = chain.originate(
    ALICE,
    FA2_MULTI,
    `Pair { Elt (Pair "${ALICE}" 0) 1000 } { ${tokenInfo(0, { name: 'Zero', decimals: '0' })} }`,
  );
  chain.call(ALICE, kt, 'transfer', `{ Pair "${ALICE}" { Pair "${BOB}" (Pair 0 100) ; Pair "${CAROL}" (Pair 0 50) } }`);
  chain.call(ALICE, kt, 'mint', `Pair "${BOB}" (Pair 1 7)`);
  chain.call(ALICE, kt, 'mint', `Pair "${CAROL}" (Pair 2 3)`);
  chain.call(BOB, kt, 'burn', `Pair "${BOB}" (Pair 0 40)`);
  server = createServer((req, res) => {
    if (!handleTzkt(chain, req, res, req.url ?? '/')) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  opts = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tzkt` };
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('@tzkt/sdk-api against the devnet indexer', () => {
  it('head', async () => {
    const head = await headGet(opts);
    expect(head.level).toBe(chain.head().level);
    expect(head.chainId).toBe(chain.chainId);
  });

  it('balances with filters, sort, paging', async () => {
    const all = await tokensGetTokenBalances({ tokenContract: { eq: kt }, sort: { asc: 'id' } }, opts);
    expect(all.map((b) => [b.account?.address, b.token?.tokenId, b.balance])).toEqual([
      [ALICE, '0', '850'],
      [BOB, '0', '60'],
      [CAROL, '0', '50'],
      [BOB, '1', '7'],
      [CAROL, '2', '3'],
    ]);
    const bob = await tokensGetTokenBalances(
      { account: { eq: BOB }, balance: { gt: '0' }, sort: { desc: 'balance' } },
      opts,
    );
    expect(bob.map((b) => b.balance)).toEqual(['60', '7']);
    // TzKT reads a repeated parameter's first value, and the SDK repeats array items
    // (tzkt/api-sdk-ts#20): one comma-joined item gets them all, here as on TzKT.
    const some = await tokensGetTokenBalances(
      { account: { in: [`${BOB},${CAROL}`] }, tokenTokenId: { eq: '0' } },
      opts,
    );
    expect(some.map((b) => b.account?.address)).toEqual([BOB, CAROL]);
    const first = await tokensGetTokenBalances({ account: { in: [BOB, CAROL] }, tokenTokenId: { eq: '0' } }, opts);
    expect(first.map((b) => b.account?.address)).toEqual([BOB]);
    const page = await tokensGetTokenBalances({ sort: { desc: 'id' }, offset: { el: 1 }, limit: 2 }, opts);
    expect(page.map((b) => b.balance)).toEqual(['7', '50']);
    expect(await tokensGetTokenBalancesCount({ account: { eq: CAROL } }, opts)).toBe(2);
    expect(all[0]!.token?.metadata).toEqual({ name: 'Zero', decimals: '0' });
  });

  it('select returns the chosen fields', async () => {
    const values = (await tokensGetTokenBalances(
      { account: { eq: BOB }, select: { fields: ['token.tokenId,balance'] } },
      opts,
    )) as unknown;
    expect(values).toEqual([
      { 'token.tokenId': '0', balance: '60' },
      { 'token.tokenId': '1', balance: '7' },
    ]);
    const one = (await tokensGetTokenBalances(
      { account: { eq: BOB }, select: { fields: ['balance'] } },
      opts,
    )) as unknown;
    expect(one).toEqual(['60', '7']);
  });

  it('transfers: mints without from, burns without to, anyof and null filters', async () => {
    const mints = await tokensGetTokenTransfers({ $from: { null: true }, tokenContract: { eq: kt } }, opts);
    expect(mints.map((t) => [t.from, t.to?.address, t.amount])).toEqual([
      [undefined, ALICE, '1000'],
      [undefined, BOB, '7'],
      [undefined, CAROL, '3'],
    ]);
    const burns = await tokensGetTokenTransfers({ to: { null: true } }, opts);
    expect(burns.map((t) => [t.from?.address, t.amount])).toEqual([[BOB, '40']]);
    const bobs = await tokensGetTokenTransfers(
      { anyof: { fields: ['from', 'to'], eq: BOB }, sort: { desc: 'id' } },
      opts,
    );
    expect(bobs.map((t) => t.amount)).toEqual(['40', '7', '100']);
    expect(await tokensGetTokenTransfersCount({ tokenTokenId: { eq: '0' } }, opts)).toBe(4);
  });

  it('tokens', async () => {
    const tokens = await tokensGetTokens({ contract: { eq: kt }, sort: { asc: 'tokenId' } }, opts);
    expect(tokens.map((t) => [t.tokenId, t.standard, t.totalSupply])).toEqual([
      ['0', 'fa2', '960'],
      ['1', 'fa2', '7'],
      ['2', 'fa2', '3'],
    ]);
    expect(await tokensGetTokensCount({ standard: { eq: 'fa2' } }, opts)).toBe(3);
  });

  it('accounts, contracts, storage, big_map keys, operations', async () => {
    const acc = await accountsGetByAddress(BOB, {}, opts);
    expect(acc).toMatchObject({ type: 'user', address: BOB });
    const c = await contractsGetByAddress(kt, {}, opts);
    expect(c).toMatchObject({ type: 'contract', address: kt, tzips: ['fa2'] });
    // The SDK hands storage back as a Blob of TzKT's JSON.
    const storage = JSON.parse(await (await contractsGetStorage(kt, {}, opts)).text()) as { ledger: number };
    const keys = await bigMapsGetKeys(
      storage.ledger,
      { key: { eq: { jsonPath: 'address', jsonValue: CAROL } }, active: true },
      opts,
    );
    expect(keys.map((k) => k.value)).toEqual(['50', '3']);
    // The same big_map by its name (its path in the storage), as TzKT serves it; an unknown name has no keys.
    const byName = await contractsGetBigMapByNameKeys(
      kt,
      'ledger',
      { key: { eq: { jsonPath: 'address', jsonValue: CAROL } }, active: true },
      opts,
    );
    expect(byName).toEqual(keys);
    expect(await contractsGetBigMapByNameKeys(kt, 'minters', {}, opts)).toEqual([]);
    const txs = await operationsGetTransactions({ target: { eq: kt }, entrypoint: { eq: 'mint' } }, opts);
    expect(txs).toHaveLength(2);
    expect(txs[0]!.parameter?.value).toEqual({ to_: BOB, token_id: '1', amount: '7' });
    expect(await operationsGetTransactionsCount({ sender: { eq: BOB } }, opts)).toBe(1);
    const orig = await operationsGetOriginations({ sender: { eq: ALICE } }, opts);
    expect(orig.map((o) => o.originatedContract?.address)).toEqual([kt]);
  });
});
