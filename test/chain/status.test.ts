/**
 * chainStatus (chain/status.ts): what the app can use of Tezos under an environment, or the first missing
 * piece with the explanation a page shows; the bank key never appears in a result.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainStatus, type ChainStatus } from '../../chain/status';
import { writeDeployment, type Deployment } from '../../chain/deployment';

// bootstrap1 of the devnet: a public test key.
const KEY = 'edsk3NuKWZ8CuYBMoZD69Y9z7rb2vQ8S7w9mYMQs5iK3GTkSdJACFP';
const ADMIN = 'tz1UCiXsTDXmRMUUKNYhNwFHmhmqLn5etPGP';
const KT1 = 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi';
const record = (network: string, contract = KT1): Deployment => ({
  network,
  contract,
  admin: ADMIN,
  minters: [ADMIN],
  level: 12,
  opHash: 'ooKJhMNjRHDMkc6SbsB2VgqMrXo1yjUz4Lv8CKVv2ZXbVGUu6sb',
  codeHash: 'exprtZBwZUeYYYfUs9B9Rg2ywHezVHnCCnmF9WsDQVrs582dSK63dC',
});

let dir = '';
let empty = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'chain-status-'));
  empty = mkdtempSync(join(tmpdir(), 'chain-status-empty-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(empty, { recursive: true, force: true });
});

const devnetEnv = {
  TEZOS_NETWORK: 'devnet',
  TEZOS_RPC_URL: 'http://127.0.0.1:8732',
  TZKT_URL: 'http://127.0.0.1:8732/tzkt',
  POLE_FA2_CONTRACT: KT1,
  POLE_BANK_SECRET_KEY: KEY,
};

const failed = (s: ChainStatus): Extract<ChainStatus, { ok: false }> => {
  if (s.ok) throw new Error(`expected a problem, got ${JSON.stringify(s)}`);
  expect(s.explanation).not.toContain(KEY);
  return s;
};

describe('chainStatus', () => {
  it("npm start's devnet environment is ready: network, URLs and contract, no key in the result", () => {
    const s = chainStatus(devnetEnv, { deploymentsDir: empty });
    expect(s).toEqual({
      ok: true,
      network: 'devnet',
      contract: KT1,
      contractSource: 'env',
      rpcUrl: 'http://127.0.0.1:8732',
      tzktUrl: 'http://127.0.0.1:8732/tzkt',
      explorerUrl: null,
    });
    expect(JSON.stringify(s)).not.toContain(KEY);
  });

  it('NO_NETWORK without TEZOS_NETWORK: says to use npm start, or how to set up Shadownet', () => {
    for (const env of [{}, { TEZOS_NETWORK: '  ' }, { POLE_BANK_SECRET_KEY: KEY }]) {
      const s = failed(chainStatus(env, { deploymentsDir: empty }));
      expect(s.problem).toBe('NO_NETWORK');
      expect(s.network).toBeNull();
      expect(s.explanation).toContain('`npm start`');
      expect(s.explanation).toContain('npm run deploy -- --network shadownet');
    }
  });

  it('BAD_NETWORK names the setting at fault', () => {
    const unknown = failed(chainStatus({ TEZOS_NETWORK: 'mainnet' }));
    expect(unknown.problem).toBe('BAD_NETWORK');
    expect(unknown.explanation).toContain('TEZOS_NETWORK');
    const url = failed(chainStatus({ TEZOS_NETWORK: 'shadownet', TEZOS_RPC_URL: 'not a url' }));
    expect(url.problem).toBe('BAD_NETWORK');
    expect(url.explanation).toContain('TEZOS_RPC_URL');
    expect(failed(chainStatus({ TEZOS_NETWORK: 'custom' })).problem).toBe('BAD_NETWORK');
  });

  it('NO_BANK_KEY on Shadownet explains the key, the faucet and npm run deploy', () => {
    const s = failed(chainStatus({ TEZOS_NETWORK: 'shadownet', POLE_FA2_CONTRACT: KT1 }));
    expect(s).toMatchObject({ problem: 'NO_BANK_KEY', network: 'shadownet' });
    expect(s.explanation).toMatch(/^Shadownet needs POLE_BANK_SECRET_KEY/);
    expect(s.explanation).toContain('https://faucet.shadownet.teztnets.com');
    expect(s.explanation).toContain('npm run deploy -- --network shadownet');
    expect(s.explanation).toContain('TEZOS_NETWORK=shadownet POLE_BANK_SECRET_KEY=edsk… npm start');
  });

  it('NO_BANK_KEY on the devnet points to npm start', () => {
    const { POLE_BANK_SECRET_KEY: _key, ...env } = devnetEnv;
    const s = failed(chainStatus(env));
    expect(s).toMatchObject({ problem: 'NO_BANK_KEY', network: 'devnet' });
    expect(s.explanation).toContain('`npm start`');
  });

  it('BAD_BANK_KEY does not echo the value', () => {
    const bad = 'edskNotAKeyAtAll';
    const s = failed(chainStatus({ ...devnetEnv, POLE_BANK_SECRET_KEY: bad }));
    expect(s.problem).toBe('BAD_BANK_KEY');
    expect(s.explanation).not.toContain(bad);
    expect(s.explanation).toContain('edsk…');
  });

  it('NO_CONTRACT without POLE_FA2_CONTRACT nor a deployment record: per network, what deploys it', () => {
    const { POLE_FA2_CONTRACT: _c, ...devnet } = devnetEnv;
    const d = failed(chainStatus(devnet, { deploymentsDir: empty }));
    expect(d).toMatchObject({ problem: 'NO_CONTRACT', network: 'devnet' });
    expect(d.explanation).toContain('`npm start`');
    expect(d.explanation).toContain(join(empty, 'devnet.json'));
    const s = failed(chainStatus({ TEZOS_NETWORK: 'shadownet', POLE_BANK_SECRET_KEY: KEY }, { deploymentsDir: empty }));
    expect(s).toMatchObject({ problem: 'NO_CONTRACT', network: 'shadownet' });
    expect(s.explanation).toContain('TEZOS_SECRET_KEY=edsk… npm run deploy -- --network shadownet');
    expect(s.explanation).toContain('POLE_FA2_CONTRACT=KT1…');
    expect(
      failed(chainStatus({ TEZOS_NETWORK: 'shadownet', POLE_BANK_SECRET_KEY: KEY }, { deploymentsDir: null })).problem,
    ).toBe('NO_CONTRACT');
  });

  it("without POLE_FA2_CONTRACT, reads the contract from npm run deploy's record of that network", () => {
    writeDeployment(join(dir, 'shadownet.json'), record('shadownet'));
    const s = chainStatus({ TEZOS_NETWORK: 'shadownet', POLE_BANK_SECRET_KEY: KEY }, { deploymentsDir: dir });
    expect(s).toEqual({
      ok: true,
      network: 'shadownet',
      contract: KT1,
      contractSource: 'deployment',
      rpcUrl: 'https://rpc.shadownet.teztnets.com',
      tzktUrl: 'https://api.shadownet.tzkt.io',
      explorerUrl: 'https://shadownet.tzkt.io',
    });
  });

  it('BAD_CONTRACT: a POLE_FA2_CONTRACT that is not KT1…, or a record that is not one of this network', () => {
    expect(
      failed(chainStatus({ ...devnetEnv, POLE_FA2_CONTRACT: 'tz1UCiXsTDXmRMUUKNYhNwFHmhmqLn5etPGP' })).problem,
    ).toBe('BAD_CONTRACT');
    writeFileSync(join(dir, 'custom.json'), '{ not json');
    const env = {
      TEZOS_NETWORK: 'custom',
      TEZOS_RPC_URL: 'http://10.0.0.1:8732',
      TZKT_URL: 'http://10.0.0.1:5000',
      POLE_BANK_SECRET_KEY: KEY,
    };
    const bad = failed(chainStatus(env, { deploymentsDir: dir }));
    expect(bad.problem).toBe('BAD_CONTRACT');
    expect(bad.explanation).toContain(join(dir, 'custom.json'));
    writeDeployment(join(dir, 'custom.json'), record('shadownet'));
    expect(failed(chainStatus(env, { deploymentsDir: dir })).explanation).toContain(
      'records a deployment on shadownet, not custom',
    );
  });
});
