import { pieceArtId, type Piece } from '../../chain/studio/schema';
import { formatTz } from '../lib/seats';
import { TileArt } from '../pole/tile-art';
import { shortAddress } from '../../chain/explorer';
import { tokenPage } from '../pole/tile-provenance';
import { imageSrc } from './studio-api';

/**
 * A featured piece: its image (generated art when it has none), title, artist, edition and terms, and who made it —
 * its creators (the royalty receivers) and, for a piece featured from a token, that token (issue 15).
 */
export function PieceCard({ piece, children }: { piece: Piece; children?: React.ReactNode }) {
  return (
    <li className="piece-card" data-testid="piece-card" data-piece-id={piece.id}>
      {piece.imageUri ? (
        <img className="piece-card-image" src={imageSrc(piece.imageUri)} alt={piece.title} loading="lazy" />
      ) : (
        <span className="piece-card-image">
          <TileArt tile={{ id: pieceArtId(piece.id), title: piece.title }} />
        </span>
      )}
      <div className="piece-card-body">
        <h3 className="piece-card-title">{piece.title}</h3>
        {piece.artistName && <p className="piece-card-meta">{piece.artistName}</p>}
        <p className="piece-card-meta">
          {piece.editionSize === 1 ? '1/1' : `edition of ${piece.editionSize}`} · {formatTz(piece.price)} · ×{piece.multiplier}
        </p>
        {piece.creators && (
          <p className="piece-card-meta" data-testid="piece-creators">
            {piece.creators.length === 1 ? 'Creator' : 'Creators'}{' '}
            {piece.creators.map((c, i) => (
              <span key={c} title={c}>
                {i > 0 && ', '}
                {shortAddress(c)}
              </span>
            ))}
          </p>
        )}
        {piece.source && (
          <p className="piece-card-meta" data-testid="piece-source">
            Featured from{' '}
            <a href={tokenPage(piece.source.contract, piece.source.tokenId)} title={`${piece.source.contract}/${piece.source.tokenId}`}>
              {shortAddress(piece.source.contract)}/{piece.source.tokenId}
            </a>
          </p>
        )}
        {children && <div className="piece-card-actions">{children}</div>}
      </div>
    </li>
  );
}
