import { accountHref, opHref, blockHref, type LinkNetwork } from './explorer-links';
import type { TokenDetail } from '../../chain/indexer';
import { originalToken } from '../../chain/token-metadata';
import { tokenHref } from './collection-grid';
import { shortAddress } from '../../chain/explorer';
import { SendCopy } from './send-copy';
import { Address, formatPercent, formatTime } from './format';
import { TokenArt } from './token-art';
import styles from './chain.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { NumHeading, ScrollTable } from '../lib/tables';

/**
 * One token's page: artwork, title and artist, edition x/y, metadata (description, creators, royalties,
 * attributes, the game it belongs to, the token it was featured from), current owners, and every mint, transfer and burn with its operation.
 */
export function TokenView({ detail, network }: { detail: TokenDetail; network: LinkNetwork }) {
  const { token } = detail;
  // A game token of a work featured in the studio names the token it was featured from.
  const origin = originalToken(token);
  const account = (a: string) => <Address address={a} href={accountHref(network, a)} />;
  return (
    <article className={styles.page} aria-labelledby="token-heading" data-testid="token-page">
      <div className={styles.tokenHero} data-testid="token-hero">
        <TokenArt token={token} />
        <div className={styles.tokenHeroInfo}>
          <h1 id="token-heading">{token.title}</h1>
          {token.artist && <p className={styles.lede}>by {token.artist}</p>}
          <span className={styles.editionPill} data-testid="token-edition" title="Copies in existence / edition size">
            {token.edition}
          </span>
          {token.description && <p>{token.description}</p>}
          <dl className={styles.kv}>
            <dt>Creator{token.creators.length === 1 ? '' : 's'}</dt>
            <dd>
              {token.creators.length
                ? token.creators.map((c, i) => (
                    <span key={c}>
                      {i > 0 && ', '}
                      {account(c)}
                    </span>
                  ))
                : 'not stated'}
            </dd>
            <dt>Royalties</dt>
            <dd data-testid="token-royalties">
              {token.royalties.length
                ? token.royalties.map((r, i) => (
                    <span key={r.address}>
                      {i > 0 && ', '}
                      {formatPercent(r.percent)} to {account(r.address)}
                    </span>
                  ))
                : 'none'}
            </dd>
            {origin && (
              <>
                <dt>Original</dt>
                <dd data-testid="token-origin">
                  Featured from{' '}
                  <a href={tokenHref(origin.contract, origin.tokenId)} title={`${origin.contract}/${origin.tokenId}`}>
                    {shortAddress(origin.contract)}/{origin.tokenId}
                  </a>
                </dd>
              </>
            )}
            {token.facts && (
              <>
                <dt>Game</dt>
                <dd data-testid="token-game">{token.facts.gameId}</dd>
              </>
            )}
            <dt>Supply</dt>
            <dd>
              {token.supply} in existence{token.maxSupply !== null && ` of ${token.maxSupply}`} · {detail.totalMinted}{' '}
              minted, {detail.totalBurned} burnt
              {token.retired && ' · minting retired'}
            </dd>
            <dt>Token</dt>
            <dd>
              #{token.tokenId} of {account(token.contract)} · first minted at level{' '}
              <a href={blockHref(network, detail.firstLevel)}>{detail.firstLevel}</a>
            </dd>
          </dl>
          {token.metadataProblem && <p className={cx(ui.muted, ui.small)}>Metadata: {token.metadataProblem}.</p>}
        </div>
      </div>

      {token.attributes.length > 0 && (
        <section className={ui.panel} aria-labelledby="attributes-heading">
          <h2 id="attributes-heading">Attributes</h2>
          <table className={ui.dataTable} data-testid="token-attributes">
            <tbody>
              {token.attributes.map((a) => (
                <tr key={a.name}>
                  <th scope="row">{a.name}</th>
                  <td>{a.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <section className={ui.panel} aria-labelledby="owners-heading">
        <h2 id="owners-heading">Owners</h2>
        {detail.owners.length === 0 ? (
          <p className={ui.muted}>Nobody holds a copy now.</p>
        ) : (
          <table className={ui.dataTable} data-testid="token-owners">
            <thead>
              <tr>
                <th scope="col">Owner</th>
                <NumHeading>Copies</NumHeading>
              </tr>
            </thead>
            <tbody>
              {detail.owners.map((o) => (
                <tr key={o.address}>
                  <td>{account(o.address)}</td>
                  <td className={ui.num}>{o.balance}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <SendCopy contract={token.contract} tokenId={token.tokenId} owners={detail.owners} network={network} />
      </section>

      <section className={ui.panel} aria-labelledby="history-heading">
        <h2 id="history-heading">History</h2>
        <ScrollTable
          testId="token-history"
          head={
            <>
              <th scope="col">Event</th>
              <th scope="col">From → to</th>
              <NumHeading>Amount</NumHeading>
              <NumHeading>Level</NumHeading>
              <th scope="col">Time</th>
              <th scope="col">Operation</th>
            </>
          }
        >
          {detail.history.map((h, i) => (
            <tr key={i} data-kind={h.kind}>
              <td className={styles.moveKind}>{h.kind}</td>
              <td>
                {h.from ? account(h.from) : <span className={ui.muted}>minted</span>} →{' '}
                {h.to ? account(h.to) : <span className={ui.muted}>burnt</span>}
              </td>
              <td className={ui.num}>{h.amount}</td>
              <td className={ui.num}>
                <a href={blockHref(network, h.level)}>{h.level}</a>
              </td>
              <td>{formatTime(h.timestamp)}</td>
              <td>
                {h.opHash ? (
                  <a className={styles.addr} href={opHref(network, h.opHash)} title={h.opHash}>
                    {h.opHash.slice(0, 8)}…
                  </a>
                ) : (
                  <span className={ui.muted}>—</span>
                )}
              </td>
            </tr>
          ))}
        </ScrollTable>
      </section>
    </article>
  );
}
