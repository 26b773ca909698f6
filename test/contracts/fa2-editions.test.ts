/**
 * The editions contract on an ephemeral devnet, driven by Taquito 25 with InMemorySigner: every
 * entrypoint's success path, every rejection with its exact error string and no storage change,
 * the on-chain views, the `balance_of` callback, and what the TzKT-compatible API reports.
 * One devnet for the file; each top-level describe originates its own contract, so the describes run in any order.
 * Within a describe the tests are the steps of one contract's story, each building on the state the last one left:
 * those describes say `shuffle: false`.
 */
import { Parser } from '@taquito/michel-codec';
import { RpcClient } from '@taquito/rpc';
import { InMemorySigner } from '@taquito/signer';
import {
  TezosOperationError,
  TezosToolkit,
  type BigMapAbstraction,
  type ContractAbstraction,
  type ContractProvider,
  type Extension,
  type MichelsonMap,
} from '@taquito/taquito';
import { Tzip16Module, tzip16, type Tzip16ContractAbstraction } from '@taquito/tzip16';
import fc from 'fast-check';
import { contractsGetByAddress, tokensGetTokenBalances, tokensGetTokens, tokensGetTokenTransfers } from '@tzkt/sdk-api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FA2_ERRORS, fa2EditionsCode, fa2EditionsInit, fa2EditionsMetadata, MAX_GAME_DAYS } from '../../contracts';
import type { EditionsStorage } from '../../chain/fa2-editions';
import { readSeedCommit } from '../../chain/indexer';
import { tzktRoutes } from '../../devnet/indexer';
import { seedCommitment } from '../../engine/core/rng';
import { startDevnet, type Devnet } from '../../devnet/node';

let devnet: Devnet;
/** The contract the running describe works on (each originates its own in its `beforeAll`). */
let kt = '';
const parser = new Parser();
/** Micheline JSON of a literal (Taquito's parser reads an application only inside parentheses). */
const value = (src: string) => parser.parseMichelineExpression(/^[A-Z]\w*\s/.test(src) ? `(${src})` : src)!;
const hex = (s: string): string => Buffer.from(s, 'utf8').toString('hex');
const text = (h: string): string => Buffer.from(h, 'hex').toString('utf8');

interface Who {
  address: string;
  tz: TezosToolkit;
}
/** A contract taking FA2 `balance_of` responses, which it stores. */
let consumer = '';
let admin: Who, bank: Who, alice: Who, bob: Who, carol: Who, mallory: Who, nextAdmin: Who;

/** The client's storage shape and the parts it does not read. */
interface Storage extends Omit<EditionsStorage, 'admin_candidate'> {
  /** Taquito reads `None` as null and `Some x` as { Some: x }. */
  admin_candidate: { Some: string } | null;
  games: BigMapAbstraction;
  grants: BigMapAbstraction;
  metadata: BigMapAbstraction;
}

const storage = async (): Promise<Storage> => (await admin.tz.contract.at(kt)).storage<Storage>();
const str = (x: unknown): string => (x === undefined ? 'none' : JSON.stringify(x));

async function balance(owner: Who, id: number): Promise<number> {
  const v = await (await storage()).ledger.get<{ toString(): string }>({ 0: owner.address, 1: id });
  return v === undefined ? 0 : Number(v.toString());
}

async function token(
  id: number,
): Promise<{ max_supply: number; total_supply: number; creator: string; retired: boolean } | undefined> {
  const t = await (
    await storage()
  ).tokens.get<{ max_supply: object; total_supply: object; creator: string; retired: boolean }>(id);
  return (
    t && {
      max_supply: Number(t.max_supply.toString()),
      total_supply: Number(t.total_supply.toString()),
      creator: t.creator,
      retired: t.retired,
    }
  );
}

/**
 * Everything a failed call could have touched: the storage as the node serves it, every entry of
 * every big_map as the TzKT-compatible API lists them, and balances and token records read from the
 * node for every account and token id so far.
 */
async function snapshot(): Promise<string> {
  const s = await storage();
  const people = [admin, bank, alice, bob, carol, mallory, nextAdmin];
  const n = Number(s.next_token_id.toString());
  const out: string[] = [str(await new RpcClient(devnet.rpcUrl).getStorage(kt))];
  for (const bm of [
    s.minters,
    s.ledger,
    s.operators,
    s.token_metadata,
    s.tokens,
    s.games,
    s.grants,
    s.seed_commits,
    s.metadata,
  ]) {
    const res = await fetch(`${devnet.tzktUrl}/v1/bigmaps/${bm.toString()}/keys?limit=10000&micheline=Raw`);
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { key: unknown; value: unknown; active: boolean }[];
    out.push(str(rows.map((r) => [r.key, r.value, r.active])));
  }
  for (let id = 0; id <= n; id++) {
    out.push(str(await s.tokens.get(id)));
    for (const p of people) out.push(str(await s.ledger.get({ 0: p.address, 1: id })));
  }
  return out.join('\n');
}

async function call(who: Who, entrypoint: string, arg: string, amount = 0): Promise<void> {
  const op = await who.tz.contract.transfer({
    to: kt,
    amount,
    mutez: true,
    parameter: { entrypoint, value: value(arg) },
  });
  await op.confirmation();
}

/** Calls; null when accepted, else the string the call failed with (or the node's error ids). */
async function attempt(who: Who, entrypoint: string, arg: string, amount = 0): Promise<string | null> {
  try {
    await call(who, entrypoint, arg, amount);
    return null;
  } catch (e) {
    if (!(e instanceof TezosOperationError)) throw e;
    const w = e.errors.map((x) => (x as { with?: { string?: string } }).with?.string).find((x) => x !== undefined);
    return w ?? e.errors.map((x) => x.id).join(',');
  }
}

/** The string a rejected call failed with, after checking the storage did not change. */
async function failure(who: Who, entrypoint: string, arg: string, amount = 0): Promise<string> {
  const before = await snapshot();
  const error = await attempt(who, entrypoint, arg, amount);
  if (error === null) throw new Error(`${entrypoint} was accepted`);
  expect(await snapshot()).toBe(before);
  return error;
}

async function view(name: string, input: string): Promise<unknown> {
  const rpc = new RpcClient(devnet.rpcUrl);
  const { data } = await rpc.runScriptView({
    contract: kt,
    view: name,
    input: value(input),
    chain_id: await rpc.getChainId(),
  });
  return data;
}

async function viewFailure(name: string, input: string): Promise<string> {
  try {
    await view(name, input);
  } catch (e) {
    const body = (e as { body?: string }).body ?? '';
    const m = /"with":\{"string":"([^"]+)"\}/.exec(body);
    if (m) return m[1]!;
    throw e;
  }
  throw new Error(`view ${name} did not fail`);
}

const tokenInfo = (fields: Record<string, string>): string =>
  `{ ${Object.entries(fields)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `Elt "${k}" 0x${hex(v)}`)
    .join(' ; ')} }`;
const spec = (max: number, creator: Who, name: string): string =>
  `Pair ${max} (Pair "${creator.address}" ${tokenInfo({ name, decimals: '0' })})`;

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, tzkt: tzktRoutes });
  const who = (i: number): Who => {
    const a = devnet.accounts[i]!;
    const tz = new TezosToolkit(devnet.rpcUrl);
    tz.setSignerProvider(new InMemorySigner(a.secretKey));
    return { address: a.address, tz };
  };
  [admin, bank, alice, bob, carol, mallory, nextAdmin] = [0, 1, 2, 3, 4, 5, 6].map(who) as [
    Who,
    Who,
    Who,
    Who,
    Who,
    Who,
    Who,
  ];
}, 120_000);

/** Originates a fresh editions contract, administered by `admin`, with `minters` added. */
async function originate(minters: readonly Who[] = []): Promise<string> {
  const op = await admin.tz.contract.originate({
    code: fa2EditionsCode(),
    init: fa2EditionsInit(admin.address),
  });
  await op.confirmation();
  const address = op.contractAddress!;
  for (const m of minters) {
    const add = await admin.tz.contract.transfer({
      to: address,
      amount: 0,
      parameter: { entrypoint: 'add_minter', value: { string: m.address } },
    });
    await add.confirmation();
  }
  return address;
}

afterAll(async () => {
  await devnet?.stop();
});

describe('one contract’s life, from origination to a new admin, as TzKT reports it', { shuffle: false }, () => {
  beforeAll(async () => {
    kt = await originate();
  });

  describe('success paths', () => {
    test('origination: the admin, no minters, no tokens, TZIP-16 metadata on-chain', async () => {
      const s = await storage();
      expect([s.admin, s.admin_candidate, s.paused, s.next_token_id.toString()]).toEqual([
        admin.address,
        null,
        false,
        '0',
      ]);
      expect(text((await s.metadata.get<string>(''))!)).toBe('tezos-storage:contents');
      expect(JSON.parse(text((await s.metadata.get<string>('contents'))!))).toMatchObject({
        interfaces: ['TZIP-012', 'TZIP-016', 'TZIP-021'],
      });
    });

    test('add_minter and remove_minter by the admin', async () => {
      await call(admin, 'add_minter', `"${bank.address}"`);
      await call(admin, 'add_minter', `"${carol.address}"`);
      await call(admin, 'remove_minter', `"${carol.address}"`);
      const s = await storage();
      expect(await s.minters.get(bank.address)).toBeDefined();
      expect(await s.minters.get(carol.address)).toBeUndefined();
    });

    test('create_tokens: a batch gets consecutive ids, its max supplies, creators and token_info', async () => {
      await call(
        bank,
        'create_tokens',
        `{ ${spec(1, carol, 'One — Carol')} ; ${spec(10, carol, 'Ten — Carol')} ; ${spec(5, bob, 'Five — Bob')} }`,
      );
      const s = await storage();
      expect(s.next_token_id.toString()).toBe('3');
      expect(await token(0)).toEqual({ max_supply: 1, total_supply: 0, creator: carol.address, retired: false });
      expect(await token(2)).toEqual({ max_supply: 5, total_supply: 0, creator: bob.address, retired: false });
      const md = await s.token_metadata.get<{ token_id: object; token_info: MichelsonMap<string, string> }>(1);
      expect(md!.token_id.toString()).toBe('1');
      expect(text(md!.token_info.get('name')!)).toBe('Ten — Carol');
      expect(text(md!.token_info.get('decimals')!)).toBe('0');
    });

    test('mint: a batch up to the max supply', async () => {
      await call(
        bank,
        'mint',
        `{ Pair 0 (Pair "${alice.address}" 1) ; Pair 1 (Pair "${alice.address}" 6) ; Pair 1 (Pair "${bob.address}" 2) ; Pair 1 (Pair "${bob.address}" 2) }`,
      );
      expect([await balance(alice, 0), await balance(alice, 1), await balance(bob, 1)]).toEqual([1, 6, 4]);
      expect((await token(0))!.total_supply).toBe(1);
      expect((await token(1))!.total_supply).toBe(10);
      // Minting nothing leaves no zero entry for indexers to list.
      await call(bank, 'mint', `{ Pair 2 (Pair "${mallory.address}" 0) }`);
      expect(await (await storage()).ledger.get({ 0: mallory.address, 1: 2 })).toBeUndefined();
    });

    test('transfer: by the owner, a batch, a zero amount, to oneself; emptied balances leave the ledger', async () => {
      await call(
        alice,
        'transfer',
        `{ Pair "${alice.address}" { Pair "${bob.address}" (Pair 1 2) ; Pair "${carol.address}" (Pair 0 1) ; Pair "${alice.address}" (Pair 1 1) ; Pair "${carol.address}" (Pair 2 0) } }`,
      );
      expect([
        await balance(alice, 0),
        await balance(alice, 1),
        await balance(bob, 1),
        await balance(carol, 0),
      ]).toEqual([0, 4, 6, 1]);
      expect(await (await storage()).ledger.get({ 0: alice.address, 1: 0 })).toBeUndefined();
    });

    test('update_operators: the owner adds and removes; an operator transfers for the owner', async () => {
      await call(
        alice,
        'update_operators',
        `{ Left (Pair "${alice.address}" (Pair "${bank.address}" 1)) ; Left (Pair "${alice.address}" (Pair "${mallory.address}" 1)) }`,
      );
      await call(alice, 'update_operators', `{ Right (Pair "${alice.address}" (Pair "${mallory.address}" 1)) }`);
      const s = await storage();
      expect(await s.operators.get({ 0: bank.address, 1: 1, 2: alice.address })).toBeDefined();
      expect(await s.operators.get({ 0: mallory.address, 1: 1, 2: alice.address })).toBeUndefined();
      await call(bank, 'transfer', `{ Pair "${alice.address}" { Pair "${bob.address}" (Pair 1 1) } }`);
      expect([await balance(alice, 1), await balance(bob, 1)]).toEqual([3, 7]);
    });

    test('burn: by the owner and by an operator of the owner; the supply goes down', async () => {
      await call(bob, 'burn', `{ Pair "${bob.address}" (Pair 1 2) }`);
      await call(bank, 'burn', `{ Pair "${alice.address}" (Pair 1 1) }`);
      expect([await balance(alice, 1), await balance(bob, 1)]).toEqual([2, 5]);
      expect((await token(1))!.total_supply).toBe(7);
    });

    test('retire: minting ends, the supply stays', async () => {
      await call(bank, 'retire', '{ 0 }');
      expect(await token(0)).toEqual({ max_supply: 1, total_supply: 1, creator: carol.address, retired: true });
    });

    test('set_paused stops and restarts minting; set_metadata edits TZIP-16 metadata', async () => {
      await call(admin, 'set_paused', 'True');
      expect((await storage()).paused).toBe(true);
      expect(await failure(bank, 'mint', `{ Pair 2 (Pair "${alice.address}" 1) }`)).toBe(FA2_ERRORS.mintPaused);
      expect(await failure(bank, 'create_tokens', `{ ${spec(1, carol, 'x')} }`)).toBe(FA2_ERRORS.mintPaused);
      await call(admin, 'set_paused', 'False');
      await call(bank, 'mint', `{ Pair 2 (Pair "${alice.address}" 1) }`);
      expect(await balance(alice, 2)).toBe(1);
      await call(admin, 'set_metadata', `Pair "extra" (Some 0x${hex('x')})`);
      await call(admin, 'set_metadata', `Pair "extra" None`);
      expect(await (await storage()).metadata.get('extra')).toBeUndefined();
    });

    test('views: balance, total supply, max supply, is_operator', async () => {
      expect(await view('get_balance', `Pair "${bob.address}" 1`)).toEqual({ int: '5' });
      expect(await view('get_balance', `Pair "${mallory.address}" 1`)).toEqual({ int: '0' });
      expect(await view('get_total_supply', '1')).toEqual({ int: '7' });
      expect(await view('get_max_supply', '1')).toEqual({ int: '10' });
      expect(await view('is_operator', `Pair "${alice.address}" "${bank.address}" 1`)).toEqual({ prim: 'True' });
      expect(await view('is_operator', `Pair "${alice.address}" "${bank.address}" 2`)).toEqual({ prim: 'False' });
      expect(await viewFailure('get_balance', `Pair "${bob.address}" 9`)).toBe(FA2_ERRORS.tokenUndefined);
      expect(await viewFailure('get_total_supply', '9')).toBe(FA2_ERRORS.tokenUndefined);
      expect(await viewFailure('get_max_supply', '9')).toBe(FA2_ERRORS.tokenUndefined);
    });

    test('balance_of calls back a consumer contract with the balances, in request order', async () => {
      const op = await admin.tz.contract.originate({
        code: `parameter (list (pair (pair address nat) nat)); storage (list (pair (pair address nat) nat)); code { CAR; NIL operation; PAIR }`,
        init: '{}',
      });
      await op.confirmation();
      consumer = op.contractAddress!;
      await call(
        mallory,
        'balance_of',
        `Pair { Pair "${bob.address}" 1 ; Pair "${alice.address}" 2 ; Pair "${mallory.address}" 0 } "${consumer}"`,
      );
      const got = await (await admin.tz.contract.at(consumer)).storage();
      // Taquito flattens each response's nested pairs: ((owner, token_id), balance) → { 0, 1, 2 }.
      expect(JSON.parse(JSON.stringify(got))).toEqual([
        { 0: bob.address, 1: '1', 2: '5' },
        { 0: alice.address, 1: '2', 2: '1' },
        { 0: mallory.address, 1: '0', 2: '0' },
      ]);
    });
  });

  describe('rejections: exact error, storage unchanged', () => {
    test('unauthorised create_tokens, mint, retire (not a minter) and burn (not owner nor operator)', async () => {
      expect(await failure(mallory, 'create_tokens', `{ ${spec(1, mallory, 'x')} }`)).toBe(FA2_ERRORS.notMinter);
      expect(await failure(mallory, 'mint', `{ Pair 2 (Pair "${mallory.address}" 1) }`)).toBe(FA2_ERRORS.notMinter);
      expect(await failure(mallory, 'retire', '{ 1 }')).toBe(FA2_ERRORS.notMinter);
      expect(await failure(mallory, 'burn', `{ Pair "${bob.address}" (Pair 1 1) }`)).toBe(FA2_ERRORS.notOperator);
      // The bank is alice's operator for token 1 only.
      expect(await failure(bank, 'burn', `{ Pair "${alice.address}" (Pair 2 1) }`)).toBe(FA2_ERRORS.notOperator);
    });

    test('mint beyond the max supply, also across one batch; a retired token; an unknown token', async () => {
      expect(await failure(bank, 'mint', `{ Pair 2 (Pair "${bob.address}" 5) }`)).toBe(FA2_ERRORS.maxSupplyExceeded);
      expect(
        await failure(bank, 'mint', `{ Pair 2 (Pair "${bob.address}" 2) ; Pair 2 (Pair "${bob.address}" 3) }`),
      ).toBe(FA2_ERRORS.maxSupplyExceeded);
      expect(await failure(bank, 'mint', `{ Pair 0 (Pair "${bob.address}" 0) }`)).toBe(FA2_ERRORS.tokenRetired);
      expect(await failure(bank, 'mint', `{ Pair 9 (Pair "${bob.address}" 1) }`)).toBe(FA2_ERRORS.tokenUndefined);
      expect(await failure(bank, 'create_tokens', `{ ${spec(0, carol, 'x')} }`)).toBe(FA2_ERRORS.zeroMaxSupply);
      expect(await failure(bank, 'retire', '{ 9 }')).toBe(FA2_ERRORS.tokenUndefined);
    });

    test('transfer without balance, without operator rights, of an unknown token', async () => {
      expect(await failure(alice, 'transfer', `{ Pair "${alice.address}" { Pair "${bob.address}" (Pair 1 3) } }`)).toBe(
        FA2_ERRORS.insufficientBalance,
      );
      expect(
        await failure(mallory, 'transfer', `{ Pair "${alice.address}" { Pair "${mallory.address}" (Pair 1 1) } }`),
      ).toBe(FA2_ERRORS.notOperator);
      expect(await failure(alice, 'transfer', `{ Pair "${alice.address}" { Pair "${bob.address}" (Pair 9 0) } }`)).toBe(
        FA2_ERRORS.tokenUndefined,
      );
      expect(await failure(bob, 'burn', `{ Pair "${bob.address}" (Pair 1 6) }`)).toBe(FA2_ERRORS.insufficientBalance);
      expect(await failure(bob, 'burn', `{ Pair "${bob.address}" (Pair 9 1) }`)).toBe(FA2_ERRORS.tokenUndefined);
      expect(await failure(mallory, 'balance_of', `Pair { Pair "${bob.address}" 9 } "${consumer}"`)).toBe(
        FA2_ERRORS.tokenUndefined,
      );
    });

    test('operator add and remove by someone other than the owner', async () => {
      expect(
        await failure(mallory, 'update_operators', `{ Left (Pair "${alice.address}" (Pair "${mallory.address}" 1)) }`),
      ).toBe(FA2_ERRORS.notOwner);
      expect(
        await failure(mallory, 'update_operators', `{ Right (Pair "${alice.address}" (Pair "${bank.address}" 1)) }`),
      ).toBe(FA2_ERRORS.notOwner);
      // An operator cannot delegate its rights either.
      expect(
        await failure(bank, 'update_operators', `{ Left (Pair "${alice.address}" (Pair "${mallory.address}" 1)) }`),
      ).toBe(FA2_ERRORS.notOwner);
    });

    test('admin-only entrypoints; tez sent to the contract', async () => {
      expect(await failure(mallory, 'add_minter', `"${mallory.address}"`)).toBe(FA2_ERRORS.notAdmin);
      expect(await failure(bank, 'remove_minter', `"${bank.address}"`)).toBe(FA2_ERRORS.notAdmin);
      expect(await failure(bank, 'set_paused', 'True')).toBe(FA2_ERRORS.notAdmin);
      expect(await failure(mallory, 'set_metadata', `Pair "" None`)).toBe(FA2_ERRORS.notAdmin);
      expect(await failure(mallory, 'transfer_admin', `"${mallory.address}"`)).toBe(FA2_ERRORS.notAdmin);
      expect(
        await failure(alice, 'transfer', `{ Pair "${alice.address}" { Pair "${bob.address}" (Pair 1 1) } }`, 1),
      ).toBe(FA2_ERRORS.tezNotAccepted);
    });
  });

  describe('TZIP-16 with Taquito', () => {
    /*
     * @taquito/tzip16 has no 25.x release and brings a nested Taquito 24, whose classes have private
     * fields TypeScript will not match with ours (see test/devnet/node/tzip16.test.ts): only casts.
     */
    type WithTzip16 = ContractAbstraction<ContractProvider> & { tzip16(): Tzip16ContractAbstraction };
    const withTzip16 = tzip16 as unknown as (abs: ContractAbstraction<ContractProvider>) => WithTzip16;

    test('contract metadata from tezos-storage, and an on-chain view through contractViews', async () => {
      const tz = new TezosToolkit(devnet.rpcUrl);
      tz.addExtension(new Tzip16Module() as unknown as Extension);
      const c = await tz.contract.at(kt, withTzip16);
      const envelope = await c.tzip16().getMetadata();
      expect(envelope.uri).toBe('tezos-storage:contents');
      expect(envelope.metadata).toEqual(fa2EditionsMetadata());
      expect((envelope.metadata as { errors: unknown[] }).errors).toHaveLength(Object.keys(FA2_ERRORS).length);
      expect(await c.tzip16().metadataInterfaces()).toEqual(['TZIP-012', 'TZIP-016', 'TZIP-021']);
      expect((await c.contractViews.get_max_supply!(1).executeView({ viewCaller: alice.address })).toString()).toBe(
        '10',
      );
    });
  });

  describe('two-step admin transfer', () => {
    test('nothing to accept, then a candidate only the candidate can accept', async () => {
      expect(await failure(nextAdmin, 'accept_admin', 'Unit')).toBe(FA2_ERRORS.noAdminCandidate);
      await call(admin, 'transfer_admin', `"${nextAdmin.address}"`);
      expect((await storage()).admin_candidate).toEqual({ Some: nextAdmin.address });
      expect(await failure(mallory, 'accept_admin', 'Unit')).toBe(FA2_ERRORS.notAdminCandidate);
      // Not accepted yet: the old admin still rules, the candidate does not.
      expect(await failure(nextAdmin, 'set_paused', 'True')).toBe(FA2_ERRORS.notAdmin);
      await call(admin, 'set_paused', 'False');
      await call(nextAdmin, 'accept_admin', 'Unit');
      const s = await storage();
      expect([s.admin, s.admin_candidate]).toEqual([nextAdmin.address, null]);
      expect(await failure(admin, 'add_minter', `"${admin.address}"`)).toBe(FA2_ERRORS.notAdmin);
    });
  });

  describe('TzKT-compatible API', () => {
    const opts = (): { baseUrl: string } => ({ baseUrl: devnet.tzktUrl });

    test('tags the contract FA2 and reports balances and supplies as the ledger holds them', async () => {
      const c = await contractsGetByAddress(kt, {}, opts());
      expect(c).toMatchObject({ type: 'contract', tzips: ['fa2'], tokensCount: 3 });
      const rows = await tokensGetTokenBalances(
        { tokenContract: { eq: kt }, balance: { gt: '0' }, sort: { asc: 'id' } },
        opts(),
      );
      const got = rows
        .map((r) => [r.account?.address, r.token?.tokenId, r.balance])
        .sort((a, b) => String(a).localeCompare(String(b)));
      const want = [
        [alice.address, '1', String(await balance(alice, 1))],
        [alice.address, '2', '1'],
        [bob.address, '1', String(await balance(bob, 1))],
        [carol.address, '0', '1'],
      ].sort((a, b) => String(a).localeCompare(String(b)));
      expect(got).toEqual(want);
      const tokens = await tokensGetTokens({ contract: { eq: kt }, sort: { asc: 'tokenId' } }, opts());
      expect(tokens.map((t) => [t.tokenId, t.totalSupply, t.metadata?.name])).toEqual([
        ['0', '1', 'One — Carol'],
        ['1', '7', 'Ten — Carol'],
        ['2', '1', 'Five — Bob'],
      ]);
    });

    test('transfers: mints without from, burns without to', async () => {
      const rows = await tokensGetTokenTransfers({ tokenContract: { eq: kt }, sort: { asc: 'id' } }, opts());
      const t = rows.map((r) => [r.from?.address, r.to?.address, r.token?.tokenId, r.amount]);
      expect(t).toContainEqual([undefined, alice.address, '0', '1']);
      expect(t).toContainEqual([alice.address, carol.address, '0', '1']);
      expect(t).toContainEqual([alice.address, bob.address, '1', '1']);
      expect(t).toContainEqual([bob.address, undefined, '1', '2']);
      expect(t).toContainEqual([alice.address, undefined, '1', '1']);
      expect(t).toContainEqual([undefined, alice.address, '2', '1']);
    });
  });
});

describe('supply invariant', () => {
  beforeAll(async () => {
    kt = await originate([bank]);
  });

  type Op =
    | { kind: 'mint'; to: number; n: number }
    | { kind: 'burn'; from: number; n: number }
    | { kind: 'transfer'; from: number; to: number; n: number };
  const who = fc.integer({ min: 0, max: 2 });
  const n = fc.integer({ min: 0, max: 4 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('mint' as const), to: who, n }),
    fc.record({ kind: fc.constant('burn' as const), from: who, n }),
    fc.record({ kind: fc.constant('transfer' as const), from: who, to: who, n }),
  );
  const MAX = 6;

  test('random mints, burns and transfers keep total supply = Σ balances ≤ max supply, as a model predicts', async () => {
    const holders = [alice, bob, carol];
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const id = Number((await storage()).next_token_id.toString());
        await call(bank, 'create_tokens', `{ ${spec(MAX, carol, `Prop ${id}`)} }`);
        const model = [0, 0, 0];
        const sum = (): number => model.reduce((a, b) => a + b, 0);
        for (const o of ops) {
          let want: string | null = null;
          let got: string | null;
          if (o.kind === 'mint') {
            if (sum() + o.n > MAX) want = FA2_ERRORS.maxSupplyExceeded;
            else model[o.to]! += o.n;
            got = await attempt(bank, 'mint', `{ Pair ${id} (Pair "${holders[o.to]!.address}" ${o.n}) }`);
          } else if (o.kind === 'burn') {
            if (model[o.from]! < o.n) want = FA2_ERRORS.insufficientBalance;
            else model[o.from]! -= o.n;
            got = await attempt(holders[o.from]!, 'burn', `{ Pair "${holders[o.from]!.address}" (Pair ${id} ${o.n}) }`);
          } else {
            if (model[o.from]! < o.n) want = FA2_ERRORS.insufficientBalance;
            else {
              model[o.from]! -= o.n;
              model[o.to]! += o.n;
            }
            const from = holders[o.from]!;
            got = await attempt(
              from,
              'transfer',
              `{ Pair "${from.address}" { Pair "${holders[o.to]!.address}" (Pair ${id} ${o.n}) } }`,
            );
          }
          expect(got).toBe(want);
        }
        const balances = await Promise.all(holders.map((h) => balance(h, id)));
        expect(balances).toEqual(model);
        const supply = (await token(id))!.total_supply;
        expect(supply).toBe(sum());
        expect(supply).toBeLessThanOrEqual(MAX);
      }),
      { numRuns: 5, seed: 20261130 },
    );
  }, 120_000);
});

describe('gas', () => {
  beforeAll(async () => {
    kt = await originate([bank]);
  });

  test('creating 24 tokens in one batch, with on-chain TZIP-21 metadata, stays far below the per-operation limit', async () => {
    const info = tokenInfo({
      artifactUri: `ipfs://${'Q'.repeat(46)}`,
      decimals: '0',
      description: 'd'.repeat(200),
      name: 'A title — An artist',
    });
    const specs = Array.from({ length: 24 }, () => `Pair 1 (Pair "${carol.address}" ${info})`).join(' ; ');
    const op = await bank.tz.contract.transfer({
      to: kt,
      amount: 0,
      parameter: { entrypoint: 'create_tokens', value: value(`{ ${specs} }`) },
    });
    await op.confirmation();
    const milligas = Number(
      (op.operationResults?.[0] as { metadata: { operation_result: { consumed_milligas: string } } }).metadata
        .operation_result.consumed_milligas,
    );
    // Ushuaia's hard_gas_limit_per_operation is 1,040,000 gas.
    expect(milligas / 1000).toBeLessThan(104_000);
  });
});

describe(
  'games: the bank may burn a player’s copies only while the game the player joined is live',
  { shuffle: false },
  () => {
    beforeAll(async () => {
      kt = await originate([bank]);
    });

    const DAY = 86_400;
    let ends = 0;
    /** Token ids: two of game g1, one of game g2, one created without a game. */
    let ed = 0,
      one = 0,
      other = 0,
      plain = 0;
    const headTime = async (): Promise<number> =>
      Math.floor(Date.parse((await new RpcClient(devnet.rpcUrl).getBlockHeader()).timestamp) / 1000);
    /** game_burn's argument: `amount` copies of `token` burnt from `owner`'s wallet in game `g`. */
    const gameBurn = (owner: Who, token: number, amount = 1, g = 'g1'): string =>
      `Pair "${g}" { Pair "${owner.address}" (Pair ${token} ${amount}) }`;
    const grant = async (g: string, owner: Who): Promise<unknown> =>
      view('game_grant', `Pair "${g}" "${owner.address}"`);
    /** The `game_info` view, read. */
    async function gameInfo(g: string): Promise<{ minter: string; ends: number; closed: boolean }> {
      const data = (await view('game_info', `"${g}"`)) as {
        args: [{ string: string }, { string: string }, { prim: string }];
      };
      const [minter, at, closed] = data.args;
      return { minter: minter.string, ends: Date.parse(at.string) / 1000, closed: closed.prim === 'True' };
    }

    /** Runs an entrypoint on the contract's current storage at a chosen `now`, as `who`: the string it fails with, or null. */
    async function at(now: number, who: Who, entrypoint: string, arg: string): Promise<string | null> {
      const rpc = new RpcClient(devnet.rpcUrl);
      const script = (await rpc.getContract(kt)).script!;
      try {
        await rpc.runCode({
          script: script.code as Parameters<RpcClient['runCode']>[0]['script'],
          storage: script.storage,
          input: value(arg),
          amount: '0',
          chain_id: await rpc.getChainId(),
          source: who.address,
          entrypoint,
          now: String(now),
        });
        return null;
      } catch (e) {
        const m = /"with":\{"string":"([^"]+)"\}/.exec((e as { body?: string }).body ?? '');
        if (m) return m[1]!;
        throw e;
      }
    }

    test('open_game: a minter opens a game ending within MAX_GAME_DAYS; a second open, a past end, a longer game and a non-minter are refused', async () => {
      const now = await headTime();
      ends = now + DAY;
      await call(bank, 'open_game', `Pair "g1" ${ends}`);
      await call(bank, 'open_game', `Pair "g2" ${now + MAX_GAME_DAYS * DAY - 60}`);
      expect(await gameInfo('g1')).toEqual({ minter: bank.address, ends, closed: false });
      expect(await viewFailure('game_info', '"nope"')).toBe(FA2_ERRORS.gameNotFound);
      expect(await failure(bank, 'open_game', `Pair "g1" ${ends}`)).toBe(FA2_ERRORS.gameExists);
      expect(await failure(bank, 'open_game', `Pair "g3" ${now - 10}`)).toBe(FA2_ERRORS.gameExpired);
      expect(await failure(bank, 'open_game', `Pair "g3" ${now + (MAX_GAME_DAYS + 1) * DAY}`)).toBe(
        FA2_ERRORS.gameTooLong,
      );
      expect(await failure(mallory, 'open_game', `Pair "g3" ${ends}`)).toBe(FA2_ERRORS.notMinter);
      expect(await failure(bank, 'open_game', `Pair "g3" ${ends}`, 1)).toBe(FA2_ERRORS.tezNotAccepted);
    });

    test('create_game_tokens: the game’s minter creates tokens of that game only', async () => {
      ed = Number((await storage()).next_token_id.toString());
      await call(
        bank,
        'create_game_tokens',
        `Pair "g1" { ${spec(5, carol, 'Game edition')} ; ${spec(1, carol, 'Game one')} }`,
      );
      one = ed + 1;
      await call(bank, 'create_game_tokens', `Pair "g2" { ${spec(3, carol, 'Other game')} }`);
      other = ed + 2;
      await call(bank, 'create_tokens', `{ ${spec(3, carol, 'No game')} }`);
      plain = ed + 3;
      const tokens = (await storage()).tokens;
      const game = async (id: number): Promise<unknown> =>
        (await tokens.get<{ tgame: { Some: string } | null }>(id))!.tgame;
      expect([await game(ed), await game(one), await game(other), await game(plain)]).toEqual([
        { Some: 'g1' },
        { Some: 'g1' },
        { Some: 'g2' },
        null,
      ]);
      // carol becomes a minter too: a minter, but not this game's.
      await call(admin, 'add_minter', `"${carol.address}"`);
      expect(await failure(carol, 'create_game_tokens', `Pair "g1" { ${spec(1, carol, 'x')} }`)).toBe(
        FA2_ERRORS.notGameMinter,
      );
      expect(await failure(mallory, 'create_game_tokens', `Pair "g1" { ${spec(1, carol, 'x')} }`)).toBe(
        FA2_ERRORS.notMinter,
      );
      expect(await failure(bank, 'create_game_tokens', `Pair "nope" { ${spec(1, carol, 'x')} }`)).toBe(
        FA2_ERRORS.gameNotFound,
      );
      expect(await failure(bank, 'create_game_tokens', `Pair "g1" { ${spec(0, carol, 'x')} }`)).toBe(
        FA2_ERRORS.zeroMaxSupply,
      );
      await call(
        bank,
        'mint',
        `{ Pair ${ed} (Pair "${alice.address}" 2) ; Pair ${ed} (Pair "${bob.address}" 1) ; Pair ${one} (Pair "${alice.address}" 1) ; Pair ${other} (Pair "${alice.address}" 1) ; Pair ${plain} (Pair "${alice.address}" 1) }`,
      );
    });

    test('join_game: signed by the player; the grant view says who joined', async () => {
      expect(await grant('g1', alice)).toEqual({ prim: 'False' });
      await call(alice, 'join_game', '"g1"');
      await call(alice, 'join_game', '"g1"'); // joining again changes nothing
      expect(await grant('g1', alice)).toEqual({ prim: 'True' });
      expect(await grant('g1', bob)).toEqual({ prim: 'False' });
      expect(await grant('g2', alice)).toEqual({ prim: 'False' });
      expect(await grant('nope', alice)).toEqual({ prim: 'False' });
      expect(await failure(alice, 'join_game', '"nope"')).toBe(FA2_ERRORS.gameNotFound);
    });

    test('game_burn: the game’s minter burns a joined player’s copy of the game’s token; the supply goes down', async () => {
      await call(bank, 'game_burn', gameBurn(alice, ed));
      expect(await balance(alice, ed)).toBe(1);
      expect((await token(ed))!.total_supply).toBe(2);
      await call(bank, 'game_burn', gameBurn(alice, one));
      expect(await balance(alice, one)).toBe(0);
      expect(await (await storage()).ledger.get({ 0: alice.address, 1: one })).toBeUndefined();
    });

    test('game_burn refused: an owner who did not join, a token of another game or of none, another minter, too many copies', async () => {
      expect(await failure(bank, 'game_burn', gameBurn(bob, ed))).toBe(FA2_ERRORS.noGameGrant);
      expect(await failure(bank, 'game_burn', gameBurn(alice, other))).toBe(FA2_ERRORS.notGameToken);
      expect(await failure(bank, 'game_burn', gameBurn(alice, plain))).toBe(FA2_ERRORS.notGameToken);
      expect(await failure(carol, 'game_burn', gameBurn(alice, ed))).toBe(FA2_ERRORS.notGameMinter);
      expect(await failure(mallory, 'game_burn', gameBurn(alice, ed))).toBe(FA2_ERRORS.notMinter);
      expect(await failure(bank, 'game_burn', gameBurn(alice, ed, 2))).toBe(FA2_ERRORS.insufficientBalance);
      expect(await failure(bank, 'game_burn', gameBurn(alice, ed, 1, 'nope'))).toBe(FA2_ERRORS.gameNotFound);
    });

    test('joining gives no FA2 operator right: the bank’s plain burn and transfer of a player’s copy are refused', async () => {
      expect(await view('is_operator', `Pair "${alice.address}" "${bank.address}" ${ed}`)).toEqual({ prim: 'False' });
      expect(await failure(bank, 'burn', `{ Pair "${alice.address}" (Pair ${ed} 1) }`)).toBe(FA2_ERRORS.notOperator);
      expect(
        await failure(bank, 'transfer', `{ Pair "${alice.address}" { Pair "${bank.address}" (Pair ${ed} 1) } }`),
      ).toBe(FA2_ERRORS.notOperator);
      // The player still moves their own copy as they like (P13 trades).
      await call(
        alice,
        'transfer',
        `{ Pair "${alice.address}" { Pair "${bob.address}" (Pair ${ed} 1) ; Pair "${alice.address}" (Pair ${ed} 0) } }`,
      );
      await call(bob, 'transfer', `{ Pair "${bob.address}" { Pair "${alice.address}" (Pair ${ed} 1) } }`);
      expect(await balance(alice, ed)).toBe(1);
    });

    test('past its end date the game refuses game_burn, join_game and create_game_tokens (GAME_EXPIRED), as the grant view does', async () => {
      const burn = gameBurn(alice, ed);
      // The same call, run by the VM at a chosen time: accepted up to the second before the end, refused from it on.
      expect(await at(ends - 1, bank, 'game_burn', burn)).toBeNull();
      expect(await at(ends, bank, 'game_burn', burn)).toBe(FA2_ERRORS.gameExpired);
      expect(await at(ends + DAY, bank, 'game_burn', burn)).toBe(FA2_ERRORS.gameExpired);
      expect(await at(ends, bob, 'join_game', '"g1"')).toBe(FA2_ERRORS.gameExpired);
      expect(await at(ends, bank, 'create_game_tokens', `Pair "g1" { ${spec(1, carol, 'late')} }`)).toBe(
        FA2_ERRORS.gameExpired,
      );
      // open_game's bound is measured from its own NOW.
      expect(await at(ends, bank, 'open_game', `Pair "g9" ${ends + MAX_GAME_DAYS * DAY}`)).toBeNull();
      expect(await at(ends, bank, 'open_game', `Pair "g9" ${ends + MAX_GAME_DAYS * DAY + 1}`)).toBe(
        FA2_ERRORS.gameTooLong,
      );
    });

    test('close_game: by the game’s minter or the admin, once; then the bank can no longer burn, nor anyone join', async () => {
      expect(await failure(carol, 'close_game', '"g1"')).toBe(FA2_ERRORS.notGameMinter);
      expect(await failure(alice, 'close_game', '"g1"')).toBe(FA2_ERRORS.notGameMinter);
      expect(await failure(bank, 'close_game', '"nope"')).toBe(FA2_ERRORS.gameNotFound);
      await call(bank, 'close_game', '"g1"');
      expect(await gameInfo('g1')).toEqual({ minter: bank.address, ends, closed: true });
      expect(await grant('g1', alice)).toEqual({ prim: 'False' });
      expect(await failure(bank, 'game_burn', gameBurn(alice, ed))).toBe(FA2_ERRORS.gameClosed);
      expect(await failure(bob, 'join_game', '"g1"')).toBe(FA2_ERRORS.gameClosed);
      expect(await failure(bank, 'create_game_tokens', `Pair "g1" { ${spec(1, carol, 'x')} }`)).toBe(
        FA2_ERRORS.gameClosed,
      );
      expect(await failure(bank, 'close_game', '"g1"')).toBe(FA2_ERRORS.gameClosed);
      expect(await failure(bank, 'open_game', `Pair "g1" ${ends}`)).toBe(FA2_ERRORS.gameExists);
      // Alice's copy is hers alone again.
      expect(await balance(alice, ed)).toBe(1);
      expect(await failure(bank, 'burn', `{ Pair "${alice.address}" (Pair ${ed} 1) }`)).toBe(FA2_ERRORS.notOperator);
      // The admin may close any game.
      await call(admin, 'close_game', '"g2"');
      expect(await gameInfo('g2')).toMatchObject({ closed: true });
      expect(await failure(bank, 'game_burn', gameBurn(alice, other, 1, 'g2'))).toBe(FA2_ERRORS.gameClosed);
    });

    test('TZIP-16 lists the game views; Taquito runs game_grant and game_info off-chain from the metadata', async () => {
      type WithTzip16 = ContractAbstraction<ContractProvider> & { tzip16(): Tzip16ContractAbstraction };
      const tz = new TezosToolkit(devnet.rpcUrl);
      tz.addExtension(new Tzip16Module() as unknown as Extension);
      const c = await tz.contract.at(
        kt,
        tzip16 as unknown as (abs: ContractAbstraction<ContractProvider>) => WithTzip16,
      );
      const views = await c.tzip16().metadataViews();
      expect(Object.keys(views)).toEqual(expect.arrayContaining(['game_grant', 'game_info']));
      expect(await views.game_grant!().executeView('g1', alice.address)).toBe(false);
      const info: unknown = await views.game_info!().executeView('g2');
      expect(JSON.parse(JSON.stringify(info))).toMatchObject({ minter: bank.address, closed: true });
    });
  },
);

describe(
  'seeds: the game’s minter commits to its seed when it opens the game and reveals it at the end, checked by the contract',
  { shuffle: false },
  () => {
    beforeAll(async () => {
      // carol is a minter, but not of these games; g1 is a closed game.
      kt = await originate([bank, carol]);
      await call(bank, 'open_game', `Pair "g1" ${await ends()}`);
      await call(bank, 'close_game', '"g1"');
    });

    const seed = 'a game seed — ünïcode too';
    const finalHash = 'ab'.repeat(32);
    const commitment = seedCommitment(seed);
    const commit = (g: string, c: string): string => `Pair "${g}" 0x${c}`;
    const reveal = (g: string, s: string, f: string): string => `Pair "${g}" 0x${hex(s)} 0x${f}`;
    const refusals: string[] = [];
    /** The string a refused call failed with (storage unchanged), remembered for the TZIP-16 check. */
    const refused = async (who: Who, entrypoint: string, arg: string): Promise<string> => {
      const error = await failure(who, entrypoint, arg);
      refusals.push(error);
      return error;
    };
    const stored = async (g: string): Promise<unknown> => (await storage()).seed_commits.get(g);
    const ends = async (): Promise<number> =>
      Math.floor(Date.parse((await new RpcClient(devnet.rpcUrl).getBlockHeader()).timestamp) / 1000) + 86_400;

    test('commit_seed: the game’s minter commits a 32-byte hash once; a second commit, another minter, a stranger, a short hash, a closed or unknown game are refused', async () => {
      await call(bank, 'open_game', `Pair "s1" ${await ends()}`);
      expect(await refused(bank, 'commit_seed', commit('s1', commitment.slice(2)))).toBe(FA2_ERRORS.badCommitment);
      await call(bank, 'commit_seed', commit('s1', commitment));
      expect(await stored('s1')).toEqual({ sccommit: commitment, scseed: null, scfinal: null });
      expect(await refused(bank, 'commit_seed', commit('s1', 'cd'.repeat(32)))).toBe(FA2_ERRORS.seedCommitted);
      expect(await refused(carol, 'commit_seed', commit('s1', commitment))).toBe(FA2_ERRORS.notGameMinter);
      expect(await refused(mallory, 'commit_seed', commit('s1', commitment))).toBe(FA2_ERRORS.notGameMinter);
      expect(await refused(bank, 'commit_seed', commit('g1', commitment))).toBe(FA2_ERRORS.gameClosed);
      expect(await refused(bank, 'commit_seed', commit('nope', commitment))).toBe(FA2_ERRORS.gameNotFound);
      expect(await failure(bank, 'commit_seed', commit('s1', commitment), 1)).toBe(FA2_ERRORS.tezNotAccepted);
    });

    test('the devnet’s TzKT API serves the commitment, the seed still null, as readSeedCommit reads it', async () => {
      expect(await readSeedCommit(devnet.tzktUrl, kt, 's1')).toEqual({ commitment, seed: null, finalHash: null });
      expect(await readSeedCommit(devnet.tzktUrl, kt, 'g1')).toBeNull();
    });

    test('reveal_seed: a wrong seed, a short final hash, a stranger, a game never committed are refused; the right seed is stored with the final hash, once', async () => {
      await call(bank, 'open_game', `Pair "s2" ${await ends()}`);
      expect(await refused(bank, 'reveal_seed', reveal('s2', seed, finalHash))).toBe(FA2_ERRORS.noSeedCommitment);
      expect(await refused(bank, 'reveal_seed', reveal('s1', `${seed} `, finalHash))).toBe(FA2_ERRORS.badSeedReveal);
      expect(await refused(bank, 'reveal_seed', reveal('s1', seed, finalHash.slice(2)))).toBe(FA2_ERRORS.badFinalHash);
      expect(await refused(mallory, 'reveal_seed', reveal('s1', seed, finalHash))).toBe(FA2_ERRORS.notGameMinter);
      expect(await refused(bank, 'reveal_seed', reveal('nope', seed, finalHash))).toBe(FA2_ERRORS.gameNotFound);
      await call(bank, 'reveal_seed', reveal('s1', seed, finalHash));
      expect(await stored('s1')).toEqual({
        sccommit: commitment,
        scseed: { Some: hex(seed) },
        scfinal: { Some: finalHash },
      });
      expect(await refused(bank, 'reveal_seed', reveal('s1', seed, finalHash))).toBe(FA2_ERRORS.seedRevealed);
      expect(await readSeedCommit(devnet.tzktUrl, kt, 's1')).toEqual({ commitment, seed, finalHash });
    });

    test('an abandoned game reveals after close_game (here by the admin) or past its end date', async () => {
      await call(bank, 'commit_seed', commit('s2', seedCommitment('s2 seed')));
      await call(bank, 'close_game', '"s2"');
      expect(await refused(bank, 'commit_seed', commit('s2', commitment))).toBe(FA2_ERRORS.gameClosed);
      await call(admin, 'reveal_seed', reveal('s2', 's2 seed', finalHash));
      expect(await readSeedCommit(devnet.tzktUrl, kt, 's2')).toEqual({
        commitment: seedCommitment('s2 seed'),
        seed: 's2 seed',
        finalHash,
      });
      // Past the end date, run by the VM at a chosen time: still revealed (the commitment of s3 lives in this run only).
      await call(bank, 'open_game', `Pair "s3" ${await ends()}`);
      await call(bank, 'commit_seed', commit('s3', commitment));
      const rpc = new RpcClient(devnet.rpcUrl);
      const script = (await rpc.getContract(kt)).script!;
      const run = rpc.runCode({
        script: script.code as Parameters<RpcClient['runCode']>[0]['script'],
        storage: script.storage,
        input: value(reveal('s3', seed, finalHash)),
        amount: '0',
        chain_id: await rpc.getChainId(),
        source: bank.address,
        entrypoint: 'reveal_seed',
        now: String((await ends()) + 86_400),
      });
      await expect(run).resolves.toBeDefined();
    });

    test('every refusal above is explained in the TZIP-16 metadata stored on-chain', async () => {
      const contents = await (await storage()).metadata.get<string>('contents');
      const errors = (
        JSON.parse(text(contents!)) as { errors: { error: { string: string }; expansion: { string: string } }[] }
      ).errors;
      const explained = new Map(errors.map((e) => [e.error.string, e.expansion.string]));
      expect(new Set(refusals)).toEqual(
        new Set([
          'BAD_COMMITMENT',
          'SEED_COMMITTED',
          'NOT_GAME_MINTER',
          'GAME_CLOSED',
          'GAME_NOT_FOUND',
          'NO_SEED_COMMITMENT',
          'BAD_SEED_REVEAL',
          'BAD_FINAL_HASH',
          'SEED_REVEALED',
        ]),
      );
      for (const error of refusals) expect(explained.get(error)).toMatch(/\w{3,} \w/);
    });
  },
);
