import { z } from 'zod';
import { ConfigError } from '../core/errors';
import { describeIssues, parsedOnce } from '../core/issues';
import { plainText } from '../core/text';

/**
 * A board is data (P3): an ordered ring of tiles starting with GO. Event tiles carry a printed instruction and an
 * effect from a small vocabulary, so new boards need no code.
 */

const tileId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a lowercase slug (a-z, 0-9, -)');
const tz = z.number().int('must be a whole number of Tz');
/** A Tezos account or contract address, by shape (the engine has no checksum code; chain/ checks checksums). */
const address = z.string().regex(/^(tz[1-4]|KT1)[1-9A-HJ-NP-Za-km-z]{33}$/, 'must be a Tezos address (tz1…/KT1…)');

/** Effects that need no die roll of their own. */
const simpleEffectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }).strict(),
  /** Collect from the bank. */
  z.object({ kind: z.literal('collect'), amount: tz.positive() }).strict(),
  /** Pay the bank (out-of-cash protocol applies). */
  z.object({ kind: z.literal('pay'), amount: tz.positive() }).strict(),
  /** Every other player pays the lander. */
  z.object({ kind: z.literal('collectFromEach'), amount: tz.positive() }).strict(),
  /** The lander pays every other player. */
  z.object({ kind: z.literal('payEach'), amount: tz.positive() }).strict(),
  /** Pay the bank this much per masterpiece held (each 1/1 and each edition copy). */
  z.object({ kind: z.literal('payPerPiece'), amount: tz.positive() }).strict(),
  /** Advance (clockwise) to a tile, collecting the GO bonus when passing or landing on GO. */
  z.object({ kind: z.literal('moveTo'), tile: tileId }).strict(),
  /** Move by a number of tiles: forward (> 0) or back (< 0). */
  z
    .object({
      kind: z.literal('moveBy'),
      steps: z
        .number()
        .int()
        .refine((n) => n !== 0, 'must not be 0'),
    })
    .strict(),
  /** A free copy of a named edition (P11), if one is left and the player is below the per-player cap. */
  z.object({ kind: z.literal('freeCopy'), tile: tileId }).strict(),
]);

const branchSchema = z
  .object({
    // A d6 has six faces, and a face may be in one branch only: more than six is never a valid board.
    faces: z.array(z.number().int().min(1).max(6)).min(1).max(6),
    text: plainText(z.string().min(1).max(200), { multiline: true }),
    effect: simpleEffectSchema,
  })
  .strict();

/** Roll a d6 and follow the branch whose faces include the roll. */
const rollEffectSchema = z.object({ kind: z.literal('roll'), branches: z.array(branchSchema).min(2).max(6) }).strict();

export const effectSchema = z.union([simpleEffectSchema, rollEffectSchema]);

const goTileSchema = z
  .object({ kind: z.literal('go'), id: tileId, name: plainText(z.string().min(1).max(40)) })
  .strict();

const artistTileSchema = z
  .object({
    kind: z.literal('artist'),
    id: tileId,
    artist: plainText(z.string().min(1).max(80)),
    title: plainText(z.string().min(1).max(120)),
    description: plainText(z.string().max(500), { multiline: true }).optional(),
    /** List price in Tz. */
    price: tz.min(10).max(100_000),
    /** Printed on the card; at most two decimals so valuations stay exact. */
    multiplier: z
      .number()
      .positive()
      .max(100)
      .refine((m) => Math.abs(m * 100 - Math.round(m * 100)) < 1e-9, 'must have at most two decimals'),
    /** 1 = a 1/1; y > 1 = an edition "x/y". */
    editionSize: z.number().int().min(1).max(1000),
    /**
     * The work's image: what the tile shows and what its token carries (ipfs://, https:// or data:image/…). A tile
     * without one shows, and mints, the art generated from its id.
     */
    image: z
      .object({
        uri: plainText(z.string().max(100_000)).regex(
          /^(ipfs:\/\/\S+|https:\/\/\S+|data:image\/[\w.+-]+[;,]\S*)$/s,
          'must be an ipfs://, https:// or data:image/… URI',
        ),
        mimeType: z
          .string()
          .max(100)
          .regex(/^image\/[\w.+-]+$/, 'must be an image MIME type'),
      })
      .strict()
      .optional(),
    /** The artist's wallets: the token's TZIP-21 creators and royalty receivers (the bank's when absent). */
    creators: z.array(address).min(1).max(10).optional(),
    /** The FA2 token the work was featured from (the studio's import): the game's token points back to it. */
    origin: z
      .object({ contract: address, tokenId: z.string().regex(/^\d{1,30}$/, 'must be a token id') })
      .strict()
      .optional(),
  })
  .strict();

const eventTileSchema = z
  .object({
    kind: z.literal('event'),
    id: tileId,
    name: plainText(z.string().min(1).max(60)),
    /** The printed instruction, shown to players. */
    text: plainText(z.string().min(1).max(300), { multiline: true }),
    effect: effectSchema,
  })
  .strict();

export const tileSchema = z.discriminatedUnion('kind', [goTileSchema, artistTileSchema, eventTileSchema]);

export const boardSchema = z
  .object({
    id: tileId,
    name: plainText(z.string().min(1).max(80)),
    description: plainText(z.string().max(1000), { multiline: true }).optional(),
    tiles: z.array(tileSchema).min(4).max(80),
  })
  .strict();

export type BoardInput = z.input<typeof boardSchema>;
export type Board = z.output<typeof boardSchema>;
export type Tile = Board['tiles'][number];
export type ArtistTile = Extract<Tile, { kind: 'artist' }>;
export type EventTile = Extract<Tile, { kind: 'event' }>;
export type Effect = z.output<typeof effectSchema>;
export type SimpleEffect = z.output<typeof simpleEffectSchema>;

/**
 * Validates a board (shape, then meaning) and returns it typed.
 * @throws ConfigError `BAD_BOARD` whose issues name the tile (index and id) and the field at fault.
 */
export const parseBoard = parsedOnce((input: unknown): Board => {
  const parsed = boardSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(
      'BAD_BOARD',
      'invalid board',
      describeIssues(parsed.error, input, { key: 'tiles', noun: 'tile' }, '(board)'),
    );
  }
  const board = parsed.data;
  const issues = boardMeaningIssues(board);
  if (issues.length) throw new ConfigError('BAD_BOARD', `invalid board "${board.id}"`, issues);
  return board;
});

function boardMeaningIssues(board: Board): string[] {
  const issues: string[] = [];
  const { tiles } = board;
  const name = (i: number) => `tile ${i} "${tiles[i]!.id}"`;
  const indexById = new Map<string, number>();
  tiles.forEach((tile, i) => {
    if (indexById.has(tile.id)) issues.push(`${name(i)}: id: duplicates tile ${indexById.get(tile.id)}`);
    else indexById.set(tile.id, i);
  });
  if (tiles[0]?.kind !== 'go') issues.push(`tile 0 "${tiles[0]?.id}": kind: the ring must start with GO`);
  tiles.forEach((tile, i) => {
    if (i > 0 && tile.kind === 'go') issues.push(`${name(i)}: kind: only tile 0 may be GO`);
  });
  if (!tiles.some((t) => t.kind === 'artist')) issues.push('tiles: the board needs at least one artist tile');
  // Supply integrity: one work, one tile, so its printed edition size is every copy that can exist in a game.
  const originAt = new Map<string, number>();
  tiles.forEach((tile, i) => {
    if (tile.kind !== 'artist' || !tile.origin) return;
    const key = `${tile.origin.contract}/${tile.origin.tokenId}`;
    const first = originAt.get(key);
    if (first !== undefined)
      issues.push(`${name(i)}: origin: token ${key} is already on the board as tile ${first} "${tiles[first]!.id}"`);
    else originAt.set(key, i);
  });

  const checkSimple = (i: number, effect: SimpleEffect, field: string) => {
    if (effect.kind === 'moveTo') {
      const target = indexById.get(effect.tile);
      if (target === undefined) issues.push(`${name(i)}: ${field}.tile: no tile "${effect.tile}"`);
      else if (target === i) issues.push(`${name(i)}: ${field}.tile: an event tile cannot send players to itself`);
    } else if (effect.kind === 'moveBy') {
      if (Math.abs(effect.steps) >= tiles.length) {
        issues.push(`${name(i)}: ${field}.steps: must be shorter than the ring (${tiles.length} tiles)`);
      }
    } else if (effect.kind === 'freeCopy') {
      const target = indexById.get(effect.tile);
      const tile = target === undefined ? undefined : tiles[target];
      if (!tile) issues.push(`${name(i)}: ${field}.tile: no tile "${effect.tile}"`);
      else if (tile.kind !== 'artist' || tile.editionSize < 2) {
        issues.push(`${name(i)}: ${field}.tile: "${effect.tile}" is not an edition`);
      }
    }
  };
  tiles.forEach((tile, i) => {
    if (tile.kind !== 'event') return;
    const { effect } = tile;
    if (effect.kind !== 'roll') return checkSimple(i, effect, 'effect');
    const seen = new Map<number, number>();
    effect.branches.forEach((branch, b) => {
      for (const face of branch.faces) {
        if (seen.has(face))
          issues.push(`${name(i)}: effect.branches.${b}.faces: ${face} is also in branch ${seen.get(face)}`);
        else seen.set(face, b);
      }
      checkSimple(i, branch.effect, `effect.branches.${b}.effect`);
    });
    const missing = [1, 2, 3, 4, 5, 6].filter((f) => !seen.has(f));
    if (missing.length) issues.push(`${name(i)}: effect.branches: no branch for ${missing.join(', ')}`);
  });
  if (issues.length === 0) issues.push(...moveCycleIssues(board, indexById));
  return issues;
}

/**
 * Event tiles whose printed move sends the pawn straight to another such tile must not form a loop: the pawn would
 * circle (collecting GO bonuses) until the per-turn landing bound stops it. Moves inside die-roll branches are
 * allowed to loop back, since each pass needs a new roll; the landing bound covers them.
 */
function moveCycleIssues(board: Board, indexById: ReadonlyMap<string, number>): string[] {
  const { tiles } = board;
  const next = (i: number): number | undefined => {
    const tile = tiles[i];
    if (tile?.kind !== 'event') return undefined;
    const { effect } = tile;
    if (effect.kind === 'moveTo') return indexById.get(effect.tile);
    if (effect.kind === 'moveBy') return (((i + effect.steps) % tiles.length) + tiles.length) % tiles.length;
    return undefined;
  };
  for (let startAt = 0; startAt < tiles.length; startAt++) {
    const path: number[] = [];
    for (let at: number | undefined = startAt; at !== undefined; at = next(at)) {
      const loopStart = path.indexOf(at);
      if (loopStart >= 0) {
        if (Math.min(...path.slice(loopStart)) !== startAt) break; // report each loop once, from its lowest tile
        const loop = path.slice(loopStart).map((k) => `${k} "${tiles[k]!.id}"`);
        return [
          `tile ${startAt} "${tiles[startAt]!.id}": effect: move events form a loop (${loop.join(' → ')} → ${startAt})`,
        ];
      }
      path.push(at);
    }
  }
  return [];
}
