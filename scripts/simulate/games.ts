import type { GameId } from '../../engine/core/types';
import { gotopolySimulator } from './gotopoly';
import { poleSimulator } from './pole';
import type { Simulator } from './types';

/** Every game `simulate` knows; null until the game's engine lands. Adding a game is one entry here. */
export const simulators: Readonly<Record<GameId, Simulator | null>> = {
  pole: poleSimulator,
  gotopoly: gotopolySimulator,
  ten: null,
};

export const GAME_IDS = Object.keys(simulators) as GameId[];
