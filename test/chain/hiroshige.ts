/** Hiroshige's prints as game tokens, the way the suites that mint and read tiles name them. */
import { tileTokenMetadata, type TileTokenInput, type TokenMetadata } from '../../chain/token-metadata';

export const BRIDGE_TITLE = 'Sudden Shower over Shin-Ōhashi';
export const PLUM_TITLE = 'Plum Park in Kameido';

/** A tile token of a Hiroshige print: list price 200 Tz, rent ×3, created by `creator`, its image at `image`. */
export function hiroshigeTile(
  title: string,
  editionSize: number,
  made: { creator: string; gameId: string; image: string } & Pick<TileTokenInput, 'royaltyBps'>,
): TokenMetadata {
  return tileTokenMetadata({
    title,
    artist: 'Hiroshige',
    creators: [made.creator],
    listPrice: 200,
    multiplier: 3,
    editionSize,
    gameId: made.gameId,
    artifact: { uri: made.image, mimeType: 'image/png' },
    ...(made.royaltyBps !== undefined ? { royaltyBps: made.royaltyBps } : {}),
  });
}
