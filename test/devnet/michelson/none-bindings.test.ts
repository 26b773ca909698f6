/**
 * A key bound to None in a `map k (option v)` or a `big_map k (option v)` is bound: Octez's maps and big_map
 * overlays hold `(key, value)` bindings and their absence apart (script_map.ml, script_typed_ir.ml
 * `big_map_overlay`: a value option per key), so GET answers `Some None`, MEM true, and `Some None` given to UPDATE
 * binds the key to None (script_interpreter.ml IMap_get, IBig_map_mem, IMap_update).
 */
import { describe, expect, it } from 'vitest';
import { runScript, standaloneHost } from '../../../devnet/michelson';
import { printExpr } from '../../../devnet/michelson/data';
import type { Expr } from '../../../devnet/michelson/micheline';

/** Scripts are written over several lines for reading; octez-client's layout rules apply to files, so join them. */
const oneLine = (s: string): string => s.replace(/\s*\n\s*/g, ' ');

const storageOf = (script: string, storage: string, input: string, host = standaloneHost()): string =>
  printExpr(runScript({ script: oneLine(script), storage, input, host }).storage, true);

describe('map k (option v)', () => {
  const get = `parameter nat; storage (option (option nat));
    code { CAR; PUSH (map nat (option nat)) { Elt 1 None ; Elt 2 (Some 5) }; SWAP; GET; NIL operation; PAIR }`;

  it('GET of a key bound to None is Some None; of an unbound key, None', () => {
    expect(storageOf(get, 'None', '1')).toBe('(Some None)');
    expect(storageOf(get, 'None', '2')).toBe('(Some (Some 5))');
    expect(storageOf(get, 'None', '3')).toBe('None');
  });

  it('UPDATE with Some None binds the key to None; GET_AND_UPDATE gives back Some None', () => {
    const update = `parameter nat; storage (map nat (option nat));
      code { UNPAIR; SWAP; PUSH (option (option nat)) (Some None); DIG 2; UPDATE; NIL operation; PAIR }`;
    expect(storageOf(update, '{}', '7')).toBe('{ Elt 7 None }');
    const getAndUpdate = `parameter nat; storage (pair (map nat (option nat)) (option (option nat)));
      code { UNPAIR; SWAP; CAR; NONE (option nat); DIG 2; GET_AND_UPDATE; SWAP; PAIR; NIL operation; PAIR }`;
    expect(storageOf(getAndUpdate, 'Pair { Elt 7 None } None', '7')).toBe('(Pair {} (Some None))');
  });
});

describe('big_map k (option v)', () => {
  // MEM then GET of the parameter's key, as (Pair <map> <mem> <get>).
  const memGet = `parameter nat; storage (pair (big_map nat (option nat)) bool (option (option nat)));
    code { UNPAIR; SWAP; CAR; DUP; DUP 3; GET; DUP 2; DIG 3; MEM; PAIR; SWAP; PAIR; NIL operation; PAIR }`;

  it('a literal binding to None is kept: MEM is true, GET is Some None, and the diff sets it', () => {
    const r = runScript({ script: oneLine(memGet), storage: 'Pair { Elt 1 None } False None', input: '1' });
    expect(printExpr(r.storage, true)).toBe('(Pair 4 True (Some None))');
    expect(r.bigMapDiff).toContainEqual(
      expect.objectContaining({ action: 'update', key: { int: '1' }, value: { prim: 'None' } }),
    );
    expect(storageOf(memGet, 'Pair { Elt 1 None } False None', '2')).toBe('(Pair 4 False None)');
  });

  it('a stored binding to None answers the same', () => {
    const stored: Expr = { prim: 'None' };
    const host = {
      ...standaloneHost(),
      bigMapTypes: (id: bigint) =>
        id === 7n ? { keyType: { prim: 'nat' }, valueType: { prim: 'option', args: [{ prim: 'nat' }] } } : null,
      // The packed key 1 (0x05 0x00 0x01) is the only one bound.
      bigMapGet: (id: bigint, hex: string) => (id === 7n && hex === '050001' ? stored : null),
    };
    expect(storageOf(memGet, 'Pair 7 False None', '1', host)).toBe('(Pair 7 True (Some None))');
    expect(storageOf(memGet, 'Pair 7 False None', '2', host)).toBe('(Pair 7 False None)');
  });
});
