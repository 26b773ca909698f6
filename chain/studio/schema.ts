/**
 * What the artist studio accepts, as zod schemas. The limits of a piece are the engine's artist-tile limits and an
 * event slot is the engine's event tile, picked from `tileSchema` itself, so a piece that passes here always makes a
 * valid tile. Pure (zod + engine only): the board builder in the browser validates with the same code.
 */
import { z } from 'zod';
import { capIssues, issueLines } from '../../engine/core/issues';
import { isPlainText, plainText } from '../../engine/core/text';
import { tileSchema } from '../../engine/pole/board';
import { GENESIS } from '../../engine/pole/boards/genesis';
import { isContractAddress } from '../validate';

const [, artistTileSchema, eventTileSchema] = tileSchema.options;

/**
 * Images that the chain layer can put in a token's TZIP-21 metadata (chain/token-metadata.ts accepts ipfs://,
 * https:// and data: URIs): an http:// image would be refused only when the on-chain game mints, so it is refused here.
 */
export const imageUriSchema = plainText(z.string())
  .trim()
  .max(100_000, 'must be at most 100,000 characters (host large images on IPFS or the web)')
  .refine(
    (u) => /^(ipfs:\/\/\S+|https:\/\/\S+|data:image\/[\w.+-]+[;,]\S*)$/s.test(u),
    'must be an https://, ipfs:// or data:image/… URI',
  );

export const mimeTypeSchema = z
  .string()
  .max(100)
  .regex(/^image\/[\w.+-]+$/, 'must be an image MIME type (image/…)');

/** One image an upload made, on IPFS (server/studio/uploads.ts): what a token's `formats` entry says of it. */
const renditionSchema = z
  .object({
    uri: z.string().regex(/^ipfs:\/\/[A-Za-z0-9]{20,100}$/, 'must be an ipfs:// URI of one file'),
    mimeType: z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
    width: z.number().int().min(1).max(100_000),
    height: z.number().int().min(1).max(100_000),
    fileSize: z.number().int().min(1),
  })
  .strict();

/** An uploaded image: the file (the token's artifact) and its display and thumbnail renditions. */
export const renditionsSchema = z
  .object({ artifact: renditionSchema, display: renditionSchema, thumbnail: renditionSchema })
  .strict();
export type Renditions = z.output<typeof renditionsSchema>;

/** A token id as FA2 has them: a natural number, as decimal text. */
export const tokenIdSchema = z
  .union([
    z.number().int().nonnegative(),
    z
      .string()
      .trim()
      .regex(/^\d{1,30}$/, 'must be a whole number ≥ 0'),
  ])
  .transform(String);

export const pieceSourceSchema = z
  .object({
    contract: z.string().trim().refine(isContractAddress, 'must be a KT1… contract address'),
    tokenId: tokenIdSchema,
  })
  .strict();

/** A featured piece as an artist enters it (or as an imported token prefilled it). */
export const pieceInputSchema = artistTileSchema
  .pick({ title: true, description: true, price: true, multiplier: true, editionSize: true })
  .extend({
    title: artistTileSchema.shape.title.trim().min(1, 'must not be empty'),
    /** The name printed on the tile (the engine's `artist`); the tile shows the short address without one. */
    artistName: artistTileSchema.shape.artist.trim().min(1, 'must not be empty').optional(),
    imageUri: imageUriSchema.optional(),
    imageMimeType: mimeTypeSchema.optional(),
    /** The renditions of an uploaded image, whose artifact is `imageUri`. */
    renditions: renditionsSchema.optional(),
    source: pieceSourceSchema.optional(),
  })
  .strict()
  .refine((p) => !p.renditions || p.renditions.artifact.uri === p.imageUri, {
    message: 'must be the uploaded image’s own renditions (their artifact is the image URI)',
    path: ['renditions'],
  });

export type PieceInput = z.input<typeof pieceInputSchema>;
export type PieceFields = z.output<typeof pieceInputSchema>;

/** The id a piece's generated art is drawn from (a piece without an image of its own): its card and its tiles agree. */
export const pieceArtId = (pieceId: string): string => `piece-${pieceId}`;

/** A stored piece: the fields, its id, the wallet that featured it and the work's creators. */
export interface Piece extends PieceFields {
  readonly id: string;
  /** The wallet that featured the piece (and may remove it). */
  readonly artist: string;
  /**
   * The work's TZIP-21 creators, its royalty receivers: for a piece featured from a token (`source`), that token's
   * own, as the indexer showed them when the piece was stored; else the featuring wallet. Pieces stored
   * before the studio kept creators have none.
   */
  readonly creators?: readonly string[];
  readonly createdAt: string;
}

/** An event tile's printed part, exactly as the engine's board schema has it (its id is made from the name). */
export const eventSlotSchema = eventTileSchema
  .pick({ name: true, text: true, effect: true })
  .extend({ kind: z.literal('event') })
  .strict();

export const slotSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('piece'), pieceId: plainText(z.string().min(1).max(64)) }).strict(),
  eventSlotSchema,
]);

export type Slot = z.input<typeof slotSchema>;
export type EventSlot = z.output<typeof eventSlotSchema>;

/** Tiles after GO a board has at least and at most: the engine's board has 4 to 80 tiles, GO among them. */
const MIN_SLOTS = 3;
const MAX_SLOTS = 79;
const MAX_BOARD_NAME = 80;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A board to build: its name and the tiles after GO, in ring order. The builder shows the refusals of its name and
 * ring as they are, so each of their messages is a sentence an artist can act on.
 */
export const boardRequestSchema = z
  .object({
    name: z
      .string({
        error: (iss) => (iss.input === undefined ? 'Give the board a name.' : 'The board’s name must be text.'),
      })
      .refine(
        (text) => isPlainText(text),
        'The board’s name holds a character no name can (a tab or another control character): type it again without it.',
      )
      .trim()
      .min(1, 'Give the board a name.')
      .max(MAX_BOARD_NAME, {
        error: (iss) =>
          `The board’s name is ${(iss.input as string).length} characters long: shorten it to ${MAX_BOARD_NAME} at most.`,
      }),
    description: plainText(z.string(), { multiline: true }).trim().max(1000).optional(),
    slots: z
      .array(slotSchema, { error: 'The ring must be a list of tiles.' })
      .min(MIN_SLOTS, {
        error: (iss) =>
          `A board needs at least ${MIN_SLOTS} tiles after Start: add ${plural(MIN_SLOTS - (iss.input as unknown[]).length, 'more tile', 'more tiles')}.`,
      })
      .max(MAX_SLOTS, {
        error: (iss) =>
          `A board has at most ${MAX_SLOTS} tiles after Start: remove ${plural((iss.input as unknown[]).length - MAX_SLOTS, 'tile', 'tiles')}.`,
      })
      .refine(
        (slots) => slots.some((slot) => slot.kind === 'piece'),
        'A board needs at least one featured piece: add one.',
      ),
  })
  .strict();

/** The request's fields whose every refusal is a sentence of its own (above); the rest only an API caller can get wrong. */
const SENTENCE_FIELDS: ReadonlySet<PropertyKey> = new Set(['name', 'slots']);

/**
 * What is wrong with a board request, as the builder shows it: the sentences of its name and ring, and for anything
 * else (only an API caller sends it) "path: message". At most the first few.
 */
export function boardRequestProblem(error: z.ZodError): string {
  const lines = error.issues.map((issue) =>
    issue.path.length === 1 && SENTENCE_FIELDS.has(issue.path[0]!)
      ? issue.message
      : `${issue.path.map(String).join('.') || '(request)'}: ${issue.message}.`,
  );
  return capIssues(lines).join(' ');
}

export type BoardRequest = z.input<typeof boardRequestSchema>;

const limitOf = (schema: { readonly maxLength: number | null }): number => schema.maxLength ?? Number.POSITIVE_INFINITY;

/** The longest text each field takes, read off the schemas, for the forms' counters (text is never cut). */
export const TEXT_LIMITS = {
  title: limitOf(pieceInputSchema.shape.title),
  artistName: limitOf(pieceInputSchema.shape.artistName.unwrap()),
  description: limitOf(pieceInputSchema.shape.description.unwrap()),
  imageUri: limitOf(imageUriSchema),
  boardName: limitOf(boardRequestSchema.shape.name),
} as const;

/** Zod issues as one line a person can act on: "title: must not be empty; price: …" (the first few). */
export function issuesLine(error: z.ZodError): string {
  return issueLines(error.issues, '(request)').join('; ');
}

/** The event tile `id` of the Genesis board, as a slot: the palette offers Genesis's events as they are printed. */
function genesisEvent(id: string): EventSlot {
  const tile = GENESIS.tiles.find((t) => t.id === id);
  if (tile?.kind !== 'event') throw new Error(`Genesis has no event tile "${id}"`);
  return { kind: 'event', name: tile.name, text: tile.text, effect: tile.effect };
}

/**
 * Ready-made event tiles for the board builder, in the effect vocabulary of the engine. Events that name another
 * tile (a free copy of an edition) depend on the board, so the palette has none; moves to GO are always valid.
 */
export const EVENT_PALETTE: readonly EventSlot[] = [
  genesisEvent('airdrop'),
  genesisEvent('network-congestion'),
  genesisEvent('collectors-dinner'),
  {
    kind: 'event',
    name: 'Gallery Opening',
    text: 'You buy the drinks. Pay 10 Tz to every other player.',
    effect: { kind: 'payEach', amount: 10 },
  },
  genesisEvent('contract-audit'),
  { kind: 'event', name: 'Gas Fee', text: 'A busy block. Pay 50 Tz.', effect: { kind: 'pay', amount: 50 } },
  genesisEvent('wrong-wallet'),
  genesisEvent('ride-the-rollup'),
  { kind: 'event', name: 'Quiet Block', text: 'Nothing happens. Enjoy the view.', effect: { kind: 'none' } },
];
