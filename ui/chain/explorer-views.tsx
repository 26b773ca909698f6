import { accountHref, blockHref, opHref, type LinkNetwork } from './explorer-links';
import type { AccountSummary, BlockSummary, OperationContent, OperationGroup } from '../../chain/indexer';
import { tokenHref } from './collection-grid';
import { Address, formatTez, formatTime } from './format';
import styles from './chain.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { Headings, NumHeading, ScrollTable } from '../lib/tables';

const Status = ({ status }: { status: string }) => (
  <span className={styles.opStatus} data-status={status}>
    {status}
  </span>
);

/** A content's kind ("internal transaction" for one a contract made) and the entrypoint it calls, if any. */
const ContentKind = ({ c, internal }: { c: OperationContent; internal: string }) => (
  <>
    {c.internal ? internal : ''}
    {c.type}
    {c.entrypoint && (
      <>
        {' '}
        <code>{c.entrypoint}</code>
      </>
    )}
  </>
);

/** An explorer page: what it shows, its address or hash, the facts about it, then its lists (`children`). */
function ExplorerArticle({
  id,
  testId,
  title,
  address,
  addressTitle,
  facts,
  children,
}: {
  id: string;
  testId: string;
  title: string;
  address: string;
  /** The address again as the lede's tooltip, where a long hash may be cut. */
  addressTitle?: string;
  facts: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <article className={styles.page} aria-labelledby={id} data-testid={testId}>
      <header>
        <h1 id={id}>{title}</h1>
        <p className={cx(styles.lede, styles.addr)} title={addressTitle}>
          {address}
        </p>
      </header>
      <dl className={cx(styles.kv, ui.panel)}>{facts}</dl>
      {children}
    </article>
  );
}

/** Where a content goes: the contract called, the account paid, or the contract originated. */
function Destination({ c, network }: { c: OperationContent; network: LinkNetwork }) {
  const to = c.target ?? c.originatedContract;
  return to ? <Address address={to} href={accountHref(network, to)} /> : <span className={ui.muted}>—</span>;
}

/** An operation group: status, block, and each content's sender, target, entrypoint, parameters, fee, gas, storage. */
export function OperationPanel({ group, network }: { group: OperationGroup; network: LinkNetwork }) {
  return (
    <ExplorerArticle
      id="op-heading"
      testId="explorer-operation"
      title="Operation"
      address={group.hash}
      addressTitle={group.hash}
      facts={
        <>
          <dt>Status</dt>
          <dd data-testid="op-status">
            <Status status={group.status} />
          </dd>
          <dt>Block</dt>
          <dd>
            <a href={blockHref(network, group.level)}>{group.level}</a>
          </dd>
          <dt>Time</dt>
          <dd>{formatTime(group.timestamp)}</dd>
        </>
      }
    >
      {group.contents.map((c) => (
        <section
          key={c.id}
          className={ui.panel}
          aria-label={`${c.internal ? 'internal ' : ''}${c.type}`}
          data-testid="op-content"
        >
          <h2>
            <ContentKind c={c} internal="Internal " />
          </h2>
          <dl className={styles.kv}>
            <dt>Status</dt>
            <dd>
              <Status status={c.status} />
              {c.errors.length > 0 && <span className={cx(ui.muted, ui.small)}> ({c.errors.join(', ')})</span>}
            </dd>
            <dt>Sender</dt>
            <dd>{c.sender ? <Address address={c.sender} href={accountHref(network, c.sender)} /> : '—'}</dd>
            <dt>{c.type === 'origination' ? 'Originated' : 'Target'}</dt>
            <dd>
              <Destination c={c} network={network} />
            </dd>
            <dt>Amount</dt>
            <dd>{formatTez(c.amount)}</dd>
            <dt>Fee</dt>
            <dd>{formatTez(c.fee)}</dd>
            <dt>Gas used</dt>
            <dd>{c.gasUsed.toLocaleString('en-US')}</dd>
            <dt>Storage</dt>
            <dd>
              {c.storageUsed.toLocaleString('en-US')} bytes{c.storageFee > 0 && ` (${formatTez(c.storageFee)} burnt)`}
            </dd>
          </dl>
          {c.parameters !== null && (
            <>
              <h3 className={ui.panelTitle}>Parameters</h3>
              <pre className={styles.jsonBlock} data-testid="op-parameters">
                {JSON.stringify(c.parameters, null, 2)}
              </pre>
            </>
          )}
        </section>
      ))}
    </ExplorerArticle>
  );
}

/** A block: level, hash, time, fees, and its operations. */
export function BlockPanel({ block, network }: { block: BlockSummary; network: LinkNetwork }) {
  return (
    <ExplorerArticle
      id="block-heading"
      testId="explorer-block"
      title={`Block ${block.level}`}
      address={block.hash}
      addressTitle={block.hash}
      facts={
        <>
          <dt>Time</dt>
          <dd>{formatTime(block.timestamp)}</dd>
          <dt>Fees</dt>
          <dd>{formatTez(block.fees)}</dd>
          <dt>Neighbours</dt>
          <dd>
            {block.level > 0 && <a href={blockHref(network, block.level - 1)}>← {block.level - 1}</a>}{' '}
            <a href={blockHref(network, block.level + 1)}>{block.level + 1} →</a>
          </dd>
        </>
      }
    >
      <section className={ui.panel} aria-labelledby="block-ops-heading">
        <h2 id="block-ops-heading">Operations</h2>
        {block.operations.length === 0 ? (
          <p className={ui.muted}>No operations in this block.</p>
        ) : (
          <ScrollTable
            testId="block-operations"
            head={<Headings names={['Operation', 'Kind', 'Sender', 'Target', 'Status']} />}
          >
            {block.operations.map((c) => (
              <tr key={c.id}>
                <td>
                  <a className={styles.addr} href={opHref(network, c.hash)} title={c.hash}>
                    {c.hash.slice(0, 10)}…
                  </a>
                </td>
                <td>
                  <ContentKind c={c} internal="internal " />
                </td>
                <td>{c.sender ? <Address address={c.sender} href={accountHref(network, c.sender)} /> : '—'}</td>
                <td>
                  <Destination c={c} network={network} />
                </td>
                <td>
                  <Status status={c.status} />
                </td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </section>
    </ExplorerArticle>
  );
}

/** An account: type, balance, activity, and the tokens it holds. */
export function AccountPanel({ account, network }: { account: AccountSummary; network: LinkNetwork }) {
  return (
    <ExplorerArticle
      id="account-heading"
      testId="explorer-account"
      title={account.type === 'contract' ? 'Contract' : 'Account'}
      address={account.address}
      facts={
        <>
          <dt>Type</dt>
          <dd>
            {account.type}
            {account.kind && ` (${account.kind})`}
            {account.tzips.length > 0 && ` · ${account.tzips.map((t) => t.toUpperCase()).join(', ')}`}
          </dd>
          <dt>Balance</dt>
          <dd data-testid="account-balance">{formatTez(account.balance)}</dd>
          <dt>Transactions</dt>
          <dd>{account.numTransactions}</dd>
          {account.firstActivityTime && (
            <>
              <dt>Active</dt>
              <dd>
                {formatTime(account.firstActivityTime)}
                {account.lastActivityTime && ` – ${formatTime(account.lastActivityTime)}`}
              </dd>
            </>
          )}
          {account.type === 'user' && (
            <>
              <dt>Collection</dt>
              <dd>
                <a href={`/collection/${account.address}`}>Tezos Pole tokens of this address</a>
              </dd>
            </>
          )}
        </>
      }
    >
      <section className={ui.panel} aria-labelledby="account-tokens-heading">
        <h2 id="account-tokens-heading">Tokens</h2>
        {account.tokens.length === 0 ? (
          <p className={ui.muted}>No tokens held.</p>
        ) : (
          <table className={ui.dataTable} data-testid="account-tokens">
            <thead>
              <tr>
                <th scope="col">Token</th>
                <th scope="col">Contract</th>
                <NumHeading>Balance</NumHeading>
              </tr>
            </thead>
            <tbody>
              {account.tokens.map((t) => (
                <tr key={`${t.contract}/${t.tokenId}`}>
                  <td>
                    <a href={tokenHref(t.contract, t.tokenId)}>{t.name}</a>{' '}
                    <span className={cx(ui.muted, ui.small)}>#{t.tokenId}</span>
                  </td>
                  <td>
                    <Address address={t.contract} href={accountHref(network, t.contract)} />
                  </td>
                  <td className={ui.num}>{t.balance}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </ExplorerArticle>
  );
}
