/**
 * Accounts and signatures as Octez has them: tz4 (BLS) accounts send operations through Taquito 25 unchanged, and implicit
 * accounts are emptied and deleted as Octez (protocol Ushuaia) does. Every expected error id is quoted from Octez's
 * source (src/proto_025_PsUshuai/lib_protocol/…), named next to each assertion.
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { LocalForger, ProtocolsHash } from '@taquito/local-forging';
import { RpcClient, type OperationContentsAndResultReveal } from '@taquito/rpc';
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit } from '@taquito/taquito';
import { b58Encode, encodeOpHash, PrefixV2 } from '@taquito/utils';
import { accountsGetByAddress } from '@tzkt/sdk-api';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tzktRoutes } from '../../../devnet/indexer';
import { bootstrapAccount, startDevnet, type Devnet } from '../../../devnet/node';
import { injectRaw, rejection, signedToolkit, transaction } from './taquito-clients';
import { fromJson, toJson, type State } from '../../../devnet/node/state';

const P = 'proto.025-PsUshuai.';

/** A reveal's contents as a client forges them: fee 1,000 mutez and gas 3,000 unless `options` says otherwise. */
const reveal = (
  source: string,
  counter: bigint | string,
  publicKey: string,
  options: { fee?: string; gas_limit?: string; proof?: string } = {},
): Record<string, string> => ({
  kind: 'reveal',
  source,
  fee: options.fee ?? '1000',
  counter: String(counter),
  gas_limit: options.gas_limit ?? '3000',
  storage_limit: '0',
  public_key: publicKey,
  ...(options.proof === undefined ? {} : { proof: options.proof }),
});

/** A BLS secret key (`BLsk…`, little-endian scalar as Octez and Taquito write it) from a fixed seed: test keys only. */
function blsSecretKey(seed: string): string {
  const digest = blake2b(new TextEncoder().encode(seed), { dkLen: 32 });
  const scalar = BigInt(`0x${Buffer.from(digest).toString('hex')}`) % bls12_381.fields.Fr.ORDER;
  const le = Buffer.from(scalar.toString(16).padStart(64, '0'), 'hex').reverse();
  return b58Encode(le, PrefixV2.BLS12_381SecretKey);
}

const TZ4_KEYS = [1, 2, 3, 4, 5, 6].map((i) => blsSecretKey(`tezos-pole devnet tz4 test ${i}`));
/** ed25519 keys beyond the funded bootstrap accounts, for accounts these tests empty. */
const FRESH = [201, 202, 203, 204, 205].map((i) => bootstrapAccount(i).secretKey);

const COUNTER = `
parameter (or (int %incr) (unit %reset));
storage int;
code { UNPAIR; IF_LEFT { ADD } { DROP 2; PUSH int 0 }; NIL operation; PAIR }`;

let devnet: Devnet;
const forger = new LocalForger(ProtocolsHash.PsUshuai9);

const toolkit = (secretKey: string): TezosToolkit => signedToolkit(devnet.rpcUrl, secretKey);

async function fund(address: string, tez: number): Promise<void> {
  await (await toolkit(devnet.accounts[0]!.secretKey).contract.transfer({ to: address, amount: tez })).confirmation();
}

const nextCounter = async (address: string): Promise<string> =>
  String(BigInt((await new RpcClient(devnet.rpcUrl).getContract(address)).counter ?? '0') + 1n);

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, port: 0, blockTime: 0, tzkt: tzktRoutes });
});
afterAll(async () => {
  await devnet.stop();
});

describe('tz4 (BLS) accounts through Taquito', () => {
  test('a funded tz4 reveals with its proof of possession, then transfers; the block shows a BLsig signature', async () => {
    const signer = new InMemorySigner(TZ4_KEYS[0]!);
    const address = await signer.publicKeyHash();
    expect(address).toMatch(/^tz4/);
    await fund(address, 10);
    const tz = toolkit(TZ4_KEYS[0]!);
    const op = await tz.contract.transfer({ to: devnet.accounts[1]!.address, amount: 1 });
    await op.confirmation();
    expect(await tz.rpc.getManagerKey(address)).toBe(await signer.publicKey());
    const block = await tz.rpc.getBlock({ block: String(op.includedInBlock) });
    const group = block.operations[3]!.find((o) => o.hash === op.hash)!;
    expect(group.signature).toMatch(/^BLsig/);
    // The hash covers the bytes as Octez gossips them: the BLS signature's 32-byte prefix content, then its 64-byte suffix.
    expect(op.hash).toBe(encodeOpHash(op.raw.opbytes));
    expect(group.contents.map((c) => c.kind)).toEqual(['reveal', 'transaction']);
    const reveal = group.contents[0] as OperationContentsAndResultReveal;
    expect(reveal.proof).toMatch(/^BLsig/);
    expect(
      group.contents.map(
        (c) => (c as { metadata: { operation_result: { status: string } } }).metadata.operation_result.status,
      ),
    ).toEqual(['applied', 'applied']);
  });

  test('a tz4 originates a contract and calls it', async () => {
    const address = await new InMemorySigner(TZ4_KEYS[1]!).publicKeyHash();
    await fund(address, 10);
    const tz = toolkit(TZ4_KEYS[1]!);
    const orig = await tz.contract.originate({ code: COUNTER, storage: 0 });
    const contract = await orig.contract();
    await (await contract.methodsObject.incr!(7).send()).confirmation();
    expect((await contract.storage<{ toNumber(): number }>()).toNumber()).toBe(7);
  });

  test('a tz4 reveal without a proof is refused: validate.operation.missing_bls_proof (validate.ml)', async () => {
    const signer = new InMemorySigner(TZ4_KEYS[2]!);
    const source = await signer.publicKeyHash();
    await fund(source, 5);
    const ids = await rejection(
      injectRaw(devnet.rpcUrl, signer, [reveal(source, await nextCounter(source), await signer.publicKey())]),
    );
    expect(ids).toEqual([`${P}validate.operation.missing_bls_proof`]);
    expect(await new RpcClient(devnet.rpcUrl).getManagerKey(source)).toBeNull();
  });

  test('a tz4 reveal with another key’s proof fails in apply: validate.operation.incorrect_bls_proof (apply.ml)', async () => {
    const signer = new InMemorySigner(TZ4_KEYS[4]!);
    const source = await signer.publicKeyHash();
    await fund(source, 5);
    const { prefixSig: otherProof } = await new InMemorySigner(TZ4_KEYS[3]!).provePossession();
    const contents = [
      reveal(source, await nextCounter(source), await signer.publicKey(), { gas_limit: '4000', proof: otherProof }),
    ];
    const rpc = new RpcClient(devnet.rpcUrl);
    const branch = (await rpc.getBlockHeader()).hash;
    const bytes = await forger.forge({ branch, contents } as never);
    const signed = await signer.sign(bytes, new Uint8Array([3]));
    const [preapplied] = await rpc.preapplyOperations([
      {
        branch,
        contents,
        signature: signed.prefixSig,
        protocol: 'PsUshuai9QapM5TGj1JpuVGkdxz5GykdnEvS6Rh8SUVrARvZLCY',
      } as never,
    ]);
    const result = (
      preapplied!.contents[0] as { metadata: { operation_result: { status: string; errors: { id: string }[] } } }
    ).metadata.operation_result;
    expect(result.status).toBe('failed');
    expect(result.errors.map((e) => e.id)).toEqual([`${P}validate.operation.incorrect_bls_proof`]);
    // Included as failed (fees paid), the key still unrevealed.
    await rpc.injectOperation(signed.sbytes);
    expect(await rpc.getManagerKey(source)).toBeNull();
    expect((await rpc.getBalance(source)).toString()).toBe('4999000');
  });

  test('a proof on a tz1 reveal is refused: validate.operation.unused_bls_proof (validate.ml)', async () => {
    const signer = new InMemorySigner(FRESH[0]!);
    const source = await signer.publicKeyHash();
    await fund(source, 5);
    const { prefixSig: proof } = await new InMemorySigner(TZ4_KEYS[3]!).provePossession();
    const ids = await rejection(
      injectRaw(devnet.rpcUrl, signer, [
        reveal(source, await nextCounter(source), await signer.publicKey(), { proof }),
      ]),
    );
    expect(ids).toEqual([`${P}validate.operation.unused_bls_proof`]);
  });

  test('a tz4 operation whose BLS signature is not over its bytes is operation.invalid_signature', async () => {
    const signer = new InMemorySigner(TZ4_KEYS[5]!);
    const source = await signer.publicKeyHash();
    await fund(source, 5);
    // Revealed by its first operation (Taquito adds the reveal), so only the signature is wrong below.
    await (
      await toolkit(TZ4_KEYS[5]!).contract.transfer({ to: devnet.accounts[1]!.address, amount: 1 })
    ).confirmation();
    const rpc = new RpcClient(devnet.rpcUrl);
    const branch = (await rpc.getBlockHeader()).hash;
    const contents = [
      transaction(source, devnet.accounts[2]!.address, await nextCounter(source), '1', { gas_limit: '2000' }),
    ];
    const bytes = await forger.forge({ branch, contents } as never);
    const other = await forger.forge({ branch, contents: [{ ...contents[0]!, amount: '2' }] } as never);
    const { sbytes: wrong } = await signer.sign(other, new Uint8Array([3]));
    const forged = bytes + wrong.slice(other.length);
    expect(await rejection(rpc.injectOperation(forged))).toEqual([`${P}operation.invalid_signature`]);
  });
});

describe('emptied implicit accounts', () => {
  test('an account that sends its whole balance is deleted: no key, no balance; its next operation is implicit.empty_implicit_contract', async () => {
    const signer = new InMemorySigner(FRESH[1]!);
    const address = await signer.publicKeyHash();
    await fund(address, 3);
    const tz = toolkit(FRESH[1]!);
    await (await tz.contract.transfer({ to: devnet.accounts[1]!.address, amount: 1 })).confirmation();
    const rpc = new RpcClient(devnet.rpcUrl);
    const fee = 1_000;
    const balance = (await rpc.getBalance(address)).toNumber();
    await (
      await tz.contract.transfer({
        to: devnet.accounts[1]!.address,
        amount: balance - fee,
        mutez: true,
        fee,
        gasLimit: 2_500,
        storageLimit: 0,
      })
    ).confirmation();
    // contract_storage.ml `delete`: the balance, manager key and counter are removed.
    expect((await rpc.getBalance(address)).toString()).toBe('0');
    expect(await rpc.getManagerKey(address)).toBeNull();
    // contract_storage.ml `implicit.empty_implicit_contract`, from validate.ml's `must_be_allocated` check.
    expect(await rejection(tz.contract.transfer({ to: devnet.accounts[1]!.address, amount: 0.1 }))).toEqual([
      `${P}implicit.empty_implicit_contract`,
    ]);

    // Funded again, it is a new account: Taquito reveals it again and its counter continues from the global counter.
    await fund(address, 2);
    const again = await tz.contract.transfer({ to: devnet.accounts[1]!.address, amount: 1 });
    await again.confirmation();
    const block = await rpc.getBlock({ block: String(again.includedInBlock) });
    expect(block.operations[3]!.find((o) => o.hash === again.hash)!.contents.map((c) => c.kind)).toEqual([
      'reveal',
      'transaction',
    ]);
  });

  test('TzKT keeps a deleted account as a user with balance 0', async () => {
    const address = await new InMemorySigner(FRESH[1]!).publicKeyHash();
    const signer = new InMemorySigner(FRESH[2]!);
    const gone = await signer.publicKeyHash();
    await fund(gone, 2);
    const tz = toolkit(FRESH[2]!);
    await (await tz.contract.transfer({ to: address, amount: 1 })).confirmation();
    const balance = (await tz.tz.getBalance(gone)).toNumber();
    await (
      await tz.contract.transfer({
        to: address,
        amount: balance - 1_000,
        mutez: true,
        fee: 1_000,
        gasLimit: 2_500,
        storageLimit: 0,
      })
    ).confirmation();
    const row = (await accountsGetByAddress(gone, {}, { baseUrl: devnet.tzktUrl })) as {
      type: string;
      balance: number;
      revealed: boolean;
    };
    expect(row.type).toBe('user');
    expect(row.balance).toBe(0);
    expect(row.revealed).toBe(false);
  });

  test('a batch whose first fee empties the account: the next content is implicit.empty_implicit_contract, not balance_too_low', async () => {
    const signer = new InMemorySigner(FRESH[3]!);
    const source = await signer.publicKeyHash();
    await fund(source, 1);
    const rpc = new RpcClient(devnet.rpcUrl);
    const c = BigInt(await nextCounter(source));
    const pk = await signer.publicKey();
    // validate.ml `check_contents`: `batch_state.is_allocated` is checked before the next fee is spent.
    const ids = await rejection(
      injectRaw(devnet.rpcUrl, signer, [
        reveal(source, c, pk, { fee: '1000000' }),
        transaction(source, devnet.accounts[2]!.address, c + 1n, '1', { gas_limit: '2000' }),
      ]),
    );
    expect(ids).toEqual([`${P}implicit.empty_implicit_contract`]);
    expect((await rpc.getBalance(source)).toString()).toBe('1000000');
  });

  test('a delegated account cannot be emptied: implicit.empty_implicit_delegated_contract (contract_storage.ml `check_emptiable`)', async () => {
    const signer = new InMemorySigner(FRESH[4]!);
    const address = await signer.publicKeyHash();
    await fund(address, 3);
    const tz = toolkit(FRESH[4]!);
    await (await tz.contract.setDelegate({ source: address, delegate: devnet.accounts[0]!.address })).confirmation();
    const rpc = new RpcClient(devnet.rpcUrl);
    const before = (await rpc.getBalance(address)).toNumber();
    const ids = await rejection(
      tz.contract.transfer({
        to: devnet.accounts[1]!.address,
        amount: before - 1_000,
        mutez: true,
        fee: 1_000,
        gasLimit: 2_500,
        storageLimit: 0,
      }),
    );
    expect(ids).toEqual([`${P}implicit.empty_implicit_delegated_contract`]);
    // Nor by fees alone (validate.ml spends them with `simulate_spending`, which checks the same).
    const fees = await rejection(
      injectRaw(devnet.rpcUrl, signer, [
        transaction(address, devnet.accounts[2]!.address, await nextCounter(address), '1', {
          fee: String(before),
          gas_limit: '2000',
        }),
      ]),
    );
    expect(fees).toEqual([`${P}implicit.empty_implicit_delegated_contract`]);
    expect((await rpc.getBalance(address)).toNumber()).toBe(before);
    expect(await rpc.getManagerKey(address)).toBe(await signer.publicKey());
  });
});

describe('a data dir from before accounts were deleted', () => {
  test('an emptied account it kept is gone on load: unrevealed, and its next operation is implicit.empty_implicit_contract', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'devnet-accounts-'));
    try {
      const first = await startDevnet({ dataDir, port: 0, blockTime: 0 });
      const address = await new InMemorySigner(FRESH[0]!).publicKeyHash();
      const funder = new TezosToolkit(first.rpcUrl);
      funder.setSignerProvider(new InMemorySigner(first.accounts[0]!.secretKey));
      await (await funder.contract.transfer({ to: address, amount: 1 })).confirmation();
      await first.stop();
      // What an older devnet left after this account sent everything: the account, its balance at 0.
      const file = join(dataDir, 'chain.json');
      const saved = fromJson<{ state: State }>(readFileSync(file, 'utf8'));
      const kept = saved.state.accounts.get(address)!;
      saved.state.accounts.set(address, {
        ...kept,
        balance: 0n,
        publicKey: await new InMemorySigner(FRESH[0]!).publicKey(),
      } as typeof kept);
      writeFileSync(file, toJson(saved));

      const again = await startDevnet({ dataDir, port: 0, blockTime: 0 });
      try {
        const rpc = new RpcClient(again.rpcUrl);
        expect(await rpc.getManagerKey(address)).toBeNull();
        const tz = new TezosToolkit(again.rpcUrl);
        tz.setSignerProvider(new InMemorySigner(FRESH[0]!));
        expect(await rejection(tz.contract.transfer({ to: again.accounts[1]!.address, amount: 0.1 }))).toEqual([
          `${P}implicit.empty_implicit_contract`,
        ]);
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
