/**
 * What the artist studio accepts, as zod schemas. The limits of a piece are the engine's artist-tile limits and an
 * event slot is the engine's event tile, picked from `tileSchema` itself, so a piece that passes here always makes a
 * valid tile. Pure (zod + engine only): the board builder in the browser validates with the same code.
 */
import { z } from 'zod';
import { issueLines } from '../../engine/core/issues';
import { plainText } from '../../engine/core/text';
import { tileSchema } from '../../engine/pole/board';
import { isContractAddress } from '../validate';

const [, artistTileSchema, eventTileSchema] = tileSchema.options;

/**
 * Images that the chain layer can put in a token's TZIP-21 metadata (chain/token-metadata.ts accepts ipfs://,
 * https:// and data: URIs): an http:// image would be refused only when the on-chain game mints, so it is refused here.
 */
export const imageUriSchema = plainText(z.string())
  .trim()
  .max(100_000, 'must be at most 100,000 characters (host large images on IPFS or the web)')
  .refine((u) => /^(ipfs:\/\/\S+|https:\/\/\S+|data:image\/[\w.+-]+[;,]\S*)$/s.test(u), 'must be an https://, ipfs:// or data:image/… URI');

export const mimeTypeSchema = z.string().max(100).regex(/^image\/[\w.+-]+$/, 'must be an image MIME type (image/…)');

/** A token id as FA2 has them: a natural number, as decimal text. */
export const tokenIdSchema = z.union([z.number().int().nonnegative(), z.string().trim().regex(/^\d{1,30}$/, 'must be a whole number ≥ 0')]).transform(String);

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
    source: pieceSourceSchema.optional(),
  })
  .strict();

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
   * own, as the indexer showed them when the piece was stored (issue 15); else the featuring wallet. Pieces stored
   * before issue 15 have none.
   */
  readonly creators?: readonly string[];
  readonly createdAt: string;
}

/** An event tile's printed part, exactly as the engine's board schema has it (its id is made from the name). */
export const eventSlotSchema = eventTileSchema.pick({ name: true, text: true, effect: true }).extend({ kind: z.literal('event') }).strict();

export const slotSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('piece'), pieceId: plainText(z.string().min(1).max(64)) }).strict(),
  eventSlotSchema,
]);

export type Slot = z.input<typeof slotSchema>;
export type EventSlot = z.output<typeof eventSlotSchema>;

/** A board to build: its name and the tiles after GO, in ring order. */
export const boardRequestSchema = z
  .object({
    name: plainText(z.string()).trim().min(1, 'must not be empty').max(80),
    description: plainText(z.string(), { multiline: true }).trim().max(1000).optional(),
    slots: z.array(slotSchema).max(79, 'at most 79 tiles after GO (a board has at most 80)'),
  })
  .strict();

export type BoardRequest = z.input<typeof boardRequestSchema>;

const limitOf = (schema: { readonly maxLength: number | null }): number => schema.maxLength ?? Number.POSITIVE_INFINITY;

/** The longest text each field takes, read off the schemas, for the forms' counters (issue 15: text is never cut). */
export const TEXT_LIMITS = {
  title: limitOf(pieceInputSchema.shape.title),
  artistName: limitOf(pieceInputSchema.shape.artistName.unwrap()),
  description: limitOf(pieceInputSchema.shape.description.unwrap()),
  imageUri: limitOf(imageUriSchema),
  boardName: limitOf(boardRequestSchema.shape.name),
} as const;

/** Zod issues as one line a person can act on: "title: must not be empty; price: …" (the first few, issue 16). */
export function issuesLine(error: z.ZodError): string {
  return issueLines(error.issues, '(request)').join('; ');
}

/**
 * Ready-made event tiles for the board builder, in the effect vocabulary of the engine. Events that name another
 * tile (a free copy of an edition) depend on the board, so the palette has none; moves to GO are always valid.
 */
export const EVENT_PALETTE: readonly EventSlot[] = [
  { kind: 'event', name: 'Airdrop', text: 'An airdrop lands in your wallet. Collect 100 Tz.', effect: { kind: 'collect', amount: 100 } },
  {
    kind: 'event',
    name: 'Network Congestion',
    text: 'Gas spikes. Roll a die: 1–3 pay 30 Tz, 4–6 pay 60 Tz.',
    effect: {
      kind: 'roll',
      branches: [
        { faces: [1, 2, 3], text: 'Pay 30 Tz.', effect: { kind: 'pay', amount: 30 } },
        { faces: [4, 5, 6], text: 'Pay 60 Tz.', effect: { kind: 'pay', amount: 60 } },
      ],
    },
  },
  { kind: 'event', name: "Collectors' Dinner", text: 'You host the dinner. Collect 20 Tz from every other player.', effect: { kind: 'collectFromEach', amount: 20 } },
  { kind: 'event', name: 'Gallery Opening', text: 'You buy the drinks. Pay 10 Tz to every other player.', effect: { kind: 'payEach', amount: 10 } },
  { kind: 'event', name: 'Contract Audit', text: 'Your collection gets audited. Pay 15 Tz for each masterpiece you hold.', effect: { kind: 'payPerPiece', amount: 15 } },
  { kind: 'event', name: 'Gas Fee', text: 'A busy block. Pay 50 Tz.', effect: { kind: 'pay', amount: 50 } },
  { kind: 'event', name: 'Wrong Wallet', text: 'You signed with the wrong wallet. Go back 2 tiles.', effect: { kind: 'moveBy', steps: -2 } },
  { kind: 'event', name: 'Ride the Rollup', text: 'Advance to Start and collect the GO bonus.', effect: { kind: 'moveTo', tile: 'go' } },
  { kind: 'event', name: 'Quiet Block', text: 'Nothing happens. Enjoy the view.', effect: { kind: 'none' } },
];
