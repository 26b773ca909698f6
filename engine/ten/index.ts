export { ten } from './game';
export { setupTen } from './setup';
export { resolveConfig, tenConfigSchema, type TenConfigInput, type TenRules } from './config';
export { checkTenDeck } from './card-schema';
export {
  TEN_DECK,
  deckFor,
  cardById,
  isJoker,
  COLOURS,
  type Card,
  type Colour,
  type NumberCard,
  type JokerCard,
  type CurrencyCard,
} from './cards';
export { parseTenAction, tenActionSchema } from './actions';
export { decisionOf, legalActions, paymentMenu, type TenDecision } from './decisions';
export { tenView } from './view';
export { tableauTotals, bustCause } from './drawing';
export { capacityOf, paymentValue } from './payment';
export { holdsSame } from './buying';
export {
  scoreCollection,
  scoreTotal,
  marginalGains,
  marginalLosses,
  type ScoreResult,
  type JokerPlacement,
} from './scoring';
export { scoresOf, ranksOf, tenOutcome, type TenOutcome, type TenStanding } from './standings';
export {
  tenBots,
  tenRandomBot,
  tenHeuristicBot,
  tenEasyBot,
  heuristicBot,
  bustProbability,
  type TenBot,
  type TenBotName,
} from './bots';
export type * from './state';
export { tenStrong, tenSearch } from './strong';
export { determinizeTen } from './determinize';
