/**
 * TzKT's JSON form of Micheline values (what its storage, big_map and parameter fields show),
 * from both the Readable and the Optimized forms the node may hold.
 */
import { describe, expect, it } from 'vitest';
import { humanize } from '../../../devnet/indexer/schema';
import { loadScript, parseExpression } from '../../../devnet/michelson/index';
import { unparseData } from '../../../devnet/michelson/data';
import type { Prim } from '../../../devnet/michelson/micheline';

const ALICE = 'tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx';
const KT = 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi';

/** The value in Optimized form (bytes for addresses and keys, ints for timestamps), as the chain stores it. */
function optimized(type: string, value: string) {
  const loaded = loadScript(`parameter unit; storage (${type}); code { CDR ; NIL operation ; PAIR }`);
  const t = loaded.typed.storage;
  const v = loaded.compiler.data(parseExpression(value, 'value'), t);
  return { t, readable: unparseData(v, t, 'readable'), optimized: unparseData(v, t, 'optimized') };
}

function both(type: string, value: string) {
  const { t, readable, optimized: opt } = optimized(type, value);
  const a = humanize(t as Prim, readable);
  expect(humanize(t as Prim, opt)).toEqual(a);
  return a;
}

describe('humanize (TzKT / Netezos JSON)', () => {
  it('scalars: numbers as strings, bytes as hex, base58 for domain values, ISO timestamps', () => {
    expect(both('nat', '12345678901234567890')).toBe('12345678901234567890');
    expect(both('int', '-5')).toBe('-5');
    expect(both('mutez', '7')).toBe('7');
    expect(both('string', '"hi"')).toBe('hi');
    expect(both('bytes', '0xCAFE')).toBe('cafe');
    expect(both('bool', 'True')).toBe(true);
    expect(both('unit', 'Unit')).toEqual({});
    expect(both('address', `"${ALICE}"`)).toBe(ALICE);
    expect(both('address', `"${KT}%foo"`)).toBe(`${KT}%foo`);
    expect(both('key_hash', `"${ALICE}"`)).toBe(ALICE);
    expect(both('timestamp', '"2026-11-30T06:00:00Z"')).toBe('2026-11-30T06:00:00Z');
    expect(both('timestamp', '0')).toBe('1970-01-01T00:00:00Z');
  });

  it('pairs: fields by annotation, unannotated leaves by type name, duplicates numbered', () => {
    expect(both('pair (nat %a) (string %b) (bool %c) (int %d)', 'Pair 1 "x" True 4')).toEqual({
      a: '1',
      b: 'x',
      c: true,
      d: '4',
    });
    expect(both('pair nat nat string', 'Pair 1 2 "s"')).toEqual({ nat_0: '1', nat_1: '2', string: 's' });
    // An annotated inner pair is a nested object; an unannotated one is flattened.
    expect(both('pair (pair %inner (nat %x) (nat %y)) (pair (nat %z) (nat %w))', 'Pair (Pair 1 2) (Pair 3 4)')).toEqual(
      {
        inner: { x: '1', y: '2' },
        z: '3',
        w: '4',
      },
    );
    // Type annotations name a field when there is no field annotation.
    expect(both('pair (nat :amount) (address :owner)', `Pair 1 "${ALICE}"`)).toEqual({ amount: '1', owner: ALICE });
  });

  it('options, ors, lists, sets, maps', () => {
    expect(both('option nat', 'None')).toBeNull();
    expect(both('option nat', 'Some 3')).toBe('3');
    expect(both('pair (option %o nat) (option string)', 'Pair None (Some "s")')).toEqual({ o: null, string: 's' });
    expect(both('or (nat %count) (or (string %label) (unit %none))', 'Right (Left "x")')).toEqual({ label: 'x' });
    // Unannotated branches are named by their path.
    expect(both('or nat (or string unit)', 'Right (Right Unit)')).toEqual({ RR: {} });
    expect(both('list (pair (nat %id) (address %who))', `{ Pair 1 "${ALICE}" }`)).toEqual([{ id: '1', who: ALICE }]);
    expect(both('set int', '{ -1 ; 2 }')).toEqual(['-1', '2']);
    expect(both('map address nat', `{ Elt "${ALICE}" 5 }`)).toEqual({ [ALICE]: '5' });
    expect(both('map (pair nat nat) string', '{ Elt (Pair 1 2) "a" }')).toEqual([
      { key: { nat_0: '1', nat_1: '2' }, value: 'a' },
    ]);
  });

  it('a stored big_map is its id; a lambda is its Micheline JSON text', () => {
    const t: Prim = {
      prim: 'pair',
      args: [
        { prim: 'big_map', annots: ['%ledger'], args: [{ prim: 'address' }, { prim: 'nat' }] },
        { prim: 'lambda', annots: ['%f'], args: [{ prim: 'unit' }, { prim: 'unit' }] },
      ],
    };
    expect(humanize(t, { prim: 'Pair', args: [{ int: '42' }, []] })).toEqual({ ledger: 42, f: '[]' });
  });
});
