import { rngFromSeed, rollDie } from '../core/rng';
import type { SeatId } from '../core/types';
import { resolveConfig } from './config';
import type { PoleState } from './state';

/**
 * Seed §2 / P1–P2: every player starts on Start with 1,000 Tz; "all roll the movement die; highest goes first";
 * tied players re-roll among themselves until one is highest. Play then passes clockwise (increasing seat index).
 * @throws ConfigError on invalid options or board.
 */
export function setupPole(input: unknown, seed: string): PoleState {
  const config = resolveConfig(input);
  const rng = rngFromSeed(seed);
  const turnOrderRolls: { seat: SeatId; die: number }[][] = [];
  let contenders: SeatId[] = Array.from({ length: config.players }, (_, seat) => seat);
  while (contenders.length > 1) {
    const round = contenders.map((seat) => ({ seat, die: rollDie(rng, 6) }));
    turnOrderRolls.push(round);
    const high = Math.max(...round.map((r) => r.die));
    contenders = round.filter((r) => r.die === high).map((r) => r.seat);
  }
  const firstSeat = contenders[0]!;
  return {
    game: 'pole',
    seq: 0,
    config,
    rng: rng.getState(),
    turnOrderRolls,
    firstSeat,
    current: firstSeat,
    turn: 1,
    phase: 'roll',
    players: Array.from({ length: config.players }, () => ({ cash: config.startingCash, progress: 0, l2Used: false })),
    tiles: config.board.tiles.map(() => ({ holders: [], removed: 0 })),
    queue: [],
    landings: 0,
    endTriggered: false,
    lastRoll: [],
    valuations: null,
  };
}
