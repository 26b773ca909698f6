export * from './errors';
export * from './types';
export * from './rng';
export * from './hash';
export * from './record';
export * from './play';
export * from './issues';
export * from './text';
