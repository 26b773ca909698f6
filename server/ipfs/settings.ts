/**
 * Where the app's IPFS node keeps its blocks and how it is reached, from the environment:
 * - `IPFS_DATA_DIR`: the node's folder (default: beside the games' data, `<GAMES_DATA_DIR>-ipfs`, `.data/ipfs` with
 *   PostgreSQL or the default folder; in memory when the games are, `GAMES_DATA_DIR=memory://`);
 * - `IPFS_LISTEN`: libp2p listen addresses, comma-separated (default `/ip4/127.0.0.1/tcp/0`: loopback only — an
 *   operator who wants other nodes to fetch from this one listens on a public address, e.g. `/ip4/0.0.0.0/tcp/4001`);
 * - `IPFS_FALLBACK_GATEWAY`: where `/ipfs/<cid>` sends content this node does not hold (default `https://ipfs.io`,
 *   `none` for a 404).
 */
import { DEFAULT_DATA_DIR } from '../store/create-store';

export interface IpfsSettings {
  /** null: in memory. */
  readonly dir: string | null;
  readonly listen: readonly string[];
  readonly fallbackGateway: string | null;
}

export interface IpfsEnv {
  readonly IPFS_DATA_DIR?: string | undefined;
  readonly IPFS_LISTEN?: string | undefined;
  readonly IPFS_FALLBACK_GATEWAY?: string | undefined;
  readonly GAMES_DATA_DIR?: string | undefined;
  readonly DATABASE_URL?: string | undefined;
  readonly [name: string]: string | undefined;
}

export function ipfsSettingsFromEnv(env: IpfsEnv): IpfsSettings {
  const games = env.GAMES_DATA_DIR || '';
  const dir =
    env.IPFS_DATA_DIR ||
    (games === 'memory://' && !env.DATABASE_URL
      ? null
      : games && !env.DATABASE_URL
        ? `${games.replace(/\/+$/, '')}-ipfs`
        : `${DEFAULT_DATA_DIR.replace(/\/games$/, '')}/ipfs`);
  const listen = (env.IPFS_LISTEN || '/ip4/127.0.0.1/tcp/0')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const fallback = env.IPFS_FALLBACK_GATEWAY ?? 'https://ipfs.io';
  return { dir, listen, fallbackGateway: fallback === 'none' || fallback === '' ? null : fallback };
}
