import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { networkForPage, type PageNetwork } from '../../chain/page-network';
import { isIndexerError, type IndexerErrorCode } from '../../chain/errors';
import { ChainUnavailable, ReadProblem } from './format';
import styles from './chain.module.css';

/** The page's URL names nothing there is: no such token, operation, block or account, or not even an id of one. */
const NOT_FOUND_CODES: ReadonlySet<IndexerErrorCode> = new Set([
  'NOT_FOUND',
  'BAD_ADDRESS',
  'BAD_CONTRACT',
  'BAD_TOKEN_ID',
  'BAD_OPERATION_HASH',
  'BAD_LEVEL',
]);

/** True when an indexer read failed because the page's URL names nothing (the page answers 404, not 200). */
export const namesNothing = (code: IndexerErrorCode): boolean => NOT_FOUND_CODES.has(code);

/**
 * A page that shows one thing read from the configured network's TzKT API: the thing rendered; the not-found page
 * (HTTP 404) when its URL names nothing there is; or — when no network is configured or the indexer cannot answer —
 * the sentence saying why, never a stack trace.
 */
export async function chainReadPage<T>(
  read: (tzktUrl: string) => Promise<T>,
  problemTitle: string,
  render: (found: T, network: PageNetwork) => ReactNode,
): Promise<ReactNode> {
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
    if (namesNothing(e.code)) notFound();
    return (
      <div className={styles.page}>
        <ReadProblem error={e} title={problemTitle} />
      </div>
    );
  }
  return render(found, chain.network);
}
