/** Networks are configuration: presets, overrides, custom URLs, and coded errors for bad settings. */
import { describe, expect, it } from 'vitest';
import { explorerLink, networkFromEnv, NETWORKS, resolveNetwork } from '../../chain/networks';
import { NetworkConfigError } from '../../chain/errors';
import { thrown } from '../engine/thrown';

const codeOf = (f: () => unknown): { code: string; field: string; message: string } => {
  const err = thrown(f, NetworkConfigError);
  return { code: err.code, field: err.field, message: err.message };
};

describe('resolveNetwork', () => {
  it('defaults to the local devnet (RPC on 8732, TzKT under /tzkt, no explorer)', () => {
    expect(resolveNetwork()).toEqual({
      name: 'devnet',
      rpcUrl: 'http://127.0.0.1:8732',
      tzktUrl: 'http://127.0.0.1:8732/tzkt',
      explorerUrl: null,
    });
    expect(resolveNetwork({ network: '' })).toEqual(NETWORKS.devnet);
  });

  it('knows Shadownet: teztnets RPC, TzKT API and explorer', () => {
    expect(resolveNetwork({ network: 'shadownet' })).toEqual({
      name: 'shadownet',
      rpcUrl: 'https://rpc.shadownet.teztnets.com',
      tzktUrl: 'https://api.shadownet.tzkt.io',
      explorerUrl: 'https://shadownet.tzkt.io',
    });
  });

  it('a devnet on another port moves its TzKT API with it', () => {
    expect(resolveNetwork({ rpc: 'http://127.0.0.1:40123/' })).toEqual({
      name: 'devnet',
      rpcUrl: 'http://127.0.0.1:40123',
      tzktUrl: 'http://127.0.0.1:40123/tzkt',
      explorerUrl: null,
    });
  });

  it('custom takes any RPC + TzKT pair (trailing slashes dropped) and an optional explorer', () => {
    expect(
      resolveNetwork({
        network: 'custom',
        rpc: 'https://rpc.example.org/',
        tzkt: 'https://api.example.org',
        explorer: 'https://tzkt.example.org',
      }),
    ).toEqual({
      name: 'custom',
      rpcUrl: 'https://rpc.example.org',
      tzktUrl: 'https://api.example.org',
      explorerUrl: 'https://tzkt.example.org',
    });
  });

  it('an unknown network name is refused with NETWORK_UNKNOWN', () => {
    expect(codeOf(() => resolveNetwork({ network: 'mainnet' }))).toMatchObject({
      code: 'NETWORK_UNKNOWN',
      field: 'network',
    });
  });

  it('a URL that is not http(s) is refused with NETWORK_BAD_URL naming the setting', () => {
    expect(codeOf(() => resolveNetwork({ rpc: 'ftp://rpc.example.org' }))).toMatchObject({
      code: 'NETWORK_BAD_URL',
      field: 'rpc',
    });
    expect(codeOf(() => resolveNetwork({ network: 'shadownet', tzkt: 'not a url' }))).toMatchObject({
      code: 'NETWORK_BAD_URL',
      field: 'tzkt',
    });
    expect(codeOf(() => resolveNetwork({ explorer: 'javascript:alert(1)' }))).toMatchObject({
      code: 'NETWORK_BAD_URL',
      field: 'explorer',
    });
  });

  it('custom without both URLs is refused with NETWORK_MISSING_URL', () => {
    const e = codeOf(() => resolveNetwork({ network: 'custom', rpc: 'http://localhost:8732' }));
    expect(e).toMatchObject({ code: 'NETWORK_MISSING_URL', field: 'tzkt' });
    expect(e.message).toContain('--tzkt');
    expect(codeOf(() => resolveNetwork({ network: 'custom' }))).toMatchObject({
      code: 'NETWORK_MISSING_URL',
      field: 'rpc',
    });
  });
});

describe('networkFromEnv', () => {
  it('reads TEZOS_NETWORK, TEZOS_RPC_URL and TZKT_URL (what npm start passes)', () => {
    expect(networkFromEnv({})).toEqual(NETWORKS.devnet);
    expect(
      networkFromEnv({ TEZOS_RPC_URL: 'http://127.0.0.1:9999', TZKT_URL: 'http://127.0.0.1:9999/tzkt' }),
    ).toMatchObject({
      name: 'devnet',
      rpcUrl: 'http://127.0.0.1:9999',
      tzktUrl: 'http://127.0.0.1:9999/tzkt',
    });
    expect(networkFromEnv({ TEZOS_NETWORK: 'shadownet' })).toEqual(NETWORKS.shadownet);
  });

  it('errors name the environment variable', () => {
    const e = codeOf(() => networkFromEnv({ TEZOS_NETWORK: 'custom', TEZOS_RPC_URL: 'http://x.org' }));
    expect(e).toMatchObject({ code: 'NETWORK_MISSING_URL', field: 'TZKT_URL' });
    expect(codeOf(() => networkFromEnv({ TZKT_URL: 'nope' }))).toMatchObject({
      code: 'NETWORK_BAD_URL',
      field: 'TZKT_URL',
    });
  });
});

describe('explorerLink', () => {
  it('links operations on an explorer network, nothing on the devnet', () => {
    const op = 'ooG2J1V1bLdQ8x8ZbN3cPjkL4TjWk5Vd7NcyhS3AXeJNuJXv1Wr';
    expect(explorerLink(NETWORKS.shadownet, op)).toBe(`https://shadownet.tzkt.io/${op}`);
    expect(explorerLink(NETWORKS.devnet, op)).toBeNull();
  });
});
