import type { LinkNetwork } from './explorer-links';
import { accountHref } from './explorer-links';
import type { Collection } from '../../chain/indexer';
import { Address } from './format';
import { TokenArt } from './token-art';
import styles from './chain.module.css';
import ui from '../styles/controls.module.css';

/** The token page of the app (never the external explorer: it shows what the app knows about a tile). */
export const tokenHref = (contract: string, tokenId: string): string =>
  `/token/${encodeURIComponent(contract)}/${encodeURIComponent(tokenId)}`;

/**
 * "My collection": the address's Tezos Pole tokens as cards, artwork first, then title, artist, edition x/y,
 * the address's balance and the tile's game facts, each linking to the token's page.
 */
export function CollectionGrid({ collection, network }: { collection: Collection; network: LinkNetwork }) {
  return (
    <section className={styles.page} aria-labelledby="collection-heading" data-testid="collection">
      <header>
        <h1 id="collection-heading">Collection</h1>
        <p className={styles.lede}>
          Tezos Pole tokens held by{' '}
          <Address address={collection.address} href={accountHref(network, collection.address)} />{' '}
          <span className={ui.small}>({collection.address})</span>
        </p>
      </header>
      {collection.items.length === 0 ? (
        <p className={ui.panel} data-testid="collection-empty">
          This address holds no Tezos Pole tokens yet. Tokens appear here once a purchase in an on-chain game mints a
          copy to it.
        </p>
      ) : (
        <ul className={styles.tokenGrid}>
          {collection.items.map(({ token, balance }) => (
            <li
              key={token.tokenId}
              className={styles.tokenCard}
              data-testid="collection-token"
              data-token-id={token.tokenId}
            >
              <a href={tokenHref(token.contract, token.tokenId)}>
                <TokenArt token={token} />
                <div className={styles.tokenCardBody}>
                  <h2 className={styles.tokenCardTitle}>{token.title}</h2>
                  <span className={styles.tokenCardArtist}>
                    {token.artist ?? (token.creators[0] ? <Address address={token.creators[0]} /> : 'Unknown artist')}
                  </span>
                  <div className={styles.tokenCardFacts}>
                    <span className={styles.editionPill} title="Copies in existence / edition size">
                      {token.edition}
                    </span>
                    <span className={styles.factPill} title="Copies this address holds">
                      owned ×{balance}
                    </span>
                    {token.facts && <span className={styles.factPill}>list {token.facts.listPrice} Tz</span>}
                    {token.facts && <span className={styles.factPill}>×{token.facts.multiplier}</span>}
                  </div>
                </div>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
