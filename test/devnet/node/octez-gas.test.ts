/**
 * The devnet's gas and storage follow Octez's (protocol Ushuaia) cost model, so a limit copied from a
 * devnet estimate holds on Octez. Every expected figure cites the Octez source it comes from; the regression
 * figures are tezt's `operation_size_and_gas.ml` outputs for U025 (tezt/tests/expected/operation_size_and_gas.ml/).
 */
import { LocalForger, ProtocolsHash } from '@taquito/local-forging';
import { RpcClient, type OperationContentsAndResult } from '@taquito/rpc';
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit } from '@taquito/taquito';
import { b58Encode, PrefixV2, stringToBytes } from '@taquito/utils';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bootstrapAccount, startDevnet, type Devnet } from '../../../devnet/node';
import type { Expr } from '../../../devnet/michelson/micheline';
import { parseScript } from '../../../devnet/michelson/typecheck';
import { transaction } from './taquito-clients';

/** Octez's michelson_test_scripts/mini_scenarios, as tezt originates them. */
const SCRIPTS = join(__dirname, 'fixtures', 'octez-mini-scenarios');
/** `Signature.zero`, which tezt's run_operation input carries (the RPC does not check it). */
const ZERO_SIGNATURE =
  'edsigtXomBKi5CTRf5cjATJWSyaRvhfYNHqSUGrn4SdbYRcGwQrUGjzEfQDTuqHhuA8b2d8NarZjz8TRf65WkpQmo423BtomS8Q';

/** michelson_test_scripts/mini_scenarios/check_signature.tz, the script of Octez's origination and call figures. */
const CHECK_SIGNATURE = `parameter (pair key signature bytes) ;
storage unit ;
code { CAR ; UNPAIR ; SWAP ; UNPAIR ; DUP 3 ; HASH_KEY ; IMPLICIT_ACCOUNT ; SENDER ; SWAP ; ADDRESS ; COMPARE ; EQ ;
       IF {} { PUSH string "invalid signer" ; FAILWITH } ; DIG 2 ; CHECK_SIGNATURE ;
       IF { UNIT } { PUSH string "invalid signature" ; FAILWITH } ; NIL operation ; PAIR }`;

/** Pays its amount on to the key hash it is given: one internal transfer to an implicit account. */
const FORWARD = `parameter key_hash; storage unit;
code { UNPAIR; IMPLICIT_ACCOUNT; AMOUNT; UNIT; TRANSFER_TOKENS; NIL operation; SWAP; CONS; PAIR }`;

/** Originates a one-instruction contract from its own code: one internal origination. */
const FACTORY = `parameter unit; storage unit;
code { DROP; UNIT; PUSH mutez 0; NONE key_hash;
       CREATE_CONTRACT { parameter unit; storage unit; code { CDR; NIL operation; PAIR } };
       DIP { DROP }; NIL operation; SWAP; CONS; UNIT; SWAP; PAIR }`;

const forger = new LocalForger(ProtocolsHash.PsUshuai9);
let devnet: Devnet;
let rpc: RpcClient;

const toolkit = (secretKey: string): TezosToolkit => {
  const tz = new TezosToolkit(devnet.rpcUrl);
  tz.setSignerProvider(new InMemorySigner(secretKey));
  return tz;
};

/** The contents of an included operation, with their results, and the length of its unsigned bytes. */
async function included(hash: string): Promise<{ contents: OperationContentsAndResult[]; unsignedLength: number }> {
  const block = await rpc.getBlock();
  for (const o of block.operations.flat()) {
    if (o.hash !== hash) continue;
    const contents = o.contents.map((c) => {
      const { metadata: _m, ...rest } = c as OperationContentsAndResult & { metadata: unknown };
      return rest;
    });
    const forged = await forger.forge({ branch: o.branch, contents } as never);
    return { contents: o.contents as OperationContentsAndResult[], unsignedLength: forged.length / 2 };
  }
  throw new Error(`operation ${hash} not in the head block`);
}

type Result = { consumed_milligas: string; storage_size?: string; paid_storage_size_diff?: string };
const resultOf = (c: OperationContentsAndResult): Result =>
  (c as unknown as { metadata: { operation_result: Result } }).metadata.operation_result;
const internalsOf = (c: OperationContentsAndResult): { kind: string; result: Result }[] =>
  (c as unknown as { metadata: { internal_operation_results?: { kind: string; result: Result }[] } }).metadata
    .internal_operation_results ?? [];

/**
 * The batch's signature check (operation_costs.ml `check_signature_cost`): 32 milligas per unsigned byte plus the
 * curve's `cost_N_ICheck_signature_*` (michelson_v1_gas_costs_generated.ml) on that length.
 */
const SIGNATURE_BASE = { ed25519: 65_800, secp256k1: 51_600, p256: 341_000 } as const;
const signatureCheck = (curve: keyof typeof SIGNATURE_BASE | 'bls', len: number): number =>
  // `cost_N_ICheck_signature_bls`: 1,570,000 + 3 a byte.
  32 * len + (curve === 'bls' ? 1_570_000 + 3 * len : SIGNATURE_BASE[curve] + len + (len >> 3));

/** A funded, unrevealed tz2 (secp256k1) account, from a fixed seed. */
function secp256k1Key(seed = 'tezos-pole octez-gas tz2'): string {
  return b58Encode(blake2b(new TextEncoder().encode(seed), { dkLen: 32 }), PrefixV2.Secp256k1SecretKey);
}

/** A BLS secret key (`BLsk…`, the little-endian scalar Octez and Taquito write) from a fixed seed. */
function blsKey(seed: string): string {
  const digest = blake2b(new TextEncoder().encode(seed), { dkLen: 32 });
  const scalar = BigInt(`0x${Buffer.from(digest).toString('hex')}`) % bls12_381.fields.Fr.ORDER;
  return b58Encode(Buffer.from(scalar.toString(16).padStart(64, '0'), 'hex').reverse(), PrefixV2.BLS12_381SecretKey);
}

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, port: 0, blockTime: 0 });
  rpc = new RpcClient(devnet.rpcUrl);
});

afterAll(async () => {
  await devnet.stop();
});

/**
 * tezt/tests/operation_size_and_gas.ml runs these operations through `run_operation` (here its successor `simulate_operation`, which Taquito calls) on a fresh sandbox, from
 * bootstrap1, with Operation.Manager.make's fees and limits; tezt/tests/expected/operation_size_and_gas.ml/
 * "U025-- operation size and gas for {simple transfer,contract origination,contract call} operation.out" hold
 * its figures: the signed operation's size in bytes, then the consumed gas.
 */
describe('Octez U025 regression figures (operation_size_and_gas.ml)', () => {
  const readScript = (name: string): Expr[] => parseScript(readFileSync(join(SCRIPTS, `${name}.tz`), 'utf8'));

  /** The figures `run_operation` gives: the signed size (unsigned + 64-byte signature) and the consumed milligas. */
  async function figures(
    contents: Record<string, unknown>[],
  ): Promise<{ size: number; milligas: number; result: Result }> {
    const branch = (await rpc.getBlockHeader()).hash;
    const forged = await forger.forge({ branch, contents } as never);
    const out = await rpc.simulateOperation({
      operation: { branch, contents, signature: ZERO_SIGNATURE },
      chain_id: await rpc.getChainId(),
    } as never);
    const result = resultOf(out.contents[0] as OperationContentsAndResult);
    return { size: forged.length / 2 + 64, milligas: Number(result.consumed_milligas), result };
  }

  const counterOf = async (address: string): Promise<string> =>
    String(BigInt((await rpc.getContract(address)).counter ?? '0') + 1n);

  test('simple transfer: 152 bytes, 2,168.755 gas', async () => {
    const source = devnet.accounts[6]!.address;
    // Operation.Manager.make's Transfer defaults: fee 1,000, gas_limit 3,040, storage_limit 257; 10 tez.
    const f = await figures([
      transaction(source, devnet.accounts[7]!.address, await counterOf(source), '10000000', {
        gas_limit: '3040',
        storage_limit: '257',
      }),
    ]);
    expect([f.size, f.milligas]).toEqual([152, 2_168_755]);
    const estimate = await toolkit(devnet.accounts[6]!.secretKey).estimate.transfer({
      to: devnet.accounts[7]!.address,
      amount: 10,
    });
    expect(estimate.gasLimit).toBeGreaterThanOrEqual(2169);
  });

  test('origination of mini_scenarios/check_signature: 288 bytes, 613.970 gas', async () => {
    const source = devnet.accounts[6]!.address;
    const code = readScript('check_signature');
    const f = await figures([
      {
        kind: 'origination',
        source,
        fee: '1450',
        counter: await counterOf(source),
        gas_limit: '700',
        storage_limit: '500',
        balance: '0',
        script: { code, storage: { prim: 'Unit' } },
      },
    ]);
    expect(f.size).toBe(288);
    // Typechecking with `code_size`'s 45 milligas per node of the typed code (88 nodes here), lazy-storage walks,
    // both unparsings and the writes are Octez's, to the milligas. Unparsing the code (script_ir_unparser.ml
    // `unparse_code_rec`) does not walk its two PUSHes' type and string as code (3 × 115) but parses them again and
    // unparses the string: 115 + 60 + (100 + 15 + 10 × 14 or 17) + 65.
    expect(f.milligas).toBe(613_970);
    const estimate = await toolkit(devnet.accounts[6]!.secretKey).estimate.originate({ code, init: { prim: 'Unit' } });
    expect(estimate.gasLimit).toBeGreaterThanOrEqual(614);
  });

  test('origination of mini_scenarios/big_map_all with 10 entries: 312 bytes, 2,908.793 gas', async () => {
    const source = devnet.accounts[6]!.address;
    const code = readScript('big_map_all');
    const storage = Array.from({ length: 10 }, (_, i) => ({
      prim: 'Elt',
      args: [{ string: String(i).padStart(4, '0') }, { int: String(i) }],
    }));
    // tezt's own limits: gas 3,009 and storage 1,032 (so at most 775 bytes besides the 257 of the origination).
    const f = await figures([
      {
        kind: 'origination',
        source,
        fee: '1450',
        counter: await counterOf(source),
        gas_limit: '3009',
        storage_limit: '1032',
        balance: '0',
        script: { code, storage },
      },
    ]);
    expect(f.size).toBe(312);
    expect((f.result as unknown as { status: string }).status).toBe('applied');
    // Per entry, the value's `Big_map.Contents.add` (its allocation and write) and the diff's unparsing of key and
    // value; the new big_map's types unparsed once. The storage, `{id}`, is serialized twice (unparse_data's future
    // serialization, then Storage.init's `force_bytes_cost`) at 25 milligas per byte of the id (`cost_ENCODING_MICHELINE`):
    // Octez's sandbox gives it a one-byte id (its bootstrap contracts' big_maps come first), a fresh devnet id 0, no byte.
    const id = BigInt((f.result as unknown as { lazy_storage_diff: { id: string }[] }).lazy_storage_diff[0]!.id);
    const idBytes = id === 0n ? 0 : Math.ceil(id.toString(2).length / 8);
    expect(f.milligas).toBe(2_908_793 - 2 * 25 * (1 - idBytes));
    // lazy_storage_diff.ml: the big_map's 33 bytes, and 65 + the value's 2 bytes per entry (keys are stored as
    // their hashes); the code and the storage's id with their length prefixes are the other 52.
    expect(f.result.storage_size).toBe(String(52 + 33 + 10 * (65 + 2)));
    expect(Number(f.result.storage_size)).toBeLessThanOrEqual(1032 - 257);
  });

  test('call of mini_scenarios/check_signature: 347 bytes, 1,460.653 gas', async () => {
    const a = devnet.accounts[8]!;
    const tz = toolkit(a.secretKey);
    const orig = await tz.contract.originate({ code: readScript('check_signature'), init: 'Unit' });
    await orig.confirmation();
    const msg = stringToBytes('Message to sign');
    const { prefixSig } = await new InMemorySigner(a.secretKey).sign(msg);
    const value = { prim: 'Pair', args: [{ string: a.publicKey }, { string: prefixSig }, { bytes: msg }] };
    const destination = orig.contractAddress!;
    // The test's own limits (gas 1,470, storage 161) and the Transfer default fee.
    const f = await figures([
      {
        kind: 'transaction',
        source: a.address,
        fee: '1000',
        counter: await counterOf(a.address),
        gas_limit: '1470',
        storage_limit: '161',
        amount: '0',
        destination,
        parameters: { entrypoint: 'default', value },
      },
    ]);
    expect(f.size).toBe(347);
    // A script-cache miss as on tezt's fresh sandbox: the cache lookup, `get_script`'s two membership checks and two
    // reads, both entries decoded twice, typechecking with the typed code's size, the parameter's parse, the run (its
    // closing HALT and KNil included), the storage's unparsing and write back, the cache updates. The sandbox's cache
    // already holds the liquidity-baking CPMM (182,272 bytes, called every block), so each of the three cache
    // accesses costs 600 + 43 × log2 (1 + 182,272 / 688) = 1,030 milligas.
    expect(f.milligas).toBe(1_460_653);
    // A gas limit Taquito estimates on the devnet holds on Octez.
    const estimate = await tz.estimate.transfer({
      to: destination,
      amount: 0,
      parameter: { entrypoint: 'default', value },
    });
    expect(estimate.gasLimit).toBeGreaterThanOrEqual(1461);
  });
});

/**
 * tezt/tests/views.ml "Run views" in mockup mode, from bootstrap1 (an ed25519 account): two originations of
 * michelson_test_scripts/mini_scenarios, view_registers_callers then view_check_caller, and three calls, each with the
 * fee and limits octez-client chose there; tezt/tests/expected/views.ml/"U025-- Run views.out" holds each one's
 * "Consumed gas". The signature check in it depends only on the operation's length, which the same fee, limits and
 * small counter reproduce. view_check_caller calls both views of the other contract: the figures cover VIEW's
 * typechecking (the name's `check_printable`, the output type, the signature's types in the typed code's size),
 * iview's loading of the callee and its way back (HALT, KView_exit, KReturn, KCons, ICons_some), a view's DIP and a
 * None wrapped in Some.
 */
describe('Octez U025 regression figures (views.ml)', () => {
  const REGISTERS_CALLERS = `parameter unit; storage (list address);
code { CDR ; SOURCE ; CONS ; NIL operation ; PAIR };
view "calls_count" unit nat { CDR ; SIZE };
view "last_caller" unit (option address) { CDR ; IF_CONS { DIP { DROP } ; SOME } { NONE address } };`;
  const CHECK_CALLER = `parameter address; storage (option address);
code { CAR ; DUP ; UNIT ; VIEW "calls_count" nat ; IF_NONE { UNIT ; FAILWITH } {} ;
       DIP { UNIT ; VIEW "last_caller" (option address) } ; PUSH nat 0 ;
       IFCMPEQ { IF_NONE { UNIT ; FAILWITH } { IF_NONE {} { UNIT ; FAILWITH } } ; NONE address }
               { IF_NONE { UNIT ; FAILWITH } { IF_NONE { UNIT ; FAILWITH } {} } ; SOME } ;
       NIL operation ; PAIR }`;

  test('originations 603.192 and 628.275 gas; calls 3,584.146, 1,287.381 and 3,587.778', async () => {
    const tz = toolkit(devnet.accounts[1]!.secretKey);
    const figures: number[] = [];
    /** The consumed milligas of an operation just included (the head block's). */
    const record = async (op: { hash: string; confirmation: () => Promise<unknown> }): Promise<void> => {
      await op.confirmation();
      const r = resultOf((await included(op.hash)).contents[0]!);
      expect((r as unknown as { status: string }).status).toBe('applied');
      figures.push(Number(r.consumed_milligas));
    };
    const registers = await tz.contract.originate({
      code: parseScript(REGISTERS_CALLERS),
      init: [],
      fee: 450,
      gasLimit: 704,
      storageLimit: 429,
    });
    await record(registers);
    const checker = await tz.contract.originate({
      code: parseScript(CHECK_CALLER),
      init: { prim: 'None' },
      fee: 508,
      gasLimit: 729,
      storageLimit: 485,
    });
    await record(checker);
    const parameter = { entrypoint: 'default', value: { string: registers.contractAddress! } };
    const check = { to: checker.contractAddress!, amount: 1, fee: 665, parameter };
    // No call yet: calls_count gives 0 and last_caller None, which VIEW wraps (Some None).
    await record(await tz.contract.transfer({ ...check, gasLimit: 3684, storageLimit: 0 }));
    await record(
      await tz.contract.transfer({
        to: registers.contractAddress!,
        amount: 1,
        fee: 389,
        gasLimit: 1387,
        storageLimit: 47,
      }),
    );
    // One caller registered: calls_count 1, last_caller's DIP { DROP } ; SOME.
    await record(await tz.contract.transfer({ ...check, gasLimit: 3687, storageLimit: 47 }));
    expect(figures).toEqual([603_192, 628_275, 3_584_146, 1_287_381, 3_587_778]);
  });
});

describe('manager operations', () => {
  test('a tz1 → tz1 transfer costs Octez’s 100 + 2,000 gas, Unit’s decoding and the signature check (2,168.755 in U025’s regression)', async () => {
    const tz = toolkit(devnet.accounts[0]!.secretKey);
    const estimate = await tz.estimate.transfer({ to: devnet.accounts[1]!.address, amount: 1 });
    // operation_size_and_gas.ml, U025 "simple transfer": 2168.755 gas; Taquito adds its 100-gas buffer.
    expect(estimate.gasLimit).toBeGreaterThanOrEqual(2169);
    const op = await tz.contract.transfer({ to: devnet.accounts[1]!.address, amount: 1 });
    await op.confirmation();
    const { contents, unsignedLength } = await included(op.hash);
    // michelson_v1_gas.ml: manager_operation 100 gas, transfer_operation 2,000; script_repr.ml: Unit's 2 bytes decoded at 20 milligas a byte.
    expect(Number(resultOf(contents[0]!).consumed_milligas)).toBe(
      100_000 + 2_000_000 + 40 + signatureCheck('ed25519', unsignedLength),
    );
  });

  test('a tz2 reveal pays secp256k1’s signature check (≥ 155 gas); a delegation after it in the batch pays only the 100', async () => {
    const key = secp256k1Key();
    const signer = new InMemorySigner(key);
    const address = await signer.publicKeyHash();
    expect(address.startsWith('tz2')).toBe(true);
    const funder = toolkit(devnet.accounts[0]!.secretKey);
    await (await funder.contract.transfer({ to: address, amount: 5 })).confirmation();
    const tz = toolkit(key);
    const estimate = await tz.estimate.reveal();
    expect(estimate?.gasLimit).toBeGreaterThanOrEqual(155);
    const op = await tz.contract.setDelegate({ source: address, delegate: devnet.accounts[0]!.address });
    await op.confirmation();
    const { contents, unsignedLength } = await included(op.hash);
    expect(contents.map((c) => c.kind)).toEqual(['reveal', 'delegation']);
    // validate.ml / apply.ml: only the batch's first content pays the signature check.
    expect(Number(resultOf(contents[0]!).consumed_milligas)).toBe(
      100_000 + signatureCheck('secp256k1', unsignedLength),
    );
    expect(resultOf(contents[1]!).consumed_milligas).toBe('100000');
  });
});

/**
 * Octez's figures for the manager operations that run no script, from any source: Cost_of.manager_operation (100 gas)
 * and the batch's signature check on the source's curve (operation_costs.ml `check_signature_cost`, applied by
 * apply.ml `apply_manager_operation` to the first operation of every batch, whatever its kind), then the kind's own
 * work. increase_paid_storage does none that is carbonated (contract_storage.ml `increase_paid_storage` and
 * fees_storage.ml `burn_storage_increase_fees` are not); tezt's U025 "increase paid storage" regression shows it:
 * 168.582 gas for 84 unsigned bytes = 100 + 32 × 84 + 65.8 + 84 + 10.5.
 */
describe('register_global_constant and increase_paid_storage from tz1, tz2 and tz4 sources', () => {
  /** Unsigned length, then consumed milligas, of `content` simulated as the source's only operation. */
  async function simulated(content: Record<string, unknown>): Promise<{ len: number; milligas: number }> {
    const branch = (await rpc.getBlockHeader()).hash;
    const contents = [content];
    const forged = await forger.forge({ branch, contents } as never);
    const out = await rpc.simulateOperation({
      operation: { branch, contents, signature: ZERO_SIGNATURE },
      chain_id: await rpc.getChainId(),
    } as never);
    const result = resultOf(out.contents[0] as OperationContentsAndResult);
    expect((result as unknown as { status: string }).status).toBe('applied');
    return { len: forged.length / 2, milligas: Number(result.consumed_milligas) };
  }

  /**
   * `register_global_constant` of an expression of `len` binary bytes and Micheline size (`nodes`, `zBytes`,
   * `stringBytes`), besides the 100 gas and the signature check:
   * - apply.ml decodes it (`Script.force_decode_in_context ~consume_deserialization_gas:Always`): 20 a byte
   *   (script_repr_costs_generated.ml `cost_DECODING_MICHELINE_bytes`);
   * - global_constants_storage.ml `register` expands it (`cost_expand_no_constant_branch nodes`: w = log2 (nodes + 1) ×
   *   nodes, 4w + w/2 + w/4 + 100), encodes it for its address (`Script_repr.force_bytes_cost` of a fresh lazy
   *   expression: `cost_ENCODING_MICHELINE` = 100 a node + 25 a byte of integer + 10 a byte of string), hashes its
   *   bytes (global_constants_costs.ml: 200 + len + len/4), and `Global_constants.Map.init` allocates and writes them
   *   (storage_functors.ml `consume_serialize_write_gas`: `alloc_mbytes_cost len` = 2,000 × 13 + 2,000 × ((len + 7) /
   *   8 + 1), then `write_access` = 200,000 + 4 a byte).
   */
  function registration(len: number, nodes: number, zBytes: number, stringBytes: number): number {
    const w = (1 + (nodes + 1).toString(2).length) * nodes;
    const expansion = 4 * w + (w >> 1) + (w >> 2) + 100;
    const encoding = Math.max(10, 100 * nodes + 25 * zBytes + 10 * stringBytes);
    const hashing = 200 + len + (len >> 2);
    const init = 2_000 * 13 + 2_000 * (((len + 7) >> 3) + 1) + 200_000 + 4 * len;
    return 20 * len + expansion + encoding + hashing + init;
  }

  let paidFor: string;
  beforeAll(async () => {
    const orig = await toolkit(devnet.accounts[9]!.secretKey).contract.originate({
      code: readScript('big_map_all'),
      init: [],
    });
    await orig.confirmation();
    paidFor = orig.contractAddress!;
  });

  const readScript = (name: string): Expr[] => parseScript(readFileSync(join(SCRIPTS, `${name}.tz`), 'utf8'));

  test.each([
    ['tz1', 'ed25519', 1000],
    ['tz2', 'secp256k1', 2000],
    ['tz4', 'bls', 4000],
  ] as const)('%s (%s)', async (prefix, curve, n) => {
    let secretKey: string;
    if (prefix === 'tz1') secretKey = devnet.accounts[9]!.secretKey;
    else {
      secretKey = prefix === 'tz2' ? secp256k1Key('tezos-pole octez-gas constants tz2') : blsKey('octez-gas constants');
      const address = await new InMemorySigner(secretKey).publicKeyHash();
      expect(address.startsWith(prefix)).toBe(true);
      await (
        await toolkit(devnet.accounts[0]!.secretKey).contract.transfer({ to: address, amount: 50 })
      ).confirmation();
      await (await toolkit(secretKey).contract.reveal({})).confirmation();
    }
    const source = await new InMemorySigner(secretKey).publicKeyHash();
    const counter = async (): Promise<string> => String(BigInt((await rpc.getContract(source)).counter ?? '0') + 1n);
    const manager = async (): Promise<Record<string, string>> => ({
      source,
      fee: '2000',
      counter: await counter(),
      gas_limit: '2000',
      storage_limit: '200',
    });

    // Values of a fixed shape, apart for each source (a constant registers once).
    const values: [Expr, number, number, number, number][] = [
      // An int of 2 bytes (n < 8,192 takes a tag and 2 bytes of zarith): 3 bytes, 1 node.
      [{ int: String(n) }, 3, 1, 2, 0],
      // A string of 5 bytes: a tag, a 4-byte length, 5 bytes.
      [{ string: `${prefix}ab` }, 10, 1, 0, 5],
      // Pair 1 "tz…": a tag and a primitive, the int's 2 bytes, the string's 8; 3 nodes.
      [{ prim: 'Pair', args: [{ int: '1' }, { string: prefix }] }, 2 + 2 + 8, 3, 1, 3],
    ];
    for (const [value, len, nodes, zBytes, stringBytes] of values) {
      const f = await simulated({ kind: 'register_global_constant', ...(await manager()), value });
      expect(f.milligas).toBe(100_000 + signatureCheck(curve, f.len) + registration(len, nodes, zBytes, stringBytes));
    }
    const paid = await simulated({
      kind: 'increase_paid_storage',
      ...(await manager()),
      amount: '10',
      destination: paidFor,
    });
    expect(paid.milligas).toBe(100_000 + signatureCheck(curve, paid.len));
  });
});

describe('contracts', () => {
  test('originating check_signature.tz: Octez’s storage size (code and storage with their 4-byte length prefixes) and burn, and its gas', async () => {
    const tz = toolkit(devnet.accounts[2]!.secretKey);
    const estimate = await tz.estimate.originate({ code: CHECK_SIGNATURE, init: 'Unit' });
    // operation_size_and_gas.ml, U025 "origination; mini_scenarios/check_signature": 613.970 gas.
    expect(estimate.gasLimit).toBeGreaterThanOrEqual(614);
    const op = await tz.contract.originate({ code: CHECK_SIGNATURE, init: 'Unit' });
    await op.confirmation();
    const { contents } = await included(op.hash);
    const r = resultOf(contents[0]!);
    // 153 bytes of Micheline (code 151, Unit 2) + 2 × 4 (script_repr.ml lazy_expr_encoding): 161, the storage
    // limit Octez's own test gives the call of this contract.
    expect(r.storage_size).toBe('161');
    expect(r.paid_storage_size_diff).toBe('161');
    // The burn: (161 + origination_size 257) × 250 mutez (fees_storage.ml).
    const burnt = (r as unknown as { balance_updates: { kind: string; change: string }[] }).balance_updates
      .filter((u) => u.kind === 'burned')
      .reduce((n, u) => n + Number(u.change), 0);
    expect(burnt).toBe((161 + 257) * 250);
    // Taquito's estimate covers it (with its 20-byte buffer).
    expect(estimate.storageLimit).toBeGreaterThanOrEqual(161 + 257);
    // Storage writes of code and storage (storage_costs.ml write_access: 200 gas each) are part of it.
    expect(Number(r.consumed_milligas)).toBeGreaterThan(100_000 + 400_000);
  });

  test('a call’s internal transfer to an implicit account costs 2,100 gas of its own (manager operation + transfer_operation)', async () => {
    const tz = toolkit(devnet.accounts[3]!.secretKey);
    const orig = await tz.contract.originate({ code: FORWARD, init: 'Unit' });
    await orig.confirmation();
    const contract = await orig.contract();
    const to = bootstrapAccount(160).address;
    const estimate = await tz.estimate.transfer({
      to: contract.address,
      amount: 1,
      parameter: { entrypoint: 'default', value: { string: to } },
    });
    // The call's storage read and write alone are 600 gas (storage_costs.ml), on top of the 2,100 of the internal transfer.
    expect(estimate.gasLimit).toBeGreaterThan(2_100 + 600);
    const op = await contract.methodsObject.default!(to).send({ amount: 1 });
    await op.confirmation();
    const { contents } = await included(op.hash);
    const internals = internalsOf(contents[0]!);
    expect(internals.map((i) => i.kind)).toEqual(['transaction']);
    // apply.ml apply_internal_operation_contents + apply_transaction_to_implicit; tickets.ml's regression shows 2100.
    expect(internals[0]!.result.consumed_milligas).toBe('2100000');
  });

  test('an internal origination pays the manager operation and the writes of its code and storage', async () => {
    const tz = toolkit(devnet.accounts[4]!.secretKey);
    const orig = await tz.contract.originate({ code: FACTORY, init: 'Unit' });
    await orig.confirmation();
    const contract = await orig.contract();
    const op = await contract.methodsObject.default!(undefined).send();
    await op.confirmation();
    const { contents } = await included(op.hash);
    const internals = internalsOf(contents[0]!);
    expect(internals.map((i) => i.kind)).toEqual(['origination']);
    // 100 (manager operation) + 2 × 200 (write_access of code and storage) + unparsing and encoding.
    expect(Number(internals[0]!.result.consumed_milligas)).toBeGreaterThan(500_000);
    // The new contract's size counts both length prefixes too.
    expect(internals[0]!.result.storage_size).toBe(internals[0]!.result.paid_storage_size_diff);
  });

  test('calling check_signature.tz loads, runs and writes back its storage (U025: 1,460.653 gas)', async () => {
    const a = devnet.accounts[5]!;
    const tz = toolkit(a.secretKey);
    const orig = await tz.contract.originate({ code: CHECK_SIGNATURE, init: 'Unit' });
    await orig.confirmation();
    const contract = await orig.contract();
    const msg = stringToBytes('Message to sign');
    const { prefixSig } = await new InMemorySigner(a.secretKey).sign(msg);
    const op = await contract.methodsObject.default!({ 0: a.publicKey, 1: prefixSig, 2: msg }).send();
    await op.confirmation();
    const { contents } = await included(op.hash);
    // Reading code (a membership check and a read) and storage, then writing the storage: 4 × 200 gas
    // (storage_costs.ml), plus CHECK_SIGNATURE's 65.8 and the batch's own 100 + signature check.
    expect(Number(resultOf(contents[0]!).consumed_milligas)).toBeGreaterThan(100_000 + 65_800 + 800_000 + 65_800);
  });
});
