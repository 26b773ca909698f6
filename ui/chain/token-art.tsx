import { TileArt } from '../pole/tile-art';
import type { TokenSummary } from '../../chain/indexer';
import styles from './chain.module.css';

/**
 * A token's artwork: its display (else artifact) image when the metadata has one a browser can load, else the
 * generated tile art of its board tile (or of the token itself), so a token never shows as a blank.
 */
export function TokenArt({
  token,
}: {
  token: Pick<TokenSummary, 'contract' | 'tokenId' | 'tileId' | 'title' | 'image'>;
}) {
  if (token.image) {
    // Token images come from anywhere (IPFS gateways, data: URIs): a plain img, lazily loaded.
    return <img className={styles.tokenArt} src={token.image} alt={token.title} loading="lazy" decoding="async" />;
  }
  return (
    <TileArt
      className={styles.tokenArt}
      tile={{ id: token.tileId ?? `${token.contract}/${token.tokenId}`, title: token.title }}
    />
  );
}
