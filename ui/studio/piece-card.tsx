import { pieceArtId, type Piece } from '../../chain/studio/schema';
import { formatTz } from '../lib/seats';
import { TileArt } from '../pole/tile-art';
import { shortAddress } from '../../chain/explorer';
import { Creators, tokenPage } from '../pole/tile-provenance';
import { imageSrc } from './studio-api';
import styles from './studio.module.css';

/**
 * A featured piece: its image (generated art when it has none), title, artist, edition and terms, and who made it —
 * its creators (the royalty receivers) and, for a piece featured from a token, that token.
 */
export function PieceCard({ piece, children }: { piece: Piece; children?: React.ReactNode }) {
  return (
    <li className={styles.pieceCard} data-testid="piece-card" data-piece-id={piece.id}>
      {piece.imageUri ? (
        <img className={styles.pieceCardImage} src={imageSrc(piece.imageUri)} alt={piece.title} loading="lazy" />
      ) : (
        <span className={styles.pieceCardImage}>
          <TileArt tile={{ id: pieceArtId(piece.id), title: piece.title }} />
        </span>
      )}
      <div className={styles.pieceCardBody}>
        <h3 className={styles.pieceCardTitle}>{piece.title}</h3>
        {piece.artistName && <p className={styles.pieceCardMeta}>{piece.artistName}</p>}
        <p className={styles.pieceCardMeta}>
          {piece.editionSize === 1 ? '1/1' : `edition of ${piece.editionSize}`} · {formatTz(piece.price)} · ×
          {piece.multiplier}
        </p>
        {piece.creators && (
          <p className={styles.pieceCardMeta} data-testid="piece-creators">
            <Creators addresses={piece.creators} />
          </p>
        )}
        {piece.source && (
          <p className={styles.pieceCardMeta} data-testid="piece-source">
            Featured from{' '}
            <a
              href={tokenPage(piece.source.contract, piece.source.tokenId)}
              title={`${piece.source.contract}/${piece.source.tokenId}`}
            >
              {shortAddress(piece.source.contract)}/{piece.source.tokenId}
            </a>
          </p>
        )}
        {children && <div className={styles.pieceCardActions}>{children}</div>}
      </div>
    </li>
  );
}
