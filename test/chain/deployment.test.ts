/**
 * ensureDeployment (chain/deployment.ts) against real in-process devnets through Taquito, nothing mocked: the first
 * call deploys and writes the record, the next reuses it without an operation, a reset devnet (a fresh one on the
 * same record) gets a new deployment, other code at the recorded address is redeployed on the devnet and refused
 * where deploying is not allowed, and a Shadownet-like setting without a deployment says what to run.
 * The tests share one devnet and one record file, and run in order.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit, type BigMapAbstraction } from '@taquito/taquito';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fa2EditionsCode } from '../../contracts';
import { tzktRoutes } from '../../devnet/indexer';
import { bootstrapAccount, startDevnet, type Devnet } from '../../devnet/node';
import { resolveNetwork, type Network } from '../../chain/networks';
import {
  codeHash,
  DeploymentError,
  ensureDeployment,
  isDeploymentError,
  readDeployment,
  writeDeployment,
  type Deployment,
  type DeploymentErrorCode,
} from '../../chain/deployment';
import { closedPort } from './closed-port';

const admin = bootstrapAccount(1);
let devnet: Devnet;
let devnetNet: Network;
/** Shadownet's settings pointed at the devnet: a network where deploying is not allowed. */
let shadowLike: Network;
let dir = '';
/** The record of the contract the tests share, deployed once by whichever test needs it first. */
let file = '';
let shared: Promise<Deployment> | undefined;
const deployedOnce = (): Promise<Deployment> =>
  (shared ??= ensureDeployment({ network: devnetNet, signer: signer(), file, allowDeploy: true }).then(
    (r) => r.deployment,
  ));

const signer = (): InMemorySigner => new InMemorySigner(admin.secretKey);
const headLevel = async (rpcUrl: string): Promise<number> =>
  (await new TezosToolkit(rpcUrl).rpc.getBlockHeader()).level;
const record = (f: string): Deployment => JSON.parse(readFileSync(f, 'utf8')) as Deployment;

/** The DeploymentError a promise rejects with (anything else fails the test). */
async function rejection(p: Promise<unknown>, code: DeploymentErrorCode): Promise<DeploymentError> {
  try {
    await p;
  } catch (e) {
    if (isDeploymentError(e)) {
      expect(e.code).toBe(code);
      return e;
    }
    throw e;
  }
  throw new Error(`expected a DeploymentError ${code}`);
}

/** A contract that is not the editions contract, originated by bootstrap2. */
async function otherContract(rpcUrl: string): Promise<string> {
  const tz = new TezosToolkit(rpcUrl);
  tz.setSignerProvider(new InMemorySigner(bootstrapAccount(2).secretKey));
  const op = await tz.contract.originate({
    code: 'parameter unit; storage unit; code { CDR; NIL operation; PAIR }',
    init: 'Unit',
  });
  await op.confirmation(1);
  if (!op.contractAddress) throw new Error('no contract address');
  return op.contractAddress;
}

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, tzkt: tzktRoutes });
  devnetNet = resolveNetwork({ network: 'devnet', rpc: devnet.rpcUrl });
  shadowLike = resolveNetwork({ network: 'shadownet', rpc: devnet.rpcUrl, tzkt: devnet.tzktUrl });
  dir = mkdtempSync(join(tmpdir(), 'deployment-test-'));
  file = join(dir, 'deployments', 'devnet.json');
});

afterAll(async () => {
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('ensureDeployment on the devnet (deploying allowed)', () => {
  it('without a record, deploys the contract as the signer, makes it the minter and writes the record', async () => {
    const own = join(dir, 'first', 'devnet.json');
    const r = await ensureDeployment({ network: devnetNet, signer: signer(), file: own, allowDeploy: true });
    expect(r.action).toBe('deployed');
    expect(r.reason).toBe('no-record');
    expect(r.file).toBe(own);
    const first = r.deployment;
    expect(first).toMatchObject({
      network: 'devnet',
      admin: admin.address,
      minters: [admin.address],
      codeHash: codeHash(fa2EditionsCode()),
    });
    expect(first.contract).toMatch(/^KT1[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(first.opHash).toMatch(/^o[1-9A-HJ-NP-Za-km-z]{50}$/);
    expect(record(own)).toEqual(first);
    expect(readDeployment(own, devnetNet)).toEqual(first);
    expect(readFileSync(own, 'utf8')).not.toContain(admin.secretKey);

    const tz = new TezosToolkit(devnet.rpcUrl);
    const storage = await (
      await tz.contract.at(first.contract)
    ).storage<{ admin: string; minters: BigMapAbstraction }>();
    expect(storage.admin).toBe(admin.address);
    expect(await storage.minters.get(admin.address)).not.toBeUndefined();
    const block = await tz.rpc.getBlock({ block: String(first.level) });
    expect(block.operations.flat().some((op) => op.hash === first.opHash)).toBe(true);
  });

  it('with the record of a contract the chain still has, reuses it and sends no operation', async () => {
    const first = await deployedOnce();
    const before = await headLevel(devnet.rpcUrl);
    const r = await ensureDeployment({ network: devnetNet, signer: signer(), file, allowDeploy: true });
    expect(r).toEqual({ deployment: first, action: 'reused', reason: null, file });
    expect(await headLevel(devnet.rpcUrl)).toBe(before);
    // Reusing needs no key at all.
    expect((await ensureDeployment({ network: devnetNet, file, allowDeploy: false })).deployment).toEqual(first);
    expect(await headLevel(devnet.rpcUrl)).toBe(before);
  });

  it('after a reset (a fresh devnet on the same record), deploys again and rewrites the record', async () => {
    const first = await deployedOnce();
    const fresh = await startDevnet({ ephemeral: true, tzkt: tzktRoutes });
    try {
      const network = resolveNetwork({ network: 'devnet', rpc: fresh.rpcUrl });
      // A devnet's genesis hash comes from its start second: an operation first makes this chain's history differ
      // from the first devnet's even when both started within the same second (no reliance on the clock).
      const tz = new TezosToolkit(fresh.rpcUrl);
      tz.setSignerProvider(new InMemorySigner(bootstrapAccount(3).secretKey));
      await (await tz.contract.transfer({ to: bootstrapAccount(4).address, amount: 1 })).confirmation(1);
      const r = await ensureDeployment({ network, signer: signer(), file, allowDeploy: true });
      expect(r.action).toBe('deployed');
      expect(r.reason).toBe('contract-missing');
      // A new origination on the fresh chain, recorded with its own level (its address may coincide with the first
      // one's: a devnet's addresses derive from the same deployer's operations).
      expect(r.deployment).not.toEqual(first);
      expect(r.deployment.level).toBeGreaterThan(1);
      expect(record(file)).toEqual(r.deployment);
      // Without the right to deploy, the same situation is a coded error.
      const again = await startDevnet({ ephemeral: true, tzkt: tzktRoutes });
      try {
        const err = await rejection(
          ensureDeployment({
            network: resolveNetwork({ network: 'devnet', rpc: again.rpcUrl }),
            file,
            allowDeploy: false,
          }),
          'DEPLOYMENT_MISSING',
        );
        expect(err.detail).toMatchObject({ reason: 'contract-missing', contract: r.deployment.contract, file });
        expect(err.message).toContain('npm run deploy -- --network devnet');
      } finally {
        await again.stop();
      }
    } finally {
      await fresh.stop();
      // Back to the first devnet for the next tests.
      writeFileSync(file, `${JSON.stringify(first)}\n`);
    }
  });

  it('a recorded address that runs other code is replaced by a new deployment', async () => {
    const other = await otherContract(devnet.rpcUrl);
    const otherFile = join(dir, 'other', 'devnet.json');
    await ensureDeployment({ network: devnetNet, signer: signer(), file: otherFile, allowDeploy: true });
    writeFileSync(otherFile, JSON.stringify({ ...record(otherFile), contract: other }));
    const r = await ensureDeployment({ network: devnetNet, signer: signer(), file: otherFile, allowDeploy: true });
    expect(r.action).toBe('deployed');
    expect(r.reason).toBe('code-differs');
    expect(r.deployment.contract).not.toBe(other);
    expect(record(otherFile).contract).toBe(r.deployment.contract);
  });

  it('an unreadable record, or one of another network, is replaced', async () => {
    const badFile = join(dir, 'bad', 'devnet.json');
    await ensureDeployment({ network: devnetNet, signer: signer(), file: badFile, allowDeploy: true });
    writeFileSync(badFile, '{ not json');
    const r = await ensureDeployment({ network: devnetNet, signer: signer(), file: badFile, allowDeploy: true });
    expect(r).toMatchObject({ action: 'deployed', reason: 'invalid-record' });
    writeFileSync(badFile, JSON.stringify({ ...r.deployment, network: 'shadownet' }));
    expect(
      (await ensureDeployment({ network: devnetNet, signer: signer(), file: badFile, allowDeploy: true })).reason,
    ).toBe('invalid-record');
  });

  it('a needed deployment without a signer is a coded error, and nothing is sent', async () => {
    const before = await headLevel(devnet.rpcUrl);
    await rejection(
      ensureDeployment({ network: devnetNet, file: join(dir, 'nosigner', 'devnet.json'), allowDeploy: true }),
      'DEPLOYMENT_NO_SIGNER',
    );
    expect(await headLevel(devnet.rpcUrl)).toBe(before);
    expect(existsSync(join(dir, 'nosigner'))).toBe(false);
  });

  it('an RPC nobody listens on is DEPLOYMENT_RPC_UNREACHABLE', async () => {
    const first = await deployedOnce();
    const network = resolveNetwork({ network: 'devnet', rpc: `http://127.0.0.1:${await closedPort()}` });
    const err = await rejection(
      ensureDeployment({ network, signer: signer(), file, allowDeploy: true }),
      'DEPLOYMENT_RPC_UNREACHABLE',
    );
    expect(err.message).toContain(`cannot reach the Tezos RPC at ${network.rpcUrl}`);
    expect(record(file)).toEqual(first);
  });

  it('a URL that answers 404 to everything is not taken for a chain without the contract', async () => {
    const first = await deployedOnce();
    // The devnet's TzKT API root is an HTTP server, but not a Tezos node's RPC.
    const network = resolveNetwork({ network: 'devnet', rpc: devnet.tzktUrl, tzkt: devnet.tzktUrl });
    const err = await rejection(
      ensureDeployment({ network, signer: signer(), file, allowDeploy: true }),
      'DEPLOYMENT_RPC_UNREACHABLE',
    );
    expect(err.message).toContain("not a Tezos node's RPC");
    expect(record(file)).toEqual(first);
  });
});

describe('ensureDeployment where deploying is not allowed (Shadownet-like)', () => {
  it('without a deployment record: DEPLOYMENT_MISSING saying to run npm run deploy with the key, and nothing is sent', async () => {
    const before = await headLevel(devnet.rpcUrl);
    const missing = join(dir, 'shadow', 'shadownet.json');
    const err = await rejection(
      ensureDeployment({ network: shadowLike, signer: signer(), file: missing, allowDeploy: false }),
      'DEPLOYMENT_MISSING',
    );
    expect(err.message).toContain('TEZOS_SECRET_KEY=edsk… npm run deploy -- --network shadownet');
    expect(err.message).toContain('https://faucet.shadownet.teztnets.com');
    expect(err.detail).toMatchObject({ network: 'shadownet', reason: 'no-record', file: missing });
    expect(err.message).not.toContain(admin.secretKey);
    expect(existsSync(missing)).toBe(false);
    expect(await headLevel(devnet.rpcUrl)).toBe(before);
  });

  it('with the record of a contract that is on the chain, reuses it', async () => {
    const first = await deployedOnce();
    const shadowFile = join(dir, 'shadow-reused', 'shadownet.json');
    const deployment = { ...first, network: 'shadownet' };
    writeDeployment(shadowFile, deployment);
    expect(await ensureDeployment({ network: shadowLike, file: shadowFile, allowDeploy: false })).toEqual({
      deployment,
      action: 'reused',
      reason: null,
      file: shadowFile,
    });
  });

  it('a recorded contract that is not on the chain: DEPLOYMENT_MISSING', async () => {
    const first = await deployedOnce();
    const shadowFile = join(dir, 'shadow-gone', 'shadownet.json');
    const gone = 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi';
    writeDeployment(shadowFile, { ...first, network: 'shadownet', contract: gone });
    const err = await rejection(
      ensureDeployment({ network: shadowLike, file: shadowFile, allowDeploy: false }),
      'DEPLOYMENT_MISSING',
    );
    expect(err.detail).toMatchObject({ reason: 'contract-missing', contract: gone });
    expect(err.message).toContain(gone);
  });

  it('a recorded address whose code differs: DEPLOYMENT_CODE_MISMATCH, record untouched', async () => {
    const first = await deployedOnce();
    const other = await otherContract(devnet.rpcUrl);
    const shadowFile = join(dir, 'shadow-other', 'shadownet.json');
    writeDeployment(shadowFile, { ...first, network: 'shadownet', contract: other });
    const before = readFileSync(shadowFile, 'utf8');
    const err = await rejection(
      ensureDeployment({ network: shadowLike, signer: signer(), file: shadowFile, allowDeploy: false }),
      'DEPLOYMENT_CODE_MISMATCH',
    );
    expect(err.detail).toMatchObject({ reason: 'code-differs', contract: other });
    expect(err.message).toContain('npm run deploy -- --network shadownet');
    expect(readFileSync(shadowFile, 'utf8')).toBe(before);
  });

  it('an unreadable record: DEPLOYMENT_INVALID naming the file', async () => {
    const shadowFile = join(dir, 'shadow-bad.json');
    writeFileSync(shadowFile, JSON.stringify({ network: 'shadownet', contract: 'KT1nope' }));
    const err = await rejection(
      ensureDeployment({ network: shadowLike, file: shadowFile, allowDeploy: false }),
      'DEPLOYMENT_INVALID',
    );
    expect(err.message).toContain(shadowFile);
    expect(err.message).toContain('contract');
    expect(() => readDeployment(shadowFile, shadowLike)).toThrow(DeploymentError);
  });
});
