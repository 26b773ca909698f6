/**
 * Where a link to an operation, a block or an account goes: the network's TzKT explorer when it has one
 * (Shadownet: https://shadownet.tzkt.io/<hash>), else the app's own explorer pages (the devnet has no public
 * explorer). Safe for client components: it only builds strings.
 */
import { explorerLink } from '../../chain/explorer';
import type { Network } from '../../chain/networks';

/** What a link needs of a network. */
export type LinkNetwork = Pick<Network, 'explorerUrl'>;

const own = (path: string, id: string | number): string => `/explorer/${path}/${encodeURIComponent(String(id))}`;

/** An operation group's page. */
export function opHref(network: LinkNetwork, hash: string): string {
  return explorerLink(network, hash) ?? own('op', hash);
}

/** A block's page. */
export function blockHref(network: LinkNetwork, level: number | string): string {
  return explorerLink(network, level) ?? own('block', level);
}

/** An account's (or contract's) page. */
export function accountHref(network: LinkNetwork, address: string): string {
  return explorerLink(network, address) ?? own('account', address);
}
