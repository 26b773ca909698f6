/**
 * Typechecking data literals and printing values back, against Octez's `parse_data` /
 * `unparse_data` (protocol U025) and published octez-client outputs.
 */
import { p256 } from '@noble/curves/nist.js';
import { Parser } from '@taquito/michel-codec';
import { describe, expect, it, vi } from 'vitest';
import { thrown } from '../../engine/thrown';
import {
  compareValues,
  parseData,
  showExpr,
  unparseData,
  type DataContext,
  type UnparsingMode,
} from '../../../devnet/michelson/data';
import { MichelsonDataError } from '../../../devnet/michelson/encoding';
import type { Expr, Prim } from '../../../devnet/michelson/micheline';
import { packKeyHex } from '../../../devnet/michelson/pack';
import {
  Address,
  BigMap,
  ContractRef,
  Fr,
  Lambda,
  MMap,
  MSet,
  Or,
  Pair,
  Some,
  Ticket,
  UNIT,
  type Value,
} from '../../../devnet/michelson/values';

const parser = new Parser();
/** Micheline from concrete syntax, without michel-codec's source-location symbols. */
const mich = (src: string): Expr =>
  JSON.parse(JSON.stringify(/^[A-Z]/.test(src) ? parser.parseData(src) : parser.parseMichelineExpression(src))) as Expr;
const ty = (src: string): Prim => mich(`(${src})`) as Prim;

const ctx: DataContext = { compileLambda: (a, r, body, rec) => new Lambda(a, r, body, { run() {} }, rec) };
const parse = (d: string, t: string, c: DataContext = ctx): Value => parseData(mich(d), ty(t), c);
const print = (v: Value, t: string, mode: UnparsingMode): string => showExpr(unparseData(v, ty(t), mode));
/** Parse then print: what `octez-client normalize data … --unparsing-mode` shows. */
const normalize = (d: string, t: string, mode: UnparsingMode): string => print(parse(d, t), t, mode);

const error = (f: () => unknown): MichelsonDataError => thrown(f, MichelsonDataError);

describe('parseData: numbers and strings', () => {
  it('reads int, nat and mutez literals as bigints', () => {
    expect(parse('-42', 'int')).toBe(-42n);
    expect(parse('123456789012345678901234567890', 'nat')).toBe(123456789012345678901234567890n);
    expect(parse('9223372036854775807', 'mutez')).toBe(9223372036854775807n);
  });

  it('refuses a negative nat, as "a non-negative integer" is expected', () => {
    const e = error(() => parse('-1', 'nat'));
    expect(e.message).toBe('value -1 is invalid for type nat: expected a non-negative integer');
    expect(e.code).toBe('bad_data');
  });

  it('refuses mutez amounts outside [0, 2^63 - 1]', () => {
    expect(error(() => parse('9223372036854775808', 'mutez')).message).toMatch(/expected a valid mutez amount/);
    expect(() => parse('-1', 'mutez')).toThrow(/valid mutez amount/);
  });

  it('names the expected kind when the literal has another one', () => {
    expect(error(() => parse('"1"', 'int')).message).toBe(
      'value "1" is invalid for type int: unexpected string, only an int can be used here',
    );
    expect(error(() => parse('True', 'string')).message).toMatch(
      /unexpected primitive, only a string can be used here/,
    );
  });

  it('accepts printable ASCII and newlines in strings only (Script_string)', () => {
    expect(parse('"ABC\\n123"', 'string')).toBe('ABC\n123');
    expect(parse('""', 'string')).toBe('');
    expect(() => parse('"tab\\there"', 'string')).toThrow(/a printable ascii string/);
    expect(() => parseData({ string: 'é' }, ty('string'), ctx)).toThrow(/a printable ascii string/);
  });

  it('reads bytes in either case and prints them in lowercase', () => {
    const v = parse('0xABcd', 'bytes');
    expect(v).toEqual(Uint8Array.of(0xab, 0xcd));
    expect(print(v, 'bytes', 'readable')).toBe('0xabcd');
  });
});

describe('parseData: constructors', () => {
  it('reads unit, booleans, options and ors', () => {
    expect(parse('Unit', 'unit')).toBe(UNIT);
    expect(parse('False', 'bool')).toBe(false);
    expect(parse('None', 'option int')).toBeNull();
    expect(parse('Some 3', 'option int')).toEqual(new Some(3n));
    expect(parse('Right "x"', 'or int string')).toEqual(new Or(false, 'x'));
  });

  it('reports wrong constructors and arities like Octez', () => {
    expect(error(() => parse('True', 'or int nat')).message).toMatch(
      /invalid primitive True, only Left or Right can be used here/,
    );
    expect(error(() => parse('Some', 'option int')).message).toMatch(
      /primitive Some expects 1 arguments but is given 0/,
    );
    expect(error(() => parse('ADD', 'unit')).message).toMatch(
      /unexpected instruction ADD, only a constant constructor can be used here/,
    );
  });

  it('refuses annotations on data constructors, unless legacy', () => {
    expect(error(() => parse('Pair %a 1 2', 'pair int int')).message).toMatch(/unexpected annotation/);
    expect(parse('Pair %a 1 2', 'pair int int', { ...ctx, legacy: true })).toEqual(new Pair(1n, 2n));
  });

  it('reads combs written nested, flat or as a sequence (Octez `hash data` inputs)', () => {
    const expected = new Pair(0n, new Pair(true, new Uint8Array()));
    expect(parse('Pair 0 (Pair True 0x)', 'pair int bool bytes')).toEqual(expected);
    expect(parse('Pair 0 True 0x', 'pair int bool bytes')).toEqual(expected);
    expect(parse('{0; True; 0x}', 'pair int bool bytes')).toEqual(expected);
    expect(parse('{0; True; 0x}', 'pair int (pair bool bytes)')).toEqual(expected);
  });

  it('refuses flat pairs whose right side is not a pair, and too short sequences', () => {
    expect(error(() => parse('Pair 1 2 3', 'pair int int')).message).toMatch(
      /primitive Pair expects 2 arguments but is given 3/,
    );
    expect(error(() => parse('{1}', 'pair int int')).message).toMatch(
      /sequence expects at least 2 elements but is given 1/,
    );
    expect(error(() => parse('Pair 1', 'pair int int')).message).toMatch(/expects 2 arguments but is given 1/);
  });

  it('never has no value', () => {
    expect(error(() => parse('Unit', 'never')).message).toMatch(/type never has no inhabitant/);
  });
});

describe('parseData: collections', () => {
  it('reads lists in order and sets and maps sorted', () => {
    expect(parse('{ 3 ; 1 }', 'list nat')).toEqual([3n, 1n]);
    expect(parse('{ 0 ; 3 ; 4 }', 'set nat')).toEqual(new MSet([0n, 3n, 4n]));
    expect(parse('{ Elt 0 0xCB ; Elt 1 0xAB }', 'map nat bytes')).toEqual(
      new MMap([0n, 1n], [Uint8Array.of(0xcb), Uint8Array.of(0xab)]),
    );
  });

  it("refuses unordered or duplicated set elements with Octez's message", () => {
    expect(error(() => parse('{ 2 ; 1 }', 'set nat')).message).toBe(
      'Values in a set literal must be in strictly ascending order, but they were unordered in literal: { 2 ; 1 }',
    );
    expect(error(() => parse('{ 1 ; 1 }', 'set nat')).message).toMatch(/^Set literals cannot contain duplicate values/);
  });

  it('refuses unordered or duplicated map keys', () => {
    expect(error(() => parse('{ Elt "b" 1 ; Elt "a" 2 }', 'map string int')).message).toMatch(
      /^Keys in a map literal must be in strictly ascending order/,
    );
    expect(error(() => parse('{ Elt 1 1 ; Elt 1 2 }', 'map int int')).message).toMatch(
      /^Map literals cannot contain duplicate keys/,
    );
    expect(error(() => parse('{ Pair 1 1 }', 'map int int')).message).toMatch(
      /invalid primitive Pair, only Elt can be used here/,
    );
  });

  it('orders set elements by Michelson comparison, not by the literal text', () => {
    expect(() =>
      parse('{ "tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx" ; "KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq" }', 'set address'),
    ).not.toThrow();
    expect(() =>
      parse('{ "KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq" ; "tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx" }', 'set address'),
    ).toThrow(/strictly ascending order/);
  });
});

describe('parseData: big maps', () => {
  it('reads a literal as a fresh map whose overlay is keyed by the packed key', () => {
    const m = parse('{ Elt "a" 1 ; Elt "b" 2 }', 'big_map string nat') as BigMap;
    expect(m.id).toBeNull();
    expect([...m.overlay.keys()]).toEqual([packKeyHex('a', ty('string')), packKeyHex('b', ty('string'))]);
    expect(m.overlay.get('05010000000161')).toEqual({ key: 'a', value: 1n });
  });

  it('reads an int as the id of a stored map, unless ids are forbidden (PUSH, UNPACK)', () => {
    const m = parse('42', 'big_map string nat') as BigMap;
    expect(m.id).toBe(42n);
    expect(m.overlay.size).toBe(0);
    expect(() => parse('42', 'big_map string nat', { ...ctx, allowBigMapIds: false })).toThrow(
      /Unexpected forged value/,
    );
  });

  it('prints its id when it has no pending updates, else its live entries in key order', () => {
    const t = 'big_map string nat';
    expect(print(parse('42', t), t, 'readable')).toBe('42');
    const fresh = parse('{ Elt "a" 1 ; Elt "b" 2 }', t) as BigMap;
    const overlay = new Map(fresh.overlay);
    overlay.set(packKeyHex('0', ty('string')), { key: '0', value: undefined }); // removed: not printed
    expect(print(new BigMap(null, fresh.keyType, fresh.valueType, overlay), t, 'readable')).toBe(
      '{ Elt "a" 1 ; Elt "b" 2 }',
    );
  });

  it('prints a stored map with pending updates as Pair id { Elt k (Some v | None) }', () => {
    const t = 'big_map string nat';
    const m = parse('Pair 7 { Elt "a" (Some 1) ; Elt "b" None }', t) as BigMap;
    expect(m.id).toBe(7n);
    // A pending removal (`None` in the stored form's updates) is `undefined`: `null` is a bound `None` value.
    expect(m.overlay.get(packKeyHex('b', ty('string')))).toEqual({ key: 'b', value: undefined });
    expect(print(m, t, 'readable')).toBe('Pair 7 { Elt "a" (Some 1) ; Elt "b" None }');
  });
});

describe('parseData: lambdas, contracts and tickets', () => {
  it('hands lambda bodies to the typechecker, Lambda_rec as recursive', () => {
    const compileLambda = vi.fn(ctx.compileLambda);
    const l = parse('{ PUSH nat 1 ; ADD }', 'lambda nat nat', { compileLambda }) as Lambda;
    expect(compileLambda).toHaveBeenCalledWith({ prim: 'nat' }, { prim: 'nat' }, mich('{ PUSH nat 1 ; ADD }'), false);
    expect(l.recursive).toBe(false);
    const r = parse('Lambda_rec { DROP ; PUSH nat 0 }', 'lambda nat nat') as Lambda;
    expect(r.recursive).toBe(true);
    expect(print(r, 'lambda nat nat', 'readable')).toBe('Lambda_rec { DROP ; PUSH nat 0 }');
    expect(() => parse('0', 'lambda nat nat')).toThrow(/only a sequence can be used here/);
  });

  it("lets the typechecker's errors through unchanged", () => {
    const boom = new Error('ill-typed');
    expect(() =>
      parse('{ ADD }', 'lambda nat nat', {
        compileLambda: () => {
          throw boom;
        },
      }),
    ).toThrow(boom);
  });

  it('reads a contract literal as a reference to the entrypoint with the given parameter type', () => {
    const c = parse('"KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq%transfer"', 'contract nat') as ContractRef;
    expect(c.address.entrypoint).toBe('transfer');
    expect(c.paramType).toEqual({ prim: 'nat' });
    expect(print(c, 'contract nat', 'readable')).toBe('"KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq%transfer"');
  });

  it('refuses ticket literals unless allowed (forged tickets)', () => {
    expect(error(() => parse('Ticket "KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq" nat 1 2', 'ticket nat')).message).toMatch(
      /Unexpected forged value/,
    );
  });

  it('reads Ticket and Pair forms when allowed, and prints the opened pair', () => {
    const run = { ...ctx, allowTicketLiterals: true };
    const k = parse('Ticket "KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq" nat 1 2', 'ticket nat', run) as Ticket;
    expect(k.contents).toBe(1n);
    expect(k.amount).toBe(2n);
    expect(parse('Pair "KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq" 1 2', 'ticket nat', run)).toEqual(k);
    expect(print(k, 'ticket nat', 'readable')).toBe('Pair "KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq" 1 2');
    expect(print(k, 'ticket nat', 'optimized')).toBe('Pair 0x01d1a37c088a1221b636bb5fccb35e05181038ba7c00 (Pair 1 2)');
    expect(() => parse('Ticket "KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq" int 1 2', 'ticket nat', run)).toThrow(
      MichelsonDataError,
    );
    expect(() => parse('Pair "KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq" 1 0', 'ticket nat', run)).toThrow(
      /zero amount ticket/,
    );
  });
});

describe('parseData: domain values', () => {
  it('reads timestamps as RFC 3339 strings or seconds', () => {
    expect(parse('"2019-09-26T10:59:51Z"', 'timestamp')).toBe(1569495591n); // Octez: packs as 0x0500a7e8e4d80b
    expect(parse('"1970-01-01T00:00:00+01:00"', 'timestamp')).toBe(-3600n);
    expect(parse('"1970-01-01t00:00:01.999z"', 'timestamp')).toBe(1n); // relaxed RFC 3339, fraction dropped
    expect(parse('-5', 'timestamp')).toBe(-5n);
    expect(parse('"1571659294"', 'timestamp')).toBe(1571659294n); // a string of digits reads as seconds
    expect(error(() => parse('"2019-02-30T00:00:00Z"', 'timestamp')).message).toMatch(/expected a valid timestamp/);
    expect(() => parse('"yesterday"', 'timestamp')).toThrow(/a valid timestamp/);
  });

  it('reads addresses, keys, key hashes, signatures and chain ids from strings or bytes', () => {
    const a = parse('"KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq"', 'address');
    expect(parse('0x01d1a37c088a1221b636bb5fccb35e05181038ba7c00', 'address')).toEqual(a);
    expect(parse('0xf3d48554', 'chain_id')).toEqual(parse('"NetXynUjJNZm7wi"', 'chain_id'));
    expect(parse('0x0002298c03ed7d454a101eb7022bc95f7e5f41ac78', 'key_hash')).toEqual(
      parse('"tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx"', 'key_hash'),
    );
  });

  it('refuses an invalid address checksum with an Octez-like message', () => {
    expect(error(() => parse('"tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSy"', 'address')).message).toBe(
      'value "tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSy" is invalid for type address: expected a valid address ' +
        '(Invalid contract notation "tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSy")',
    );
    expect(() => parse('0x0102', 'address')).toThrow(/expected a valid address/);
    expect(() => parse('1', 'key')).toThrow(/unexpected int, only a string or a byte sequence can be used here/);
  });

  it('reads BLS12-381 scalars from ints (mod r) or at most 32 little-endian bytes below r', () => {
    const r = 52435875175126190479447740508185965837690552500527637822603658699938581184513n;
    expect(parse('-1', 'bls12_381_fr')).toEqual(new Fr(r - 1n));
    expect(parse('0x0001', 'bls12_381_fr')).toEqual(new Fr(256n));
    expect(() => parse(`0x${'ff'.repeat(32)}`, 'bls12_381_fr')).toThrow(/BLS12-381 field element/);
    expect(() => parse(`0x${'00'.repeat(33)}`, 'bls12_381_fr')).toThrow(/BLS12-381 field element/);
  });

  it('reads BLS12-381 points in uncompressed form only', () => {
    const zero = `0x40${'00'.repeat(95)}`;
    expect(print(parse(zero, 'bls12_381_g1'), 'bls12_381_g1', 'readable')).toBe(zero);
    expect(() => parse(`0xc0${'00'.repeat(47)}`, 'bls12_381_g1')).toThrow(/G1 element/); // compressed
    expect(() => parse(`0x${'00'.repeat(96)}`, 'bls12_381_g1')).toThrow(/G1 element/); // (0, 0) is off the curve
  });
});

describe('unparseData', () => {
  // tezt normalize.ml, "Test normalize in unparsing mode" (U025 regression output).
  const combs = '{Pair 0 3 6 9; Pair 1 (Pair 4 (Pair 7 10)); {2; 5; 8; 11}}';
  const combType = 'list (pair nat nat nat nat)';

  it('readable: right combs as flat Pair', () => {
    expect(normalize(combs, combType, 'readable')).toBe('{ Pair 0 3 6 9 ; Pair 1 4 7 10 ; Pair 2 5 8 11 }');
  });

  it('optimized: combs of 4 or more as sequences', () => {
    expect(normalize(combs, combType, 'optimized')).toBe(
      '{ { 0 ; 3 ; 6 ; 9 } ; { 1 ; 4 ; 7 ; 10 } ; { 2 ; 5 ; 8 ; 11 } }',
    );
  });

  it('optimized_legacy: combs always nested', () => {
    expect(normalize(combs, combType, 'optimized_legacy')).toBe(
      '{ Pair 0 (Pair 3 (Pair 6 9)) ; Pair 1 (Pair 4 (Pair 7 10)) ; Pair 2 (Pair 5 (Pair 8 11)) }',
    );
  });

  it('optimized keeps a 3-leaf comb as Pair a (Pair b c) and a 5-leaf one as a sequence', () => {
    expect(normalize('Pair 1 2 3', 'pair nat nat nat', 'optimized')).toBe('Pair 1 (Pair 2 3)');
    expect(normalize('Pair 1 2 3 4 5', 'pair nat nat nat nat nat', 'optimized')).toBe('{ 1 ; 2 ; 3 ; 4 ; 5 }');
    expect(normalize('Pair (Pair 1 2) 3', 'pair (pair nat nat) nat', 'readable')).toBe('Pair (Pair 1 2) 3');
  });

  it('prints timestamps as RFC 3339 in readable mode when within years 0–9999, else as ints', () => {
    expect(print(1569495591n, 'timestamp', 'readable')).toBe('"2019-09-26T10:59:51Z"');
    expect(print(1569495591n, 'timestamp', 'optimized')).toBe('1569495591');
    expect(print(-62167219200n, 'timestamp', 'readable')).toBe('"0000-01-01T00:00:00Z"');
    expect(print(-62167219201n, 'timestamp', 'readable')).toBe('-62167219201');
    expect(print(253402300799n, 'timestamp', 'readable')).toBe('"9999-12-31T23:59:59Z"');
    expect(print(253402300800n, 'timestamp', 'readable')).toBe('253402300800');
  });

  it('prints domain values in base58 (readable) or bytes (optimized)', () => {
    const rows: [string, string, string][] = [
      [
        'address',
        '"KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi%entrypoint"',
        '0x011d23c1d3d2f8a4ea5e8784b8f7ecf2ad304c0fe600656e747279706f696e74',
      ],
      ['key_hash', '"tz1XPTDmvT3vVE5Uunngmixm7gj7zmdbPq6k"', '0x0080dfbed18097a4cb62dea643ebc5346600b5204d'],
      [
        'key',
        '"edpkuBknW28nW72KG6RoHtYW7p12T6GKc7nAbwYX5m8Wd9sDVC9yav"',
        '0x004798d2cc98473d7e250c898885718afd2e4efbcb1a1595ab9730761ed830de0f',
      ],
      ['chain_id', '"NetXynUjJNZm7wi"', '0xf3d48554'],
    ];
    for (const [t, readable, optimized] of rows) {
      const v = parse(readable, t);
      expect(print(v, t, 'readable')).toBe(readable);
      expect(print(v, t, 'optimized')).toBe(optimized);
      expect(print(parse(optimized, t), t, 'readable')).toBe(readable);
    }
  });

  it('prints sets, maps and or/option values structurally', () => {
    expect(normalize('{ Elt 1 (Some (Left Unit)) ; Elt 2 None }', 'map int (option (or unit nat))', 'readable')).toBe(
      '{ Elt 1 (Some (Left Unit)) ; Elt 2 None }',
    );
    expect(normalize('{}', 'set int', 'optimized')).toBe('{}');
  });

  it('re-prints PUSH data inside lambda bodies in the requested mode (Octez unparse_code)', () => {
    const t = 'lambda unit (pair address (pair nat nat nat nat))';
    const body =
      '{ DROP ; PUSH (pair address (pair nat nat nat nat)) (Pair "KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq" 1 2 3 4) }';
    const l = parse(body, t);
    expect(print(l, t, 'readable')).toBe(
      '{ DROP ; PUSH (pair address (pair nat nat nat nat)) (Pair "KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq" 1 2 3 4) }',
    );
    expect(print(l, t, 'optimized')).toBe(
      '{ DROP ; PUSH (pair address (pair nat nat nat nat)) { 0x01d1a37c088a1221b636bb5fccb35e05181038ba7c00 ; 1 ; 2 ; 3 ; 4 } }',
    );
    expect(print(l, t, 'optimized_legacy')).toBe(
      '{ DROP ; PUSH (pair address (pair nat nat nat nat)) ' +
        '(Pair 0x01d1a37c088a1221b636bb5fccb35e05181038ba7c00 (Pair 1 (Pair 2 (Pair 3 4)))) }',
    );
  });

  it('normalizes nested lambdas and keeps instruction annotations', () => {
    const t = 'lambda unit (lambda unit timestamp)';
    const l = parse('{ DROP @x ; LAMBDA unit timestamp { DROP ; PUSH timestamp 0 } }', t);
    expect(print(l, t, 'readable')).toBe(
      '{ DROP @x ; LAMBDA unit timestamp { DROP ; PUSH timestamp "1970-01-01T00:00:00Z" } }',
    );
  });

  it('refuses to print a value that does not have the type', () => {
    expect(() => unparseData(1n, ty('string'), 'readable')).toThrow(/does not have type string/);
    expect(() => unparseData(new Address(new Uint8Array(22), ''), ty('key_hash'), 'readable')).toThrow(
      /does not have type key_hash/,
    );
  });
});

describe('compareValues', () => {
  const cmp = (t: string, a: string, b: string): number => compareValues(parse(a, t), parse(b, t));

  it('orders numbers, strings, bytes and booleans', () => {
    expect(cmp('int', '-10', '2')).toBe(-1);
    expect(cmp('mutez', '5', '5')).toBe(0);
    expect(cmp('string', '"b"', '"a"')).toBe(1);
    expect(cmp('string', '"a"', '"ab"')).toBe(-1);
    expect(cmp('bytes', '0x01', '0x0100')).toBe(-1); // a proper prefix first
    expect(cmp('bytes', '0x02', '0x0100')).toBe(1);
    expect(cmp('bool', 'False', 'True')).toBe(-1);
  });

  it('orders pairs lexicographically, Left before Right, None before Some', () => {
    expect(cmp('pair int string', 'Pair 1 "z"', 'Pair 2 "a"')).toBe(-1);
    expect(cmp('pair int string', 'Pair 1 "b"', 'Pair 1 "a"')).toBe(1);
    expect(cmp('or int int', 'Right 0', 'Left 9')).toBe(1);
    expect(cmp('option int', 'None', 'Some -100')).toBe(-1);
    expect(cmp('option int', 'Some 1', 'Some 1')).toBe(0);
    expect(compareValues(UNIT, UNIT)).toBe(0);
  });

  it('orders addresses: implicit before originated, tz1 < tz2 < tz3, then by entrypoint name', () => {
    const tz1 = '"tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx"';
    const tz2 = '"tz2VGBaXuS6rnaa5hpC92qkgadRJKdEbeGwc"';
    const tz3 = '"tz3WEJYwJ6pPwVbSL8FrSoAXRmFHHZTuEnMA"';
    const kt1 = '"KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq"';
    expect(cmp('address', tz3, kt1)).toBe(-1);
    expect(cmp('address', tz1, tz2)).toBe(-1);
    expect(cmp('address', tz2, tz3)).toBe(-1);
    expect(cmp('address', '"sr1JPVatbbPoGp4vb6VfQ1jzEPMrYFcKq6VG"', kt1)).toBe(1);
    // The default entrypoint compares as the name "default" (Entrypoint_repr.compare).
    const ep = (e: string) => `"KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq${e}"`;
    expect(cmp('address', ep('%abc'), ep(''))).toBe(-1);
    expect(cmp('address', ep(''), ep('%zzz'))).toBe(-1);
    expect(cmp('address', ep('%abc'), ep('%abd'))).toBe(-1);
  });

  it('orders key hashes and keys by curve tag first', () => {
    expect(cmp('key_hash', '"tz2VGBaXuS6rnaa5hpC92qkgadRJKdEbeGwc"', '"tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx"')).toBe(1);
    expect(
      cmp(
        'key',
        '"edpkuBknW28nW72KG6RoHtYW7p12T6GKc7nAbwYX5m8Wd9sDVC9yav"',
        '"sppk7dBPqMPjDjXgKbb5f7V3PuKUrA4Zuwc3c3H7XqQerqPUWbK7Hna"',
      ),
    ).toBe(-1);
  });

  it('orders p256 keys on their (x, y) coordinates as Octez does, not on the parity byte', () => {
    // The same x with both parities: the point and its negation. Octez compares raw x ‖ y.
    const x = '033aba7da4a2e7b5dd9f074555c118829aff16213ea1b65859686bd5fcfeaf3616';
    const even = parse(`0x0202${x.slice(2)}`, 'key');
    const odd = parse(`0x0203${x.slice(2)}`, 'key');
    const y = (k: string) => p256.Point.fromHex(k).toAffine().y;
    const byY = y(`02${x.slice(2)}`) < y(`03${x.slice(2)}`) ? -1 : 1;
    expect(compareValues(even, odd)).toBe(byY);
    expect(compareValues(odd, even)).toBe(-byY);
  });

  it('orders signatures and chain ids by their bytes', () => {
    expect(cmp('chain_id', '0x00000001', '0x00000002')).toBe(-1);
    expect(cmp('signature', `0x${'00'.repeat(64)}`, `0x${'01'.repeat(64)}`)).toBe(-1);
  });

  it('throws on values that are not comparable', () => {
    expect(() => compareValues([1n], [1n])).toThrow(/not comparable/);
  });
});
