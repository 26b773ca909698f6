import { tileArtImage, type ArtSubject } from '../../chain/tile-art';
import { imageUrl } from '../../chain/image-url';

/**
 * A tile's artwork: the very image its token carries (the artist's, else the art generated from the tile id), so
 * the board, the collection and the token pages all show what a collector holds.
 */
export function TileArt({ tile, className }: { tile: ArtSubject; className?: string }) {
  const image = tileArtImage(tile);
  const src = imageUrl(image.uri) ?? tileArtImage({ id: tile.id, title: tile.title }).uri;
  const label = image.generated ? `Generated artwork for ${tile.title}` : `Artwork of ${tile.title}`;
  // A plain img for both: the generated SVG is a data: URI, an artist's image may come from anywhere (IPFS, https).
  return <img className={className} src={src} alt={label} aria-label={label} decoding="async" draggable={false} />;
}
