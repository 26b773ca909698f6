export { gotopoly } from './game';
export { setupGotopoly } from './setup';
export { resolveConfig, gotopolyConfigSchema, type GotopolyConfigInput, type GotopolyRules } from './config';
export { parseBoard, boardSchema, type BoardInput, type Space, type Property } from './board';
export { positionOf, routeOffset, propertyAt, COLOURS, type Board, type Colour } from './ring';
export { LONDON, londonBoardData } from './boards/london';
export { parseDecks, decksSchema, type Card, type CardEffect, type DeckName, type Decks } from './cards';
export { POLY_FIED_DECKS } from './decks/poly-fied';
export { parseGotopolyAction, gotopolyActionSchema } from './actions';
export { decisionsOf, decisionOf, legalActions, type GotopolyDecision } from './decisions';
export { gotopolyView } from './view';
export { nmrAction, mostHeldToken } from './nmr';
export { rentOf } from './property';
export { railFare } from './station';
export { moveOrder } from './term';
export { oppositeFace, spendToken, FRESH_TOKENS } from './movement';
export { buildRefusal, ownsWholeGroup, groupFullyOwned, isTradable } from './building';
export { tradeRefusal } from './trade';
export { standingsOf, gotopolyOutcome, type GotopolyOutcome } from './winning';
export { MAX_LANDINGS_PER_TURN } from './spaces';
export {
  gotopolyBots,
  gotopolyRandomBot,
  gotopolyHeuristicBot,
  gotopolyEasyBot,
  heuristicBot,
  type GotopolyBot,
  type GotopolyBotName,
} from './bots';
export type * from './state';
export { gotopolyStrong, gotopolySearch } from './strong';
export { determinizeGotopoly } from './determinize';
