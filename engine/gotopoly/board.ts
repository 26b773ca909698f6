import { z } from 'zod';
import { ConfigError } from '../core/errors';
import { describeIssues, parsedOnce } from '../core/issues';
import { plainText } from '../core/text';
import { boardWithLookups, COLOURS, type Board } from './ring';

/**
 * G1: the board is data — a ring of 40 spaces indexed clockwise from GO as printed (0 = GO, 1 = Old Kent Road …
 * 39 = Mayfair). Students walk it anti-clockwise, so their route from GO is 39, 38, 37, …
 */

const spaceId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a lowercase slug (a-z, 0-9, -)');
const pounds = z.number().int('must be whole pounds');
const name = plainText(z.string().min(1).max(40));

const propertySchema = z
  .object({
    kind: z.literal('property'),
    id: spaceId,
    name,
    colour: z.enum(COLOURS),
    price: pounds.positive(),
    /** Rent with 0, 1, 2, 3, 4 houses and with a B&B (hotel): six entries, strictly increasing. */
    rent: z.array(pounds.positive()).length(6),
    houseCost: pounds.positive(),
  })
  .strict();

const stationSchema = z.object({ kind: z.literal('station'), id: spaceId, name, price: pounds.positive() }).strict();

const utilitySchema = z
  .object({
    kind: z.literal('utility'),
    id: spaceId,
    name,
    price: pounds.positive(),
    /** G11: the bill is this many pounds per point of the move token used. */
    billPerPip: pounds.positive(),
  })
  .strict();

const taxSchema = z.object({ kind: z.literal('tax'), id: spaceId, name, amount: pounds.positive() }).strict();
const cardSpaceSchema = z
  .object({ kind: z.literal('card'), id: spaceId, name, deck: z.enum(['chance', 'chest']) })
  .strict();
const plainSchema = (kind: 'go' | 'jail' | 'free-parking' | 'go-to-jail') =>
  z.object({ kind: z.literal(kind), id: spaceId, name }).strict();

export const spaceSchema = z.discriminatedUnion('kind', [
  propertySchema,
  stationSchema,
  utilitySchema,
  taxSchema,
  cardSpaceSchema,
  plainSchema('go'),
  plainSchema('jail'),
  plainSchema('free-parking'),
  plainSchema('go-to-jail'),
]);

export const boardSchema = z
  .object({ id: spaceId, name: plainText(z.string().min(1).max(80)), spaces: z.array(spaceSchema).length(40) })
  .strict();

export type BoardInput = z.input<typeof boardSchema>;
export type Space = z.output<typeof spaceSchema>;
export type Property = Extract<Space, { kind: 'property' }>;
export type Station = Extract<Space, { kind: 'station' }>;
export type Utility = Extract<Space, { kind: 'utility' }>;
/** A board's data once its shape is checked (the built-in London is typed data of this shape). */
export type BoardData = z.output<typeof boardSchema>;

/**
 * Validates a board's shape and meaning and returns it with its lookups (ring.ts).
 * @throws ConfigError `BAD_BOARD` whose issues name the space (index and id) and the field at fault.
 */
export const parseBoard = parsedOnce((input: unknown): Board => {
  const parsed = boardSchema.safeParse(input);
  if (!parsed.success) {
    const issues = describeIssues(parsed.error, input, { key: 'spaces', noun: 'space' }, '(board)');
    throw new ConfigError('BAD_BOARD', 'invalid Gotopoly board', issues);
  }
  const board = boardWithLookups(parsed.data);
  const { id, spaces } = board;
  const issues: string[] = [];
  const label = (i: number) => `space ${i} "${spaces[i]!.id}"`;
  const seen = new Map<string, number>();
  spaces.forEach((s, i) => {
    if (seen.has(s.id)) issues.push(`${label(i)}: id: duplicates space ${seen.get(s.id)}`);
    else seen.set(s.id, i);
  });
  const count = (kind: Space['kind']) => spaces.filter((s) => s.kind === kind).length;
  if (spaces[0]?.kind !== 'go') issues.push(`${label(0)}: kind: the ring must start with GO`);
  for (const [kind, expected] of [
    ['go', 1],
    ['jail', 1],
    ['go-to-jail', 1],
    ['station', 4],
    ['utility', 2],
  ] as const) {
    if (count(kind) !== expected) issues.push(`spaces: needs exactly ${expected} ${kind} space(s), has ${count(kind)}`);
  }
  for (const i of board.properties) {
    const { rent } = spaces[i] as Property;
    if (!rent.every((r, k) => k === 0 || r > rent[k - 1]!))
      issues.push(`${label(i)}: rent: must increase with every house`);
  }
  for (const colour of COLOURS) {
    const members = board.groups[colour];
    if (members.length < 2) issues.push(`colour ${colour}: needs at least 2 properties, has ${members.length}`);
    const costs = new Set(members.map((i) => (spaces[i] as Property).houseCost));
    if (costs.size > 1) issues.push(`colour ${colour}: houseCost: differs within the group`);
  }
  if (issues.length) throw new ConfigError('BAD_BOARD', `invalid Gotopoly board "${id}"`, issues);
  return board;
});
