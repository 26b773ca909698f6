import { systemClock } from '../../chain/clock';
import { ChainGames } from '../chain/chain-games';
import { ChainStore } from '../chain/chain-store';
import { chainSettingsFromEnv } from '../chain/settings';
import { limitSettingsFromEnv } from '../limits';
import { getContentNode } from '../ipfs/singleton';
import { createStore } from '../store';
import { GameHost } from './game-host';

// Next.js re-evaluates modules (dev reloads, several route bundles); the host and its database must exist once per
// process, so the promise lives on globalThis under a registry symbol.
const KEY = Symbol.for('tezos-pole.game-host');
type Registry = { [KEY]?: Promise<GameHost> };

/**
 * The process's GameHost, over the store the environment selects (PGlite under `.data/games` unless DATABASE_URL),
 * with on-chain games when the environment configures a chain (chain/status.ts), under the environment's limits
 * (server/limits).
 */
export function getHost(): Promise<GameHost> {
  const registry = globalThis as Registry;
  let host = registry[KEY];
  if (!host) {
    host = createStore(process.env).then(async (store) => {
      const chain = chainSettingsFromEnv(process.env);
      // What the tokens point to lives on the process's IPFS node, the one /ipfs/<cid> serves.
      const content = chain.ok ? await getContentNode() : undefined;
      const limits = limitSettingsFromEnv(process.env);
      const costs = { idleMs: limits.idleSeconds * 1000, streams: limits.streams, chatRate: limits.rates.chat };
      // One clock for the host and its chain side: a pause's retry time and a turn timer read the same time.
      const clock = systemClock;
      return GameHost.open(
        store,
        chain.ok
          ? {
              ...costs,
              clock,
              chain: new ChainGames(new ChainStore(store.sql), chain.settings, {
                walletLimits: limits.chain,
                clock,
                ...(content ? { content } : {}),
              }),
            }
          : { ...costs, clock, chainUnavailable: chain.explanation },
      );
    });
    // A failed start (database down) is retried on the next request instead of being cached for good.
    host.catch(() => {
      if (registry[KEY] === host) delete registry[KEY];
    });
    registry[KEY] = host;
  }
  return host;
}
