/**
 * Where a link to an operation, a block or an account goes: the network's TzKT explorer when it has one
 * (Shadownet: https://shadownet.tzkt.io/<hash>), else the app's own explorer pages (the devnet has no public
 * explorer). Safe for client components: it only builds strings.
 */
import type { Network } from '../../chain/networks';

/** What a link needs of a network. */
export type LinkNetwork = Pick<Network, 'explorerUrl'>;

const own = (path: string, id: string | number): string => `/explorer/${path}/${encodeURIComponent(String(id))}`;
const external = (explorerUrl: string, id: string | number): string => `${explorerUrl.replace(/\/+$/, '')}/${encodeURIComponent(String(id))}`;

/** An operation group's page. */
export function opHref(network: LinkNetwork, hash: string): string {
  return network.explorerUrl ? external(network.explorerUrl, hash) : own('op', hash);
}

/** A block's page. */
export function blockHref(network: LinkNetwork, level: number | string): string {
  return network.explorerUrl ? external(network.explorerUrl, level) : own('block', level);
}

/** An account's (or contract's) page. */
export function accountHref(network: LinkNetwork, address: string): string {
  return network.explorerUrl ? external(network.explorerUrl, address) : own('account', address);
}
