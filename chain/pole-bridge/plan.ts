/**
 * The token plan of one on-chain Tezos Pole game (ARCHITECTURE.md, "Chain"): one FA2 token of the editions
 * contract per artist tile, with the tile's edition size as max supply and TZIP-21 metadata describing the work.
 * The plan is plain JSON: the server stores it with the game, and it records what the chain cannot (copies
 * retired by forfeit) and the last engine step sent (so nothing is applied twice).
 */
import type { Board } from '../../engine/pole';
import { isMetadataError } from '../errors';
import { ipfsUri, smallContentCid } from '../ipfs/content';
import { decodeDataUri } from '../studio/image';
import {
  metadataBytes,
  tileTokenMetadata,
  tokenMetadataSchema,
  type TileImage,
  type TokenMetadata,
} from '../token-metadata';
import { artworkFor, artworkSvg, type ArtSubject } from '../tile-art';
import { BridgeError } from './errors';
import { isAddress } from '../validate';

export interface PlannedToken {
  /** The artist tile's index on the board (the engine's tile number). */
  readonly tile: number;
  /** The tile's id on the board (a slug). */
  readonly tileId: string;
  /** 1 for a 1/1, y for an edition of y. */
  readonly maxSupply: number;
  /** The contract's record of who made the token: the first of its TZIP-21 creators (see planGameTokens). */
  readonly creator: string;
  readonly metadata: TokenMetadata;
  /**
   * Where the metadata lives: `ipfs://<cid>` of `metadataBytes(metadata)`, the token's only on-chain metadata (TZIP-16's
   * `""` key, as objkt mints). Absent in plans made before metadata moved off-chain: those stored it whole on-chain.
   */
  readonly metadataUri?: string;
  /** The FA2 token id (decimal text), once `createGameTokens` has confirmed; null before. */
  readonly tokenId: string | null;
  /**
   * Copies taken out of play by forfeit (P7) that the contract still counts as mintable: its `retire` entrypoint
   * ends minting of the whole token and it has no way to lower a max supply by one. The bridge refuses to mint
   * into them (BRIDGE_SUPPLY_RETIRED).
   */
  readonly retiredCopies: number;
  /** The contract's `retire` was called for this token: it is never minted again (a forfeited 1/1, an exhausted edition). */
  readonly retired: boolean;
}

/** The game as opened in the editions contract: the bank's power over the players' copies ends with it. */
export interface PlanGame {
  /** Its id in the contract: the app's game id. */
  readonly id: string;
  /** Its end date (ISO 8601): the bank may burn the players' copies (`game_burn`) until then at the latest. */
  readonly ends: string;
  /** Where `close_game` landed (opHash null: it was found closed already); null while the game is open. */
  readonly closed: LandedAt | null;
}

/** Where an operation landed; opHash null: it was found done already (an unrecorded earlier try, the admin). */
export interface LandedAt {
  readonly opHash: string | null;
  readonly level: number;
}

/** The game's seed on-chain: committed in the operation that opens the game, revealed with its closing. */
export interface PlanSeed {
  /** SHA-256 (hex) of SEED_COMMITMENT_PREFIX and the game's seed (engine `seedCommitment`). */
  readonly commitment: string;
  /** Where `commit_seed` landed. */
  readonly committed: LandedAt;
  /** Where `reveal_seed` landed (the seed and the final state hash, checked by the contract); null before. */
  readonly revealed: LandedAt | null;
}

export interface TokenPlan {
  readonly gameId: string;
  /** The editions contract (KT1…) the tokens live in; null until they are created. */
  readonly contract: string | null;
  /** One entry per artist tile, in board order. */
  readonly tokens: readonly PlannedToken[];
  /** Where `createGameTokens` landed; null before. */
  readonly created: { readonly opHash: string; readonly level: number } | null;
  /** The engine `seq` of the last step whose operations were confirmed (see `PoleBridge.apply`); null before any. */
  readonly appliedSeq: number | null;
  /** The on-chain game (`open_game`), recorded by `createGameTokens`; absent before. */
  readonly game?: PlanGame;
  /** The seed's commitment and reveal, recorded by `createGameTokens` and `closeGame`; absent when none was committed. */
  readonly seed?: PlanSeed;
}

/** What the board itself may not carry yet: an artist's wallet and the work's images, by tile id. */
export interface PlanOptions {
  /** The bank's address: the `minter` (the collection's curator), and the contract's creator record of works whose artist has no wallet. */
  readonly bank: string;
  /** Artist wallets by tile id, for tiles without `creators` of their own. */
  readonly artists?: Readonly<Record<string, string>>;
  /**
   * Images by tile id, from the studio: the work's file and its renditions (an upload's), taken before the tile's own
   * image, which is what the board shows.
   */
  readonly images?: Readonly<
    Record<string, { readonly artifact: TileImage; readonly display?: TileImage; readonly thumbnail?: TileImage }>
  >;
  /** Royalty in basis points (default 1000 = 10 %, the P6 rate). */
  readonly royaltyBps?: number;
}

/** The attribute carrying the board's tile id, next to the game facts of TILE_ATTRIBUTES. */
export const TILE_ID_ATTRIBUTE = 'Tile';

/** Bytes a plan's URIs name: the app's IPFS node holds them before the tokens are created. */
export interface PlanContent {
  readonly uri: string;
  readonly bytes: Uint8Array;
}

/** The bytes of a `data:` URI. @throws BridgeError BRIDGE_BAD_INPUT when it cannot be read */
function dataUriBytes(uri: string): Uint8Array {
  const decoded = decodeDataUri(uri);
  if (!decoded) throw new BridgeError('BRIDGE_BAD_INPUT', `an inline image cannot be read: ${uri.slice(0, 60)}…`);
  return decoded.bytes;
}

/** Content addressed by CID: `ipfs://<cid>` and the bytes (one block: tile art and metadata are far below a chunk). */
function addressed(bytes: Uint8Array): PlanContent {
  return { uri: ipfsUri(smallContentCid(bytes)), bytes };
}

/**
 * A tile's art as its token's artifact, content-addressed: the generated SVG the board shows, or an inline image's
 * bytes, each on IPFS; an image already on IPFS or the web as it is (its bytes are not ours to hold).
 */
function tileArtifact(tile: ArtSubject): { image: TileImage; content: PlanContent | null } {
  if (tile.image && !tile.image.uri.startsWith('data:'))
    return { image: { uri: tile.image.uri, mimeType: tile.image.mimeType }, content: null };
  const bytes = tile.image
    ? dataUriBytes(tile.image.uri)
    : new TextEncoder().encode(artworkSvg(artworkFor(tile.id), tile.title));
  const content = addressed(bytes);
  const mimeType = tile.image?.mimeType ?? 'image/svg+xml';
  const dimensions = tile.image ? {} : { dimensions: { value: '1000x1000', unit: 'px' } };
  return { image: { uri: content.uri, mimeType, fileSize: bytes.length, ...dimensions }, content };
}

/** A studio image given as extras, content-addressed when it is inline. */
function extraImage(image: TileImage): { image: TileImage; content: PlanContent | null } {
  if (!image.uri.startsWith('data:')) return { image, content: null };
  const content = addressed(dataUriBytes(image.uri));
  return { image: { ...image, uri: content.uri, fileSize: content.bytes.length }, content };
}

/** A planned token and the bytes its URIs name. */
interface TileToken {
  readonly token: PlannedToken;
  readonly content: readonly PlanContent[];
}

/**
 * The token of artist tile `index`. Metadata: name "Title — Artist"; the tile's `creators` as creators and royalty
 * receivers (else the artist's wallet from `options.artists`, else the artist's name, with no royalty: a work is never
 * credited to the bank); the bank as `minter`, the board as `Collection`; decimals 0; a description; the tile's image
 * on IPFS (its generated art when it has none); and the attributes artist, tile id, list price, multiplier, edition
 * size, game id and, for a work featured from an FA2 token, the original token. The metadata itself is content on
 * IPFS too: on-chain the token holds only its `ipfs://` URI.
 * @throws BridgeError BRIDGE_BAD_INPUT
 */
function tileToken(board: Board, index: number, gameId: string, options: PlanOptions): TileToken | null {
  const tile = board.tiles[index]!;
  if (tile.kind !== 'artist') return null;
  // The work's own creators (a featured token's real ones), never whoever put the tile on a board.
  const artistAddress = options.artists?.[tile.id];
  const wallets = tile.creators ?? (artistAddress !== undefined ? [artistAddress] : []);
  const badCreator = wallets.find((c) => !isAddress(c));
  if (badCreator !== undefined) {
    throw new BridgeError(
      'BRIDGE_BAD_INPUT',
      `tile ${index} "${tile.id}": artist address is not a Tezos address: ${badCreator}`,
      { tile: index },
    );
  }
  const extras = options.images?.[tile.id];
  // A studio board's images (the file and its renditions), else the tile's own image, else its generated art.
  const artifact = extras ? extraImage(extras.artifact) : tileArtifact(tile);
  const display = extras?.display ? extraImage(extras.display) : null;
  const thumbnail = extras?.thumbnail ? extraImage(extras.thumbnail) : null;
  let metadata: TokenMetadata;
  try {
    const base = tileTokenMetadata({
      title: tile.title,
      artist: tile.artist,
      creators: wallets.length > 0 ? wallets : [tile.artist],
      collection: board.name,
      ...(tile.origin ? { origin: tile.origin } : {}),
      description:
        tile.description ??
        `“${tile.title}” by ${tile.artist}: ${tile.editionSize === 1 ? 'a 1/1' : `an edition of ${tile.editionSize}`} on the Tezos Pole board “${board.name}”, game ${gameId}.`,
      listPrice: tile.price,
      multiplier: tile.multiplier,
      editionSize: tile.editionSize,
      gameId,
      artifact: artifact.image,
      ...(display ? { display: display.image } : {}),
      ...(thumbnail ? { thumbnail: thumbnail.image } : {}),
      minter: options.bank,
      ...(options.royaltyBps !== undefined ? { royaltyBps: options.royaltyBps } : {}),
    });
    const meta: TokenMetadata = {
      ...base,
      symbol: 'POLE',
      attributes: [{ name: TILE_ID_ATTRIBUTE, value: tile.id, type: 'string' }, ...base.attributes],
    };
    const checked = tokenMetadataSchema.safeParse(meta);
    if (!checked.success)
      throw new BridgeError(
        'BRIDGE_BAD_INPUT',
        `tile ${index} "${tile.id}": ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        { tile: index },
      );
    metadata = checked.data;
  } catch (e) {
    if (isMetadataError(e))
      throw new BridgeError(
        'BRIDGE_BAD_INPUT',
        `tile ${index} "${tile.id}": ${e.message}`,
        { tile: index },
        { cause: e },
      );
    throw e;
  }
  const json = addressed(metadataBytes(metadata));
  const images = [artifact.content, display?.content, thumbnail?.content].filter(
    (c): c is PlanContent => c !== null && c !== undefined,
  );
  return {
    token: {
      tile: index,
      tileId: tile.id,
      maxSupply: tile.editionSize,
      // The contract records an address as the token's creator: the artist's wallet, else the bank that minted it.
      creator: wallets[0] ?? options.bank,
      metadata,
      metadataUri: json.uri,
      tokenId: null,
      retiredCopies: 0,
      retired: false,
    },
    content: [...images, json],
  };
}

function checkPlanInput(gameId: string, options: PlanOptions): void {
  if (typeof gameId !== 'string' || !/^\S(.{0,98}\S)?$/.test(gameId))
    throw new BridgeError(
      'BRIDGE_BAD_INPUT',
      `game id must be 1–100 characters without surrounding spaces, got ${JSON.stringify(gameId)}`,
    );
  if (!isAddress(options.bank))
    throw new BridgeError('BRIDGE_BAD_INPUT', `bank is not a Tezos address: ${String(options.bank)}`);
}

/**
 * The token plan of a game: one token per artist tile of `board` (see `tileToken`), in board order, with no token
 * ids yet.
 * @throws BridgeError BRIDGE_BAD_INPUT (bad game id, bank or artist address, image URI; `cause` names the field).
 */
export function planGameTokens(board: Board, gameId: string, options: PlanOptions): TokenPlan {
  return planWithContent(board, gameId, options).plan;
}

/**
 * Every byte the plan of `board` for `gameId` names by CID — the tiles' art and each token's metadata JSON — each
 * once: what the app's IPFS node must hold (and provide) before the tokens are created. Made again from the same
 * inputs as the plan, so nothing but the plan needs storing.
 * @throws BridgeError BRIDGE_BAD_INPUT as `planGameTokens`
 */
export function planContent(board: Board, gameId: string, options: PlanOptions): PlanContent[] {
  return planWithContent(board, gameId, options).content;
}

/** `planGameTokens` and `planContent` of the same inputs, the tokens built once. @throws as `planGameTokens` */
export function planWithContent(
  board: Board,
  gameId: string,
  options: PlanOptions,
): { plan: TokenPlan; content: PlanContent[] } {
  checkPlanInput(gameId, options);
  const built = board.tiles.flatMap((_, index) => tileToken(board, index, gameId, options) ?? []);
  const byUri = new Map(built.flatMap((t) => t.content).map((c) => [c.uri, c] as const));
  return {
    plan: { gameId, contract: null, tokens: built.map((t) => t.token), created: null, appliedSeq: null },
    content: [...byUri.values()],
  };
}

/** The planned token of a tile. @throws BridgeError BRIDGE_BAD_INPUT when the tile is not an artist tile of the plan. */
export function plannedToken(plan: TokenPlan, tile: number): PlannedToken {
  const t = plan.tokens.find((p) => p.tile === tile);
  if (!t)
    throw new BridgeError('BRIDGE_BAD_INPUT', `tile ${String(tile)} has no token in the plan of game ${plan.gameId}`, {
      tile,
    });
  return t;
}

/** The token id of a tile. @throws BridgeError BRIDGE_NOT_CREATED before `createGameTokens`, BRIDGE_BAD_INPUT for a non-artist tile. */
export function tokenIdOf(plan: TokenPlan, tile: number): string {
  const t = plannedToken(plan, tile);
  if (t.tokenId === null)
    throw new BridgeError('BRIDGE_NOT_CREATED', `the tokens of game ${plan.gameId} are not created yet`, { tile });
  return t.tokenId;
}
