/**
 * The chain layer: networks as configuration, TZIP-21 token metadata, the holdings reader over the TzKT API.
 * (The FA2 client over Taquito joins here.)
 */
export { ChainError, NetworkConfigError, MetadataError, IndexerError, isChainError, isNetworkConfigError, isMetadataError, isIndexerError } from './errors';
export type { NetworkConfigErrorCode, MetadataErrorCode, IndexerErrorCode } from './errors';
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
} from './token-metadata';
export type { TokenInfo, TokenInfoInput, TokenMetadata, TokenFormat, TokenAttribute, Royalties, TileImage, TileTokenInput, TileFacts } from './token-metadata';
export { HoldingsReader, holdingsReader, readHoldings } from './holdings';
export type { HoldingsReaderOptions, HoldingsQuery, Holding, Holdings } from './holdings';
