/**
 * Octez's gas model for Michelson, protocol Ushuaia (PsUshuai), in milligas.
 *
 * Facts come from src/proto_025_PsUshuai/lib_protocol in the tezos/tezos mirror:
 * - michelson_v1_gas_costs_generated.ml: the fitted per-instruction models (`cost_N_I…`). The
 *   interpreter uses the plain "time" models, not the `_alloc` / `_synthesized` variants.
 * - michelson_v1_gas_costs.ml: hand-written overrides (DROP n, DUP n, LSL, APPLY, CONCAT, UNPACK,
 *   partially carbonated CONTRACT / TRANSFER_TOKENS / CREATE_CONTRACT / EMIT, per-node parse and
 *   unparse cycles).
 * - michelson_v1_gas.ml: which model each instruction charges and on which sizes (`Interp_costs`),
 *   the compare walk, the typechecking and unparsing costs.
 * - script_interpreter_defs.ml: `cost_of_instr` / `cost_of_control`, the per-step charge.
 * - saturation_repr.ml / gas_limit_repr.ml: saturating arithmetic, milligas units.
 *
 * Every cost is milligas (1 gas = 1000 milligas), as a plain number. Octez computes on saturating
 * 63-bit ints: + and * clamp at max_int, - clamps at 0, `lsr` is a floor division by a power of
 * two. Here the clamp is `SATURATED` (2^62, the nearest double to max_int); anything that large is
 * far past any gas limit, so the approximation never changes an outcome.
 */
import { pairTypes, type Expr, type Prim } from './micheline';
import { Address, ChainId, KeyHash, Or, Pair, PublicKey, Signature, Some, Unit, type Value } from './values';

// ---------------------------------------------------------------------------------------------
// Limits and the meter

/** `hard_gas_limit_per_operation` of Ushuaia's default (mainnet) parameters: 1,040,000 gas. */
export const HARD_GAS_LIMIT_PER_OPERATION = 1_040_000_000n;

/**
 * Octez's `Operation_quota_exceeded` (protocol id `gas_exhausted.operation`), worded as
 * octez-client prints it (michelson_v1_error_reporter.ml).
 */
export class GasExhausted extends Error {
  readonly code = 'gas_exhausted';
  /** The protocol error id in RPC results. */
  readonly id = 'gas_exhausted.operation';
  constructor() {
    super('Gas limit exceeded during typechecking or execution.\nTry again with a higher gas limit.');
    this.name = 'GasExhausted';
  }
}

/**
 * A gas counter for one operation. Like Octez's `raw_consume`, spending exactly what is left is
 * allowed; spending more throws and leaves the counter as it was.
 */
export class GasMeter {
  private used = 0;
  private readonly limitNumber: number;

  constructor(readonly limitMilligas: bigint) {
    if (limitMilligas < 0n) throw new RangeError(`gas limit must not be negative, got ${limitMilligas}`);
    this.limitNumber = Number(limitMilligas);
  }

  /** Hot path: called for every instruction with a cost from `cost`. */
  consume(milligas: number): void {
    const used = this.used + milligas;
    if (used > this.limitNumber) throw new GasExhausted();
    this.used = used;
  }

  consumed(): bigint {
    return BigInt(this.used);
  }

  remaining(): bigint {
    return this.limitMilligas - BigInt(this.used);
  }
}

/** Whole gas units as receipts round them: up (`Gas.Arith.ceil`). */
export const milligasToGas = (milligas: bigint): bigint => (milligas + 999n) / 1000n;

/** Milligas as Octez prints gas amounts (`Gas.Arith.pp`): `12`, `0.035`, `67.780`. */
export function formatGas(milligas: bigint): string {
  const q = milligas / 1000n;
  const r = milligas % 1000n;
  return r === 0n ? q.toString() : `${q}.${r.toString().padStart(3, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Saturating arithmetic (Saturation_repr)

export const SATURATED = 2 ** 62;
const POW2 = Array.from({ length: 64 }, (_, i) => 2 ** i);

const sat = (x: number): number => (x >= SATURATED ? SATURATED : x);
/** `x lsr k` on a non-negative int. */
const shr = (x: number, k: number): number => Math.floor(x / (POW2[k] as number));
/** `S.sub`: never below zero. */
const sub = (x: number, y: number): number => (x > y ? x - y : 0);
export const add = (x: number, y: number): number => sat(x + y);
export const mul = (x: number, y: number): number => sat(x * y);

/** Bit length of a non-negative integer-valued number (`Saturation_repr.numbits`). */
function numbits(x: number): number {
  let n = 0;
  while (x >= 4294967296) {
    x = Math.floor(x / 4294967296);
    n += 32;
  }
  return n + 32 - Math.clz32(x);
}

/** `S.Syntax.log2`: 1 + numbits, so log2 0 = 1. */
export const log2 = (x: number): number => 1 + numbits(x);

/** `Z.numbits`: bit length of |n|. */
export function bigintBits(n: bigint): number {
  if (n < 0n) n = -n;
  if (n < 4294967296n) return 32 - Math.clz32(Number(n));
  const hex = n.toString(16);
  return (hex.length - 1) * 4 + (32 - Math.clz32(parseInt(hex[0] as string, 16)));
}

/**
 * The size of an integer operand for the interpreter's arithmetic and comparison costs:
 * `(numbits |n| + 7) / 8` bytes (`Cost_of.z_bytes`), so 0 → 0, 255 → 1, 256 → 2, -948 → 2.
 */
export function intBytes(n: bigint): number {
  if (n > -4294967296n && n < 4294967296n) {
    const x = Number(n < 0n ? -n : n);
    return (39 - Math.clz32(x)) >>> 3;
  }
  return (bigintBits(n) + 7) >>> 3;
}

// ---------------------------------------------------------------------------------------------
// Sizes of comparable values (Gas_comparable_input_size), for map and set costs

/**
 * `Signature.Public_key_hash.size` as Octez computes it: 1 + `Ed25519.size`, and that `size` is
 * the 64-byte signature's, so 65 rather than the 21 bytes of the encoding. Traces agree: a
 * key_hash COMPARE costs 0.036 gas, which needs sizes of 65 or more.
 */
const KEY_HASH_SIZE = 65;
/** `Chain_id.size`. */
const CHAIN_ID_SIZE = 4;
/** Longest entrypoint name; compare_address charges as if both addresses had one. */
const ENTRYPOINT_MAX = 31;

/**
 * Octez's size of a map key or set element (`size_of_comparable_value`). Unlike `intBytes`,
 * integers and timestamps count `numbits / 8` (rounded down) bytes; mutez always count 8.
 * Pass the type when the key may be mutez: without it a bigint is sized as an int.
 */
export function comparableSize(v: Value, ty?: Prim): number {
  if (typeof v === 'bigint') return ty?.prim === 'mutez' ? 8 : bigintBits(v) >>> 3;
  if (typeof v === 'string') return v.length;
  if (typeof v === 'boolean') return 1;
  if (v instanceof Uint8Array) return v.length;
  if (v instanceof Unit) return 1;
  if (v instanceof Pair) {
    const [tl, tr] = ty?.prim === 'pair' ? pairTypes(ty) : [undefined, undefined];
    return comparableSize(v.fst, tl) + comparableSize(v.snd, tr) + 1;
  }
  if (v instanceof Or) {
    const t = ty?.prim === 'or' ? (ty.args?.[v.isLeft ? 0 : 1] as Prim | undefined) : undefined;
    return comparableSize(v.value, t) + 1;
  }
  if (v === null) return 1;
  if (v instanceof Some) {
    const t = ty?.prim === 'option' ? (ty.args?.[0] as Prim | undefined) : undefined;
    return comparableSize(v.value, t) + 1;
  }
  if (v instanceof KeyHash) return KEY_HASH_SIZE;
  // The entrypoint is counted by name; the default one is named "default".
  if (v instanceof Address) return KEY_HASH_SIZE + (v.entrypoint === '' ? 7 : v.entrypoint.length);
  if (v instanceof Signature) return v.raw.length;
  if (v instanceof PublicKey) return v.raw.length;
  if (v instanceof ChainId) return CHAIN_ID_SIZE;
  throw new GasModelError(`comparableSize: not a comparable value (${describe(v)})`);
}

export class GasModelError extends Error {
  readonly code = 'gas_model';
  constructor(message: string) {
    super(message);
    this.name = 'GasModelError';
  }
}

const describe = (v: Value): string => (v === null ? 'None' : typeof v === 'object' ? v.constructor.name : typeof v);

// ---------------------------------------------------------------------------------------------
// COMPARE

/** `cost_N_ICompare`: 35 + ~0.024 per byte of the shorter operand. */
const icompare = (size1: number, size2: number): number => {
  const w1 = sub(Math.min(size1, size2), 1);
  return shr(w1, 6) + shr(w1, 7) + 35;
};

const COMPARE_TAG = 10;
const COMPARE_KEY_HASH = icompare(KEY_HASH_SIZE, KEY_HASH_SIZE);
const COMPARE_ADDRESS = icompare(KEY_HASH_SIZE + ENTRYPOINT_MAX, KEY_HASH_SIZE + ENTRYPOINT_MAX);

/**
 * Octez's cost of comparing two values of the same comparable type (`Cost_of.Interpreter.compare`).
 * It walks both values fully: a pair costs its tag plus both components even when the first
 * components already differ; `or`/`option` recurse only when both sides have the same shape.
 */
export function compareCost(a: Value, b: Value): number {
  let total = 0;
  const todo: Value[] = [a, b];
  while (todo.length > 0) {
    const y = todo.pop() as Value;
    const x = todo.pop() as Value;
    let c: number;
    if (typeof x === 'bigint') c = icompare(intBytes(x), intBytes(y as bigint));
    else if (typeof x === 'string') c = icompare(x.length, (y as string).length);
    else if (typeof x === 'boolean') c = icompare(1, 1);
    else if (x instanceof Uint8Array) c = icompare(x.length, (y as Uint8Array).length);
    else if (x instanceof Unit) c = COMPARE_TAG;
    else if (x instanceof Pair) {
      c = COMPARE_TAG;
      const py = y as Pair;
      todo.push(x.snd, py.snd, x.fst, py.fst);
    } else if (x instanceof Or) {
      c = COMPARE_TAG;
      const oy = y as Or;
      if (x.isLeft === oy.isLeft) todo.push(x.value, oy.value);
    } else if (x === null || x instanceof Some) {
      c = COMPARE_TAG;
      if (x !== null && y instanceof Some) todo.push(x.value, y.value);
    } else if (x instanceof Signature || x instanceof PublicKey) c = 92;
    else if (x instanceof KeyHash) c = COMPARE_KEY_HASH;
    else if (x instanceof Address) c = COMPARE_ADDRESS;
    else if (x instanceof ChainId) c = 30;
    else throw new GasModelError(`compareCost: not a comparable value (${describe(x)})`);
    total = add(total, c);
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// Shared model shapes

/** Models of the form `base + max(s1, s2) / 2` (ADD, SUB, OR, XOR on naturals, …). */
const halfMax = (base: number) => (a: bigint, b: bigint) => shr(Math.max(intBytes(a), intBytes(b)), 1) + base;
/** Models of the form `base + min(s1, s2) / 2` (AND). */
const halfMin = (base: number) => (a: bigint, b: bigint) => shr(Math.min(intBytes(a), intBytes(b)), 1) + base;

/** MUL on int/nat: `55 + 0.86 · s·log2 s`, s = total bytes. */
const mulModel = (a: bigint, b: bigint): number => {
  const w3 = add(intBytes(a), intBytes(b));
  const w4 = mul(log2(add(w3, 1)), w3);
  return add(shr(w4, 1) + shr(w4, 2) + shr(w4, 4), 55);
};

/** EDIV on int/nat: grows with the quotient's size (s1 − s2). */
const edivModel = (a: bigint, b: bigint): number => {
  const size1 = intBytes(a);
  const size2 = intBytes(b);
  const w1 = sub(size1, size2);
  return add(add(add(mul(w1, 12), mul(shr(w1, 10) + shr(w1, 13), size2)), shr(size1, 2) + size1), 150);
};

/** ADD int/nat (and the timestamp arithmetic, which has the same fitted model). */
const addInt = halfMax(35);

/** Map/set lookups: `key size × log2(1 + map size)`. */
const keyLog = (keySize: number, mapSize: number): number => mul(log2(add(mapSize, 1)), keySize);

const mapMem = (keySize: number, mapSize: number): number => {
  const w3 = keyLog(keySize, mapSize);
  return add(shr(w3, 5) + shr(w3, 6), 45);
};
const mapUpdate = (keySize: number, mapSize: number): number => {
  const w3 = keyLog(keySize, mapSize);
  return add(shr(w3, 4) + shr(w3, 5), 55);
};
const mapGetAndUpdate = (keySize: number, mapSize: number): number => {
  const w3 = keyLog(keySize, mapSize);
  return add(shr(w3, 3) + shr(w3, 6), 75);
};

/** `Script_expr_hash.size`: big_map overlays are keyed by 32-byte key hashes. */
const BIG_MAP_KEY_SIZE = 32;

const blake2b = (len: number): number => add(shr(len, 3) + len, 430);
const keccak = (len: number): number => add(shr(len, 2) + mul(len, 8), 1350);

/** CHECK_SIGNATURE per algorithm (`Cost_of.Interpreter.check_signature_on_algo`). */
const checkSig = {
  ed25519: (len: number) => add(shr(len, 3) + len, 65_800),
  secp256k1: (len: number) => add(shr(len, 3) + len, 51_600),
  p256: (len: number) => add(shr(len, 3) + len, 341_000),
  bls: (len: number) => add(mul(len, 3), 1_570_000),
  mldsa44: (len: number) => add(shr(len, 3) + len, 65_800),
};
/** Public key tags of Signature V3's binary encoding. */
const KEY_ALGOS = [checkSig.ed25519, checkSig.secp256k1, checkSig.p256, checkSig.bls, checkSig.mldsa44] as const;

/** `alloc_cost n` of gas_limit_repr: 2 gas per word, plus one. */
const allocCost = (words: number): number => mul(2000, add(words, 1));
const stepCost = (n: number): number => mul(1000, n);

const k = (c: number) => (): number => c;

// ---------------------------------------------------------------------------------------------
// The cost table

/**
 * One function per cost Octez charges, named after `cost_N_I…` (or the `Cost_of` entry) in
 * camelCase. Integer operands are taken as the bigints themselves (their size is `intBytes`);
 * strings, bytes, lists and maps are taken as lengths/sizes, which the caller already has.
 *
 * Octez charges `cost_of_instr` before each instruction and `cost_of_control` before each
 * continuation (`k…` below). Its compiled code ends every block (IF/IF_* branches, DIP bodies,
 * LOOP/ITER/MAP bodies, lambdas, the script) with HALT (`halt`, 15), which returns to the
 * continuation: `kCons` (10) resumes after a branch, `kNil` (15) ends the run, `kUndip` (10) per
 * restored element after DIP, `kReturn` (10) after a lambda, `kLoopIn` / `kLoopInLeft` per LOOP /
 * LOOP_LEFT test, `kIter` per ITER step, `kListEnterBody`/`kListExitBody` and
 * `kMapEnterBody`/`kMapExitBody` around each MAP body.
 */
export const cost = {
  // -- stack
  drop: k(10),
  /** DROP n (any n, even 0 or 1). */
  dropN: (n: number) => add(mul(2, n) + shr(n, 1) + shr(n, 3), 30),
  dup: k(10),
  /** DUP n (any n, including DUP 1). */
  dupN: (n: number) => add(n + shr(n, 2), 20),
  swap: k(10),
  dig: (n: number) => add(shr(n, 1) + shr(n, 2) + mul(n, 6), 30),
  dug: (n: number) => add(shr(n, 1) + shr(n, 2) + mul(n, 6), 35),
  /** DIP { … } without a count. */
  dip: k(10),
  /** DIP n { … } (any n). */
  dipN: (n: number) => add(mul(n, 4), 15),
  push: k(10),
  unit: k(10),
  halt: k(15),

  // -- pairs, options, unions, lists
  /** PAIR without a count. */
  consPair: k(10),
  /** UNPAIR without a count. */
  unpair: k(10),
  car: k(10),
  cdr: k(10),
  /** PAIR n. */
  comb: (n: number) => {
    const w1 = sub(n, 2);
    return add(mul(w1, 3) + shr(w1, 2), 40);
  },
  /** UNPAIR n. */
  uncomb: (n: number) => add(mul(sub(n, 2), 4), 30),
  /** GET n. */
  combGet: (n: number) => add(shr(n, 1) + shr(n, 4), 20),
  /** UPDATE n. */
  combSet: (n: number) => add(shr(n, 2) + shr(n, 5) + n, 30),
  consSome: k(10),
  consNone: k(10),
  ifNone: k(10),
  /** MAP on an option. */
  optMap: k(10),
  left: k(10),
  right: k(10),
  ifLeft: k(10),
  consList: k(10),
  nil: k(10),
  ifCons: k(10),
  /** MAP on a list (the per-element work is charged by the continuations). */
  listMap: k(20),
  listIter: k(20),
  listSize: k(10),

  // -- sets, maps, big_maps (key sizes from `comparableSize`)
  emptySet: k(300),
  setIter: (size: number) => add(shr(size, 1) + shr(size, 3) + mul(size, 7), 50),
  setMem: (eltSize: number, setSize: number) => {
    const w3 = keyLog(eltSize, setSize);
    return add(shr(w3, 5) + shr(w3, 6) + shr(w3, 7) + shr(w3, 9), 40);
  },
  setUpdate: (eltSize: number, setSize: number) => {
    const w3 = keyLog(eltSize, setSize);
    return add(shr(w3, 3) + shr(w3, 6), 50);
  },
  setSize: k(10),
  emptyMap: k(300),
  mapMap: (size: number) => add(shr(size, 1) + mul(size, 8), 40),
  mapIter: (size: number) => add(shr(size, 1) + shr(size, 3) + mul(size, 7), 50),
  mapMem,
  mapGet: mapMem,
  mapUpdate,
  mapGetAndUpdate,
  mapSize: k(10),
  emptyBigMap: k(300),
  /**
   * big_map MEM/GET/UPDATE/GET_AND_UPDATE: the in-memory overlay's cost, on its number of
   * distinct keys. Octez charges separately, through the callees, for hashing the key (PACK's
   * unparse cost + `blake2b`), the storage read and decoding the stored value.
   */
  bigMapMem: (overlaySize: number) => mapMem(BIG_MAP_KEY_SIZE, overlaySize),
  bigMapGet: (overlaySize: number) => mapMem(BIG_MAP_KEY_SIZE, overlaySize),
  bigMapUpdate: (overlaySize: number) => mapUpdate(BIG_MAP_KEY_SIZE, overlaySize),
  bigMapGetAndUpdate: (overlaySize: number) => mapGetAndUpdate(BIG_MAP_KEY_SIZE, overlaySize),

  // -- strings and bytes
  concatStringPair: (len1: number, len2: number) => add(shr(add(len1, len2), 1), 45),
  concatBytesPair: (len1: number, len2: number) => add(shr(add(len1, len2), 1), 45),
  /** CONCAT on a list, first charge: walking the list (both strings and bytes). */
  concatStringPrecheck: (listLength: number) => mul(listLength, 10),
  /** CONCAT on a list of strings, second charge: on the total length. */
  concatString: (totalBytes: number) => add(100, shr(totalBytes, 1)),
  /** CONCAT on a list of bytes, second charge. */
  concatBytes: (totalBytes: number) => add(100, shr(totalBytes, 1)),
  /** SLICE on a string, by the input's length (charged whether or not the slice fits). */
  sliceString: (len: number) => add(shr(len, 1), 25),
  sliceBytes: (len: number) => add(shr(len, 1), 25),
  stringSize: k(15),
  bytesSize: k(10),
  /** LSL on bytes; `nbits` too large for a machine int saturates. */
  lslBytes: (len: number, nbits: bigint) =>
    nbits >= 2n ** 62n ? SATURATED : add(add(65, shr(len, 1) + shr(len, 2)), shr(Number(nbits), 4)),
  /** LSR on bytes; a `nbits` too large for a machine int counts as the whole input. */
  lsrBytes: (len: number, nbits: bigint) => {
    const n = nbits >= 2n ** 62n ? len * 8 : Number(nbits);
    const w1 = sub(len, shr(n, 3));
    return shr(w1, 1) + shr(w1, 2) + 55;
  },
  orBytes: (len1: number, len2: number) => add(shr(Math.max(len1, len2), 1), 35),
  andBytes: (len1: number, len2: number) => add(shr(Math.min(len1, len2), 1), 35),
  xorBytes: (len1: number, len2: number) => add(shr(Math.max(len1, len2), 1), 40),
  notBytes: (len: number) => add(shr(len, 1), 30),
  /** BYTES on a nat. */
  bytesNat: (n: bigint) => add(mul(intBytes(n), 3), 75),
  /** NAT on bytes. */
  natBytes: (len: number) => add(shr(len, 1) + mul(len, 2), 45),
  /** BYTES on an int. */
  bytesInt: (n: bigint) => add(mul(intBytes(n), 3), 90),
  /** INT on bytes. */
  intBytes: (len: number) => add(shr(len, 1) + mul(len, 2), 20),

  // -- integers, timestamps, mutez
  addInt,
  addNat: addInt,
  subInt: halfMax(35),
  mulInt: mulModel,
  mulNat: mulModel,
  edivInt: edivModel,
  edivNat: edivModel,
  /** EDIV on int/nat, either kind (same model). */
  ediv: edivModel,
  absInt: (n: bigint) => add(shr(intBytes(n), 1), 20),
  neg: (n: bigint) => add(shr(intBytes(n), 1), 25),
  notInt: (n: bigint) => add(shr(intBytes(n), 1), 25),
  isNat: k(10),
  intNat: k(10),
  lslNat: (shifted: bigint) => add(128, shr(intBytes(shifted), 1)),
  lsrNat: (shifted: bigint) => add(shr(intBytes(shifted), 1), 45),
  orNat: halfMax(35),
  xorNat: halfMax(35),
  andNat: halfMin(35),
  /** AND int nat. */
  andIntNat: halfMin(35),
  /** ADD int timestamp (seconds first). */
  addSecondsToTimestamp: (seconds: bigint, timestamp: bigint) => addInt(seconds, timestamp),
  /** ADD timestamp int. */
  addTimestampToSeconds: (timestamp: bigint, seconds: bigint) => addInt(timestamp, seconds),
  /** SUB timestamp int. */
  subTimestampSeconds: (timestamp: bigint, seconds: bigint) => addInt(timestamp, seconds),
  /** SUB timestamp timestamp. */
  diffTimestamps: (t1: bigint, t2: bigint) => addInt(t1, t2),
  addTez: k(20),
  /** SUB_MUTEZ. */
  subTez: k(15),
  /** SUB on mutez (deprecated form, fails on underflow). */
  subTezLegacy: k(20),
  mulTeznat: k(50),
  mulNattez: k(50),
  /** EDIV mutez nat. */
  edivTeznat: k(70),
  /** EDIV mutez mutez. */
  edivTez: k(80),

  // -- booleans and comparisons
  or: k(10),
  and: k(10),
  xor: k(15),
  not: k(10),
  compare: compareCost,
  eq: k(10),
  neq: k(10),
  lt: k(10),
  gt: k(10),
  le: k(10),
  ge: k(10),

  // -- control
  if: k(10),
  loop: k(10),
  loopLeft: k(10),
  exec: k(10),
  /** APPLY, on whether the lambda is a LAMBDA_REC. */
  apply: (recursive: boolean) => (recursive ? 220 : 140),
  lambda: k(10),
  /** FAILWITH is free as a step; Octez then charges unparsing the value (`unparseDataCycle` …). */
  failwith: k(0),
  /** PACK is free as a step; Octez charges unparsing the value (`unparseDataCycle` per node …). */
  pack: k(0),
  /**
   * UNPACK, first charge. Octez then charges `deserializationFromBytes(len)`, and either the
   * typechecking of the decoded data or `unpackFailed(len - 1)` when decoding or typing fails.
   */
  unpack: (len: number) => add(260, shr(len, 1)),
  /** Worst-case charge for an UNPACK that fails, on the bytes after the 0x05 tag. */
  unpackFailed: (len: number) => {
    // len × alloc_mbytes_cost 1 + len × (numbits len × (alloc_cost 3 + step_cost 1));
    // alloc_mbytes_cost 1 = alloc_cost 12 + alloc_bytes_cost 1 = alloc_cost 12 + alloc_cost 1.
    const allocMbytes1 = add(allocCost(12), allocCost(1));
    return add(mul(len, allocMbytes1), mul(len, mul(numbits(len), add(allocCost(3), stepCost(1)))));
  },

  // -- continuations (cost_of_control)
  kNil: k(15),
  kCons: k(10),
  kReturn: k(10),
  kViewExit: k(20),
  kMapHead: k(20),
  kUndip: k(10),
  kLoopIn: k(10),
  kLoopInLeft: k(10),
  kIter: k(10),
  /** Entering a list MAP body: `remaining` elements still to map, `length` of the input list. */
  kListEnterBody: (remaining: number, length: number) =>
    remaining === 0 ? add(length + shr(length, 1) + shr(length, 2) + shr(length, 4), 30) : 30,
  kListExitBody: k(10),
  /** Entering a map MAP body, on the number of entries of the result built so far. */
  kMapEnterBody: (builtSize: number) => (builtSize === 0 ? 10 : 80),
  /** Leaving a map MAP body: inserting the result (map_update on the result built so far). */
  kMapExitBody: (keySize: number, builtSize: number) => mapUpdate(keySize, builtSize),

  // -- crypto
  hashKey: k(605),
  blake2b,
  sha256: (len: number) => add(shr(len, 1) + shr(len, 2) + mul(len, 4), 600),
  sha512: (len: number) => add(mul(len, 3), 680),
  keccak,
  sha3: keccak,
  /** CHECK_SIGNATURE, on the key's algorithm (its binary tag) and the message length. */
  checkSignature: (key: PublicKey, msgLen: number) => {
    const f = KEY_ALGOS[key.raw[0] ?? -1];
    if (f === undefined) throw new GasModelError(`checkSignature: unknown public key tag ${key.raw[0]}`);
    return f(msgLen);
  },
  checkSignatureEd25519: checkSig.ed25519,
  checkSignatureSecp256k1: checkSig.secp256k1,
  checkSignatureP256: checkSig.p256,
  checkSignatureBls: checkSig.bls,
  checkSignatureMldsa44: checkSig.mldsa44,

  // -- BLS12-381
  addBls12381G1: k(900),
  addBls12381G2: k(2470),
  addBls12381Fr: k(30),
  mulBls12381G1: k(103_000),
  mulBls12381G2: k(220_000),
  mulBls12381Fr: k(45),
  /** MUL fr int/nat (the integer on top of the fr). */
  mulBls12381FrZ: (z: bigint) => add(shr(intBytes(z), 4) + intBytes(z), 265),
  /** MUL int/nat fr. */
  mulBls12381ZFr: (z: bigint) => add(shr(intBytes(z), 4) + intBytes(z), 265),
  /** INT on bls12_381_fr. */
  intBls12381Fr: k(115),
  negBls12381G1: k(50),
  negBls12381G2: k(70),
  negBls12381Fr: k(30),
  /** PAIRING_CHECK on a list of `n` pairs. */
  pairingCheck: (n: number) => add(mul(n, 344_064), 450_000),

  // -- tickets
  ticket: k(10),
  readTicket: k(10),
  /** SPLIT_TICKET, on the two requested amounts. */
  splitTicket: (amountA: bigint, amountB: bigint) => add(shr(Math.max(intBytes(amountA), intBytes(amountB)), 1), 40),
  /** JOIN_TICKETS: compare contents + compare ticketers + ADD on the amounts. */
  joinTickets: (contentsA: Value, contentsB: Value, amountA: bigint, amountB: bigint) =>
    add(add(compareCost(contentsA, contentsB), COMPARE_ADDRESS), addInt(amountA, amountB)),

  // -- chain, contracts, operations
  address: k(10),
  /** CONTRACT: the step only; parsing the address and looking the contract up is charged apart. */
  contract: k(30),
  /** TRANSFER_TOKENS: the step only; unparsing the parameter etc. is charged apart. */
  transferTokens: k(60),
  /** CREATE_CONTRACT: the step only; the origination work is charged apart. */
  createContract: k(60),
  /** EMIT: the step only; unparsing the payload is charged apart. */
  emit: k(30),
  view: k(1460),
  implicitAccount: k(10),
  isImplicitAccount: k(10),
  indexAddress: k(3480),
  getAddressIndex: k(530),
  setDelegate: k(60),
  balance: k(10),
  amount: k(10),
  level: k(10),
  now: k(10),
  minBlockTime: k(20),
  source: k(10),
  sender: k(10),
  self: k(10),
  selfAddress: k(10),
  chainId: k(15),
  votingPower: k(640),
  totalVotingPower: k(450),
  /** OPEN_CHEST, on the plaintext size and the `time` argument. */
  openChest: (plaintextSize: number, time: bigint) => {
    const logTime = bigintBits(time + 1n) - 1; // Z.log2 (1 + time)
    return add(add(mul(sub(logTime, 1), 22_528), shr(plaintextSize, 2) + mul(plaintextSize, 3)), 919_000);
  },
  saplingEmptyState: k(300),
  /** SAPLING_VERIFY_UPDATE: the proof checks plus hashing the bound data. */
  saplingVerifyUpdate: (inputs: number, outputs: number, boundDataLen: number) =>
    add(blake2b(boundDataLen), add(add(mul(inputs, 5_767_168), mul(outputs, 4_718_592)), 432_500)),

  // -- typechecking (Cost_of.Typechecking)
  /** Per instruction node typechecked (`parse_instr_cycle`). */
  parseInstrCycle: k(220),
  /** Per data node typechecked (`parse_data_cycle`). */
  parseDataCycle: k(100),
  /** Per type node parsed (`parse_type_cycle`). */
  parseTypeCycle: k(60),
  /** Per type node checked for DUP-ability. */
  checkDupableCycle: k(100),
  /** Per step of an entrypoint lookup. */
  findEntrypointCycle: k(icompare(ENTRYPOINT_MAX, ENTRYPOINT_MAX)),
  /** Type equality, on the two types' node counts. */
  tyEq: (size1: number, size2: number) => add(mul(Math.min(size1, size2), 22), 35),
  tyEqPrim: k(22 + 35),
  /** Numeric argument of DROP n, DUP n, DIG n, PAIR n, GET n, DIP n … (`proof_argument`). */
  proofArgument: (n: number) => mul(n, 50),
  checkPrintable: (len: number) => add(mul(len, 10), 15),
  /** A timestamp written as an RFC 3339 string. */
  timestampReadable: (len: number) => {
    const w2 = mul(Math.floor(Math.sqrt(len)), len);
    return add(shr(w2, 5) + shr(w2, 6), 105);
  },
  /** Decoding costs are the worst case over the signature algorithms. */
  publicKeyOptimized: k(74_000),
  publicKeyReadable: k(79_000),
  keyHashOptimized: k(60),
  keyHashReadable: k(3600),
  signatureOptimized: k(40),
  signatureReadable: k(6400),
  chainIdOptimized: k(50),
  chainIdReadable: k(1600),
  addressOptimized: k(60),
  contractOptimized: k(60),
  contractReadable: k(3600),
  bls12381G1: k(54_600),
  bls12381G2: k(69_000),
  bls12381Fr: k(120),
  /** Checking that a contract exists (a storage read of its 8-byte balance). */
  contractExists: () => readAccess(4, 8),
  chestKey: k(9550),
  chest: (len: number) => add(shr(len, 5), 3750),

  // -- unparsing (Cost_of.Unparsing), as PACK, FAILWITH and results print data
  /** Per data node unparsed (`unparse_data_cycle`). */
  unparseDataCycle: k(65),
  /** Per instruction node unparsed (lambdas inside data). */
  unparseInstrCycle: k(115),
  /** Unparsing a type of `size` nodes. */
  unparseType: (size: number) => Math.max(10, mul(size, 20)),
  unparsePublicKeyOptimized: k(455),
  unparsePublicKeyReadable: k(5900),
  unparseKeyHashOptimized: k(80),
  unparseKeyHashReadable: k(3200),
  unparseSignatureOptimized: k(55),
  unparseSignatureReadable: k(8300),
  unparseChainIdOptimized: k(50),
  unparseChainIdReadable: k(1800),
  unparseTimestampReadable: k(820),
  unparseAddressOptimized: k(80),
  unparseContractOptimized: k(80),
  unparseContractReadable: k(3200),
  unparseBls12381G1: k(3200),
  unparseBls12381G2: k(3900),
  unparseBls12381Fr: k(80),
  /** An operation value, on its encoded length. */
  unparseOperation: (bytesLen: number) => serializationFromBytes(bytesLen),
  unparseChestKey: k(7840),
  unparseChest: (plaintextSize: number) => add(shr(plaintextSize, 4) + shr(plaintextSize, 8), 3215),
} as const;

/**
 * How a contract's code ends once it has run without failing: its closing HALT, then the empty continuation it was
 * started with (script_interpreter.ml `step_descr` runs the code with `KNil` as its continuation).
 */
export const CODE_END = add(cost.halt(), cost.kNil());

// ---------------------------------------------------------------------------------------------
// Micheline (de)serialization and storage (Script_repr, Storage_costs)

/** What Octez's Micheline size counts: nodes, bytes of integer literals, bytes of strings/bytes. */
export interface MichelineSize {
  readonly nodes: number;
  readonly zBytes: number;
  readonly stringBytes: number;
}

const utf8 = new TextEncoder();

/** `Script_repr.Micheline_size.of_node`; each annotation counts as a string node. */
export function michelineSize(e: Expr): MichelineSize {
  let nodes = 0;
  let zBytes = 0;
  let stringBytes = 0;
  const todo: Expr[] = [e];
  while (todo.length > 0) {
    const n = todo.pop() as Expr;
    nodes++;
    if (Array.isArray(n)) {
      for (const c of n) todo.push(c);
    } else if ('int' in n) {
      zBytes += intBytes(BigInt(n.int));
    } else if ('string' in n) {
      stringBytes += utf8.encode(n.string).length;
    } else if ('bytes' in n) {
      stringBytes += n.bytes.length >>> 1;
    } else if ('prim' in n) {
      for (const a of n.annots ?? []) {
        nodes++;
        stringBytes += utf8.encode(a).length;
      }
      for (const c of n.args ?? []) todo.push(c);
    }
  }
  return { nodes, zBytes, stringBytes };
}

/** Encoding a Micheline term to bytes (`micheline_serialization_cost`). */
export const serialization = (s: MichelineSize): number =>
  Math.max(10, add(add(mul(s.nodes, 100), mul(s.zBytes, 25)), mul(s.stringBytes, 10)));
/** Decoding bytes to a Micheline term of known size. */
export const deserialization = (s: MichelineSize): number =>
  Math.max(10, add(add(mul(s.nodes, 60), mul(s.zBytes, 10)), mul(s.stringBytes, 10)));
/** Decoding `len` bytes of Micheline, estimated from the length (UNPACK, lazy storage). */
export const deserializationFromBytes = (len: number): number => Math.max(10, mul(len, 20));
/** Encoding estimated from the encoded length. */
export const serializationFromBytes = (len: number): number => Math.max(10, mul(len, 33));
/** `strip_locations` / `strip_annotations` on a term of `nodes` nodes. */
export const stripLocations = (nodes: number): number => Math.max(10, mul(nodes, 51));

/**
 * What unparsing data adds after the per-node cycles (`account_for_future_serialization_cost`):
 * stripping locations (per node, annotations not counted) and encoding the term. PACK of
 * `"abcdefg"` costs 65 (one cycle) + 51 + 170 = 286 milligas.
 */
export function futureSerialization(e: Expr): number {
  let nodes = 0;
  const todo: Expr[] = [e];
  while (todo.length > 0) {
    const n = todo.pop() as Expr;
    nodes++;
    if (Array.isArray(n)) for (const c of n) todo.push(c);
    else if ('prim' in n) for (const c of n.args ?? []) todo.push(c);
  }
  return add(stripLocations(nodes), serialization(michelineSize(e)));
}

/** A carbonated storage read: 200 gas + 5 per path segment + 0.002 per byte. */
export const readAccess = (pathLength: number, readBytes: number): number =>
  add(add(200_000, mul(5000, pathLength)), mul(2, readBytes));

// ---------------------------------------------------------------------------------------------
// Manager operations (apply.ml, validate.ml, operation_costs.ml, michelson_v1_gas.ml `Cost_of`)

/** `Cost_of.manager_operation`: 100 gas, charged to every manager operation, internal ones included. */
export const MANAGER_OPERATION = 100_000;
/** `Cost_of.transfer_operation`: 2,000 gas more for a transfer to an implicit account (apply_transaction_to_implicit). */
export const TRANSFER_TO_IMPLICIT = 2_000_000;

/** Signature schemes, by the tag of their public key or key hash (`Cost_of.Interpreter.algo_of_public_key_hash`). */
export type SignatureAlgo = 'ed25519' | 'secp256k1' | 'p256' | 'bls' | 'mldsa44';

const ALGO_OF_PREFIX: Record<string, SignatureAlgo> = {
  tz1: 'ed25519',
  tz2: 'secp256k1',
  tz3: 'p256',
  tz4: 'bls',
  tz5: 'mldsa44',
};

/** The scheme of an implicit account's key, from its tz1…tz5 address. */
export function signatureAlgoOf(address: string): SignatureAlgo {
  const algo = ALGO_OF_PREFIX[address.slice(0, 3)];
  if (algo === undefined) throw new GasModelError(`signatureAlgoOf: not an implicit account (${address})`);
  return algo;
}

/** `Operation_costs.serialization_cost`: 32 milligas per byte. */
const operationSerialization = (size: number): number => mul(size, 32);

/**
 * Checking a batch's signature (`Operation_costs.check_signature_cost`), on the unsigned operation's length (branch
 * and contents). validate.ml and apply.ml charge it to the batch's first content, on top of `MANAGER_OPERATION`.
 */
export const signatureCheck = (algo: SignatureAlgo, unsignedLength: number): number =>
  add(operationSerialization(unsignedLength), checkSig[algo](unsignedLength));

/** Size of a BLS public key (`Bls.Public_key.size`). */
const BLS_PUBLIC_KEY_SIZE = 48;

/** A tz4 reveal's proof of possession: serializing the key and a BLS check over it (apply.ml, `Reveal` with a proof). */
export const blsProofCheck = (): number =>
  add(operationSerialization(BLS_PUBLIC_KEY_SIZE), checkSig.bls(BLS_PUBLIC_KEY_SIZE));

/** `Gas_limit_repr.alloc_mbytes_cost`: allocating `n` bytes, a 12-word header and the bytes' words. */
export const allocBytes = (n: number): number => add(allocCost(12), allocCost(Math.floor((n + 7) / 8)));

/** `Storage_costs.write_access`: a carbonated storage write, 200 gas + 0.004 per byte. */
export const writeAccess = (writtenBytes: number): number => add(200_000, mul(4, writtenBytes));

/**
 * Path length of a contract's `code` or `storage` entry as carbonated storage counts it: contracts / index /
 * the contract / the entry, plus its length cell (storage_functors.ml `consume_read_gas`).
 */
const SCRIPT_ENTRY_PATH = 5;
/** The 4-byte length prefix of a lazy expression in binary encodings (`Script_repr.lazy_expr_encoding`). */
export const LAZY_EXPR_PREFIX = 4;

/**
 * Loading a stored contract's code and storage for a call, as a script-cache miss does (script_cache.ml
 * `load_and_elaborate` → contract_storage.ml `get_script`): `Code.find` and `Storage.find`, each a membership read
 * then the read (storage_functors.ml), each decoded at 20 milligas per byte (storage.ml
 * `Make_carbonated_map_expr.find`), and decoded again when `parse_script` forces the still-serialized lazy
 * expressions (`force_decode_in_context ~consume_deserialization_gas:When_needed`). The devnet charges it on every
 * call, so its figures are the upper bound a cached contract on Octez stays under.
 */
export function scriptLoading(codeBytes: number, storageBytes: number): number {
  const entry = (bytes: number): number =>
    add(
      add(readAccess(SCRIPT_ENTRY_PATH, 0), readAccess(SCRIPT_ENTRY_PATH, bytes + LAZY_EXPR_PREFIX)),
      mul(2, deserializationFromBytes(bytes)),
    );
  return add(entry(codeBytes), entry(storageBytes));
}

/** `Contract.get_script` where no contract is: `Code.find`'s and `Storage.find`'s membership reads, which find nothing. */
export const missingScriptLookup = (): number => mul(2, readAccess(SCRIPT_ENTRY_PATH, 0));

/**
 * What the liquidity-baking CPMM takes in the contract cache, in bytes: the size its typed script is given there
 * (test_script_cache.ml `liquidity_baking_contract_size`). The protocol calls that contract as every block begins, to
 * credit its subsidy (apply.ml `apply_liquidity_baking_subsidy` → `Script_cache.find`), so from the first block on an
 * Octez sandbox's cache holds it, and nothing else until a contract is called.
 */
export const LIQUIDITY_BAKING_CACHE_BYTES = 182_272;

/** cache_repr.ml `minimal_size_of_typed_contract_in_bytes`: the cache's size in bytes over it approximates its cardinal. */
const MINIMAL_TYPED_CONTRACT_BYTES = 688;

/**
 * A script-cache `find` or `update` (cache_repr.ml `Cache_costs.cache_update`, cache_repr_costs_generated.ml
 * `cost_CACHE_UPDATE`): 600 + 43 × log2 (1 + the approximate cardinal), the cardinal being the cache's size in bytes
 * divided by 688. The devnet's cache is a fresh sandbox's: the CPMM alone, 264 entries' worth (1,030 milligas an
 * access). The devnet treats every call as a miss and does not add the called contract's own entry, which Octez's
 * last update of the call counts; only a contract whose typed script took over 169 KB would change that figure.
 */
export const scriptCacheAccess = (cacheBytes = LIQUIDITY_BAKING_CACHE_BYTES): number =>
  add(600, mul(43, log2(Math.floor(cacheBytes / MINIMAL_TYPED_CONTRACT_BYTES) + 1)));

/** `Script_typed_ir_size_costs.nodes_cost`: 45 milligas per node of a typed script's in-memory size. */
export const typedSizeNodes = (nodes: number): number => mul(45, nodes);

/** `Ticket_costs.has_tickets_of_ty_cost` (ticket_costs_generated.ml `cost_TYPE_HAS_TICKETS`), on a type's size. */
export const typeHasTickets = (typeNodes: number): number => add(mul(typeNodes, 6), 10);

/** Storing a code or storage expression (`Make_carbonated_map_expr.init/update`): encoding it, then the write. */
export const scriptEntryWrite = (e: Expr, bytes: number): number =>
  add(serialization(michelineSize(e)), writeAccess(bytes + LAZY_EXPR_PREFIX));

/** `Gas_limit_repr.read_bytes_cost`: 100 gas, plus 10 a byte. */
export const readBytes = (n: number): number => add(100_000, mul(10_000, n));

/** `Carbonated_map_costs.fold_cost` (carbonated_map_costs_generated.ml `cost_fold`): 50 + 24 per binding folded over. */
export const carbonatedMapFold = (size: number): number => add(mul(24, size), 50);

/** `Ticket_costs.Constants.cost_collect_tickets_step` (`cost_COLLECT_TICKETS_STEP 1`): a ticket scan's step. */
export const COLLECT_TICKETS_STEP = 80;
