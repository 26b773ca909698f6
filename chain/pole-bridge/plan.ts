/**
 * The token plan of one on-chain Tezos Pole game (ARCHITECTURE.md, "Chain"): one FA2 token of the editions
 * contract per artist tile, with the tile's edition size as max supply and TZIP-21 metadata describing the work.
 * The plan is plain JSON: the server stores it with the game, and it records what the chain cannot (copies
 * retired by forfeit) and the last engine step sent (so nothing is applied twice).
 */
import type { Board } from '../../engine/pole';
import { isMetadataError } from '../errors';
import { tileTokenMetadata, tokenMetadataSchema, type TileImage, type TokenMetadata } from '../token-metadata';
import { tileArtImage, type ArtSubject } from '../tile-art';
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
  /** The bank's address: creator and royalty receiver of works whose artist has no address, and the `minter`. */
  readonly bank: string;
  /** Artist wallets by tile id, for tiles without `creators` of their own. */
  readonly artists?: Readonly<Record<string, string>>;
  /** Images by tile id (a tile's own `artifactUri` / `displayUri` fields are used when present). */
  readonly images?: Readonly<Record<string, { readonly artifact: TileImage; readonly display?: TileImage }>>;
  /** Royalty in basis points (default 1000 = 10 %, the P6 rate). */
  readonly royaltyBps?: number;
}

/** The attribute carrying the board's tile id, next to the game facts of TILE_ATTRIBUTES. */
export const TILE_ID_ATTRIBUTE = 'Tile';

/** A tile's art as its token's artifact: the very image the board shows (one artwork per tile). */
function tileArtifact(tile: ArtSubject): TileImage {
  const { uri, mimeType, generated } = tileArtImage(tile);
  return generated ? { uri, mimeType, dimensions: { value: '1000x1000', unit: 'px' } } : { uri, mimeType };
}

/**
 * The token plan of a game: one token per artist tile of `board`, in board order, with no token ids yet.
 * Metadata: name = the title, the tile's `creators` as creators and royalty receivers (else the artist's wallet
 * from `options.artists`, else the bank), decimals 0, a description, the tile's image (its generated art when it
 * has none), and the attributes tile id, list price, multiplier, edition size, game id and, for a work featured from
 * an FA2 token, the original token.
 * @throws BridgeError BRIDGE_BAD_INPUT (bad game id, bank or artist address, image URI; `cause` names the field).
 */
export function planGameTokens(board: Board, gameId: string, options: PlanOptions): TokenPlan {
  if (typeof gameId !== 'string' || !/^\S(.{0,98}\S)?$/.test(gameId))
    throw new BridgeError(
      'BRIDGE_BAD_INPUT',
      `game id must be 1–100 characters without surrounding spaces, got ${JSON.stringify(gameId)}`,
    );
  if (!isAddress(options.bank))
    throw new BridgeError('BRIDGE_BAD_INPUT', `bank is not a Tezos address: ${String(options.bank)}`);
  const tokens: PlannedToken[] = [];
  board.tiles.forEach((tile, index) => {
    if (tile.kind !== 'artist') return;
    // The work's own creators (a featured token's real ones), never whoever put the tile on a board.
    const artistAddress = options.artists?.[tile.id];
    const creators = tile.creators ?? (artistAddress !== undefined ? [artistAddress] : [options.bank]);
    const badCreator = creators.find((c) => !isAddress(c));
    if (badCreator !== undefined) {
      throw new BridgeError(
        'BRIDGE_BAD_INPUT',
        `tile ${index} "${tile.id}": artist address is not a Tezos address: ${badCreator}`,
        { tile: index },
      );
    }
    const creator = creators[0]!;
    const images = options.images?.[tile.id];
    // The tile's own image (what the board shows), else a studio board's extras, else the tile's generated art.
    const artifact = tile.image || !images ? tileArtifact(tile) : images.artifact;
    const display = tile.image ? undefined : images?.display;
    let metadata: TokenMetadata;
    try {
      const base = tileTokenMetadata({
        title: tile.title,
        artist: tile.artist,
        creators,
        ...(tile.origin ? { origin: tile.origin } : {}),
        description:
          tile.description ??
          `“${tile.title}” by ${tile.artist}: ${tile.editionSize === 1 ? 'a 1/1' : `an edition of ${tile.editionSize}`} on the Tezos Pole board of game ${gameId}.`,
        listPrice: tile.price,
        multiplier: tile.multiplier,
        editionSize: tile.editionSize,
        gameId,
        artifact,
        ...(display ? { display } : {}),
        minter: options.bank,
        ...(options.royaltyBps !== undefined ? { royaltyBps: options.royaltyBps } : {}),
      });
      const meta: TokenMetadata = {
        ...base,
        name: tile.title,
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
    tokens.push({
      tile: index,
      tileId: tile.id,
      maxSupply: tile.editionSize,
      creator,
      metadata,
      tokenId: null,
      retiredCopies: 0,
      retired: false,
    });
  });
  return { gameId, contract: null, tokens, created: null, appliedSeq: null };
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
