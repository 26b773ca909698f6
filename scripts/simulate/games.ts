import type { GameId } from '../../engine/core/types';
import { gotopolySimulator } from './gotopoly';
import { poleSimulator } from './pole';
import { tenSimulator } from './ten';
import type { Simulator } from './types';

/** Every game `simulate` knows. Adding a game is one entry here. */
export const simulators: Readonly<Record<GameId, Simulator>> = {
  pole: poleSimulator,
  gotopoly: gotopolySimulator,
  ten: tenSimulator,
};

export const GAME_IDS = Object.keys(simulators) as GameId[];
