/**
 * The chain layer: networks as configuration, TZIP-21 token metadata, the holdings reader over the TzKT API,
 * and the typed client of the editions contract over Taquito.
 */
export {
  ChainError,
  NetworkConfigError,
  MetadataError,
  IndexerError,
  Fa2Error,
  isChainError,
  isNetworkConfigError,
  isMetadataError,
  isIndexerError,
  isFa2Error,
} from './errors';
export type { NetworkConfigErrorCode, MetadataErrorCode, IndexerErrorCode, Fa2ErrorCode } from './errors';
export { NETWORKS, DEFAULT_NETWORK, resolveNetwork, networkFromEnv, explorerLink } from './networks';
export type { Network, NetworkName, NetworkInput } from './networks';
export {
  tokenMetadataSchema,
  encodeTokenInfo,
  tokenInfoMap,
  decodeTokenInfo,
  decodeIndexedMetadata,
  tileTokenMetadata,
  tileFacts,
  TILE_ATTRIBUTES,
  royaltyShares,
  originalToken,
  tokenRefText,
  metadataBytes,
  offChainTokenInfo,
  offChainMetadataUri,
} from './token-metadata';
export type {
  TokenInfo,
  TokenInfoInput,
  TokenMetadata,
  TokenFormat,
  TokenAttribute,
  Royalties,
  TileImage,
  TileTokenInput,
  TileFacts,
  TokenRef,
} from './token-metadata';
export { HoldingsReader, holdingsReader, readHoldings, readSeedCommit } from './indexer';
export type { HoldingsReaderOptions, HoldingsQuery, Holding, Holdings, SeedCommitRecord } from './indexer';
export { Fa2Editions, sendCalls, toFa2Error } from './fa2-editions';
export type {
  Nat,
  Fa2Call,
  SendResult,
  TransferBatch,
  OperatorUpdate,
  BalanceRequest,
  TokenSpec,
  MintRequest,
  BurnRequest,
  Fa2EditionsState,
  TokenRecord,
  GameInfo,
  SeedCommit,
  OriginateOptions,
} from './fa2-editions';
// The bridge's own barrel is the bridge's public API.
export * from './pole-bridge';
