/** The seats of a game request, by name: most games in the tests seat a few people and a bot or two. */
import type { CreateGameRequest, SeatKind } from '../../server/protocol';

type SeatRequest = CreateGameRequest['seats'][number];

/** People's seats, one per name, in seat order. */
export const humans = (...names: string[]): SeatRequest[] => names.map((name) => ({ kind: 'human', name }));

/** A bot's seat: it plays `kind`'s moves by itself. */
export const bot = (kind: Exclude<SeatKind, 'human'>, name: string): SeatRequest => ({ kind, name });
