import { beforeAll, describe, expect, it } from 'vitest';
import { answerTzkt } from '../../../devnet/indexer/http';
import { TzktIndex } from '../../../devnet/indexer/indexer';
import type { Json } from '../../../devnet/indexer/schema';
import {
  BALANCE_VIEWER,
  FA2_MULTI,
  NOT_FA2,
  STORAGE_SHAPES,
  fa2WithLedger,
  tokenInfo,
} from '../../../devnet/indexer/sample-contracts';
import { ALICE, BOB, CAROL, FixtureChain } from './fixture';

type Obj = { [k: string]: Json };

function api(ix: TzktIndex) {
  return (route: string, query = ''): { status: number; body?: Json } =>
    answerTzkt(ix, `/v1/${route}`, new URLSearchParams(query));
}
const body = (a: { status: number; body?: Json }): Json => {
  expect(a.status).toBe(200);
  return a.body!;
};

describe('FA2 multi-asset contract, ledger (pair address nat) → nat', () => {
  const chain = new FixtureChain();
  const ix = new TzktIndex(chain);
  const get = api(ix);
  let kt = '';
  let viewer = '';

  beforeAll(() => {
    kt = chain.originate(
      ALICE,
      FA2_MULTI,
      `Pair { Elt (Pair "${ALICE}" 0) 1000 } { ${tokenInfo(0, { name: 'Token Zero', symbol: 'TZ0', decimals: '6' })} }`,
    );
    chain.call(
      ALICE,
      kt,
      'transfer',
      `{ Pair "${ALICE}" { Pair "${BOB}" (Pair 0 100) ; Pair "${CAROL}" (Pair 0 50) } }`,
    );
    chain.call(ALICE, kt, 'mint', `Pair "${BOB}" (Pair 1 7)`);
    chain.call(BOB, kt, 'burn', `Pair "${BOB}" (Pair 0 100)`);
    chain.call(BOB, kt, 'transfer', `{ Pair "${BOB}" { Pair "${CAROL}" (Pair 1 1000) } }`, { fail: true });
    viewer = chain.originate(ALICE, BALANCE_VIEWER, '{}');
    chain.call(CAROL, kt, 'balance_of', `Pair { Pair "${CAROL}" 0 } "${viewer}"`);
  });

  it('is detected as FA2 (tzips) from its TZIP-12 entrypoints', () => {
    const c = body(get(`contracts/${kt}`)) as Obj;
    // TzKT's kind for FA contracts is `asset`.
    expect(c).toMatchObject({
      type: 'contract',
      address: kt,
      kind: 'asset',
      tzips: ['fa2'],
      creator: { address: ALICE },
    });
    expect(c.tokensCount).toBe(2);
    expect(body(get(`contracts/${viewer}`))).toMatchObject({ kind: 'smart_contract' });
    expect((body(get(`contracts/${viewer}`)) as Obj).tzips).toBeUndefined();
  });

  it('balances follow the ledger, with TzKT TokenBalance shape (strings for amounts, null fields omitted)', () => {
    const rows = body(get('tokens/balances', `token.contract=${kt}&sort=id`)) as Obj[];
    expect(rows.map((r) => [(r.account as Obj).address, (r.token as Obj).tokenId, r.balance])).toEqual([
      [ALICE, '0', '850'],
      [BOB, '0', '0'],
      [CAROL, '0', '50'],
      [BOB, '1', '7'],
    ]);
    expect(rows[0]).toEqual({
      id: rows[0]!.id,
      account: { address: ALICE },
      token: {
        id: (rows[0]!.token as Obj).id,
        contract: { address: kt },
        tokenId: '0',
        standard: 'fa2',
        totalSupply: '900',
        metadata: { decimals: '6', name: 'Token Zero', symbol: 'TZ0' },
      },
      balance: '850',
      transfersCount: 3,
      firstLevel: 1,
      firstTime: chain.block(1)!.timestamp,
      lastLevel: 2,
      lastTime: chain.block(2)!.timestamp,
    });
    // Token 1 has no token_metadata entry: no `metadata` field at all.
    expect('metadata' in (rows[3]!.token as Obj)).toBe(false);
  });

  it('transfers: the origination mint has no `from`, a burn has no `to`, a batch gives one transfer per move', () => {
    const rows = body(get('tokens/transfers', `token.contract=${kt}`)) as Obj[];
    const brief = rows.map((r) => [
      (r.from as Obj | undefined)?.address,
      (r.to as Obj | undefined)?.address,
      (r.token as Obj).tokenId,
      r.amount,
    ]);
    expect(brief).toEqual([
      [undefined, ALICE, '0', '1000'],
      [ALICE, BOB, '0', '100'],
      [ALICE, CAROL, '0', '50'],
      [undefined, BOB, '1', '7'],
      [BOB, undefined, '0', '100'],
    ]);
    expect('from' in rows[0]!).toBe(false);
    expect('to' in rows[4]!).toBe(false);
    expect(rows[0]!.originationId).toBeTypeOf('number');
    expect(rows[1]!.transactionId).toBe(rows[2]!.transactionId);
    const tx = (body(get('operations/transactions', `id=${rows[1]!.transactionId}`)) as Obj[])[0]!;
    expect(tx).toMatchObject({
      type: 'transaction',
      sender: { address: ALICE },
      target: { address: kt },
      tokenTransfersCount: 2,
    });
  });

  it('tokens: supply, counts and first minter', () => {
    const rows = body(get('tokens', `contract=${kt}`)) as Obj[];
    expect(rows[0]).toMatchObject({
      contract: { address: kt },
      tokenId: '0',
      standard: 'fa2',
      firstMinter: { address: ALICE },
      totalMinted: '1000',
      totalBurned: '100',
      totalSupply: '900',
      transfersCount: 4,
      balancesCount: 3,
      holdersCount: 2,
      metadata: { name: 'Token Zero', symbol: 'TZ0', decimals: '6' },
    });
    expect(rows[1]).toMatchObject({ tokenId: '1', totalSupply: '7', holdersCount: 1 });
    expect(body(get('tokens/count', `contract=${kt}`))).toBe(2);
  });

  it('the failed transfer changed nothing and is listed as failed', () => {
    const failed = body(get('operations/transactions', 'status=failed')) as Obj[];
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ sender: { address: BOB }, status: 'failed' });
    expect('tokenTransfersCount' in failed[0]!).toBe(false);
    expect(body(get('tokens/transfers/count', `from=${BOB}&token.tokenId=1`))).toBe(0);
  });

  it('operations: entrypoint filter, parameter in TzKT JSON, internal callback with initiator', () => {
    const mints = body(get('operations/transactions', 'entrypoint=mint')) as Obj[];
    expect(mints).toHaveLength(1);
    expect(mints[0]!.parameter).toEqual({ entrypoint: 'mint', value: { to_: BOB, token_id: '1', amount: '7' } });
    expect(body(get('operations/transactions', `parameter.to_=${BOB}&select=parameter.entrypoint`))).toEqual(['mint']);
    const bal = (body(get('operations/transactions', 'entrypoint=balance_of')) as Obj[])[0]!;
    expect(bal.hasInternals).toBe(true);
    const internal = (body(get('operations/transactions', `target=${viewer}`)) as Obj[])[0]!;
    expect(internal).toMatchObject({
      initiator: { address: CAROL },
      sender: { address: kt },
      nonce: expect.any(Number),
    });
    expect(internal.parameter).toEqual({
      entrypoint: 'default',
      value: [{ request: { owner: CAROL, token_id: '0' }, balance: '50' }],
    });
    expect(body(get('operations/transactions/count', `sender=${kt}`))).toBe(1);
    // As TzKT: a content's own gas and storage limits; an internal operation has none of its own.
    expect(bal).toMatchObject({ gasLimit: 10_000, storageLimit: 300 });
    expect(internal).toMatchObject({ gasLimit: 0, storageLimit: 0 });
  });

  it('bigmaps/{id}/keys: keys in TzKT JSON, removed keys inactive, filters on key fields, raw Micheline', () => {
    const storage = body(get(`contracts/${kt}/storage`)) as Obj;
    expect(Object.keys(storage)).toEqual(['ledger', 'token_metadata']);
    const ledger = storage.ledger as number;
    expect(typeof ledger).toBe('number');
    const keys = body(get(`bigmaps/${ledger}/keys`)) as Obj[];
    expect(keys.map((k) => [k.key, k.value, k.active])).toEqual([
      [{ address: ALICE, nat: '0' }, '850', true],
      [{ address: BOB, nat: '0' }, '100', false],
      [{ address: CAROL, nat: '0' }, '50', true],
      [{ address: BOB, nat: '1' }, '7', true],
    ]);
    expect(keys[0]).toMatchObject({ hash: expect.stringMatching(/^expr/), firstLevel: 1, lastLevel: 2, updates: 2 });
    expect(
      (body(get(`bigmaps/${ledger}/keys`, `key.address=${BOB}&active=true`)) as Obj[]).map((k) => k.value),
    ).toEqual(['7']);
    const raw = body(get(`bigmaps/${ledger}/keys`, 'micheline=Raw&limit=1&select=key')) as Json[];
    expect(raw[0]).toMatchObject({ prim: 'Pair' });
    expect(body(get(`contracts/${kt}/storage`, 'path=ledger'))).toBe(ledger);
  });

  it('accounts: users with token counters, contracts, and TzKT’s empty account', () => {
    expect(body(get(`accounts/${BOB}`))).toMatchObject({
      type: 'user',
      address: BOB,
      balance: 100_000_000_000,
      tokenBalancesCount: 2,
      activeTokensCount: 1,
      tokenTransfersCount: 3,
    });
    expect(body(get(`accounts/${kt}`))).toMatchObject({ type: 'contract', address: kt });
    expect(body(get('accounts/tz1burnburnburnburnburnburnburjAYjjX'))).toEqual({
      type: 'empty',
      address: 'tz1burnburnburnburnburnburnburjAYjjX',
      counter: 0,
    });
    expect(get(`contracts/${ALICE}`).status).toBe(204);
    expect(get('accounts/nonsense').status).toBe(400);
    expect(get('tokens/balances', 'limit=20000')).toEqual({
      status: 400,
      body: { code: 400, errors: { limit: expect.any(String) } },
    });
    expect(get('nothing/here').status).toBe(404);
  });

  it('head tells how far the index is, and follows each baked block', () => {
    const before = body(get('head')) as Obj;
    expect(before).toMatchObject({
      level: chain.head().level,
      hash: chain.head().hash,
      chainId: chain.chainId,
      synced: true,
    });
    chain.transfer(ALICE, BOB, 5n);
    expect((body(get('head')) as Obj).level).toBe((before.level as number) + 1);
  });

  it('an index built on an existing chain catches up with it', () => {
    const late = api(new TzktIndex(chain));
    expect(late('tokens/balances', `token.contract=${kt}&select=balance`)).toEqual(
      get('tokens/balances', `token.contract=${kt}&select=balance`),
    );
    expect((body(late('head')) as Obj).level).toBe(chain.head().level);
  });
});

describe('TzKT ledger layouts and FA2 detection', () => {
  it('address → nat (single asset, token 0): mints and burns', () => {
    const chain = new FixtureChain();
    const get = api(new TzktIndex(chain));
    const kt = chain.originate(ALICE, fa2WithLedger('address', 'nat'), `Pair { Elt "${ALICE}" 10 } {}`);
    chain.call(ALICE, kt, 'set', `{ Pair "${BOB}" (Some 4) }`);
    chain.call(ALICE, kt, 'set', `{ Pair "${ALICE}" None }`);
    expect(body(get('tokens/balances', 'select.values=account,token.tokenId,balance'))).toEqual([
      [{ address: ALICE }, '0', '0'],
      [{ address: BOB }, '0', '4'],
    ]);
    expect(body(get('tokens/transfers', 'select.values=from,to,amount'))).toEqual([
      [null, { address: ALICE }, '10'],
      [null, { address: BOB }, '4'],
      [{ address: ALICE }, null, '10'],
    ]);
  });

  it('nat → address (NFTs): a new owner is a transfer of 1', () => {
    const chain = new FixtureChain();
    const get = api(new TzktIndex(chain));
    const info = tokenInfo(5, {
      '': 'ipfs://QmOffChain',
      name: 'Five',
      formats: '[{"uri":"ipfs://QmImage","mimeType":"image/png"}]',
    });
    const kt = chain.originate(ALICE, fa2WithLedger('nat', 'address'), `Pair { Elt 5 "${ALICE}" } { ${info} }`);
    chain.call(ALICE, kt, 'set', `{ Pair 5 (Some "${BOB}") }`);
    chain.call(ALICE, kt, 'set', `{ Pair 5 None }`);
    expect(body(get('tokens/transfers', 'select.values=from,to,token.tokenId,amount'))).toEqual([
      [null, { address: ALICE }, '5', '1'],
      [{ address: ALICE }, { address: BOB }, '5', '1'],
      [{ address: BOB }, null, '5', '1'],
    ]);
    // TZIP-21 structured fields are JSON; the off-chain URI ("" key) is not a field.
    expect(body(get('tokens', 'select=metadata'))).toEqual([
      { name: 'Five', formats: [{ uri: 'ipfs://QmImage', mimeType: 'image/png' }] },
    ]);
    expect(body(get('tokens/balances', 'balance.gt=0'))).toEqual([]);
  });

  it('pair nat address → nat', () => {
    const chain = new FixtureChain();
    const get = api(new TzktIndex(chain));
    const kt = chain.originate(
      ALICE,
      fa2WithLedger('(pair nat address)', 'nat'),
      `Pair { Elt (Pair 3 "${CAROL}") 9 } {}`,
    );
    chain.call(ALICE, kt, 'set', `{ Pair (Pair 3 "${CAROL}") (Some 2) }`);
    expect(body(get('tokens/balances', 'select.values=account,token.tokenId,balance'))).toEqual([
      [{ address: CAROL }, '3', '2'],
    ]);
    expect(body(get('tokens/transfers', 'select.values=from,to,amount'))).toEqual([
      [null, { address: CAROL }, '9'],
      [{ address: CAROL }, null, '7'],
    ]);
  });

  it('several changes in one operation: one decrease feeds the increases, one increase takes the decreases, else mints and burns', () => {
    const chain = new FixtureChain();
    const get = api(new TzktIndex(chain));
    const kt = chain.originate(
      ALICE,
      fa2WithLedger('address', 'nat'),
      `Pair { Elt "${ALICE}" 10 ; Elt "${BOB}" 10 } {}`,
    );
    // Within an operation, transfers follow the big_map diff (key-hash order): compare as sets.
    const moves = (level: number) =>
      (body(get('tokens/transfers', `level=${level}&select.values=from,to,amount`)) as Json[]).sort((a, b) =>
        JSON.stringify(a) < JSON.stringify(b) ? -1 : 1,
      );
    const sorted = (rows: Json[]) => rows.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
    // Alice 10 → 4, Bob +3, Carol +3: one sender.
    chain.call(ALICE, kt, 'set', `{ Pair "${ALICE}" (Some 4) ; Pair "${BOB}" (Some 13) ; Pair "${CAROL}" (Some 3) }`);
    expect(moves(chain.head().level)).toEqual(
      sorted([
        [{ address: ALICE }, { address: BOB }, '3'],
        [{ address: ALICE }, { address: CAROL }, '3'],
      ]),
    );
    // Alice −1, Bob −2, Carol +3: one receiver.
    chain.call(ALICE, kt, 'set', `{ Pair "${ALICE}" (Some 3) ; Pair "${BOB}" (Some 11) ; Pair "${CAROL}" (Some 6) }`);
    expect(moves(chain.head().level)).toEqual(
      sorted([
        [{ address: ALICE }, { address: CAROL }, '1'],
        [{ address: BOB }, { address: CAROL }, '2'],
      ]),
    );
    // Alice −3, Bob +1: the supply changes, so a burn and a mint.
    chain.call(ALICE, kt, 'set', `{ Pair "${ALICE}" None ; Pair "${BOB}" (Some 12) }`);
    expect(moves(chain.head().level)).toEqual(
      sorted([
        [{ address: ALICE }, null, '3'],
        [null, { address: BOB }, '1'],
      ]),
    );
    expect(body(get('tokens', 'select=totalMinted,totalBurned,totalSupply'))).toEqual([
      { totalMinted: '21', totalBurned: '3', totalSupply: '18' },
    ]);
  });

  it('a transfer call is recorded move by move when its parameter explains the ledger changes, zero amounts and self-transfers included', () => {
    const chain = new FixtureChain();
    const get = api(new TzktIndex(chain));
    const kt = chain.originate(ALICE, FA2_MULTI, `Pair { Elt (Pair "${ALICE}" 0) 10 } {}`);
    chain.call(
      ALICE,
      kt,
      'transfer',
      `{ Pair "${ALICE}" { Pair "${ALICE}" (Pair 0 2) ; Pair "${BOB}" (Pair 0 0) ; Pair "${BOB}" (Pair 0 4) } }`,
    );
    const rows = body(get('tokens/transfers', `level=${chain.head().level}&select.values=from,to,amount`));
    expect(rows).toEqual([
      [{ address: ALICE }, { address: ALICE }, '2'],
      [{ address: ALICE }, { address: BOB }, '0'],
      [{ address: ALICE }, { address: BOB }, '4'],
    ]);
    expect(body(get('tokens/balances', 'select.values=account,balance'))).toEqual([
      [{ address: ALICE }, '6'],
      [{ address: BOB }, '4'],
    ]);
  });

  it('ledger values with a nat %balance field, and FA1.2-style (pair nat (map address nat))', () => {
    const chain = new FixtureChain();
    const get = api(new TzktIndex(chain));
    const record = chain.originate(
      ALICE,
      fa2WithLedger('(pair address nat)', '(pair (string %note) (nat %balance))'),
      `Pair { Elt (Pair "${ALICE}" 2) (Pair "hi" 8) } {}`,
    );
    const byOwner = chain.originate(
      ALICE,
      fa2WithLedger('address', '(pair (nat %balance) (bool %frozen))'),
      `Pair { Elt "${BOB}" (Pair 5 False) } {}`,
    );
    const idOwner = chain.originate(
      ALICE,
      fa2WithLedger('(pair nat address)', '(pair (nat %balance) (nat %locked))'),
      `Pair { Elt (Pair 4 "${CAROL}") (Pair 6 1) } {}`,
    );
    const allowances = chain.originate(
      ALICE,
      fa2WithLedger('address', '(pair nat (map address nat))'),
      `Pair { Elt "${CAROL}" (Pair 9 {}) } {}`,
    );
    const right = chain.originate(
      ALICE,
      fa2WithLedger('address', '(pair (map address nat) nat)'),
      `Pair { Elt "${CAROL}" (Pair {} 1) } {}`,
    );
    expect(body(get('tokens/balances', 'select.values=token.contract,account,token.tokenId,balance'))).toEqual([
      [{ address: record }, { address: ALICE }, '2', '8'],
      [{ address: byOwner }, { address: BOB }, '0', '5'],
      [{ address: idOwner }, { address: CAROL }, '4', '6'],
      [{ address: allowances }, { address: CAROL }, '0', '9'],
      [{ address: right }, { address: CAROL }, '0', '1'],
    ]);
  });

  it('no tokens from a ledger that is not annotated %ledger, from an unknown layout, or from a non-FA2 contract', () => {
    const chain = new FixtureChain();
    const get = api(new TzktIndex(chain));
    const other = chain.originate(ALICE, fa2WithLedger('address', 'nat', '%balances'), `Pair { Elt "${ALICE}" 10 } {}`);
    const layout = chain.originate(ALICE, fa2WithLedger('address', 'int'), `Pair { Elt "${ALICE}" 10 } {}`);
    const fa12 = chain.originate(ALICE, NOT_FA2, `Pair { Elt "${ALICE}" 10 } {}`);
    expect((body(get(`contracts/${other}`)) as Obj).tzips).toEqual(['fa2']);
    expect((body(get(`contracts/${layout}`)) as Obj).tzips).toEqual(['fa2']);
    expect((body(get(`contracts/${fa12}`)) as Obj).tzips).toBeUndefined();
    expect(body(get('tokens/count'))).toBe(0);
    expect(body(get('tokens/balances/count'))).toBe(0);
  });
});

describe("storage in TzKT's JSON form", () => {
  it('names fields by annotation, de-duplicates unnamed ones, big_maps as ids', () => {
    const chain = new FixtureChain();
    const get = api(new TzktIndex(chain));
    const kt = chain.originate(
      ALICE,
      STORAGE_SHAPES,
      `Pair (Pair "${ALICE}" False) 3 (Pair 1 2) (Some "x") (Right "lbl") { Elt "${BOB}" "bob" } { Elt (Pair 1 2) "a" } { Elt "${ALICE}" 5 } "2026-01-01T00:00:00Z" Unit 0xbeef { 1 ; -2 }`,
    );
    const storage = body(get(`contracts/${kt}/storage`)) as Obj;
    expect(storage).toEqual({
      config: { admin: ALICE, paused: false },
      counter: '3',
      nat_0: '1',
      nat_1: '2',
      maybe: 'x',
      choice: { label: 'lbl' },
      names: { [BOB]: 'bob' },
      pairs: [{ key: { nat_0: '1', nat_1: '2' }, value: 'a' }],
      ledger: storage.ledger,
      deadline: '2026-01-01T00:00:00Z',
      nothing: {},
      blob: 'beef',
      items: ['1', '-2'],
    });
    expect(storage.ledger).toBeTypeOf('number');
    expect(body(get(`bigmaps/${storage.ledger as number}/keys`, 'select=key,value'))).toEqual([
      { key: ALICE, value: '5' },
    ]);
    const orig = (body(get('operations/originations', `originatedContract=${kt}`)) as Obj[])[0]!;
    expect(orig).toMatchObject({
      type: 'origination',
      sender: { address: ALICE },
      status: 'applied',
      originatedContract: { kind: 'smart_contract', address: kt },
    });
    expect(orig.storage).toEqual(storage);
  });

  it('contracts/{address}/storage?level=n gives the storage as of that level', () => {
    const chain = new FixtureChain();
    const get = api(new TzktIndex(chain));
    const kt = chain.originate(ALICE, 'parameter int; storage int; code { UNPAIR ; ADD ; NIL operation ; PAIR }', '1');
    const created = chain.head().level;
    chain.call(BOB, kt, 'default', '10');
    chain.transfer(ALICE, BOB, 1n);
    chain.call(BOB, kt, 'default', '100');
    expect(body(get(`contracts/${kt}/storage`))).toBe('111');
    expect(body(get(`contracts/${kt}/storage`, `level=${created}`))).toBe('1');
    expect(body(get(`contracts/${kt}/storage`, `level=${created + 2}`))).toBe('11');
    expect(get(`contracts/${kt}/storage`, `level=${created - 1}`).status).toBe(204);
  });
});
