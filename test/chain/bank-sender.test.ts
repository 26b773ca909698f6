/**
 * The bank's one sender (chain/pole-bridge/bank-sender.ts) when a batch holds a job the contract refuses, against an
 * in-process devnet through real Taquito, nothing mocked; a relay in front of the node shows what the sender
 * simulates and injects. Jobs asked for in the same tick share a batch (the sender waits its batch window before
 * taking the waiting jobs). A batch refused at its simulation: the sender finds the job at fault by simulating
 * growing prefixes, refuses that job with the contract's FAILWITH and sends the others once. A batch included but
 * failed (the chain changed after the simulation): sent again, so the simulation finds the job at fault.
 * One devnet and one contract; the tests run in order.
 */
import { InMemorySigner } from '@taquito/signer';
import type { OperationContentsAndResult } from '@taquito/rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FA2_ERRORS } from '../../contracts';
import { bootstrapAccount } from '../../devnet/node';
import { isBridgeError, type BridgeError } from '../../chain';
import type { Fa2Call, Fa2Editions } from '../../chain/fa2-editions';
import { sendAsBank, type SentJob } from '../../chain/pole-bridge/bank-sender';
import { tileTokenMetadata } from '../../chain/token-metadata';
import { devnetWithContract, type DevnetContract } from '../../scripts/lib/devnet-contract';
import { startTezosRelay, type TezosRelay } from '../server/tezos-relay';

const adminKey = bootstrapAccount(1);
const bankKey = bootstrapAccount(2);
const alice = bootstrapAccount(3).address;
const bob = bootstrapAccount(4).address;
const carol = bootstrapAccount(5).address;
const artist = bootstrapAccount(6).address;
const bankSigner = new InMemorySigner(bankKey.secretKey);
/** Token ids in creation order: two for the refused batch, two for the batch that fails once included. */
const [A, B, C, D] = [0, 1, 2, 3];
const NO_SUCH_TOKEN = 999;

let env: DevnetContract;
let contract: Fa2Editions;
let relay: TezosRelay;
/** Per test: the bank's simulations (its calls' entrypoints, in order) and injections, as the node was asked. */
let simulations: string[][] = [];
let injections = 0;

/** `calls` as one job of the bank's sender, through the relay. */
const job = (...calls: Fa2Call[]): Promise<SentJob> =>
  sendAsBank(relay.url, bankSigner, bankKey.address, calls, undefined, 60);
const mint = (tokenId: number, to: string): Fa2Call => contract.mint([{ tokenId, to, amount: 1 }]);

/** The BridgeError a settled job was refused with (anything else fails the test). */
function refusal(r: PromiseSettledResult<SentJob>): BridgeError {
  if (r.status === 'rejected' && isBridgeError(r.reason)) return r.reason;
  throw new Error(`expected a BridgeError, got ${r.status === 'rejected' ? String(r.reason) : 'a sent job'}`);
}

/** What a settled job was sent as (a refusal fails the test). */
function sent(r: PromiseSettledResult<SentJob>): SentJob {
  if (r.status === 'rejected') throw new Error(`expected the job sent, got ${String(r.reason)}`);
  return r.value;
}

type Transaction = Extract<OperationContentsAndResult, { kind: 'transaction' }>;

/** The bank's operations from `level` on, each as its transactions' statuses (what the chain holds of the bank). */
async function bankOperationsSince(level: number): Promise<string[][]> {
  const head = (await contract.tezos.rpc.getBlockHeader()).level;
  const ops: string[][] = [];
  for (let l = level; l <= head; l++) {
    const block = await contract.tezos.rpc.getBlock({ block: String(l) });
    for (const op of block.operations.flat()) {
      const txs = op.contents.filter((c): c is Transaction => c.kind === 'transaction' && c.source === bankKey.address);
      if (txs.length > 0) ops.push(txs.map((t) => t.metadata.operation_result.status));
    }
  }
  return ops;
}

const headLevel = async (): Promise<number> => (await contract.tezos.rpc.getBlockHeader()).level;

beforeAll(async () => {
  env = await devnetWithContract({ admin: adminKey, minter: bankKey.address });
  contract = env.contract;
  // The admin mints too: in the second test it changes the chain between the bank's simulation and its injection.
  await contract.send(contract.addMinter(adminKey.address));
  const spec = (title: string) => ({
    maxSupply: 5,
    creator: artist,
    metadata: tileTokenMetadata({
      title,
      artist: 'Hokusai',
      creators: [artist],
      listPrice: 100,
      multiplier: 2,
      editionSize: 5,
      gameId: 'bank-sender-test',
      artifact: { uri: `https://example.org/${title}.png`, mimeType: 'image/png' },
    }),
  });
  await contract.send(contract.createTokens(['wave', 'fuji', 'crane', 'plum'].map(spec)));
  relay = await startTezosRelay(env.devnet.rpcUrl);
}, 120_000);

afterAll(async () => {
  await relay?.close();
  await env?.devnet.stop();
});

describe('bank sender: the job at fault in a batch', () => {
  it('a batch refused at simulation: only the refused job fails, with the contract’s FAILWITH; the others go once, together', async () => {
    simulations = [];
    injections = 0;
    relay.beforeForward = (path, body) => {
      if (path.startsWith('/injection/operation')) injections++;
      if (path.includes('/helpers/scripts/simulate_operation')) {
        const sent = JSON.parse(body.toString()) as {
          operation: { contents: { kind: string; parameters?: { entrypoint: string } }[] };
        };
        simulations.push(
          sent.operation.contents.filter((c) => c.kind === 'transaction').map((c) => c.parameters?.entrypoint ?? ''),
        );
      }
    };
    const from = (await headLevel()) + 1;
    // Asked for in one tick: one batch, the refused mint (no such token) between two good ones.
    const [first, refused, last] = await Promise.allSettled([
      job(mint(A, alice)),
      job(mint(NO_SUCH_TOKEN, bob)),
      job(mint(B, bob)),
    ]);

    // The three were one batch: the first simulation carried them all.
    expect(simulations[0]).toEqual(['mint', 'mint', 'mint']);
    const e = refusal(refused);
    expect([e.code, e.detail.failwith, e.detail.entrypoint]).toEqual([
      'BRIDGE_REJECTED',
      FA2_ERRORS.tokenUndefined,
      'mint',
    ]);
    // The good jobs were sent again together, one operation, each with its own call's receipt.
    expect(sent(first).opHash).toBe(sent(last).opHash);
    expect([sent(first).contents.length, sent(last).contents.length]).toEqual([1, 1]);
    // Nothing sent twice: the refused batch never reached the chain, the rest was injected once, each copy minted once.
    expect(injections).toBe(1);
    expect(await bankOperationsSince(from)).toEqual([['applied', 'applied']]);
    expect([await contract.balance(alice, A), await contract.getTotalSupply(A)]).toEqual([1n, 1n]);
    expect([await contract.balance(bob, B), await contract.getTotalSupply(B)]).toEqual([1n, 1n]);
  });

  it('a batch included but failed (the chain changed after its simulation): sent again, the simulation finds the job at fault', async () => {
    injections = 0;
    let changed = false;
    relay.beforeForward = async (path) => {
      if (!path.startsWith('/injection/operation')) return;
      injections++;
      // Just before the bank's first injection, the admin retires D (straight to the node): the batch as simulated
      // still passed, as included its mint of D fails and the whole batch with it.
      if (!changed) {
        changed = true;
        await contract.send(contract.retire([D]));
      }
    };
    const from = (await headLevel()) + 1;
    const [good, bad] = await Promise.allSettled([job(mint(C, carol)), job(mint(D, carol))]);

    expect(changed).toBe(true);
    const e = refusal(bad);
    expect([e.code, e.detail.failwith, e.detail.entrypoint]).toEqual([
      'BRIDGE_REJECTED',
      FA2_ERRORS.tokenRetired,
      'mint',
    ]);
    expect(sent(good).contents).toHaveLength(1);
    // On-chain: the failed batch (its mint of C backtracked), then the good job alone, applied — injected twice in all.
    expect(await bankOperationsSince(from)).toEqual([['backtracked', 'failed'], ['applied']]);
    expect(injections).toBe(2);
    expect([await contract.balance(carol, C), await contract.getTotalSupply(C)]).toEqual([1n, 1n]);
    expect([await contract.balance(carol, D), await contract.getTotalSupply(D)]).toEqual([0n, 0n]);
  });
});
