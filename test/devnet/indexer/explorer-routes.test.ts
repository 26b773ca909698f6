/**
 * The devnet indexer's explorer routes, `GET /v1/operations/{hash}` and `GET /v1/blocks/{level|hash}`, through
 * `@tzkt/sdk-api` unchanged against a devnet whose operations Taquito sent: what they report must be what the node
 * included (hashes, levels, entrypoints, fees), in TzKT's shapes.
 */
import { Parser } from '@taquito/michel-codec';
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit } from '@taquito/taquito';
import { blocksGetByHash, blocksGetByLevel, headGet, operationsGetByHash } from '@tzkt/sdk-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tzktRoutes } from '../../../devnet/indexer';
import { startDevnet, type Devnet } from '../../../devnet/node';
import { FA2_MULTI } from '../../../devnet/indexer/sample-contracts';

let devnet: Devnet;
let tz: TezosToolkit;
let opts: { baseUrl: string };
let kt = '';
let origination = { hash: '', level: 0 };
let batch = { hash: '', level: 0 };
let alice = '';
let bob = '';
const parser = new Parser();
const value = (src: string) => parser.parseMichelineExpression(`(${src})`)!;

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, tzkt: tzktRoutes });
  opts = { baseUrl: devnet.tzktUrl };
  [alice, bob] = devnet.accounts.slice(0, 2).map((a) => a.address) as [string, string];
  tz = new TezosToolkit(devnet.rpcUrl);
  tz.setSignerProvider(new InMemorySigner(devnet.accounts[0]!.secretKey));
  const op = await tz.contract.originate({ code: FA2_MULTI, init: `(Pair { Elt (Pair "${alice}" 0) 10 } {})` });
  origination = { hash: op.hash, level: await op.confirmation() };
  kt = op.contractAddress!;
  const b = await tz.contract
    .batch()
    .withTransfer({ to: kt, amount: 0, parameter: { entrypoint: 'mint', value: value(`Pair "${bob}" (Pair 1 5)`) } })
    .withTransfer({ to: kt, amount: 0, parameter: { entrypoint: 'burn', value: value(`Pair "${alice}" (Pair 0 3)`) } })
    .send();
  batch = { hash: b.hash, level: await b.confirmation() };
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
});

/** The status and JSON body of a raw GET (for answers the SDK turns into exceptions). */
async function raw(path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${devnet.tzktUrl}${path}`);
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

describe('GET /v1/operations/{hash}', () => {
  it("lists a batch's contents in order, with the group's hash, level, entrypoints and the node's fees", async () => {
    const ops = (await operationsGetByHash(batch.hash, {}, opts)) as Record<string, unknown>[];
    expect(
      ops.map((o) => [o.type, o.hash, o.level, (o.parameter as { entrypoint: string }).entrypoint, o.status]),
    ).toEqual([
      ['transaction', batch.hash, batch.level, 'mint', 'applied'],
      ['transaction', batch.hash, batch.level, 'burn', 'applied'],
    ]);
    expect((ops[0]!.id as number) < (ops[1]!.id as number)).toBe(true);
    expect(ops[0]).toMatchObject({
      sender: { address: alice },
      target: { address: kt },
      parameter: { value: { to_: bob, token_id: '1', amount: '5' } },
    });
    const block = await tz.rpc.getBlock({ block: String(batch.level) });
    const fees = block.operations
      .flat()
      .find((o) => o.hash === batch.hash)!
      .contents.map((c) => Number((c as { fee: string }).fee));
    expect(ops.map((o) => o.bakerFee)).toEqual(fees);
  });

  it('shows an origination with the contract it created', async () => {
    const [o] = (await operationsGetByHash(origination.hash, {}, opts)) as Record<string, unknown>[];
    expect(o).toMatchObject({
      type: 'origination',
      hash: origination.hash,
      level: origination.level,
      originatedContract: { address: kt },
      status: 'applied',
    });
  });

  it('answers [] for a hash no block holds, and 400 for something that is not an operation hash', async () => {
    const unknown = `o${batch.hash.slice(1, -1)}${batch.hash.endsWith('a') ? 'b' : 'a'}`;
    expect(await raw(`/v1/operations/${unknown}`)).toEqual({ status: 200, body: [] });
    expect(await raw('/v1/operations/not-a-hash')).toEqual({
      status: 400,
      body: { code: 400, errors: { hash: 'Invalid operation hash.' } },
    });
  });
});

describe('GET /v1/blocks/{level|hash}', () => {
  it("is the node's block: hash, timestamp, and with ?operations=true the batch's transactions and fees", async () => {
    const header = await tz.rpc.getBlockHeader({ block: String(batch.level) });
    const b = await blocksGetByLevel(batch.level, { operations: true }, opts);
    expect(b).toMatchObject({
      level: batch.level,
      hash: header.hash,
      timestamp: new Date(header.timestamp).toISOString().replace('.000Z', 'Z'),
    });
    expect(b.transactions?.map((t) => [t.hash, t.parameter?.entrypoint])).toEqual([
      [batch.hash, 'mint'],
      [batch.hash, 'burn'],
    ]);
    expect(b.originations).toEqual([]);
    expect(b.fees).toBe(b.transactions!.reduce((s, t) => s + (t.bakerFee ?? 0), 0));
    expect(b.fees).toBeGreaterThan(0);
  });

  it('by hash is the same block; without ?operations it lists none', async () => {
    const byLevel = await blocksGetByLevel(origination.level, {}, opts);
    const byHash = await blocksGetByHash(byLevel.hash!, {}, opts);
    expect(byHash).toEqual(byLevel);
    expect(byHash.originations).toBeUndefined();
    expect(
      (await blocksGetByLevel(origination.level, { operations: true }, opts)).originations?.map((o) => o.hash),
    ).toEqual([origination.hash]);
  });

  it('answers 204 beyond the head, and 400 for a bad hash or operations flag', async () => {
    const head = await headGet(opts);
    expect(await raw(`/v1/blocks/${head.level! + 1}`)).toEqual({ status: 204, body: null });
    expect(await raw('/v1/blocks/Bnot-a-hash')).toEqual({
      status: 400,
      body: { code: 400, errors: { hash: 'Invalid block hash.' } },
    });
    expect((await raw('/v1/blocks/1?operations=maybe')).status).toBe(400);
  });
});
