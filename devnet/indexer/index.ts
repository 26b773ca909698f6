/**
 * The devnet's indexer: a subset of TzKT API v1 over the local chain, for `@tzkt/sdk-api` and
 * plain HTTP clients, and TzKT's real-time SignalR hub at `/v1/ws` for `@microsoft/signalr` (hub.ts). The node
 * mounts it with `startDevnet({ tzkt: tzktRoutes })`, or `tzktRoutesWith({ metadataGateway })` to resolve off-chain
 * token metadata too; any other HTTP server can call `handleTzkt`. Routes: see http.ts; query language: see query.ts.
 */
export { handleTzkt, answerTzkt, tzktIndex, tzktRoutes, tzktRoutesWith } from './http';
export type { TzktOptions, TzktService } from './http';
export { MetadataFetcher, metadataUrl } from './offchain-metadata';
export type { MetadataGateway, MetadataObject } from './offchain-metadata';
export { TzktHub } from './hub';
export { HubException, SignalRServer } from './signalr';
export { TzktIndex } from './indexer';
export type { MetadataResolver } from './indexer';
export { parseQuery, runQuery, collectParams, QueryError } from './query';
export type { Query, Filter, Row } from './query';
export { humanize } from './schema';
export type { Json } from './schema';
export { isFa2, ledgerLayout, readLedger, readTokenMetadata, readTransferParam } from './fa2';
export type { LedgerLayout, LedgerBalance } from './fa2';
