/**
 * RPCs Octez's node serves (protocol 025 Ushuaia) that the devnet answers the same way, through real Taquito where
 * it has a method: the delegates' list and info (lib_plugin/delegate_services.ml), the contracts' stake and bond
 * balances (contract_services.ml), `~N` after a block hash (block_directory.ml), scripts with their global constants
 * expanded and their data in the stored or asked form (apply.ml, script_ir_translator.ml `unparse_code`), and a
 * big_map binding to None that a contract reads back (script_interpreter.ml).
 */
import { RpcClient } from '@taquito/rpc';
import { HttpResponseError } from '@taquito/http-utils';
import type { TezosToolkit } from '@taquito/taquito';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bootstrapAccount, startDevnet, type Devnet } from '../../../devnet/node';
import { rejected } from '../../engine/thrown';
import { errorIds, signedToolkit } from './taquito-clients';

let devnet: Devnet;
let rpc: RpcClient;
let tz: TezosToolkit;
/** Not a bootstrap account: funded, then delegating to bootstrap1. */
const delegator = bootstrapAccount(99);

const get = async (path: string): Promise<{ status: number; type: string | null; text: string }> => {
  const r = await fetch(`${devnet.rpcUrl}/chains/main/blocks/head${path}`);
  return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
};
const json = async (path: string): Promise<unknown> => JSON.parse((await get(path)).text) as unknown;

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, port: 0, blockTime: 0, accounts: 3 });
  rpc = new RpcClient(devnet.rpcUrl);
  tz = signedToolkit(devnet.rpcUrl, devnet.accounts[0]!.secretKey);
  await (await tz.contract.transfer({ to: delegator.address, amount: 50 })).confirmation();
  const own = signedToolkit(devnet.rpcUrl, delegator.secretKey);
  await (
    await own.contract.setDelegate({ source: delegator.address, delegate: devnet.accounts[0]!.address })
  ).confirmation();
});
afterAll(async () => {
  await devnet.stop();
});

describe('delegates (delegate_services.ml)', () => {
  test('the list: every registered delegate, in the context order Octez lists them; the query flags filter it', async () => {
    const bootstrap = devnet.accounts.map((a) => a.address);
    // storage_functors.ml `elements` prepends each key of a sorted fold: tz1 hashes come out descending.
    const descending = [...bootstrap].sort().reverse();
    expect(await rpc.getAllDelegates()).toEqual(descending);
    expect(await rpc.getAllDelegates({ active: true })).toEqual(descending);
    // No delegate is ever deactivated; a pair set together is the default.
    expect(await rpc.getAllDelegates({ inactive: true })).toEqual([]);
    expect(await rpc.getAllDelegates({ active: true, inactive: true })).toEqual(descending);
    // 100,000 tez each, above minimal_stake (6,000 tez).
    expect(await rpc.getAllDelegates({ with_minimal_stake: true })).toEqual(descending);
    expect(await rpc.getAllDelegates({ without_minimal_stake: true })).toEqual([]);
    // resto.ml: a flag reads "", true/t/yes/y or false/f/no/n; anything else is refused as text.
    expect(await json('/context/delegates?active=no&inactive')).toEqual([]);
    const bad = await get('/context/delegates?active=maybe');
    expect([bad.status, bad.type]).toEqual([400, 'text/plain']);
    expect(bad.text).toBe(
      `Failed to parse the query string: Failed to parse argument 'active' ("maybe"): Cannot parse boolean value`,
    );
    expect((await get('/context/delegates?active&active')).text).toBe(
      `Failed to parse the query string: Duplicate argument 'active' in query string.`,
    );
  });

  test("the info: info_encoding's fields in order, with a delegator's tez counted as delegated", async () => {
    const b1 = devnet.accounts[0]!;
    const balance = (await rpc.getBalance(b1.address)).toString();
    const delegated = (await rpc.getBalance(delegator.address)).toString();
    const total = (BigInt(balance) + BigInt(delegated)).toString();
    const info = (await json(`/context/delegates/${b1.address}`)) as Record<string, unknown>;
    expect(Object.keys(info)).toEqual([
      'deactivated',
      'is_forbidden',
      'participation',
      'grace_period',
      'active_staking_parameters',
      'pending_staking_parameters',
      'baking_power',
      'total_staked',
      'total_delegated',
      'min_delegated_in_current_cycle',
      'own_full_balance',
      'own_staked',
      'own_delegated',
      'external_staked',
      'external_delegated',
      'total_unstaked_per_cycle',
      'denunciations',
      'estimated_shared_pending_slashed_amount',
      'staking_denominator',
      'current_voting_power',
      'voting_power',
      'voting_info',
      'consensus_key',
      'companion_key',
      'stakers',
      'delegators',
    ]);
    expect(info).toEqual({
      deactivated: false,
      is_forbidden: false,
      participation: {
        expected_cycle_activity: 0,
        minimal_cycle_activity: 0,
        missed_slots: 0,
        missed_levels: 0,
        remaining_allowed_missed_slots: 0,
        expected_attesting_rewards: '0',
      },
      // Cycle 0 + tolerated_inactivity_period 2 + consensus_rights_delay 2 (delegate_activation_storage.ml).
      grace_period: 4,
      active_staking_parameters: {
        limit_of_staking_over_baking_millionth: 0,
        edge_of_baking_over_staking_billionth: 1e9,
      },
      pending_staking_parameters: [],
      baking_power: '0',
      total_staked: '0',
      total_delegated: total,
      min_delegated_in_current_cycle: { amount: total },
      own_full_balance: balance,
      own_staked: '0',
      own_delegated: balance,
      external_staked: '0',
      external_delegated: delegated,
      total_unstaked_per_cycle: [{ cycle: 0, deposit: '0' }],
      denunciations: [],
      estimated_shared_pending_slashed_amount: '0',
      staking_denominator: '0',
      current_voting_power: total,
      voting_power: balance,
      voting_info: { voting_power: balance, remaining_proposals: 20 },
      consensus_key: { active: { pkh: b1.address, pk: b1.publicKey } },
      companion_key: { active: null },
      stakers: [],
      // The contract index's order (contract_repr.ml), prepended: hashes descending.
      delegators: [b1.address, delegator.address].sort().reverse(),
    });
    // Taquito's getDelegates reads the same answer.
    const viaTaquito = await rpc.getDelegates(b1.address);
    expect(viaTaquito.deactivated).toBe(false);
    expect(viaTaquito.own_full_balance).toBe(balance);
    expect(viaTaquito.voting_power?.toString()).toBe(balance);
    expect(viaTaquito.delegators).toContain(delegator.address);
    expect(await rpc.getActiveStakingParameters(b1.address)).toEqual(info.active_staking_parameters);
    expect(await rpc.getPendingStakingParameters(b1.address)).toEqual([]);
  });

  test('sub-RPCs, deprecated names included, answer the info fields', async () => {
    const b1 = devnet.accounts[0]!.address;
    const info = (await json(`/context/delegates/${b1}`)) as Record<string, unknown>;
    const fields: [string, string][] = [
      ['full_balance', 'own_full_balance'],
      ['staking_balance', 'total_delegated'],
      ['delegated_contracts', 'delegators'],
      ['delegated_balance', 'external_delegated'],
      ['current_frozen_deposits', 'total_staked'],
      ['grace_period', 'grace_period'],
      ['deactivated', 'deactivated'],
    ];
    for (const [sub, field] of fields) expect(await json(`/context/delegates/${b1}/${sub}`), sub).toEqual(info[field]);
    expect(await json(`/context/delegates/${b1}/frozen_deposits_limit`)).toBeNull();
    expect((await get(`/context/delegates/${b1}/nonsense`)).status).toBe(404);
    expect(await json('/context/total_currently_staked')).toEqual({ delegates: '0', delegators: '0', overstaked: '0' });
  });

  test('a key hash that is no delegate is refused with delegate.not_registered; one that does not parse, 400', async () => {
    const pkh = delegator.address;
    expect(errorIds(await rpc.getDelegates(pkh).catch((e: unknown) => e))).toEqual([
      'proto.025-PsUshuai.delegate.not_registered',
    ]);
    const r = await get(`/context/delegates/${pkh}`);
    expect(r.status).toBe(500);
    expect(JSON.parse(r.text)).toEqual([{ kind: 'temporary', id: 'proto.025-PsUshuai.delegate.not_registered', pkh }]);
    // f_own_full_balance traces its own error over the registration check.
    expect(JSON.parse((await get(`/context/delegates/${pkh}/full_balance`)).text)).toEqual([
      { kind: 'temporary', id: 'proto.025-PsUshuai.delegate_service.balance_rpc_on_non_delegate', pkh },
      { kind: 'temporary', id: 'proto.025-PsUshuai.delegate.not_registered', pkh },
    ]);
    // Registered without the check: any key hash answers.
    expect(await json(`/context/delegates/${pkh}/is_forbidden`)).toBe(false);
    const bad = await get('/context/delegates/tz1nope');
    expect([bad.status, bad.text]).toEqual([
      400,
      'Failed to parsed an argument in path. After "chains/main/blocks/head/context/delegates", the value "tz1nope" is not acceptable for type "pkh"',
    ]);
  });
});

describe('contracts: stake and bonds (contract_services.ml)', () => {
  test('balance_and_frozen_bonds and spendable_and_frozen_bonds are the balance: the devnet has no frozen bonds', async () => {
    for (const address of [devnet.accounts[1]!.address, delegator.address]) {
      const balance = (await rpc.getBalance(address)).toString();
      expect((await rpc.getBalanceAndFrozenBonds(address)).toString()).toBe(balance);
      expect((await rpc.getSpendableAndFrozenBonds(address)).toString()).toBe(balance);
      expect((await rpc.getStakedBalance(address)).toString()).toBe('0');
      expect((await rpc.getUnstakedFrozenBalance(address)).toString()).toBe('0');
      expect((await rpc.getUnstakedFinalizableBalance(address)).toString()).toBe('0');
      expect(await rpc.getUnstakeRequests(address)).toBeNull();
    }
    // An implicit account with no delegate has no staked balance (None); an unknown one is empty.
    const unknown = bootstrapAccount(98).address;
    expect(await json(`/context/contracts/${unknown}/staked_balance`)).toBeNull();
    expect(await json(`/context/contracts/${unknown}/balance_and_frozen_bonds`)).toBe('0');
  });
});

describe('block ids (block_services.ml parse_block, block_directory.ml get_block)', () => {
  test('<hash>~N walks back as head~N does, to genesis past the first block', async () => {
    const head = await rpc.getBlockHeader();
    const level = async (block: string): Promise<number> => (await rpc.getBlockHeader({ block })).level;
    expect(await level(`${head.hash}~1`)).toBe(head.level - 1);
    expect(await level(`head~${head.level + 1}`)).toBe(0);
    expect(await level(`${head.hash}~${head.level + 1}`)).toBe(0);
    expect(await level(`${head.hash}-${head.level + 1}`)).toBe(0);
    // A level has no predecessors to walk: level - N, none below 0.
    const below = rejected(rpc.getBlockHeader({ block: `${head.level}~${head.level + 1}` }), HttpResponseError);
    expect((await below).status).toBe(404);
  });
});

describe('scripts (apply.ml apply_origination, contract_services.ml, RPC.ml)', () => {
  test('global constants come back expanded, PUSH data as stored or asked, storage Readable', async () => {
    const constant = await tz.contract.registerGlobalConstant({
      value: { prim: 'PUSH', args: [{ prim: 'address' }, { string: devnet.accounts[2]!.address }] },
    });
    await constant.confirmation();
    const hash = constant.globalConstantHash;
    const op = await tz.contract.originate({
      code: `parameter unit; storage (pair address timestamp);
        code { DROP; constant "${hash}"; PUSH timestamp "2024-01-01T00:00:00Z"; SWAP; PAIR; NIL operation; PAIR }`,
      init: { prim: 'Pair', args: [{ string: devnet.accounts[1]!.address }, { int: '0' }] },
    });
    await op.confirmation();
    const kt = op.contractAddress!;
    const code = (script: { code: unknown }) => JSON.stringify(script.code);
    const a2 = devnet.accounts[2]!.address;
    // Stored: constants expanded, PUSH data optimized (address bytes, timestamp seconds).
    const stored = await rpc.getScript(kt);
    expect(code(stored)).not.toContain('constant');
    expect(code(stored)).toContain('{"prim":"PUSH","args":[{"prim":"address"},{"bytes":"0000');
    expect(code(stored)).toContain('{"prim":"timestamp"},{"int":"1704067200"}');
    expect(stored.storage).toEqual({ prim: 'Pair', args: [{ bytes: expect.stringMatching(/^0000/) }, { int: '0' }] });
    // The contract's info and script/normalized (Readable): the same code, its data readable.
    const readable = (await rpc.getContract(kt)).script!;
    expect(code(readable)).toContain(`{"prim":"PUSH","args":[{"prim":"address"},{"string":"${a2}"}]}`);
    expect(code(readable)).toContain('"2024-01-01T00:00:00Z"');
    expect(readable.storage).toEqual({
      prim: 'Pair',
      args: [{ string: devnet.accounts[1]!.address }, { string: '1970-01-01T00:00:00Z' }],
    });
    const normalized = await rpc.getNormalizedScript(kt, { unparsing_mode: 'Readable' });
    expect(normalized).toEqual(readable);
    expect(code(await rpc.getNormalizedScript(kt, { unparsing_mode: 'Optimized' }))).toBe(code(stored));
    expect(await rpc.getStorage(kt)).toEqual(readable.storage);
  });

  test("an implicit account's info says whether its key is revealed (contract_services.ml info)", async () => {
    const b2 = devnet.accounts[1]!.address;
    expect(await json(`/context/contracts/${b2}`)).toMatchObject({ revealed: true });
    const unknown = bootstrapAccount(97).address;
    expect(await json(`/context/contracts/${unknown}`)).toEqual({
      balance: '0',
      counter: await json(`/context/contracts/${unknown}/counter`),
      revealed: false,
    });
  });
});

describe('a big_map binding to None (script_interpreter.ml)', () => {
  test('is stored, read back by MEM and GET, and served by the big_map RPC', async () => {
    const op = await tz.contract.originate({
      code: `parameter nat; storage (pair (big_map nat (option nat)) bool (option (option nat)));
        code { UNPAIR; SWAP; CAR; DUP; DUP 3; GET; DUP 2; DIG 3; MEM; PAIR; SWAP; PAIR; NIL operation; PAIR }`,
      init: {
        prim: 'Pair',
        args: [[{ prim: 'Elt', args: [{ int: '1' }, { prim: 'None' }] }], { prim: 'False' }, { prim: 'None' }],
      },
    });
    await op.confirmation();
    const contract = await op.contract();
    await (await contract.methodsObject.default!(1).send()).confirmation();
    const storage = (await rpc.getStorage(contract.address)) as { args: [{ int: string }, unknown, unknown] };
    expect(storage.args.slice(1)).toEqual([{ prim: 'True' }, { prim: 'Some', args: [{ prim: 'None' }] }]);
    const keyHash = 'expru2dKqDfZG8hu4wNGkiyunvq2hdSKuVYtcKta7BWP6Q18oNxKjS';
    expect(await rpc.getBigMapExpr(storage.args[0].int, keyHash)).toEqual({ prim: 'None' });
  });
});
