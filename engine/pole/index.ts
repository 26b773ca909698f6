export { pole } from './game';
export { poleDecision, type PoleDecision } from './decisions';
export { setupPole } from './setup';
export { resolveConfig, poleConfigSchema, type PoleConfigInput, type PoleRules } from './config';
export {
  parseBoard,
  boardSchema,
  type Board,
  type BoardInput,
  type Tile,
  type ArtistTile,
  type EventTile,
  type Effect,
} from './board';
export { GENESIS } from './boards/genesis';
export { parsePoleAction, poleActionSchema } from './actions';
export { royaltyAmount, royaltyClaims, royaltyRate } from './royalty';
export { valuePiece, scoreBoard, poleOutcome, playOrder, type PoleOutcome, type PoleStanding } from './valuation';
export { positionOf, lapsOf } from './movement';
export { floor10 } from './rounding';
export { ownersOf, copiesHeld, supplyLeft, isInert, piecesOf, artistTile, readChangesHoldings } from './holdings';
export { flippableTiles, flipReturn } from './out-of-cash';
export { MAX_LANDINGS_PER_TURN } from './resolve';
export { TileTally, type TileRow } from './tile-tally';
export { cheapestFlip } from './out-of-cash';
export { poleBots, poleRandomBot, poleHeuristicBot, heuristicBot, type PoleBot, type PoleBotName } from './bots';
export type * from './state';
export { poleStrong, poleSearch, poleCollector, poleValue } from './strong';
export { determinizePole, type PoleView } from './determinize';
