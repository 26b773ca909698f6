import { LocalForger, ProtocolsHash } from '@taquito/local-forging';
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit } from '@taquito/taquito';
import { tzktRoutes } from '../../devnet/indexer';
import { bootstrapAccount, startDevnet, type Devnet } from '../../devnet/node';
import { FA2_MULTI } from '../../devnet/indexer/sample-contracts';
import { median } from '../lib/stats';
import { latencyAsync } from './measure';
import type { BenchCase, Sampler } from './types';
import { tezosToolkit } from '../../chain/context';

/** A case that runs against its own ephemeral devnet (with the TzKT API), stopped after its samples. */
function onDevnet(
  name: string,
  unit: string,
  goal: BenchCase['goal'],
  prepare: (devnet: Devnet) => Promise<Sampler>,
): BenchCase {
  let devnet: Devnet | undefined;
  return {
    name,
    unit,
    goal,
    prepare: async () => {
      devnet = await startDevnet({ ephemeral: true, tzkt: tzktRoutes });
      return prepare(devnet);
    },
    teardown: async () => devnet?.stop(),
  };
}

const toolkit = (devnet: Devnet, account: number): TezosToolkit => {
  return tezosToolkit(devnet.rpcUrl, { secretKey: bootstrapAccount(account).secretKey });
};

export const devnetCases: readonly BenchCase[] = [
  // The node's own path only: the operation is forged and signed before the clock starts; the
  // timed part is the injection request, which returns once the operation's block is baked.
  onDevnet('devnet: injection → included', 'ms', { atMost: 20 }, async (devnet) => {
    const source = bootstrapAccount(1);
    const signer = new InMemorySigner(source.secretKey);
    const forger = new LocalForger(ProtocolsHash.PsUshuai9);
    const tz = tezosToolkit(devnet.rpcUrl);
    let counter = BigInt(await tz.rpc.getContract(source.address).then((c) => c.counter ?? '0'));
    return async () => {
      // p50 of the injections in this sample (each sample runs ~250 ms of them).
      const times: number[] = [];
      await latencyAsync(async () => {
        const branch = await tz.rpc.getBlockHash();
        counter++;
        const bytes = await forger.forge({
          branch,
          contents: [
            {
              kind: 'transaction' as never,
              source: source.address,
              fee: '1000',
              counter: counter.toString(),
              gas_limit: '2000',
              storage_limit: '0',
              amount: '1',
              destination: bootstrapAccount(2).address,
            },
          ],
        });
        const signed = await signer.sign(bytes, new Uint8Array([3]));
        const start = performance.now();
        const res = await fetch(`${devnet.rpcUrl}/injection/operation`, {
          method: 'POST',
          body: JSON.stringify(signed.sbytes),
        });
        if (!res.ok) throw new Error(`injection failed: ${await res.text()}`);
        times.push(performance.now() - start);
      });
      return median(times);
    };
  }),
  onDevnet('devnet: Taquito transfer incl. confirmation', 'ms', { atMost: 150 }, async (devnet) => {
    const tz = toolkit(devnet, 3);
    const to = bootstrapAccount(4).address;
    return () =>
      latencyAsync(
        async () => void (await (await tz.contract.transfer({ to, amount: 1, mutez: true })).confirmation()),
      );
  }),
  onDevnet('tzkt: token balances of an account', 'ms', { atMost: 10 }, async (devnet) => {
    const tz = toolkit(devnet, 5);
    const holder = bootstrapAccount(6).address;
    const op = await tz.contract.originate({ code: FA2_MULTI, init: '(Pair {} {})' });
    const fa2 = await op.contract();
    const mints = Array.from({ length: 20 }, (_, id) =>
      fa2.methodsObject['mint']!({ to_: holder, token_id: id, amount: 10 + id }).toTransferParams(),
    );
    await (await tz.contract.batch(mints.map((p) => ({ kind: 'transaction' as never, ...p }))).send()).confirmation();
    const url = `${devnet.tzktUrl}/v1/tokens/balances?account=${holder}&balance.gt=0&sort.desc=balance&limit=100`;
    return () =>
      latencyAsync(async () => {
        const res = await fetch(url);
        const rows = (await res.json()) as unknown[];
        if (rows.length !== 20) throw new Error(`expected 20 balances, got ${rows.length}`);
      });
  }),
];
