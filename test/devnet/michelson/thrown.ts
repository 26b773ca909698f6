/** The error of type `E` that `f` throws; fails the test if `f` returns or throws something else. */
export function thrown<E extends Error>(f: () => unknown, type: abstract new (...args: never[]) => E): E {
  try {
    f();
  } catch (e) {
    if (e instanceof type) return e;
    throw e;
  }
  throw new Error(`expected a ${type.name}`);
}
