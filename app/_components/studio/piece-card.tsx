import type { Piece } from '../../../server/studio/schema';
import { formatTz } from '../../_lib/seats';
import { TileArt } from '../pole/tile-art';
import { imageSrc } from './studio-api';

/** A featured piece: its image (generated art when it has none), title, edition and terms. */
export function PieceCard({ piece, children }: { piece: Piece; children?: React.ReactNode }) {
  return (
    <li className="piece-card" data-testid="piece-card" data-piece-id={piece.id}>
      {piece.imageUri ? (
        <img className="piece-card-image" src={imageSrc(piece.imageUri)} alt={piece.title} loading="lazy" />
      ) : (
        <span className="piece-card-image">
          <TileArt tile={{ id: `piece-${piece.id}`, title: piece.title }} />
        </span>
      )}
      <div className="piece-card-body">
        <h3 className="piece-card-title">{piece.title}</h3>
        {piece.artistName && <p className="piece-card-meta">{piece.artistName}</p>}
        <p className="piece-card-meta">
          {piece.editionSize === 1 ? '1/1' : `edition of ${piece.editionSize}`} · {formatTz(piece.price)} · ×{piece.multiplier}
        </p>
        {piece.source && (
          <p className="piece-card-meta">
            FA2 {piece.source.contract.slice(0, 8)}… #{piece.source.tokenId}
          </p>
        )}
        {children && <div className="piece-card-actions">{children}</div>}
      </div>
    </li>
  );
}
