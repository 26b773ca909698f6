import type { Network } from './networks';

/**
 * An explorer link to an operation, a block or an account, or null on a network without an explorer (the devnet).
 * Its own module, free of dependencies, because browser code builds links (and short addresses) too.
 */
export function explorerLink(network: Pick<Network, 'explorerUrl'>, id: string | number): string | null {
  return network.explorerUrl ? `${network.explorerUrl.replace(/\/+$/, '')}/${encodeURIComponent(String(id))}` : null;
}

/** "tz1abc…wxyz": the first six and last four characters of an address (a short one as it is). */
export const shortAddress = (address: string): string =>
  address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
