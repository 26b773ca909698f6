/**
 * Arithmetic, bitwise logic and number/bytes conversions. Integers are unbounded bigints; mutez is
 * checked against Octez's 2^63 - 1 ceiling, and shifts against their limits (256 bits for naturals,
 * 64000 bits for bytes), both failing with an overflow like Octez.
 */
import { frAdd, frMul, frMulInt, frNeg, frToInt, g1Add, g1Mul, g1Neg, g2Add, g2Mul, g2Neg } from './bls';
import { overflow } from './errors';
import { cost } from './gas';
import type { Instr } from './interpreter';
import { pop } from './interpreter';
import type { Prim } from './micheline';
import { Fr, G1, G2, Pair, Some, type Value } from './values';

const MUTEZ_MAX = (1n << 63n) - 1n;

function mutez(n: bigint, what: string): bigint {
  if (n > MUTEZ_MAX) throw overflow(`${what} of mutez`);
  return n;
}

type Binary = (a: Value, b: Value) => Value;

function binary(charge: (a: Value, b: Value) => number, f: Binary): Instr {
  return (s, x) => {
    const a = pop(s);
    const b = pop(s);
    x.gas.consume(charge(a, b));
    s.push(f(a, b));
  };
}

function unary(charge: (a: Value) => number, f: (a: Value) => Value): Instr {
  return (s, x) => {
    const a = pop(s);
    x.gas.consume(charge(a));
    s.push(f(a));
  };
}

const big =
  (f: (a: bigint, b: bigint) => Value): Binary =>
  (a, b) =>
    f(a as bigint, b as bigint);

/** ADD, NEG and MUL by a scalar on BLS12-381 scalars and points, by operand type: each at a constant cost. */
const BLS = new Map<string | undefined, { add: Instr; neg: Instr; mulByFr: Instr }>([
  [
    'bls12_381_fr',
    {
      add: binary(cost.addBls12381Fr, (x, y) => frAdd(x as Fr, y as Fr)),
      neg: unary(cost.negBls12381Fr, (x) => frNeg(x as Fr)),
      mulByFr: binary(cost.mulBls12381Fr, (x, y) => frMul(x as Fr, y as Fr)),
    },
  ],
  [
    'bls12_381_g1',
    {
      add: binary(cost.addBls12381G1, (x, y) => g1Add(x as G1, y as G1)),
      neg: unary(cost.negBls12381G1, (x) => g1Neg(x as G1)),
      mulByFr: binary(cost.mulBls12381G1, (x, y) => g1Mul(x as G1, y as Fr)),
    },
  ],
  [
    'bls12_381_g2',
    {
      add: binary(cost.addBls12381G2, (x, y) => g2Add(x as G2, y as G2)),
      neg: unary(cost.negBls12381G2, (x) => g2Neg(x as G2)),
      mulByFr: binary(cost.mulBls12381G2, (x, y) => g2Mul(x as G2, y as Fr)),
    },
  ],
]);

export function compileArith(p: Prim, t: readonly Prim[]): Instr | undefined {
  const a = t[0]?.prim;
  const b = t[1]?.prim;
  const bls = BLS.get(a);
  switch (p.prim) {
    case 'ADD':
      if (a === 'mutez')
        return binary(
          () => cost.addTez(),
          big((x, y) => mutez(x + y, 'addition')),
        );
      if (bls) return bls.add;
      return binary(
        (x, y) => cost.addInt(x as bigint, y as bigint),
        big((x, y) => x + y),
      );
    case 'SUB':
      return binary(
        (x, y) => cost.subInt(x as bigint, y as bigint),
        big((x, y) => x - y),
      );
    case 'SUB_MUTEZ':
      return binary(
        () => cost.subTez(),
        big((x, y) => (x - y < 0n ? null : new Some(x - y))),
      );
    case 'MUL':
      return compileMul(a!, b!);
    case 'EDIV':
      return compileEdiv();
    case 'ABS':
      return unary(
        (x) => cost.absInt(x as bigint),
        (x) => ((x as bigint) < 0n ? -(x as bigint) : x),
      );
    case 'ISNAT':
      return unary(
        () => cost.isNat(),
        (x) => ((x as bigint) < 0n ? null : new Some(x)),
      );
    case 'INT':
      if (a === 'bls12_381_fr')
        return unary(
          () => cost.intBls12381Fr(),
          (x) => frToInt(x as Fr),
        );
      if (a === 'bytes')
        return unary(
          (x) => cost.intBytes((x as Uint8Array).length),
          (x) => bytesToInt(x as Uint8Array, true),
        );
      return unary(
        () => cost.intNat(),
        (x) => x,
      );
    case 'NAT':
      return unary(
        (x) => cost.natBytes((x as Uint8Array).length),
        (x) => bytesToInt(x as Uint8Array, false),
      );
    case 'BYTES':
      return unary(
        (x) => cost.bytesInt(x as bigint),
        (x) => intToBytes(x as bigint, a === 'int'),
      );
    case 'NEG':
      if (bls) return bls.neg;
      return unary(
        (x) => cost.neg(x as bigint),
        (x) => -(x as bigint),
      );
    case 'LSL':
    case 'LSR':
      return a === 'bytes' ? compileBytesShift(p.prim === 'LSL') : compileNatShift(p.prim === 'LSL');
    case 'AND':
    case 'OR':
    case 'XOR':
      return compileLogic(p.prim, a!);
    case 'NOT':
      if (a === 'bool')
        return unary(
          () => cost.not(),
          (x) => !x,
        );
      if (a === 'bytes')
        return unary(
          (x) => cost.notBytes((x as Uint8Array).length),
          (x) => (x as Uint8Array).map((v) => ~v & 0xff),
        );
      return unary(
        (x) => cost.notInt(x as bigint),
        (x) => -(x as bigint) - 1n,
      );
    default:
      return undefined;
  }
}

function compileMul(a: string, b: string): Instr {
  if (a === 'mutez' || b === 'mutez')
    return binary(
      () => (a === 'mutez' ? cost.mulTeznat() : cost.mulNattez()),
      big((x, y) => mutez(x * y, 'multiplication')),
    );
  // A point is multiplied by a scalar only (the typechecker saw to it); a scalar also by an int or a nat, below.
  const bls = BLS.get(a);
  if (bls && b === 'bls12_381_fr') return bls.mulByFr;
  if (a === 'bls12_381_fr')
    return binary(
      (_x, y) => cost.mulBls12381FrZ(y as bigint),
      (x, y) => frMulInt(x as Fr, y as bigint),
    );
  if (b === 'bls12_381_fr')
    return binary(
      (x) => cost.mulBls12381ZFr(x as bigint),
      (x, y) => frMulInt(y as Fr, x as bigint),
    );
  return binary(
    (x, y) => cost.mulInt(x as bigint, y as bigint),
    big((x, y) => x * y),
  );
}

/** Euclidean division: the remainder is never negative (Octez's EDIV), and division by zero is None. */
function ediv(n: bigint, d: bigint): [bigint, bigint] {
  let q = n / d;
  let r = n % d;
  if (r < 0n) {
    r += d < 0n ? -d : d;
    q = d > 0n ? q - 1n : q + 1n;
  }
  return [q, r];
}

function compileEdiv(): Instr {
  return binary(
    (x, y) => cost.ediv(x as bigint, y as bigint),
    (x, y) => {
      if ((y as bigint) === 0n) return null;
      const [q, r] = ediv(x as bigint, y as bigint);
      return new Some(new Pair(q, r));
    },
  );
}

function compileNatShift(left: boolean): Instr {
  return binary(
    (x) => (left ? cost.lslNat(x as bigint) : cost.lsrNat(x as bigint)),
    (x, y) => {
      const n = y as bigint;
      if (n > 256n) throw overflow(`shift (${left ? 'LSL' : 'LSR'} by ${n} > 256)`);
      return left ? (x as bigint) << n : (x as bigint) >> n;
    },
  );
}

function compileBytesShift(left: boolean): Instr {
  return binary(
    (x, y) =>
      left
        ? cost.lslBytes((x as Uint8Array).length, y as bigint)
        : cost.lsrBytes((x as Uint8Array).length, y as bigint),
    (x, y) => {
      const bytes = x as Uint8Array;
      const n = y as bigint;
      if (left) {
        if (n > 64000n) throw overflow(`shift (LSL by ${n} > 64000)`);
        // The result grows by ceil(n / 8) bytes, keeping every bit.
        const grow = Number((n + 7n) / 8n);
        const v = bytesToUnsigned(bytes) << n;
        return unsignedToBytes(v, bytes.length + grow);
      }
      const drop = n / 8n;
      const len = BigInt(bytes.length) > drop ? bytes.length - Number(drop) : 0;
      return unsignedToBytes(bytesToUnsigned(bytes) >> n, len);
    },
  );
}

function bytesToUnsigned(b: Uint8Array): bigint {
  let v = 0n;
  for (const x of b) v = (v << 8n) | BigInt(x);
  return v;
}

/** Big-endian bytes of `v`, exactly `len` long (high bits beyond are dropped). */
function unsignedToBytes(v: bigint, len: number): Uint8Array {
  const out = new Uint8Array(len);
  for (let i = len - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/** NAT/INT on bytes: big-endian, unsigned or two's complement; empty bytes are 0. */
function bytesToInt(b: Uint8Array, signed: boolean): bigint {
  const v = bytesToUnsigned(b);
  if (signed && b.length > 0 && (b[0]! & 0x80) !== 0) return v - (1n << BigInt(8 * b.length));
  return v;
}

/** BYTES: the shortest big-endian encoding (two's complement for int); 0 is the empty bytes. */
function intToBytes(n: bigint, signed: boolean): Uint8Array {
  if (n === 0n) return new Uint8Array(0);
  let len = 1;
  if (signed) {
    while (n < -(1n << BigInt(8 * len - 1)) || n >= 1n << BigInt(8 * len - 1)) len++;
    return unsignedToBytes(n < 0n ? n + (1n << BigInt(8 * len)) : n, len);
  }
  while (n >= 1n << BigInt(8 * len)) len++;
  return unsignedToBytes(n, len);
}

function compileLogic(op: string, a: string): Instr {
  if (a === 'bool') {
    const f =
      op === 'AND'
        ? (x: boolean, y: boolean) => x && y
        : op === 'OR'
          ? (x: boolean, y: boolean) => x || y
          : (x: boolean, y: boolean) => x !== y;
    return binary(
      () => (op === 'XOR' ? cost.xor() : cost.and()),
      (x, y) => f(x as boolean, y as boolean),
    );
  }
  if (a === 'bytes')
    return binary(
      (x, y) =>
        (op === 'AND' ? cost.andBytes : op === 'OR' ? cost.orBytes : cost.xorBytes)(
          (x as Uint8Array).length,
          (y as Uint8Array).length,
        ),
      (x, y) => bytesLogic(op, x as Uint8Array, y as Uint8Array),
    );
  const f =
    op === 'AND'
      ? (x: bigint, y: bigint) => x & y
      : op === 'OR'
        ? (x: bigint, y: bigint) => x | y
        : (x: bigint, y: bigint) => x ^ y;
  return binary(
    (x, y) => (op === 'AND' ? cost.andNat : op === 'OR' ? cost.orNat : cost.xorNat)(x as bigint, y as bigint),
    big(f),
  );
}

/** Bitwise ops on bytes align on the right: AND keeps the shorter length, OR/XOR the longer. */
function bytesLogic(op: string, x: Uint8Array, y: Uint8Array): Uint8Array {
  const len = op === 'AND' ? Math.min(x.length, y.length) : Math.max(x.length, y.length);
  const out = new Uint8Array(len);
  for (let i = 1; i <= len; i++) {
    const u = x[x.length - i] ?? 0;
    const v = y[y.length - i] ?? 0;
    out[len - i] = op === 'AND' ? u & v : op === 'OR' ? u | v : u ^ v;
  }
  return out;
}
