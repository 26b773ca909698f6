// Kept while the app's pages move to the chain layer's module; see chain/status.ts.
export * from '../../chain/status';
