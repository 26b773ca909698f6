/** Game requests as the tests write them: seats by name, and the two-person Tezos Pole most suites play. */
import type { CreateGameRequest, SeatKind } from '../../server/protocol';

type SeatRequest = CreateGameRequest['seats'][number];

/** People's seats, one per name, in seat order. */
export const humans = (...names: string[]): SeatRequest[] => names.map((name) => ({ kind: 'human', name }));

/** A bot's seat: it plays `kind`'s moves by itself. */
export const bot = (kind: Exclude<SeatKind, 'human'>, name: string): SeatRequest => ({ kind, name });

/** A two-lap Tezos Pole of Ada and Bea (hot-seat unless `extra` says otherwise), bots moving at once. */
export const poleForTwo = (extra: Partial<CreateGameRequest> = {}): CreateGameRequest => ({
  game: 'pole',
  options: { laps: 2 },
  seats: humans('Ada', 'Bea'),
  botPaceMs: 0,
  ...extra,
});

/** Ada, Bea and a heuristic bot (which keeps the game live) online, bots moving at once: one-lap Tezos Pole unless `extra` says otherwise. */
export const onlineWithBot = (extra: Partial<CreateGameRequest> = {}): CreateGameRequest => ({
  game: 'pole',
  options: { laps: 1 },
  seats: [...humans('Ada', 'Bea'), bot('normal', 'Bot')],
  mode: 'online',
  botPaceMs: 0,
  ...extra,
});
