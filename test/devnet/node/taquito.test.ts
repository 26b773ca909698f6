/**
 * The devnet node driven by Taquito 25, unchanged, with InMemorySigner: the flows a dApp uses
 * (reveal, transfer, batch, origination, entrypoint calls, storage and big_map reads, estimation)
 * and the protocol's rejections, each with the node's error id and no state change.
 */
import { LocalForger, ProtocolsHash } from '@taquito/local-forging';
import { RpcClient } from '@taquito/rpc';
import { InMemorySigner } from '@taquito/signer';
import { MichelsonMap, TezosOperationError, TezosToolkit } from '@taquito/taquito';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bootstrapAccount, startDevnet, type Devnet } from '../../../devnet/node';
import { injectRaw, rejection, signedToolkit, transaction } from './taquito-clients';

const COUNTER = `
parameter (or (int %incr) (pair %put string nat));
storage (pair int (big_map string nat));
code { UNPAIR;
       IF_LEFT { DUP; GT; IF {} { PUSH string "neg"; FAILWITH }; DIP { UNPAIR }; ADD; PAIR }
               { UNPAIR; DIP { SOME }; DIP 2 { UNPAIR }; DIG 2; DIP { UPDATE }; PAIR };
       NIL operation; PAIR }`;

/** Keys for accounts the tests create: derived like bootstrap accounts, beyond the 10 funded ones. */
const FRESH = [101, 102, 103, 104, 105].map((i) => bootstrapAccount(i).secretKey);

let devnet: Devnet;
const forger = new LocalForger(ProtocolsHash.PsUshuai9);

const toolkit = (secretKey: string): TezosToolkit => signedToolkit(devnet.rpcUrl, secretKey);

async function snapshotOf(address: string): Promise<{ balance: string; counter: string }> {
  const rpc = new RpcClient(devnet.rpcUrl);
  return {
    balance: (await rpc.getBalance(address)).toString(),
    counter: (await rpc.getContract(address)).counter ?? '',
  };
}

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true });
});

/** A counter contract several tests call, originated by accounts[3] for whichever test needs it first. */
let counterAt: Promise<string> | undefined;
const counter = (): Promise<string> =>
  (counterAt ??= toolkit(devnet.accounts[3]!.secretKey)
    .contract.originate({ code: COUNTER, storage: { 0: 0, 1: new MichelsonMap() } })
    .then(async (orig) => (await orig.contract()).address));
afterAll(async () => {
  await devnet.stop();
});

describe('devnet node with Taquito', () => {
  test('reports protocol Ushuaia, its chain id and funded bootstrap accounts', async () => {
    const rpc = new RpcClient(devnet.rpcUrl);
    expect((await rpc.getProtocols()).protocol).toBe('PsUshuai9QapM5TGj1JpuVGkdxz5GykdnEvS6Rh8SUVrARvZLCY');
    expect(await rpc.getChainId()).toMatch(/^Net/);
    // Funded at genesis: the balances as of the first block, whatever the other tests have spent since.
    for (const a of devnet.accounts)
      expect((await rpc.getBalance(a.address, { block: '0' })).toString()).toBe('100000000000');
    expect(devnet.accounts).toHaveLength(10);
  });

  test('a transfer to a new account, then its first operation reveals it (confirmation included)', async () => {
    const fresh = new InMemorySigner(FRESH[0]!);
    const to = await fresh.publicKeyHash();
    const op = await toolkit(devnet.accounts[0]!.secretKey).contract.transfer({ to, amount: 5 });
    await op.confirmation();
    expect(op.includedInBlock).toBeGreaterThan(0);
    const tz = new TezosToolkit(devnet.rpcUrl);
    expect((await tz.tz.getBalance(to)).toString()).toBe('5000000');
    expect(await tz.rpc.getManagerKey(to)).toBeNull();

    const back = await toolkit(FRESH[0]!).contract.transfer({ to: devnet.accounts[1]!.address, amount: 1 });
    await back.confirmation();
    // Taquito prepended a reveal: the key is now on chain and the block shows both contents applied.
    expect(await tz.rpc.getManagerKey(to)).toBe(await fresh.publicKey());
    const block = await tz.rpc.getBlock({ block: String(back.includedInBlock) });
    const group = block.operations[3]!.find((o) => o.hash === back.hash)!;
    expect(group.contents.map((c) => c.kind)).toEqual(['reveal', 'transaction']);
    expect(
      group.contents.map(
        (c) => (c as { metadata: { operation_result: { status: string } } }).metadata.operation_result.status,
      ),
    ).toEqual(['applied', 'applied']);
    const fees = group.contents.reduce((n, c) => n + Number((c as { fee: string }).fee), 0);
    expect((await tz.tz.getBalance(to)).toNumber()).toBe(5_000_000 - 1_000_000 - fees);
  });

  test('a batch applies every content in one operation', async () => {
    const tz = toolkit(devnet.accounts[2]!.secretKey);
    const a = await new InMemorySigner(FRESH[1]!).publicKeyHash();
    const b = await new InMemorySigner(FRESH[2]!).publicKeyHash();
    const op = await tz.contract.batch().withTransfer({ to: a, amount: 2 }).withTransfer({ to: b, amount: 3 }).send();
    await op.confirmation();
    expect((await tz.tz.getBalance(a)).toString()).toBe('2000000');
    expect((await tz.tz.getBalance(b)).toString()).toBe('3000000');
    expect(op.results.filter((r) => r.kind === 'transaction')).toHaveLength(2);
  });

  test('originates a contract, calls its entrypoints, reads its storage and a big_map value', async () => {
    const tz = toolkit(devnet.accounts[3]!.secretKey);
    const orig = await tz.contract.originate({ code: COUNTER, storage: { 0: 0, 1: new MichelsonMap() } });
    const contract = await orig.contract();
    expect(contract.address).toMatch(/^KT1/);
    expect(Object.keys(contract.methodsObject).sort()).toEqual(['incr', 'put']);
    await (await contract.methodsObject.incr!(5).send()).confirmation();
    await (await contract.methodsObject.put!({ 0: 'a', 1: 7 }).send()).confirmation();
    const storage = await contract.storage<{
      0: { toNumber(): number };
      1: MichelsonMap<string, { toNumber(): number }>;
    }>();
    expect(storage[0].toNumber()).toBe(5);
    expect((await storage[1].get('a'))?.toNumber()).toBe(7);
    expect(await storage[1].get('missing')).toBeUndefined();
  });

  test('a FAILWITH is Taquito’s TezosOperationError carrying the value', async () => {
    const contract = await toolkit(devnet.accounts[3]!.secretKey).contract.at(await counter());
    const before = await snapshotOf(devnet.accounts[3]!.address);
    const err = await contract.methodsObject.incr!(-1)
      .send()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(TezosOperationError);
    expect((err as TezosOperationError).message).toBe('neg');
    expect((err as TezosOperationError).id).toBe('proto.025-PsUshuai.michelson_v1.script_rejected');
    expect((err as TezosOperationError).lastError).toMatchObject({ with: { string: 'neg' } });
    expect(await snapshotOf(devnet.accounts[3]!.address)).toEqual(before);
  });

  test('estimation gives gas, storage and fees from the simulation', async () => {
    const tz = toolkit(devnet.accounts[4]!.secretKey);
    const transfer = await tz.estimate.transfer({ to: devnet.accounts[5]!.address, amount: 1 });
    expect(transfer.gasLimit).toBeGreaterThan(0);
    expect(transfer.storageLimit).toBe(0);
    expect(transfer.suggestedFeeMutez).toBeGreaterThan(0);
    const contract = await tz.contract.at(await counter());
    const call = await tz.estimate.contractCall(contract.methodsObject.put!({ 0: 'new key', 1: 1 }));
    expect(call.storageLimit).toBeGreaterThan(0);
    const fresh = await tz.estimate.transfer({ to: 'tz1burnburnburnburnburnburnburjAYjjX', amount: 1 });
    // A new implicit account costs origination_size (257) bytes of storage.
    expect(fresh.storageLimit).toBeGreaterThanOrEqual(257);
  });
});

describe('rejections: the node’s error id and no state change', () => {
  test('a forged signature', async () => {
    const a = devnet.accounts[6]!;
    const before = await snapshotOf(a.address);
    const ids = await rejection(
      injectRaw(devnet.rpcUrl, new InMemorySigner(FRESH[3]!), [
        transaction(a.address, devnet.accounts[7]!.address, BigInt(before.counter) + 1n, '1000'),
      ]),
    );
    expect(ids).toEqual(['proto.025-PsUshuai.operation.invalid_signature']);
    expect(await snapshotOf(a.address)).toEqual(before);
  });

  test('a reused counter', async () => {
    const a = devnet.accounts[6]!;
    const signer = new InMemorySigner(a.secretKey);
    const op = (counter: bigint): Record<string, string>[] => [
      transaction(a.address, devnet.accounts[7]!.address, counter, '1000'),
    ];
    const start = BigInt((await snapshotOf(a.address)).counter);
    await injectRaw(devnet.rpcUrl, signer, op(start + 1n));
    const before = await snapshotOf(a.address);
    // Built before the first was included: Octez's mempool still holds the first, so the second conflicts.
    expect(await rejection(injectRaw(devnet.rpcUrl, signer, op(start + 1n)))).toEqual([
      'prevalidation.operation_conflict',
    ]);
    // Once another block is on top, the counter is simply used.
    devnet.chain.bake();
    expect(await rejection(injectRaw(devnet.rpcUrl, signer, op(start + 1n)))).toEqual([
      'proto.025-PsUshuai.contract.counter_in_the_past',
    ]);
    expect(await snapshotOf(a.address)).toEqual(before);
  });

  test('a replayed operation', async () => {
    const a = devnet.accounts[6]!;
    const rpc = new RpcClient(devnet.rpcUrl);
    const counter = BigInt((await snapshotOf(a.address)).counter) + 1n;
    const contents = [transaction(a.address, devnet.accounts[7]!.address, counter, '1000')];
    const bytes = await forger.forge({ branch: (await rpc.getBlockHeader()).hash, contents } as never);
    const { sbytes } = await new InMemorySigner(a.secretKey).sign(bytes, new Uint8Array([3]));
    await rpc.injectOperation(sbytes);
    const before = await snapshotOf(a.address);
    expect(await rejection(rpc.injectOperation(sbytes))).toEqual(['proto.025-PsUshuai.contract.counter_in_the_past']);
    expect(await snapshotOf(a.address)).toEqual(before);
  });

  test('an unrevealed source', async () => {
    const fresh = new InMemorySigner(FRESH[4]!);
    const source = await fresh.publicKeyHash();
    await (await toolkit(devnet.accounts[2]!.secretKey).contract.transfer({ to: source, amount: 2 })).confirmation();
    const before = await snapshotOf(source);
    const ids = await rejection(
      injectRaw(devnet.rpcUrl, fresh, [
        transaction(source, devnet.accounts[7]!.address, BigInt(before.counter) + 1n, '1'),
      ]),
    );
    expect(ids).toEqual(['proto.025-PsUshuai.contract.unrevealed_key']);
    expect(await snapshotOf(source)).toEqual(before);
  });

  test('an account that was never funded', async () => {
    const ids = await rejection(toolkit(FRESH[3]!).contract.transfer({ to: devnet.accounts[9]!.address, amount: 1 }));
    expect(ids).toEqual(['proto.025-PsUshuai.implicit.empty_implicit_contract']);
  });

  test('an over-spend', async () => {
    const a = devnet.accounts[8]!;
    const before = await snapshotOf(a.address);
    const ids = await rejection(
      toolkit(a.secretKey).contract.transfer({ to: devnet.accounts[9]!.address, amount: 200_000 }),
    );
    expect(ids).toContain('proto.025-PsUshuai.contract.balance_too_low');
    expect(await snapshotOf(a.address)).toEqual(before);
  });

  test('gas and storage limits too low for the call', async () => {
    const a = devnet.accounts[8]!;
    const tz = toolkit(a.secretKey);
    const target = await tz.contract.at(await counter());
    const before = await snapshotOf(a.address);
    const gas = await rejection(target.methodsObject.incr!(1).send({ fee: 10_000, gasLimit: 101, storageLimit: 0 }));
    expect(gas).toEqual(['proto.025-PsUshuai.gas_exhausted.operation']);
    const storage = await rejection(
      target.methodsObject.put!({ 0: 'a fresh key', 1: 1 }).send({ fee: 10_000, gasLimit: 10_000, storageLimit: 0 }),
    );
    expect(storage).toEqual(['proto.025-PsUshuai.storage_exhausted.operation']);
    expect(await snapshotOf(a.address)).toEqual(before);
  });

  test('a wrong parameter type and a missing entrypoint', async () => {
    const a = devnet.accounts[8]!;
    const tz = toolkit(a.secretKey);
    const target = await counter();
    const before = await snapshotOf(a.address);
    const wrong = await rejection(
      tz.contract.transfer({ to: target, amount: 0, parameter: { entrypoint: 'incr', value: { string: 'five' } } }),
    );
    expect(wrong).toContain('proto.025-PsUshuai.michelson_v1.bad_contract_parameter');
    const missing = await rejection(
      tz.contract.transfer({ to: target, amount: 0, parameter: { entrypoint: 'nope', value: { int: '1' } } }),
    );
    expect(missing).toContain('proto.025-PsUshuai.michelson_v1.no_such_entrypoint');
    expect(await snapshotOf(a.address)).toEqual(before);
  });
});
