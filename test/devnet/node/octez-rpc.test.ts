/**
 * The devnet's RPC answering as Octez's does, through real Taquito: the run helpers' `source`/`payer`,
 * 400 for bodies and block ids Octez cannot parse, the block-id grammar, `script/normalized`, the protocols and
 * voting routes Taquito's getters and `prepare` use, confirmations at block time 0, and one manager operation per
 * block. Each expectation names the Octez source it comes from.
 */
import { HttpResponseError } from '@taquito/http-utils';
import { RpcClient } from '@taquito/rpc';
import { TezosToolkit } from '@taquito/taquito';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PROTOCOL, startDevnet, type Devnet } from '../../../devnet/node';
import { rejected } from '../../engine/thrown';
import { errorIds, signedToolkit, transaction } from './taquito-clients';

/** Replies with SENDER and SOURCE: as an on-chain view, and to a TZIP-4 callback (`%callers`). */
const CALLERS = `
parameter (or (unit %default) (pair %callers unit (contract (pair address address))));
storage address;
code { CAR;
       IF_LEFT { DROP; SENDER; NIL operation; PAIR }
               { CDR; PUSH mutez 0; SENDER; SOURCE; SWAP; PAIR; TRANSFER_TOKENS; NIL operation; SWAP; CONS; SENDER; SWAP; PAIR } };
view "callers" unit (pair address address) { DROP; SOURCE; SENDER; PAIR };`;

/** lib_plugin/RPC.ml `sender_and_payer`: Signature.Public_key_hash.zero, SOURCE when no payer is given. */
const ZERO = 'tz1Ke2h7sDdakHJQh8WX4Z372du1KChsksyU';
/** The address octez-client and the run RPC give the script under test (its dummy origination). */
const DUMMY = 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi';

let devnet: Devnet;
let rpc: RpcClient;
let kt: string;

const toolkit = (d: Devnet, secretKey: string): TezosToolkit => signedToolkit(d.rpcUrl, secretKey);

const httpError = (p: Promise<unknown>): Promise<HttpResponseError> => rejected(p, HttpResponseError);

const post = async (path: string, body: string): Promise<{ status: number; type: string | null; text: string }> => {
  const r = await fetch(devnet.rpcUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
};

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, port: 0, blockTime: 0 });
  rpc = new RpcClient(devnet.rpcUrl);
  const tz = toolkit(devnet, devnet.accounts[0]!.secretKey);
  const op = await tz.contract.originate({ code: CALLERS, init: { string: devnet.accounts[0]!.address } });
  await op.confirmation();
  kt = op.contractAddress!;
});
afterAll(async () => {
  await devnet.stop();
});

describe('run helpers: source is SENDER, payer is SOURCE (lib_plugin/RPC.ml sender_and_payer)', () => {
  const pair = (a: string, b: string) => ({ prim: 'Pair', args: [{ string: a }, { string: b }] });

  test('run_script_view: the view is called by the contract itself, SOURCE is the payer or the zero address', async () => {
    const [b2, b3] = [devnet.accounts[1]!.address, devnet.accounts[2]!.address];
    const chain_id = await rpc.getChainId();
    const view = (extra: object) =>
      rpc.runScriptView({ contract: kt, view: 'callers', input: { prim: 'Unit' }, chain_id, ...extra });
    // Octez runs the viewer script as `self:contract_hash`, and VIEW makes the caller's self the view's SENDER
    // (script_interpreter.ml); `payer` is every frame's SOURCE.
    expect((await view({ source: b2, payer: b3 })).data).toEqual(pair(kt, b3));
    expect((await view({ source: b2 })).data).toEqual(pair(kt, ZERO));
    expect((await view({})).data).toEqual(pair(kt, ZERO));
    // Taquito's executeView sends viewCaller as `source` and its `source` as `payer`.
    const tz = toolkit(devnet, devnet.accounts[1]!.secretKey);
    const contract = await tz.contract.at(kt);
    const seen = await contract.contractViews.callers!().executeView({ viewCaller: b2, source: b3 });
    expect(seen).toEqual({ 0: kt, 1: b3 });
  });

  test('run_view (TZIP-4) and run_code: SENDER is source (else payer, else the contract), SOURCE the payer', async () => {
    const [b2, b3] = [devnet.accounts[1]!.address, devnet.accounts[2]!.address];
    const chain_id = await rpc.getChainId();
    const tzip4 = (extra: object) =>
      rpc.runView({ contract: kt, entrypoint: 'callers', input: { prim: 'Unit' }, chain_id, ...extra });
    expect((await tzip4({ source: b2, payer: b3 })).data).toEqual(pair(b2, b3));
    expect((await tzip4({ payer: b3 })).data).toEqual(pair(b3, b3));
    expect((await tzip4({})).data).toEqual(pair(kt, ZERO));

    const script = await rpc.getNormalizedScript(kt);
    const run = (extra: object) =>
      rpc.runCode({
        script: script.code,
        storage: { string: b2 },
        input: { prim: 'Unit' },
        amount: '0',
        chain_id,
        ...extra,
      } as Parameters<RpcClient['runCode']>[0]);
    // The default entrypoint stores SENDER.
    expect((await run({ source: b3 })).storage).toEqual({ string: b3 });
    expect((await run({ payer: b2 })).storage).toEqual({ string: b2 });
    expect((await run({})).storage).toEqual({ string: DUMMY });
  });
});

describe('bodies Octez cannot parse: 400, text/plain (resto server.ml Cannot_parse_body)', () => {
  const head = '/chains/main/blocks/head';
  const routes = [
    '/injection/operation',
    `${head}/helpers/forge/operations`,
    `${head}/helpers/scripts/simulate_operation`,
    `${head}/helpers/scripts/run_operation`,
    `${head}/helpers/preapply/operations`,
    `${head}/helpers/scripts/run_code`,
    `${head}/helpers/scripts/run_view`,
    `${head}/helpers/scripts/run_script_view`,
    `${head}/helpers/scripts/pack_data`,
  ];
  // (`[]` is a valid preapply body: no operations.)
  const shapes = [
    '{',
    'null',
    '42',
    '"zz"',
    '{}',
    '[{}]',
    '{"operation":{}}',
    '{"branch":"x","contents":[]}',
    '{"contract":1,"view":[],"input":{"prim":3}}',
    '{"script":"x"}',
  ];

  test('every POST route answers each wrong shape with 400 and never 500', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      for (const shape of shapes) {
        const r = await post(route, shape);
        if (r.status !== 400 || r.type !== 'text/plain' || !r.text.startsWith('Failed to parse the request body: '))
          problems.push(`${route} ${shape} → ${r.status} ${r.text.slice(0, 80)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('wrong contents inside a well-formed operation are 400 too, as Taquito sees them', async () => {
    const branch = (await rpc.getBlockHeader()).hash;
    const bad = transaction(devnet.accounts[0]!.address, 'tz1nope', '1', '1', { fee: 'lots', gas_limit: '1' });
    for (const call of [
      rpc.forgeOperations({ branch, contents: [bad] } as never),
      rpc.simulateOperation({ operation: { branch, contents: [bad] }, chain_id: await rpc.getChainId() } as never),
      rpc.preapplyOperations([{ protocol: PROTOCOL, branch, contents: [bad], signature: 'edsig' }] as never),
      rpc.injectOperation('not hex'),
    ]) {
      expect((await httpError(call)).status).toBe(400);
    }
  });
});

describe('block ids (lib_shell_services/block_services.ml parse_block)', () => {
  test('head~N, head-N, <hash>~N, <hash>+N, <level>, <level>~N, genesis+N, checkpoint', async () => {
    const tz = toolkit(devnet, devnet.accounts[3]!.secretKey);
    for (let i = 0; i < 3; i++)
      await (await tz.contract.transfer({ to: devnet.accounts[4]!.address, amount: 1 })).confirmation();
    const head = await rpc.getBlockHeader();
    const level = async (block: string): Promise<number> => (await rpc.getBlockHeader({ block })).level;
    expect(await level('head~2')).toBe(head.level - 2);
    expect(await level('head-1')).toBe(head.level - 1);
    expect(await level(`${head.hash}~2`)).toBe(head.level - 2);
    expect(await level(`${(await rpc.getBlockHeader({ block: 'head~2' })).hash}+1`)).toBe(head.level - 1);
    expect(await level(String(head.level - 1))).toBe(head.level - 1);
    expect(await level(`${head.level}~1`)).toBe(head.level - 1);
    expect(await level(`${head.level - 2}+1`)).toBe(head.level - 1);
    expect(await level('genesis+1')).toBe(1);
    expect(await level('genesis')).toBe(0);
    // One baker: a block is final once two are on top.
    expect(await level('checkpoint')).toBe(head.level - 2);
  });

  test('an id Octez cannot parse is 400; one that names no block is 404', async () => {
    for (const block of [
      'nonsense',
      'head+1',
      'genesis~1',
      'head~1~1',
      'BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW3',
    ]) {
      const e = await httpError(rpc.getBlockHeader({ block }));
      expect(e.status, block).toBe(400);
      expect(e.body, block).toContain('is not acceptable for type "block_id"');
    }
    const head = await rpc.getBlockHeader();
    expect((await httpError(rpc.getBlockHeader({ block: String(head.level + 5) }))).status).toBe(404);
    expect((await httpError(rpc.getBlockHeader({ block: `${head.hash}+1` }))).status).toBe(404);
  });
});

describe('routes Octez has', () => {
  test('POST script/normalized and storage/normalized take unparsing_mode; there is no GET (contract_services in RPC.ml)', async () => {
    const readable = await rpc.getNormalizedScript(kt, { unparsing_mode: 'Readable' });
    expect(readable.storage).toEqual({ string: devnet.accounts[0]!.address });
    const optimized = await rpc.getNormalizedScript(kt, { unparsing_mode: 'Optimized' });
    expect(optimized.storage).toMatchObject({ bytes: expect.stringMatching(/^0000[0-9a-f]{40}$/) });
    const storage = await post(
      `/chains/main/blocks/head/context/contracts/${kt}/storage/normalized`,
      '{"unparsing_mode":"Optimized"}',
    );
    expect(JSON.parse(storage.text)).toEqual(optimized.storage);
    expect((await post(`/chains/main/blocks/head/context/contracts/${kt}/script/normalized`, '{}')).status).toBe(400);
    const get = await fetch(`${devnet.rpcUrl}/chains/main/blocks/head/context/contracts/${kt}/script/normalized`);
    expect(get.status).toBe(405);
  });

  test('/chains/main/protocols and /chains/main/protocols/{hash} (chain_services.ml Protocols)', async () => {
    const info = await rpc.getProtocolActivations(PROTOCOL);
    expect(info).toMatchObject({ protocol: PROTOCOL, proto_level: 1, activation_block: { level: 0 } });
    expect(await rpc.getProtocolActivations()).toEqual([info]);
    expect(
      (await httpError(rpc.getProtocolActivations('PtParisBxoLz5gzMmn3d9WBQNoPSZakgnkMC2VNuQ3KXfUtUQeZ'))).status,
    ).toBe(404);
  });

  test('voting RPCs answer as a sandbox where nobody proposed (lib_plugin/voting_services.ml)', async () => {
    const period = await rpc.getCurrentPeriod();
    const level = (await rpc.getBlockHeader()).level;
    // voting_period_storage.ml: blocks_per_voting_period = cycles_per_voting_period × blocks_per_cycle (1 × 8192).
    expect(period).toEqual({
      voting_period: { index: 0, kind: 'proposal', start_position: 0 },
      position: level - 1,
      remaining: 8192 - level,
    });
    expect((await rpc.getSuccessorPeriod()).position).toBe(level);
    expect(await rpc.getCurrentProposal()).toBeNull();
    expect(await rpc.getProposals()).toEqual([]);
    expect(await rpc.getBallotList()).toEqual([]);
    const ballots = await rpc.getBallots();
    expect([ballots.yay, ballots.nay, ballots.pass].map(String)).toEqual(['0', '0', '0']);
    // vote_storage.ml get_current_quorum with the EMA at its initial quorum_max: 2000 + 7000 × 5000 / 10000.
    expect(await rpc.getCurrentQuorum()).toBe(5500);
    const listings = await rpc.getVotesListings();
    expect(listings.map((l) => l.pkh).sort()).toEqual(devnet.accounts.map((a) => a.address).sort());
    const b1 = devnet.accounts[0]!.address;
    const power = listings.find((l) => l.pkh === b1)!.voting_power;
    expect(power?.toString()).toBe((await rpc.getBalance(b1)).toString());
    const info = await rpc.getVotingInfo(b1);
    expect(info).toMatchObject({ voting_power: power?.toString(), remaining_proposals: 20 });
    expect(await rpc.getVotingInfo('tz1Ke2h7sDdakHJQh8WX4Z372du1KChsksyU')).toEqual({});
  });

  test("Taquito's prepare.ballot and prepare.proposals build their operations", async () => {
    const tz = toolkit(devnet, devnet.accounts[0]!.secretKey);
    const ballot = await tz.prepare.ballot({ proposal: PROTOCOL, ballot: 'yay' });
    expect(ballot.opOb.contents).toEqual([
      { kind: 'ballot', source: devnet.accounts[0]!.address, period: 0, proposal: PROTOCOL, ballot: 'yay' },
    ]);
    const proposals = await tz.prepare.proposals({ proposals: [PROTOCOL] });
    expect(proposals.opOb.contents).toEqual([
      { kind: 'proposals', source: devnet.accounts[0]!.address, period: 0, proposals: [PROTOCOL] },
    ]);
    // validate.ml check_period_kind_for_ballot: a ballot outside an exploration or promotion period.
    const e = await tz.contract.ballot({ proposal: PROTOCOL, ballot: 'yay' }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(errorIds(e)).toEqual(['proto.025-PsUshuai.validate.operation.wrong_voting_period_kind']);
  });
});

describe('block time 0', () => {
  test('a wait for 3 confirmations ends: a polling client gets an empty block a second, an idle chain none', async () => {
    const tz = toolkit(devnet, devnet.accounts[5]!.secretKey);
    const op = await tz.contract.transfer({ to: devnet.accounts[6]!.address, amount: 1 });
    const level = await op.confirmation(3);
    expect(level).toBe(op.includedInBlock + 2);
    const head = (await rpc.getBlockHeader()).level;
    expect(head).toBeGreaterThanOrEqual(level);
    // 1.5 s pass on the chain's clock and nobody polls the full head meanwhile: nothing is baked.
    const now = devnet.chain.now;
    devnet.chain.now = () => now() + 1500;
    try {
      expect((await rpc.getBlockHeader()).level).toBe(head);
    } finally {
      devnet.chain.now = now;
    }
  }, 30_000);

  test('two unawaited sends from one manager: the second is refused with prevalidation.operation_conflict', async () => {
    const tz = toolkit(devnet, devnet.accounts[7]!.secretKey);
    const to = devnet.accounts[8]!.address;
    const sent = await Promise.allSettled([
      tz.contract.transfer({ to, amount: 1 }),
      tz.contract.transfer({ to, amount: 2 }),
    ]);
    expect(sent.map((s) => s.status).sort()).toEqual(['fulfilled', 'rejected']);
    // lib_shell/prevalidation.ml: the second conflicts with the first, which the mempool keeps.
    expect(errorIds((sent.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason)).toEqual([
      'prevalidation.operation_conflict',
    ]);
  });
});

test('at a block time above 0, the second operation of a manager waiting in the mempool is refused', async () => {
  const slow = await startDevnet({ ephemeral: true, port: 0, blockTime: 3600 });
  try {
    const tz = toolkit(slow, slow.accounts[0]!.secretKey);
    const to = slow.accounts[1]!.address;
    const first = await tz.contract.transfer({ to, amount: 1 });
    const e = await tz.contract.transfer({ to, amount: 2 }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(errorIds(e)).toEqual(['prevalidation.operation_conflict']);
    // mempool.ml fee_needed_to_replace_by_fee: the first's fee bumped by replace_by_fee_factor 21/20.
    const body = JSON.parse((e as { body: string }).body) as { new_hash: string; needed_fee_in_mutez: string }[];
    const fee = BigInt((first.results[0] as { fee: string }).fee);
    expect(BigInt(body[0]!.needed_fee_in_mutez)).toBeGreaterThanOrEqual((fee * 21n + 19n) / 20n);
    slow.chain.bake();
    await first.confirmation();
    // With the first included, the manager sends again.
    const next = await tz.contract.transfer({ to, amount: 3 });
    slow.chain.bake();
    await next.confirmation();
  } finally {
    await slow.stop();
  }
}, 30_000);
