export * from './protocol';
export * from './errors';
export * from './store';
export * from './host';
