import { GameError, isHostError, isStoreError } from '../errors';
import { storeFailure } from '../store/failure';

/** A store call whose failure is told as what it is: a value it cannot keep, a database away for now, or broken. */
export async function storeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (isHostError(err)) throw err;
    if (isStoreError(err) && err.code === 'UNKNOWN_GAME') throw new GameError('UNKNOWN_GAME', err.message);
    throw storeFailure(err);
  }
}
