/**
 * The one TzKT client of the app (`@tzkt/sdk-api` behind `IndexerClient`: a timeout per request, retries where a
 * read may wait, every failure an `IndexerError`), and what is read through it: holdings for the game's rules, and
 * what the collector and explorer pages show.
 */
export { IndexerClient, type IndexerClientOptions, type SdkCall } from './client';
export { HoldingsReader, holdingsReader, readHoldings } from './holdings';
export { headFeed, nextHead, type HeadFeed, type HeadListener } from './events';
export type { HoldingsReaderOptions, HoldingsQuery, Holding, Holdings } from './holdings';
export * from './reads';
