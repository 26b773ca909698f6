/**
 * Contract-to-contract behaviour of the devnet node (internal operations in Octez's depth-first
 * order, on-chain views through `run_script_view`) and persistence across restarts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemorySigner } from '@taquito/signer';
import { TezosOperationError, TezosToolkit } from '@taquito/taquito';
import { encodeAddress, encodeExpr } from '@taquito/utils';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startDevnet, type Devnet } from '../../../devnet/node';

const LOG = 'parameter nat; storage (list nat); code { UNPAIR; CONS; NIL operation; PAIR }';
/** Forwards its parameter to the `nat` contract in its storage. */
const FORWARD = `parameter nat; storage address;
code { UNPAIR; DIP { DUP; CONTRACT nat; ASSERT_SOME; PUSH mutez 0 }; TRANSFER_TOKENS; NIL operation; SWAP; CONS; PAIR }`;
/** Emits [forward 10; log 5]: depth-first, the forwarded 10 reaches the log before the 5. */
const TOP = `parameter unit; storage (pair address address);
code { CDR; DUP; UNPAIR;
       CONTRACT nat; ASSERT_SOME; PUSH mutez 0; PUSH nat 10; TRANSFER_TOKENS;
       SWAP; CONTRACT nat; ASSERT_SOME; PUSH mutez 0; PUSH nat 5; TRANSFER_TOKENS;
       NIL operation; SWAP; CONS; SWAP; CONS; PAIR }`;
/** A log that refuses 0. */
const PICKY =
  'parameter nat; storage (list nat); code { UNPAIR; DUP; PUSH nat 0; COMPARE; EQ; IF { PUSH string "zero"; FAILWITH } {}; CONS; NIL operation; PAIR }';
/** FA2's `balance_of` shape: answers every request with the storage as balance, through the callback. */
const BALANCE_OF = `parameter (or (unit %noop)
  (pair %balance_of (list %requests (pair (address %owner) (nat %token_id)))
                    (contract %callback (list (pair (pair %request (address %owner) (nat %token_id)) (nat %balance))))));
storage nat;
code { UNPAIR; IF_LEFT { DROP; NIL operation; PAIR }
  { UNPAIR; MAP { DUP 3; SWAP; PAIR }; DIP { PUSH mutez 0 }; TRANSFER_TOKENS; NIL operation; SWAP; CONS; PAIR } }`;
const MAP =
  'parameter (pair string nat); storage (big_map string nat); code { UNPAIR; UNPAIR; DIP { SOME }; UPDATE; NIL operation; PAIR }';
/** Originates a contract holding its parameter, and remembers its address. */
const FACTORY = `parameter nat; storage (list address);
code { UNPAIR; PUSH mutez 0; NONE key_hash;
       CREATE_CONTRACT { parameter unit; storage nat; code { CDR; NIL operation; PAIR } };
       DIP { CONS }; NIL operation; SWAP; CONS; PAIR }`;
const VIEWER = 'parameter unit; storage nat; code { CDR; NIL operation; PAIR }; view "plus" nat nat { UNPAIR; ADD }';

describe('internal operations and views', () => {
  let devnet: Devnet;
  let tz: TezosToolkit;
  beforeAll(async () => {
    devnet = await startDevnet({ ephemeral: true, accounts: 2 });
    tz = new TezosToolkit(devnet.rpcUrl);
    tz.setSignerProvider(new InMemorySigner(devnet.accounts[0]!.secretKey));
  });
  afterAll(async () => {
    await devnet.stop();
  });

  const originate = async (code: string, storage: unknown): Promise<string> => {
    const op = await tz.contract.originate({ code, init: storage as object });
    await op.confirmation();
    return op.contractAddress!;
  };

  test('run depth-first with group-wide nonces, as Octez orders them', async () => {
    const log = await originate(LOG, []);
    const fwd = await originate(FORWARD, { string: log });
    const top = await originate(TOP, { prim: 'Pair', args: [{ string: fwd }, { string: log }] });
    const op = await tz.contract.transfer({ to: top, amount: 0 });
    await op.confirmation();
    // CONS puts the latest first: 5 arrived after 10.
    expect(await tz.rpc.getStorage(log)).toEqual([{ int: '5' }, { int: '10' }]);
    const block = await tz.rpc.getBlock({ block: String(op.includedInBlock) });
    const content = block.operations[3]![0]!.contents[0] as unknown as {
      metadata: { internal_operation_results: { destination: string; nonce: number; result: { status: string } }[] };
    };
    const internals = content.metadata.internal_operation_results;
    expect(internals.map((r) => [r.destination, r.nonce, r.result.status])).toEqual([
      [fwd, 0, 'applied'],
      [log, 2, 'applied'],
      [log, 1, 'applied'],
    ]);
    // The indexer's view flattens the same order.
    const view = devnet.chain
      .head()
      .operations[0]!.contents.map((c) => (c.kind === 'transaction' ? c.destination : c.kind));
    expect(view).toEqual([top, fwd, log, log]);
  });

  test('a failing internal call fails the whole operation with the callee’s FAILWITH value', async () => {
    const picky = await originate(PICKY, []);
    const fwd = await originate(FORWARD, { string: picky });
    await (
      await tz.contract.transfer({ to: fwd, amount: 0, parameter: { entrypoint: 'default', value: { int: '4' } } })
    ).confirmation();
    const balance = (await tz.tz.getBalance(devnet.accounts[0]!.address)).toString();
    const err = await tz.contract
      .transfer({ to: fwd, amount: 0, parameter: { entrypoint: 'default', value: { int: '0' } } })
      .then(
        () => undefined,
        (e: unknown) => e as TezosOperationError,
      );
    expect(err).toBeInstanceOf(TezosOperationError);
    expect(err!.message).toBe('zero');
    expect(err!.id).toBe('proto.025-PsUshuai.michelson_v1.script_rejected');
    expect(await tz.rpc.getStorage(picky)).toEqual([{ int: '4' }]);
    expect((await tz.tz.getBalance(devnet.accounts[0]!.address)).toString()).toBe(balance);
  });

  test('CREATE_CONTRACT originates the contract at the address the script saw', async () => {
    const factory = await originate(FACTORY, []);
    const op = await tz.contract.transfer({
      to: factory,
      amount: 0,
      parameter: { entrypoint: 'default', value: { int: '9' } },
    });
    await op.confirmation();
    const [created] = (await tz.rpc.getStorage(factory)) as { string?: string; bytes?: string }[];
    const block = await tz.rpc.getBlock({ block: String(op.includedInBlock) });
    const content = block.operations[3]![0]!.contents[0] as unknown as {
      metadata: { internal_operation_results: { kind: string; result: { originated_contracts: string[] } }[] };
    };
    const [internal] = content.metadata.internal_operation_results;
    expect(internal!.kind).toBe('origination');
    const address = internal!.result.originated_contracts[0]!;
    // Storage is Optimized: the address as its 22 bytes.
    expect(created!.string ?? encodeAddress(created!.bytes!)).toBe(address);
    expect(await tz.rpc.getStorage(address)).toEqual({ int: '9' });
    expect(devnet.chain.account(address)?.firstLevel).toBe(op.includedInBlock);
  });

  test('a TZIP-4 callback view (FA2 balance_of) answers through run_view', async () => {
    const address = await originate(BALANCE_OF, { int: '77' });
    const contract = await tz.contract.at(address);
    const owner = devnet.accounts[1]!.address;
    const answer = (await contract.views.balance_of!([{ owner, token_id: '0' }]).read()) as {
      request: { owner: string };
      balance: { toString(): string };
    }[];
    expect(answer).toHaveLength(1);
    expect(answer[0]!.request.owner).toBe(owner);
    expect(answer[0]!.balance.toString()).toBe('77');
  });

  test('an on-chain view answers through run_script_view', async () => {
    const address = await originate(VIEWER, { int: '40' });
    const contract = await tz.contract.at(address);
    const result = await contract.contractViews.plus!(2).executeView({ viewCaller: address });
    expect(result.toString()).toBe('42');
  });
});

describe('baking', () => {
  test('with a block time, pending operations wait for the next block; the wallet API confirms them', async () => {
    const devnet = await startDevnet({ ephemeral: true, accounts: 2, blockTime: 1 });
    try {
      const tz = new TezosToolkit(devnet.rpcUrl);
      tz.setSignerProvider(new InMemorySigner(devnet.accounts[0]!.secretKey));
      const op = await tz.wallet.transfer({ to: devnet.accounts[1]!.address, amount: 3 }).send();
      const receipt = await op.confirmation();
      expect(receipt?.completed).toBe(true);
      expect(await op.status()).toBe('applied');
      const block = devnet.chain.block(receipt!.block.header.level)!;
      expect(block.operations.map((o) => o.hash)).toEqual([op.opHash]);
    } finally {
      await devnet.stop();
    }
  });
});

describe('persistence', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'devnet-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  test('a restart keeps accounts, contracts, balances and blocks', async () => {
    const first = await startDevnet({ dataDir: dir, accounts: 2 });
    const tz = new TezosToolkit(first.rpcUrl);
    tz.setSignerProvider(new InMemorySigner(first.accounts[0]!.secretKey));
    const transfer = await tz.contract.transfer({ to: first.accounts[1]!.address, amount: 7 });
    await transfer.confirmation();
    const orig = await tz.contract.originate({ code: LOG, init: [{ int: '3' }] });
    await orig.confirmation();
    const withMap = await tz.contract.originate({
      code: MAP,
      init: [{ prim: 'Elt', args: [{ string: 'alice' }, { int: '12' }] }],
    });
    await withMap.confirmation();
    const mapId = ((await tz.rpc.getStorage(withMap.contractAddress!)) as { int: string }).int;
    const level = first.chain.head().level;
    await first.stop();

    const second = await startDevnet({ dataDir: dir, accounts: 2 });
    try {
      const tz2 = new TezosToolkit(second.rpcUrl);
      expect((await tz2.tz.getBalance(first.accounts[1]!.address)).toString()).toBe('100007000000');
      expect(await tz2.rpc.getStorage(orig.contractAddress!)).toEqual([{ int: '3' }]);
      expect(second.chain.head().level).toBe(level);
      expect(await tz2.rpc.getBigMapExpr(mapId, encodeExpr('050100000005616c696365'))).toEqual({ int: '12' });
      expect((await tz2.rpc.getBlock({ block: String(transfer.includedInBlock) })).operations[3]![0]!.hash).toBe(
        transfer.hash,
      );
      // The chain goes on from there: counters continue.
      tz2.setSignerProvider(new InMemorySigner(first.accounts[0]!.secretKey));
      await (await tz2.contract.transfer({ to: first.accounts[1]!.address, amount: 1 })).confirmation();
      expect(second.chain.head().level).toBe(level + 1);
    } finally {
      await second.stop();
    }
  });
});
