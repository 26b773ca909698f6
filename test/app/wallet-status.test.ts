/**
 * What the header says about the signed-in wallet (ui/wallet/wallet-status.ts): the balance in tez,
 * when it is too low for an approval (with Shadownet's faucet), and which network a Beacon wallet is on when it is
 * not the app's.
 */
import { describe, expect, it } from 'vitest';
import { NETWORKS } from '../../chain/networks';
import {
  formatTez,
  LOW_BALANCE_MUTEZ,
  lowBalance,
  NETWORK_LABEL,
  networkMismatch,
  SHADOWNET_FAUCET,
} from '../../ui/wallet/wallet-status';

describe('the header’s wallet status', () => {
  it('labels each network', () => {
    expect(NETWORK_LABEL).toEqual({ devnet: 'Devnet', shadownet: 'Shadownet', custom: 'Custom network' });
  });

  it('shows balances in tez, never rounded up', () => {
    expect(formatTez(100_000_000_000)).toBe('100,000 ꜩ');
    expect(formatTez(509_803)).toBe('0.5 ꜩ');
    expect(formatTez(999_999)).toBe('0.99 ꜩ');
    expect(formatTez(1_234_567)).toBe('1.23 ꜩ');
    expect(formatTez(0)).toBe('0 ꜩ');
  });

  it('a balance under 1 ꜩ is too low for an approval; on Shadownet it points to the faucet', () => {
    expect(LOW_BALANCE_MUTEZ).toBe(1_000_000);
    expect(lowBalance('shadownet', 1_000_000)).toBeNull();
    expect(lowBalance('shadownet', 420_000)).toEqual({
      text: "0.42 ꜩ is under 1 ꜩ, too little for an approval's fee and storage.",
      faucet: SHADOWNET_FAUCET,
    });
    expect(SHADOWNET_FAUCET).toBe('https://faucet.shadownet.teztnets.com');
    // The devnet and custom networks have no faucet to send people to.
    expect(lowBalance('devnet', 0)?.faucet).toBeNull();
    expect(lowBalance('custom', 10)?.faucet).toBeNull();
  });

  it('a Beacon wallet on the app’s network raises nothing', () => {
    const shadownet = { network: 'shadownet' as const, rpcUrl: NETWORKS.shadownet.rpcUrl };
    expect(networkMismatch(shadownet, { type: 'shadownet' })).toBeNull();
    expect(networkMismatch(shadownet, { type: 'custom', rpcUrl: `${NETWORKS.shadownet.rpcUrl}/` })).toBeNull();
    expect(
      networkMismatch(
        { network: 'devnet', rpcUrl: 'http://127.0.0.1:8732' },
        { type: 'custom', name: 'devnet', rpcUrl: 'http://127.0.0.1:8732' },
      ),
    ).toBeNull();
  });

  it('a Beacon wallet on another network is told which one it is on and which one the app needs', () => {
    expect(networkMismatch({ network: 'shadownet', rpcUrl: NETWORKS.shadownet.rpcUrl }, { type: 'ghostnet' })).toBe(
      'Your wallet is on Ghostnet, but this app plays on Shadownet: switch your wallet to Shadownet, then sign out and sign in again.',
    );
    expect(
      networkMismatch(
        { network: 'devnet', rpcUrl: 'http://127.0.0.1:8732' },
        { type: 'shadownet', rpcUrl: NETWORKS.shadownet.rpcUrl },
      ),
    ).toBe(
      'Your wallet is on Shadownet, but this app plays on the devnet (RPC http://127.0.0.1:8732): switch your wallet to that network, then sign out and sign in again.',
    );
    expect(
      networkMismatch(
        { network: 'custom', rpcUrl: 'https://rpc.example.org' },
        { type: 'custom', name: 'mine', rpcUrl: 'https://other.example.org' },
      ),
    ).toBe(
      'Your wallet is on a custom network “mine” (RPC https://other.example.org), but this app plays on its custom network (RPC https://rpc.example.org): switch your wallet to that network, then sign out and sign in again.',
    );
  });
});
