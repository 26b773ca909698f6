/**
 * The devnet node's RPC shapes, read with Taquito's RpcClient and plain HTTP: block addressing
 * (head, head~N, level, hash), contract and big_map reads, the scripts helpers, 404s.
 */
import { RpcClient } from '@taquito/rpc';
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit } from '@taquito/taquito';
import { encodeExpr } from '@taquito/utils';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startDevnet, type Devnet } from '../../../devnet/node';
import { postRpc } from './rpc-post';

const MAP = `parameter (pair string nat); storage (pair (big_map %ledger string nat) (nat %total));
code { UNPAIR; UNPAIR; DIP { SOME }; DIP 2 { UNPAIR }; UPDATE; PAIR; NIL operation; PAIR }`;

let devnet: Devnet;
let rpc: RpcClient;
let tz: TezosToolkit;

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, accounts: 3 });
  rpc = new RpcClient(devnet.rpcUrl);
  tz = new TezosToolkit(devnet.rpcUrl);
  tz.setSignerProvider(new InMemorySigner(devnet.accounts[0]!.secretKey));
});
afterAll(async () => {
  await devnet.stop();
});

const post = (path: string, body: unknown) => postRpc(devnet.rpcUrl, path, body);

describe('RPC', () => {
  test('blocks are addressable as head, head~N, level and hash, each with its operations', async () => {
    const to = devnet.accounts[1]!.address;
    const balanceBefore = (await rpc.getBalance(to)).toNumber();
    const op = await tz.contract.transfer({ to, amount: 1 });
    await op.confirmation();
    const head = await rpc.getBlock();
    expect(head.header.level).toBe(op.includedInBlock);
    expect((await rpc.getBlockHeader({ block: String(head.header.level) })).hash).toBe(head.hash);
    expect((await rpc.getBlockHeader({ block: head.hash })).level).toBe(head.header.level);
    expect(await rpc.getBlockHash({ block: 'head~1' })).toBe(head.header.predecessor);
    expect(head.operations[3]!.map((o) => o.hash)).toEqual([op.hash]);
    expect(head.protocol).toBe('PsUshuai9QapM5TGj1JpuVGkdxz5GykdnEvS6Rh8SUVrARvZLCY');
    // Each block keeps its context: the balance before the transfer is still readable there.
    expect((await rpc.getBalance(to, { block: 'head~1' })).toNumber()).toBe(balanceBefore);
    expect((await rpc.getBalance(to)).toNumber()).toBe(balanceBefore + 1_000_000);
  });

  test('a big_map value by its key’s script-expression hash; absent keys are 404', async () => {
    const orig = await tz.contract.originate({ code: MAP, init: { prim: 'Pair', args: [[], { int: '0' }] } });
    await orig.confirmation();
    const kt = orig.contractAddress!;
    await (
      await tz.contract.transfer({
        to: kt,
        amount: 0,
        parameter: { entrypoint: 'default', value: { prim: 'Pair', args: [{ string: 'alice' }, { int: '12' }] } },
      })
    ).confirmation();
    const id = ((await rpc.getStorage(kt)) as { args: { int: string }[] }).args[0]!;
    const expr = encodeExpr('050100000005616c696365'); // PACK "alice"
    expect(await rpc.getBigMapExpr(id.int, expr)).toEqual({ int: '12' });
    await expect(rpc.getBigMapExpr(id.int, encodeExpr('050100000003626f62'))).rejects.toMatchObject({ status: 404 });
    // The chain view names the map by its field annotation, for the indexer.
    expect(devnet.chain.bigMap(BigInt(id.int))).toMatchObject({ contract: kt, path: 'ledger' });
    const entrypoints = await rpc.getEntrypoints(kt);
    expect(entrypoints.entrypoints).toEqual({});
  });

  test('pack_data and run_code', async () => {
    // Octez: PACK of nat 1 is 0x050001.
    expect(
      (await post('/chains/main/blocks/head/helpers/scripts/pack_data', { data: { int: '1' }, type: { prim: 'nat' } }))
        .json,
    ).toMatchObject({ packed: '050001' });
    const run = await post('/chains/main/blocks/head/helpers/scripts/run_code', {
      script: [
        { prim: 'parameter', args: [{ prim: 'nat' }] },
        { prim: 'storage', args: [{ prim: 'nat' }] },
        {
          prim: 'code',
          args: [
            [{ prim: 'UNPAIR' }, { prim: 'ADD' }, { prim: 'NIL', args: [{ prim: 'operation' }] }, { prim: 'PAIR' }],
          ],
        },
      ],
      storage: { int: '2' },
      input: { int: '3' },
      amount: '0',
      chain_id: devnet.chain.chainId,
    });
    expect(run).toMatchObject({ status: 200, json: { storage: { int: '5' }, operations: [] } });
  });

  test('contract reads: balance, counter, manager_key; unknown routes and contracts are 404', async () => {
    const a = devnet.accounts[2]!;
    expect((await rpc.getBalance(a.address)).toString()).toBe('100000000000');
    expect(await rpc.getManagerKey(a.address)).toBe(a.publicKey);
    expect(await rpc.getContract(a.address)).toMatchObject({ counter: '0' });
    expect((await fetch(devnet.rpcUrl + '/chains/main/blocks/head/nothing/here')).status).toBe(404);
    expect(
      (
        await fetch(
          devnet.rpcUrl + '/chains/main/blocks/head/context/contracts/KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi/script',
        )
      ).status,
    ).toBe(404);
    expect((await fetch(devnet.rpcUrl + '/chains/main/blocks/999999/header')).status).toBe(404);
  });

  test('an operation over max_operation_data_length (32,768 bytes) is refused at injection, as Octez does', async () => {
    const origination = await tz.contract.originate({
      code: 'parameter bytes; storage unit; code { CDR; NIL operation; PAIR }',
      storage: { prim: 'Unit' },
    });
    await origination.confirmation();
    const contract = origination.contractAddress!;
    const call = (size: number) =>
      tz.contract.transfer({
        to: contract,
        amount: 0,
        parameter: { entrypoint: 'default', value: { bytes: 'ab'.repeat(size) } },
      });
    await expect(call(40_000)).rejects.toThrow(/oversized_operation/);
    const op = await call(30_000); // just under the limit: taken
    await op.confirmation();
    expect(op.status).toBe('applied');
  });

  test('delegation to a bootstrap baker', async () => {
    const t = new TezosToolkit(devnet.rpcUrl);
    t.setSignerProvider(new InMemorySigner(devnet.accounts[1]!.secretKey));
    const op = await t.contract.setDelegate({
      source: devnet.accounts[1]!.address,
      delegate: devnet.accounts[2]!.address,
    });
    await op.confirmation();
    expect(await rpc.getDelegate(devnet.accounts[1]!.address)).toBe(devnet.accounts[2]!.address);
  });
});
