/**
 * `npm run deploy` as a user runs it (a child process), against a devnet started here: the deployment record, the
 * contract on chain with the admin as its minter, and the one-line explanations of a missing key, an unfunded key
 * and an unreachable RPC.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blake2b } from '@noble/hashes/blake2.js';
import { packDataBytes, type MichelsonData } from '@taquito/michel-codec';
import { TezosToolkit, type BigMapAbstraction } from '@taquito/taquito';
import { b58Encode, PrefixV2 } from '@taquito/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fa2EditionsCode } from '../../contracts';
import { tzktRoutes } from '../../devnet/indexer';
import { bootstrapAccount, startDevnet, type Devnet } from '../../devnet/node';
import { runScript, type ScriptRun } from './run-script';
import { closedPort } from '../chain/closed-port';

let devnet: Devnet;
let out = '';

/** Runs the script with exactly this TEZOS_SECRET_KEY (or none): the child inherits the environment at spawn. */
async function deploy(args: readonly string[], key?: string): Promise<ScriptRun> {
  const saved = process.env['TEZOS_SECRET_KEY'];
  if (key === undefined) delete process.env['TEZOS_SECRET_KEY'];
  else process.env['TEZOS_SECRET_KEY'] = key;
  try {
    return runScript('deploy.ts', args);
  } finally {
    if (saved === undefined) delete process.env['TEZOS_SECRET_KEY'];
    else process.env['TEZOS_SECRET_KEY'] = saved;
  }
}

/** `expr…` of the artifact, sections as parameter, storage, code, then views by name (the script's documented order). */
function artifactHash(): string {
  const rank = (s: { prim: string }): number => ['parameter', 'storage', 'code', 'view'].indexOf(s.prim);
  const name = (s: { args?: { string?: string }[] }): string => s.args?.[0]?.string ?? '';
  const code = (fa2EditionsCode() as { prim: string; args?: { string?: string }[] }[]).sort(
    (a, b) => rank(a) - rank(b) || name(a).localeCompare(name(b)),
  );
  return b58Encode(
    blake2b(Buffer.from(packDataBytes(code as MichelsonData).bytes, 'hex'), { dkLen: 32 }),
    PrefixV2.ScriptExpr,
  );
}

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, tzkt: tzktRoutes });
  out = mkdtempSync(join(tmpdir(), 'deploy-test-'));
});

afterAll(async () => {
  await devnet?.stop();
  if (out) rmSync(out, { recursive: true, force: true });
});

describe('npm run deploy', () => {
  it('on the devnet, originates the contract as bootstrap1, makes it the minter and writes <out>/devnet.json', async () => {
    const run = await deploy(['--network', 'devnet', '--rpc', devnet.rpcUrl, '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const admin = bootstrapAccount(1);
    const record = JSON.parse(readFileSync(join(out, 'devnet.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(record).sort()).toEqual([
      'admin',
      'codeHash',
      'contract',
      'level',
      'minters',
      'network',
      'opHash',
    ]);
    expect(record).toMatchObject({
      network: 'devnet',
      admin: admin.address,
      minters: [admin.address],
      codeHash: artifactHash(),
    });
    expect(record['contract']).toMatch(/^KT1[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(record['opHash']).toMatch(/^o[1-9A-HJ-NP-Za-km-z]{50}$/);
    expect(run.stdout).toContain(String(record['contract']));
    expect(`${run.stdout}${JSON.stringify(record)}`).not.toContain(admin.secretKey);

    const tz = new TezosToolkit(devnet.rpcUrl);
    const contract = String(record['contract']);
    const storage = await (await tz.contract.at(contract)).storage<{ admin: string; minters: BigMapAbstraction }>();
    expect(storage.admin).toBe(admin.address);
    expect(await storage.minters.get(admin.address)).not.toBeUndefined();
    // The recorded level is the block that includes the origination.
    const level = Number(record['level']);
    const block = await tz.rpc.getBlock({ block: String(level) });
    expect(block.operations.flat().some((op) => op.hash === record['opHash'])).toBe(true);
  });

  it('on a custom network, deploys with TEZOS_SECRET_KEY and never prints the key', async () => {
    const key = bootstrapAccount(2).secretKey;
    const run = await deploy(
      ['--network', 'custom', '--rpc', devnet.rpcUrl, '--tzkt', devnet.tzktUrl, '--out', out],
      key,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const file = readFileSync(join(out, 'custom.json'), 'utf8');
    expect(JSON.parse(file)).toMatchObject({
      network: 'custom',
      admin: bootstrapAccount(2).address,
      minters: [bootstrapAccount(2).address],
    });
    expect(`${run.stdout}${file}`).not.toContain(key);
  });

  it('on Shadownet without TEZOS_SECRET_KEY, says how to get a funded key (no network needed), exit 1', async () => {
    const run = await deploy(['--network', 'shadownet', '--out', out]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('TEZOS_SECRET_KEY is not set');
    expect(run.stderr).toContain('https://faucet.shadownet.teztnets.com');
  });

  it('with a key that holds no tez, names the account to fund, exit 1', async () => {
    // An ed25519 seed no bootstrap account uses.
    const key = b58Encode(new Uint8Array(32).fill(7), PrefixV2.Ed25519Seed);
    const run = await deploy(
      ['--network', 'custom', '--rpc', devnet.rpcUrl, '--tzkt', devnet.tzktUrl, '--out', out],
      key,
    );
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/the admin account tz1\w+ has no tez on custom: send tez to tz1/);
    expect(run.stderr).not.toContain(key);
  });

  it('with an RPC nobody listens on, says it cannot reach it, exit 1', async () => {
    const rpc = `http://127.0.0.1:${await closedPort()}`;
    const run = await deploy(
      ['--network', 'custom', '--rpc', rpc, '--tzkt', `${rpc}/tzkt`, '--out', out],
      bootstrapAccount(1).secretKey,
    );
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(`cannot reach the Tezos RPC at ${rpc}`);
    expect(run.stderr).toContain('check the --rpc URL');
  });

  it('a malformed key is refused without echoing it, exit 1', async () => {
    const run = await deploy(
      ['--network', 'custom', '--rpc', devnet.rpcUrl, '--tzkt', devnet.tzktUrl, '--out', out],
      'edskNotAKeyAtAll',
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('TEZOS_SECRET_KEY is not a valid unencrypted secret key');
    expect(run.stderr).not.toContain('edskNotAKeyAtAll');
  });
});

describe('npm run bench -- --filter fa2:', () => {
  it('reports the gas of a transfer, a mint, a game burn and a 24-token creation, each under the per-operation limit', async () => {
    const run = await runScript('bench.ts', ['--json', '--filter', 'fa2:', '--samples', '5']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const results = JSON.parse(run.stdout) as {
      name: string;
      unit: string;
      median: number;
      min: number;
      max: number;
    }[];
    expect(results.map((r) => r.name)).toEqual([
      'fa2: transfer of one token (gas)',
      'fa2: mint of one copy (gas)',
      'fa2: game_burn of one copy (gas)',
      'fa2: create 24 tokens in one batch (gas)',
    ]);
    for (const r of results) {
      expect(r.unit).toBe('gas');
      // Every sample repeats the same operation on the same kind of state; only the signature check, charged per byte
      // of the operation as Octez does, moves with the counter's and token ids' lengths: well under one gas unit.
      expect(r.max - r.min).toBeLessThan(1);
      expect(r.median).toBeGreaterThan(0);
      // Ushuaia's hard_gas_limit_per_operation.
      expect(r.median).toBeLessThan(1_040_000);
    }
    // Creating 24 tokens costs more than minting one copy.
    expect(results[3]!.median).toBeGreaterThan(results[1]!.median);
  }, 60_000);
});
