/**
 * The chain bridge of on-chain Tezos Pole: token plans, the FA2 calls the engine's events require, sending them
 * as the bank, and the P13 holdings action read back from the indexer. See bridge.ts for the protocol.
 */
export { PoleBridge } from './bridge';
export type {
  PoleBridgeOptions,
  BridgeResult,
  CreatedTokens,
  CreateOptions,
  ClosedGame,
  CloseOptions,
  SeedReveal,
  AppliedOps,
  ApplyOptions,
  OperationLookup,
} from './bridge';
export { BridgeError, isBridgeError } from './errors';
export type { BridgeErrorCode, BridgeErrorDetail } from './errors';
export { chainOpsFor, holdingsActionFrom, planAfter, checkAddresses } from './ops';
export type { ChainOp, HoldingsAction } from './ops';
export { planContent, planGameTokens, planWithContent, plannedToken, tokenIdOf, TILE_ID_ATTRIBUTE } from './plan';
export { gameCostBound, paidBy, COST_PER_BYTE_MUTEZ, MAX_GAS_PER_OPERATION, type GameCost } from './cost';
export type { TokenPlan, PlanGame, PlanSeed, LandedAt, PlannedToken, PlanOptions, PlanContent } from './plan';
