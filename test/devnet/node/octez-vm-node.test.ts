/**
 * What real Taquito sees from the devnet node where the VM answers as Octez does: error ids
 * of typecheck failures and of an unpaid storage burn, the address a CREATE_CONTRACT in a batch gets,
 * and a contract holding an empty Sapling state.
 */
import { blake2b } from '@noble/hashes/blake2.js';
import { TezosOperationError, TezosToolkit } from '@taquito/taquito';
import { b58DecodeAndCheckPrefix, b58Encode, PrefixV2 } from '@taquito/utils';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bootstrapAccount, startDevnet, type Devnet } from '../../../devnet/node';
import { rejected } from '../../engine/thrown';
import { signedToolkit } from './taquito-clients';

const P = 'proto.025-PsUshuai.';
let devnet: Devnet;

const toolkit = (secretKey: string): TezosToolkit => signedToolkit(devnet.rpcUrl, secretKey);

const operationError = (p: Promise<unknown>): Promise<TezosOperationError> => rejected(p, TezosOperationError);

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, port: 0, blockTime: 0 });
});
afterAll(async () => {
  await devnet.stop();
});

describe('error ids Taquito reads, as from Octez', () => {
  test('originating SUB on mutez fails with deprecated_instruction under ill_typed_contract', async () => {
    const tz = toolkit(devnet.accounts[0]!.secretKey);
    const e = await operationError(
      tz.contract.originate({
        code: 'parameter unit; storage mutez; code { CDR; PUSH mutez 1; SWAP; SUB; NIL operation; PAIR }',
        init: { int: '5' },
      }),
    );
    expect(e.id).toBe(`${P}michelson_v1.deprecated_instruction`);
    expect(e.errors.map((x) => x.id)).toEqual([
      `${P}michelson_v1.ill_typed_contract`,
      `${P}michelson_v1.deprecated_instruction`,
    ]);
    expect(e.errors[1]).toMatchObject({ prim: 'SUB' });
  });

  test('originating a string with a control character fails with non_printable_character under ill_typed_data', async () => {
    const tz = toolkit(devnet.accounts[0]!.secretKey);
    const e = await operationError(
      tz.contract.originate({
        code: 'parameter unit; storage string; code { CDR; NIL operation; PAIR }',
        init: { string: 'tab\there' },
      }),
    );
    expect(e.id).toBe(`${P}michelson_v1.non_printable_character`);
    expect(e.errors.map((x) => x.id)).toEqual([
      `${P}michelson_v1.ill_typed_data`,
      `${P}michelson_v1.invalid_syntactic_constant`,
      `${P}michelson_v1.non_printable_character`,
    ]);
    expect(e.errors[2]).toMatchObject({ position: 3, string: 'tab\there' });
  });

  test('run_code answers the same trace', async () => {
    const tz = new TezosToolkit(devnet.rpcUrl);
    const code = [
      { prim: 'parameter', args: [{ prim: 'unit' }] },
      { prim: 'storage', args: [{ prim: 'mutez' }] },
      {
        prim: 'code',
        args: [
          [
            { prim: 'CDR' },
            { prim: 'PUSH', args: [{ prim: 'mutez' }, { int: '1' }] },
            { prim: 'SWAP' },
            { prim: 'SUB' },
            { prim: 'NIL', args: [{ prim: 'operation' }] },
            { prim: 'PAIR' },
          ],
        ],
      },
    ];
    const body = await tz.rpc
      .runCode({
        script: code,
        storage: { int: '5' },
        input: { prim: 'Unit' },
        amount: '0',
        chain_id: await tz.rpc.getChainId(),
      } as never)
      .catch((e: { body: string }) => e.body);
    const ids = (JSON.parse(body as string) as { id: string }[]).map((x) => x.id);
    expect(ids.at(-1)).toBe(`${P}michelson_v1.deprecated_instruction`);
  });

  test('a burn the payer cannot afford is cannot_pay_storage_fee, tracing balance_too_low and subtraction_underflow', async () => {
    const poor = bootstrapAccount(201);
    await (
      await toolkit(devnet.accounts[1]!.secretKey).contract.transfer({ to: poor.address, amount: 0.1 })
    ).confirmation();
    // 2,000 bytes of storage burn 0.5 ꜩ; the account has 0.1 ꜩ.
    const e = await operationError(
      toolkit(poor.secretKey).contract.originate({
        code: 'parameter unit; storage string; code { CDR; NIL operation; PAIR }',
        init: { string: 'x'.repeat(2000) },
      }),
    );
    expect(e.errors.map((x) => x.id)).toEqual([
      `${P}contract.cannot_pay_storage_fee`,
      `${P}contract.balance_too_low`,
      `${P}tez.subtraction_underflow`,
    ]);
    expect(e.id).toBe(`${P}tez.subtraction_underflow`);
    expect(e.errors[1]).toMatchObject({ contract: poor.address });
  });
});

describe('CREATE_CONTRACT', () => {
  const FACTORY =
    'parameter unit; storage (option address); code { DROP; UNIT; PUSH mutez 0; NONE key_hash; CREATE_CONTRACT { parameter unit; storage unit; code { CDR; NIL operation; PAIR } }; DIP { SOME; NIL operation }; CONS; PAIR }';
  /** Octez's Contract_hash.of_nonce: blake2b-160 of the operation hash and the big-endian 32-bit origination index. */
  const addressOf = (opHash: string, index: number): string => {
    const seed = new Uint8Array(36);
    seed.set(b58DecodeAndCheckPrefix(opHash, [PrefixV2.OperationHash])[0], 0);
    new DataView(seed.buffer).setInt32(32, index);
    return b58Encode(blake2b(seed, { dkLen: 20 }), PrefixV2.ContractHash);
  };

  test('in a batch, the nonce counts the external origination before it: the contract gets index 1', async () => {
    const tz = toolkit(devnet.accounts[2]!.secretKey);
    const factory = await (await tz.contract.originate({ code: FACTORY, init: { prim: 'None' } })).contract();
    const op = await tz.contract
      .batch()
      .withOrigination({
        code: 'parameter unit; storage unit; code { CDR; NIL operation; PAIR }',
        init: { prim: 'Unit' },
      })
      .withTransfer({ to: factory.address, amount: 0 })
      .send();
    await op.confirmation();
    const block = await tz.rpc.getBlock({ block: String(op.includedInBlock) });
    const group = block.operations[3]!.find((o) => o.hash === op.hash)!;
    const [origination, call] = group.contents as unknown as {
      metadata: {
        operation_result: { originated_contracts?: string[] };
        internal_operation_results?: { result: { originated_contracts: string[] } }[];
      };
    }[];
    expect(origination!.metadata.operation_result.originated_contracts).toEqual([addressOf(op.hash, 0)]);
    const created = call!.metadata.internal_operation_results![0]!.result.originated_contracts[0];
    expect(created).toBe(addressOf(op.hash, 1));
    // The address the script saw is the one originated (Optimized storage: its bytes).
    const storage = (await tz.rpc.getStorage(factory.address)) as { args: [{ bytes?: string; string?: string }] };
    const seen = storage.args[0];
    expect(seen.string ?? b58Encode(seen.bytes!.slice(2, 42), PrefixV2.ContractHash)).toBe(created);
  });
});

describe('sapling_state storage', () => {
  test('a contract whose storage holds an empty Sapling state {} originates; the state takes a lazy-storage id', async () => {
    const tz = toolkit(devnet.accounts[3]!.secretKey);
    const op = await tz.contract.originate({
      code: 'parameter unit; storage (pair (sapling_state 8) (big_map nat nat)); code { CDR; NIL operation; PAIR }',
      init: { prim: 'Pair', args: [[], []] },
    });
    const contract = await op.contract();
    const storage = (await tz.rpc.getStorage(contract.address)) as { args: [{ int: string }, { int: string }] };
    const [sapling, bigMap] = storage.args.map((a) => Number(a.int));
    // One counter for both kinds of lazy storage: the state first in the storage, the big_map next.
    expect(bigMap).toBe(sapling! + 1);
    const block = await tz.rpc.getBlock({ block: String(op.includedInBlock) });
    const contents = block.operations[3]!.find((o) => o.hash === op.hash)!.contents as unknown as {
      metadata: { operation_result: { lazy_storage_diff: { kind: string; id: string }[] } };
    }[];
    const diff = contents.at(-1)!.metadata.operation_result.lazy_storage_diff;
    expect(diff.map((d) => [d.kind, Number(d.id)]).sort()).toEqual(
      [
        ['big_map', bigMap],
        ['sapling_state', sapling],
      ].sort(),
    );
    // Calling it reads the state back by its id.
    await (await contract.methodsObject.default!().send()).confirmation();
    expect(await tz.rpc.getStorage(contract.address)).toEqual(storage);
  });
});
