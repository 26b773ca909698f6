import type { Network } from './networks';

/**
 * An explorer link to an operation, a block or an account, or null on a network without an explorer (the devnet).
 * Its own module, free of dependencies, because browser code builds links too.
 */
export function explorerLink(network: Pick<Network, 'explorerUrl'>, id: string | number): string | null {
  return network.explorerUrl ? `${network.explorerUrl.replace(/\/+$/, '')}/${encodeURIComponent(String(id))}` : null;
}
