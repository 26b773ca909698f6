/**
 * The devnet holds every gas figure it is given to the protocol's limits (hard_gas_limit_per_operation
 * 1,040,000, per block 1,386,666, as its constants report) and refuses above them with the protocol's errors, so one
 * request cannot hold the node for hours; and its mempool refuses fees below Octez's default filter
 * (`prefilter.fees_too_low`), as a baker's node does, while Taquito's estimated fees pass.
 */
import { LocalForger, ProtocolsHash } from '@taquito/local-forging';
import { RpcClient } from '@taquito/rpc';
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit } from '@taquito/taquito';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { minimalFeeMutez, startDevnet, type BootstrapAccount, type Devnet } from '../../../devnet/node';
import { signedToolkit, transaction } from './taquito-clients';
import { postRpc } from './rpc-post';

const P = 'proto.025-PsUshuai.';
/** A script that never ends: LOOP on a True it pushes again. */
const ENDLESS = [
  { prim: 'parameter', args: [{ prim: 'unit' }] },
  { prim: 'storage', args: [{ prim: 'unit' }] },
  {
    prim: 'code',
    args: [
      [
        { prim: 'DROP' },
        { prim: 'PUSH', args: [{ prim: 'bool' }, { prim: 'True' }] },
        { prim: 'LOOP', args: [[{ prim: 'PUSH', args: [{ prim: 'bool' }, { prim: 'True' }] }]] },
        { prim: 'UNIT' },
        { prim: 'NIL', args: [{ prim: 'operation' }] },
        { prim: 'PAIR' },
      ],
    ],
  },
];
/** A contract with an on-chain view that never ends, and a callback view (TZIP-4) that never ends either. */
const ENDLESS_VIEWS = `
parameter (or (unit %default) (pair %get unit (contract nat)));
storage unit;
code { CDR; NIL operation; PAIR };
view "spin" unit nat { DROP; PUSH bool True; LOOP { PUSH bool True }; PUSH nat 0 };`;

let devnet: Devnet;
let rpc: RpcClient;
let viewContract = '';
const forger = new LocalForger(ProtocolsHash.PsUshuai9);

const toolkit = (secretKey: string): TezosToolkit => signedToolkit(devnet.rpcUrl, secretKey);

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, accounts: 6 });
  rpc = new RpcClient(devnet.rpcUrl);
  const op = await toolkit(devnet.accounts[0]!.secretKey).contract.originate({ code: ENDLESS_VIEWS, init: 'Unit' });
  await op.confirmation();
  viewContract = op.contractAddress!;
});
afterAll(async () => {
  await devnet.stop();
});

const post = (path: string, body: unknown) => postRpc(devnet.rpcUrl, path, body);
const helper = (name: string, body: unknown) => post(`/chains/main/blocks/head/helpers/scripts/${name}`, body);
const ids = (json: unknown): string[] => (json as { id: string }[]).map((e) => e.id);
/** run_code of ENDLESS with the gas given (none: the request names no gas). */
const runEndless = (gas?: string) =>
  helper('run_code', {
    script: ENDLESS,
    storage: { prim: 'Unit' },
    input: { prim: 'Unit' },
    amount: '0',
    chain_id: devnet.chain.chainId,
    ...(gas !== undefined ? { gas } : {}),
  });

/** A request to run the endless view (`{ view }`) or the callback view (`{ entrypoint }`), with its gas. */
const viewRequest = (
  call: { view: string } | { entrypoint: string },
  gas: { gas: string } | { unlimited_gas: true },
) => ({
  contract: viewContract,
  ...call,
  input: { prim: 'Unit' },
  chain_id: devnet.chain.chainId,
  unparsing_mode: 'Readable',
  ...gas,
});

describe('gas figures are held to the protocol’s limits', () => {
  test('run_code with gas 10¹² is refused at once with gas_limit_too_high, as validation refuses such an operation', async () => {
    const r = await runEndless('1000000000000');
    expect(r.status).toBe(500);
    expect(r.json).toEqual([{ kind: 'permanent', id: `${P}gas_limit_too_high` }]);
    // Just above the limit too, and below 0.
    expect(ids((await runEndless('1040001')).json)).toEqual([`${P}gas_limit_too_high`]);
    expect(ids((await runEndless('-1')).json)).toEqual([`${P}gas_limit_too_high`]);
    expect((await runEndless('lots')).status).toBe(400);
  });

  test('the same on run_view, run_script_view and pack_data', async () => {
    const view = viewRequest({ view: 'spin' }, { gas: '1000000000000' });
    expect(ids((await helper('run_script_view', view)).json)).toEqual([`${P}gas_limit_too_high`]);
    const callback = viewRequest({ entrypoint: 'get' }, { gas: '1000000000000' });
    expect(ids((await helper('run_view', callback)).json)).toEqual([`${P}gas_limit_too_high`]);
    expect(
      ids((await helper('pack_data', { data: { int: '1' }, type: { prim: 'nat' }, gas: '1000000000000' })).json),
    ).toEqual([`${P}gas_limit_too_high`]);
  });

  test('an endless LOOP with the largest gas allowed (or none given) ends with gas exhaustion, and the node answers the next request', async () => {
    const [max, none, head] = await Promise.all([runEndless('1040000'), runEndless(), rpc.getBlockHeader()]);
    expect(max).toEqual({ status: 500, json: [{ kind: 'temporary', id: `${P}gas_exhausted.operation` }] });
    expect(none).toEqual(max);
    expect(head.level).toBe(devnet.chain.headBlock().level);
    // A view asking for unlimited gas (run_script_view's `unlimited_gas`) gets the same cap.
    const view = await helper('run_script_view', viewRequest({ view: 'spin' }, { unlimited_gas: true }));
    expect(ids(view.json)).toEqual([`${P}gas_exhausted.operation`]);
  }, 60_000);

  test('operations: a gas_limit above 1,040,000 is gas_limit_too_high; a batch above the block’s 1,386,666 is gas_exhausted.block (and refused for good at injection)', async () => {
    const a = devnet.accounts[1]!;
    const counter = BigInt((await rpc.getContract(a.address)).counter ?? '0');
    const transfer = (i: bigint, gas: string, fee = '1000') =>
      transaction(a.address, devnet.accounts[2]!.address, counter + i, '1', { fee, gas_limit: gas });
    const branch = (await rpc.getBlockHeader()).hash;
    const simulate = (contents: unknown[]) =>
      helper('simulate_operation', {
        operation: {
          branch,
          contents,
          signature:
            'edsigtkpiSSschcaCt9pUVrpNPf7TTcgvgDEDD6NCEHMy8NNQJCGnMfLZzYoQj74yLjo9wx6MPVV29CvVzgi7qEcEUok3k7AuMg',
        },
        chain_id: devnet.chain.chainId,
      });
    expect(ids((await simulate([transfer(1n, '1000000000000')])).json)).toEqual([`${P}gas_limit_too_high`]);
    const heavy = [transfer(1n, '1000000', '400000'), transfer(2n, '1000000')];
    expect((await simulate(heavy)).json).toEqual([{ kind: 'temporary', id: `${P}gas_exhausted.block` }]);
    // Within the block's limit: simulated.
    expect((await simulate([transfer(1n, '693333'), transfer(2n, '693333')])).status).toBe(200);
    const before = (await rpc.getBalance(a.address)).toString();
    const bytes = await forger.forge({ branch, contents: heavy } as never);
    const { sbytes, prefixSig } = await new InMemorySigner(a.secretKey).sign(bytes, new Uint8Array([3]));
    const preapply = await post('/chains/main/blocks/head/helpers/preapply/operations', [
      {
        protocol: 'PsUshuai9QapM5TGj1JpuVGkdxz5GykdnEvS6Rh8SUVrARvZLCY',
        branch,
        contents: heavy,
        signature: prefixSig,
      },
    ]);
    expect(ids(preapply.json)).toEqual([`${P}gas_exhausted.block`]);
    const injected = await post('/injection/operation', sbytes);
    expect(injected.json).toEqual([
      { kind: 'permanent', id: `${P}gas_limit_too_high` },
      { kind: 'temporary', id: `${P}gas_exhausted.block` },
    ]);
    expect((await rpc.getBalance(a.address)).toString()).toBe(before);
  });
});

test('a request body over 8 MiB is answered 413 unread, and the node answers the next request', async () => {
  const big = await post('/chains/main/blocks/head/helpers/scripts/run_code', {
    script: ENDLESS,
    storage: { prim: 'Unit' },
    input: { prim: 'Unit' },
    padding: 'x'.repeat(9 * 1024 * 1024),
  });
  expect(big.status).toBe(413);
  expect(ids(big.json)).toEqual([`${P}rpc.body_too_large`]);
  expect((await rpc.getBlockHeader()).level).toBe(devnet.chain.headBlock().level);
});

describe('the mempool’s minimal fee (Octez’s default filter)', () => {
  /** Forges and signs a 1 ꜩ transfer from `a` with `fee`; its size in bytes (branch, contents, signature). */
  async function signedTransfer(
    a: BootstrapAccount,
    fee: bigint,
    gasLimit = 1000n,
  ): Promise<{ sbytes: string; size: number }> {
    const counter = BigInt((await rpc.getContract(a.address)).counter ?? '0') + 1n;
    const contents = [
      transaction(a.address, devnet.accounts[5]!.address, counter, '1000000', {
        fee: String(fee),
        gas_limit: String(gasLimit),
      }),
    ];
    const bytes = await forger.forge({ branch: (await rpc.getBlockHeader()).hash, contents } as never);
    const { sbytes } = await new InMemorySigner(a.secretKey).sign(bytes, new Uint8Array([3]));
    return { sbytes, size: sbytes.length / 2 };
  }

  test('a transfer with fee 0 is refused at injection with prefilter.fees_too_low and changes nothing', async () => {
    const a = devnet.accounts[3]!;
    const before = {
      balance: (await rpc.getBalance(a.address)).toString(),
      counter: (await rpc.getContract(a.address)).counter,
    };
    const level = devnet.chain.headBlock().level;
    const { sbytes } = await signedTransfer(a, 0n);
    const r = await post('/injection/operation', sbytes);
    expect(r).toEqual({ status: 500, json: [{ kind: 'permanent', id: `${P}prefilter.fees_too_low` }] });
    expect({
      balance: (await rpc.getBalance(a.address)).toString(),
      counter: (await rpc.getContract(a.address)).counter,
    }).toEqual(before);
    expect(devnet.chain.headBlock().level).toBe(level);
  });

  test('the minimum is 100 µꜩ + 0.1 µꜩ per gas unit + 1 µꜩ per byte: one µꜩ below is refused, the minimum is applied', async () => {
    const a = devnet.accounts[3]!;
    // Fees of 128…16,383 µꜩ forge to the same size, so the size is the same for both tries.
    const { size } = await signedTransfer(a, 1000n);
    const minimum = minimalFeeMutez(1000n, size);
    expect(minimum).toBe(100n + 100n + BigInt(size));
    expect(ids((await post('/injection/operation', (await signedTransfer(a, minimum - 1n)).sbytes)).json)).toEqual([
      `${P}prefilter.fees_too_low`,
    ]);
    const ok = await post('/injection/operation', (await signedTransfer(a, minimum)).sbytes);
    expect(ok.status).toBe(200);
    const head = await rpc.getBlock();
    expect(head.operations[3]!.map((o) => o.hash)).toEqual([ok.json]);
    // The node's mempool filter route reports the same figures.
    expect(await rpc.getMempoolFilter()).toMatchObject({
      minimal_fees: '100',
      minimal_nanotez_per_gas_unit: ['100', '1'],
      minimal_nanotez_per_byte: ['1000', '1'],
    });
  });

  test('Taquito’s estimated fees pass (a transfer, a batch with a contract call); Taquito with fee 0 is refused', async () => {
    const tz = toolkit(devnet.accounts[4]!.secretKey);
    const op = await tz.contract.transfer({ to: devnet.accounts[5]!.address, amount: 1 });
    await op.confirmation();
    expect(op.status).toBe('applied');
    const batch = await tz.contract
      .batch()
      .withTransfer({ to: devnet.accounts[5]!.address, amount: 1 })
      .withTransfer({ to: viewContract, amount: 0 })
      .send();
    await batch.confirmation();
    expect(batch.status).toBe('applied');
    // Taquito reports an injection's refusal (as from Octez) as the HTTP error with the node's array in its body.
    const err = await tz.contract
      .transfer({ to: devnet.accounts[5]!.address, amount: 1, fee: 0 })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 500 });
    expect(ids(JSON.parse((err as { body: string }).body))).toEqual([`${P}prefilter.fees_too_low`]);
  });
});
