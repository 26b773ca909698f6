import type { ReactNode } from 'react';
import { networkForPage, type PageNetwork } from '../../chain/page-network';
import { isIndexerError } from '../../chain/errors';
import { ChainUnavailable, ReadProblem } from './format';
import styles from './chain.module.css';

/**
 * A page that shows one thing read from the configured network's TzKT API: the thing rendered, or — when no network
 * is configured or the indexer cannot answer — the sentence saying why, never a stack trace.
 */
export async function chainReadPage<T>(read: (tzktUrl: string) => Promise<T>, problemTitle: string, render: (found: T, network: PageNetwork) => ReactNode): Promise<ReactNode> {
  const chain = networkForPage(process.env);
  if (!chain.ok) {
    return (
      <div className={styles.page}>
        <ChainUnavailable explanation={chain.explanation} />
      </div>
    );
  }
  let found: T;
  try {
    found = await read(chain.network.tzktUrl);
  } catch (e) {
    if (!isIndexerError(e)) throw e;
    return (
      <div className={styles.page}>
        <ReadProblem error={e} title={problemTitle} />
      </div>
    );
  }
  return render(found, chain.network);
}
