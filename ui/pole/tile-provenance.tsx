import type { ArtistTile } from '../../engine/pole';
import { shortAddress } from '../../chain/explorer';

/*
 * Who made a work and the FA2 token it was featured from, as a tile's tooltip and the focus card show
 * them. No stylesheet or chain-page imports: the play page's bundle stays as it is.
 */

/** "tz1abc…wxyz": an address short enough for a tile. */

/** A token's page in this app. */
export const tokenPage = (contract: string, tokenId: string): string =>
  `/token/${encodeURIComponent(contract)}/${encodeURIComponent(tokenId)}`;

/** An artist tile's tooltip: title and artist, description, then its creators and original token when known. */
export function artistTileTitle(tile: ArtistTile): string {
  return [
    `${tile.title} — ${tile.artist}`,
    tile.description,
    tile.creators && `Creator${tile.creators.length === 1 ? '' : 's'}: ${tile.creators.join(', ')}`,
    tile.origin && `Featured from ${tile.origin.contract}/${tile.origin.tokenId}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** "Creators tz1abc…wxyz, tz1def…": each address short, the whole one as its tooltip. */
export function Creators({ addresses }: { addresses: readonly string[] }) {
  return (
    <>
      {addresses.length === 1 ? 'Creator' : 'Creators'}{' '}
      {addresses.map((c, i) => (
        <span key={c} title={c}>
          {i > 0 && ', '}
          {shortAddress(c)}
        </span>
      ))}
    </>
  );
}

/** "Creators tz1abc…wxyz · featured from KT1…/11" (a link to that token's page), or nothing for a plain tile. */
export function TileProvenance({ tile, className }: { tile: ArtistTile; className?: string }) {
  if (!tile.creators && !tile.origin) return null;
  return (
    <p className={className} data-testid="tile-provenance">
      {tile.creators && <Creators addresses={tile.creators} />}
      {tile.creators && tile.origin && ' · '}
      {tile.origin && (
        <>
          featured from{' '}
          <a
            href={tokenPage(tile.origin.contract, tile.origin.tokenId)}
            title={`${tile.origin.contract}/${tile.origin.tokenId}`}
          >
            {shortAddress(tile.origin.contract)}/{tile.origin.tokenId}
          </a>
        </>
      )}
    </p>
  );
}
