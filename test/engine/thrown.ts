/**
 * The error a call throws or a promise rejects with, of the class a test expects: every suite's "this must be
 * refused with a …" helper, in one place.
 */

type ErrorClass<E extends Error> = abstract new (...args: never[]) => E;

const expected = (type: ErrorClass<Error>): Error =>
  new Error(`expected ${/^[AEIOU]/.test(type.name) ? 'an' : 'a'} ${type.name}`);

/** The error of class `type` that `f` throws; fails the test if `f` returns or throws something else. */
export function thrown<E extends Error>(f: () => unknown, type: ErrorClass<E>): E {
  try {
    f();
  } catch (e) {
    if (e instanceof type) return e;
    throw e;
  }
  throw expected(type);
}

/** The error of class `type` that `p` rejects with; fails the test if `p` resolves or rejects with something else. */
export async function rejected<E extends Error>(p: Promise<unknown>, type: ErrorClass<E>): Promise<E> {
  try {
    await p;
  } catch (e) {
    if (e instanceof type) return e;
    throw e;
  }
  throw expected(type);
}
