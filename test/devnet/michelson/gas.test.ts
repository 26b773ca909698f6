/**
 * Gas costs checked against Octez's own numbers: `octez-client run script … --trace-stack` prints
 * "just consumed gas" for each instruction, and the tezt regression outputs of protocol Alpha
 * (whose cost model is byte-for-byte Ushuaia's) are quoted below by script and input, from
 * tezt/tests/expected/contract_opcodes.ml/ in the tezos/tezos mirror. Costs are milligas, so a
 * trace's "0.035" is 35.
 */
import { describe, expect, it } from 'vitest';
import {
  GasExhausted,
  GasMeter,
  HARD_GAS_LIMIT_PER_OPERATION,
  comparableSize,
  compareCost,
  cost,
  formatGas,
  futureSerialization,
  intBytes,
  milligasToGas,
  readAccess,
} from '../../../devnet/michelson/gas';
import { Compiler, type RunContext } from '../../../devnet/michelson/interpreter';
import { parseExpression, typecheckCode, type Trace } from '../../../devnet/michelson/typecheck';
import { Address, KeyHash, Or, Pair, PublicKey, Some, UNIT } from '../../../devnet/michelson/values';

const bytes = (n: number, fill = 0): Uint8Array => new Uint8Array(n).fill(fill);
const keyHash = new KeyHash(bytes(21));
const address = (entrypoint = '') => new Address(bytes(22), entrypoint);
const ed25519Key = new PublicKey(bytes(33));

describe('integer sizes', () => {
  it('counts the bytes of |n|, rounded up, as Octez`s z_bytes', () => {
    expect(intBytes(0n)).toBe(0);
    expect(intBytes(255n)).toBe(1);
    expect(intBytes(256n)).toBe(2);
    expect(intBytes(-948n)).toBe(2);
    expect(intBytes(2n ** 64n - 1n)).toBe(8);
    expect(intBytes(2n ** 64n)).toBe(9);
    expect(intBytes(-(2n ** 200n))).toBe(26);
  });

  it('sizes map keys as Gas_comparable_input_size: numbits/8 rounded down, mutez 8', () => {
    expect(comparableSize(1n)).toBe(0);
    expect(comparableSize(256n)).toBe(1);
    expect(comparableSize(1n, { prim: 'mutez' })).toBe(8);
    expect(comparableSize('hello')).toBe(5);
    expect(comparableSize(new Pair(1n, 'ab'), { prim: 'pair', args: [{ prim: 'nat' }, { prim: 'string' }] })).toBe(3);
    expect(comparableSize(new Or(false, 1n))).toBe(1);
    expect(comparableSize(null)).toBe(1);
    expect(comparableSize(new Some(UNIT))).toBe(2);
    // Public_key_hash.size is 65 in Octez (1 + the signature size), and the default entrypoint is
    // counted as the name "default".
    expect(comparableSize(keyHash)).toBe(65);
    expect(comparableSize(address())).toBe(72);
    expect(comparableSize(address('foo'))).toBe(68);
  });
});

describe('instruction costs from Octez traces', () => {
  it('abs.tz on input 948: NEG 0.026, ABS 0.021, COMPARE 0.035', () => {
    expect(cost.neg(948n)).toBe(26);
    expect(cost.absInt(-948n)).toBe(21);
    expect(cost.compare(948n, 948n)).toBe(35);
  });

  it('add.tz: ADD int 0.035, ADD timestamp int 0.037, ADD mutez 0.020', () => {
    expect(cost.addInt(2n, 2n)).toBe(35);
    expect(cost.addTimestampToSeconds(1568030917n, 60n)).toBe(37); // "2019-09-09T12:08:37Z" + 60
    expect(cost.addSecondsToTimestamp(60n, 1568030917n)).toBe(37);
    expect(cost.addTez()).toBe(20);
  });

  it('mul.tz and uncomb.tz: MUL int 0.064, MUL mutez 0.050, MUL nat 0.059', () => {
    expect(cost.mulInt(-7987n, 10n)).toBe(64);
    expect(cost.mulTeznat()).toBe(50);
    expect(cost.mulNat(4n, 100n)).toBe(59);
  });

  it('ediv.tz on (Pair -8 2): ABS 0.020, EDIV 0.151, DIP 2 0.023', () => {
    expect(cost.absInt(-8n)).toBe(20);
    expect(cost.edivNat(8n, 2n)).toBe(151);
    expect(cost.ediv(-8n, 2n)).toBe(151);
    expect(cost.dipN(2)).toBe(23);
  });

  it('dign / dugn / dropn / dipn / comb / uncomb', () => {
    expect(cost.dig(4)).toBe(57);
    expect(cost.dug(4)).toBe(62);
    expect(cost.dropN(4)).toBe(40);
    expect(cost.dipN(5)).toBe(35);
    expect(cost.comb(4)).toBe(46);
    expect(cost.uncomb(3)).toBe(34);
  });

  it('closing a block: HALT then the continuation (dipn.tz 0.075, dign.tz 0.035, ASSERT 0.025)', () => {
    expect(cost.halt() + 5 * cost.kUndip() + cost.kCons()).toBe(75);
    expect(cost.halt() + cost.kUndip() + cost.kCons()).toBe(35);
    expect(cost.halt() + cost.kCons()).toBe(25);
  });

  it('hash_string.tz on "abcdefg": PACK 0.286, BLAKE2B 0.444', () => {
    expect(cost.pack() + cost.unparseDataCycle() + futureSerialization({ string: 'abcdefg' })).toBe(286);
    expect(cost.blake2b(13)).toBe(444); // 0x05 01 00000007 + 7 bytes
  });

  it('sha3.tz / keccak.tz on 13 bytes: 1.457; hash_key.tz 0.605; chain_id_store.tz 0.015', () => {
    expect(cost.sha3(13)).toBe(1457);
    expect(cost.keccak(13)).toBe(1457);
    expect(cost.hashKey()).toBe(605);
    expect(cost.chainId()).toBe(15);
  });

  it('check_signature.tz: CHECK_SIGNATURE with an edpk on packed "hello" 65.812, on "abcd" 65.811', () => {
    expect(cost.checkSignature(ed25519Key, 11)).toBe(65_812);
    expect(cost.checkSignature(ed25519Key, 10)).toBe(65_811);
  });

  it('concat_list.tz: CONCAT on a 2-element list of 5 then 6 bytes: 0.122, 0.123', () => {
    expect(cost.concatStringPrecheck(2) + cost.concatString(5)).toBe(122);
    expect(cost.concatStringPrecheck(2) + cost.concatString(6)).toBe(123);
  });

  it('slice.tz and slice_bytes.tz: SLICE on 3 characters / bytes: 0.026', () => {
    expect(cost.sliceString(3)).toBe(26);
    expect(cost.sliceBytes(3)).toBe(26);
  });

  it('set_member.tz, map_mem_nat.tz, get_and_update_map.tz', () => {
    expect(cost.setMem(comparableSize(''), 2)).toBe(40);
    expect(cost.mapMem(comparableSize(1n), 2)).toBe(45);
    expect(cost.mapGetAndUpdate(comparableSize('hello'), 1)).toBe(76);
  });

  it('big_map_mem_nat.tz: MEM on a literal big_map of 2 entries costs 0.723', () => {
    // overlay lookup + hashing the key: unparse nat 2, then BLAKE2B of 0x050002
    const hashKey = cost.unparseDataCycle() + futureSerialization({ int: '2' }) + cost.blake2b(3);
    expect(cost.bigMapMem(2) + hashKey).toBe(723);
  });

  it('map_map.tz on 2 entries: 0.067 entering, 0.150 and 0.160 after each body', () => {
    expect(cost.mapMap(2) + cost.kMapEnterBody(0)).toBe(67);
    const keySize = comparableSize('bar');
    expect(cost.halt() + cost.kMapExitBody(keySize, 0) + cost.kMapEnterBody(1)).toBe(150);
    expect(cost.halt() + cost.kMapExitBody(keySize, 1) + cost.kMapEnterBody(2) + cost.kCons()).toBe(160);
  });

  it('list_map_block.tz on 4 elements: 0.050 entering, 0.055 per body, 0.072 at the end', () => {
    expect(cost.listMap() + cost.kListEnterBody(4, 4)).toBe(50);
    expect(cost.halt() + cost.kListExitBody() + cost.kListEnterBody(3, 4)).toBe(55);
    expect(cost.halt() + cost.kListExitBody() + cost.kListEnterBody(0, 4) + cost.kCons()).toBe(72);
  });

  it('set_iter.tz on { 1 }: ITER 0.067, each step 0.035', () => {
    expect(cost.setIter(1) + cost.kIter()).toBe(67);
    expect(cost.halt() + cost.kIter() + cost.kCons()).toBe(35);
  });

  it('bytes_of_nat_016.tz: BYTES 0.075 / 0.078 / 0.084, NAT 0.052 / 0.057 / 0.045 / 0.050', () => {
    expect([0n, 1n, 1193046n].map(cost.bytesNat)).toEqual([75, 78, 84]);
    expect([3, 5, 0, 2].map(cost.natBytes)).toEqual([52, 57, 45, 50]);
  });

  it('lsl_bytes_016.tz and lsr_bytes_016.tz', () => {
    expect(cost.lslBytes(1, 0n)).toBe(65);
    expect(cost.lslBytes(2, 1n)).toBe(66);
    expect(cost.lsrBytes(1, 1n)).toBe(55);
    expect(cost.lsrBytes(2, 1n)).toBe(56);
    expect(cost.lsrBytes(3, 0n)).toBe(56);
    expect(cost.lsrBytes(3, 30n)).toBe(55);
    expect(cost.lslNat(0n)).toBe(128); // shifts.tz, 0 LSL 0
  });

  it('and_bytes_016.tz: AND on bytes goes by the shorter operand', () => {
    expect(cost.andBytes(1, 1)).toBe(35);
    expect(cost.andBytes(2, 2)).toBe(36);
    expect(cost.andBytes(1, 2)).toBe(35);
  });

  it('bls12_381_fr_z_nat.tz: MUL by a 32-byte nat 0.299; bls12_381_fr_to_int.tz: INT 0.115', () => {
    const n = 69615968247920749285624776342583898043608129789011377475114141186797415307882n;
    expect(cost.mulBls12381ZFr(n)).toBe(299);
    expect(cost.intBls12381Fr()).toBe(115);
    expect(cost.addBls12381Fr()).toBe(30);
  });

  it('compare.tz and self_address.tz: key_hash and address COMPARE cost 0.036', () => {
    expect(compareCost(keyHash, keyHash)).toBe(36);
    expect(compareCost(address(), address('a'))).toBe(36);
    expect(compareCost('AABBCC', 'AABBCC')).toBe(35);
    expect(compareCost(true, false)).toBe(35);
  });

  it('compare walks whole pairs, and or/option only on matching sides', () => {
    // pair tag + both components, even though the first components already differ
    expect(compareCost(new Pair(1n, 'x'), new Pair(2n, 'y'))).toBe(10 + 35 + 35);
    expect(compareCost(new Or(true, 1n), new Or(false, 1n))).toBe(10);
    expect(compareCost(new Or(true, 1n), new Or(true, 1n))).toBe(45);
    expect(compareCost(null, new Some(1n))).toBe(10);
    expect(compareCost(new Some(1n), new Some(1n))).toBe(45);
    expect(compareCost(UNIT, UNIT)).toBe(10);
  });

  it('packunpack_rev.tz: UNPACK int 0.421, a failing UNPACK nat of -1 96.321, UNPACK of 0x04 0.280', () => {
    // 0x050041: 3 bytes, decoded, then one data node typechecked
    expect(cost.unpack(3) + 60 + cost.parseDataCycle()).toBe(421);
    // same bytes, but -1 is no nat: the worst-case charge on the 2 bytes after 0x05
    expect(cost.unpack(3) + 60 + cost.unpackFailed(2)).toBe(96_321);
    expect(cost.unpack(1) + 20).toBe(280);
  });

  it('pexec.tz: APPLY 0.401 (the step, unparsing the captured 38 and its type)', () => {
    const captured = cost.unparseDataCycle() + futureSerialization({ int: '38' });
    expect(cost.apply(false) + captured + cost.unparseType(1)).toBe(401);
  });

  it('storage reads cost 200 gas plus path and bytes', () => {
    expect(readAccess(0, 0)).toBe(200_000);
    expect(cost.contractExists()).toBe(200_000 + 4 * 5000 + 2 * 8);
  });
});

describe('blocks as the compiled code charges them, against Octez`s --trace-stack (contract_opcodes.ml, U025)', () => {
  /** Milligas the compiled `code` takes on a stack of `depth` nats (typechecked there, as a script's body is). */
  function blockGas(code: string, depth: number): number {
    const trace: Trace = new WeakMap();
    const body = parseExpression(code, 'code');
    typecheckCode(
      body,
      Array.from({ length: depth }, () => ({ prim: 'nat' })),
      trace,
    );
    const gas = new GasMeter(10n ** 9n);
    const stack = Array.from({ length: depth }, (_, i) => BigInt(i + 1));
    new Compiler(trace).compile(body)(stack, { gas } as unknown as RunContext);
    return Number(gas.consumed());
  }

  it.each([
    // dip.tz on (Pair 1 1): DIP 0.010, ADD 0.035, then its body closed (HALT, KUndip, KCons) 0.035.
    ['{ DIP { ADD } }', 3, 10 + 35 + 35],
    // dign.tz: DIP 0.010, four DROPs 0.010 each, the closing 0.035.
    ['{ DIP { DROP ; DROP ; DROP ; DROP } }', 5, 10 + 4 * 10 + 35],
    // dipn.tz: DIP 5 0.035, PUSH 0.010, the closing (HALT, five KUndip, KCons) 0.075.
    ['{ DIP 5 { PUSH nat 6 } }', 5, 35 + 10 + 75],
  ])('%s on %i nats: %i milligas', (code, depth, milligas) => {
    expect(blockGas(code, depth)).toBe(milligas);
  });
});

describe('GasMeter', () => {
  it('uses the protocol`s hard limit of 1,040,000 gas', () => {
    expect(HARD_GAS_LIMIT_PER_OPERATION).toBe(1_040_000_000n);
  });

  it('allows spending exactly the limit and throws once past it', () => {
    const meter = new GasMeter(100n);
    meter.consume(60);
    meter.consume(40);
    expect(meter.consumed()).toBe(100n);
    expect(meter.remaining()).toBe(0n);
    expect(() => meter.consume(1)).toThrow(GasExhausted);
    // the failed charge is not recorded
    expect(meter.consumed()).toBe(100n);
  });

  it('reports exhaustion with octez-client`s wording and a stable code', () => {
    const meter = new GasMeter(10n);
    let err: unknown;
    try {
      meter.consume(cost.dig(4));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GasExhausted);
    expect((err as GasExhausted).code).toBe('gas_exhausted');
    expect((err as GasExhausted).message).toBe(
      'Gas limit exceeded during typechecking or execution.\nTry again with a higher gas limit.',
    );
  });

  it('rejects a negative limit', () => {
    expect(() => new GasMeter(-1n)).toThrow(RangeError);
  });

  it('prints and rounds gas as Octez does', () => {
    expect(formatGas(67_780n)).toBe('67.780');
    expect(formatGas(35n)).toBe('0.035');
    expect(formatGas(2000n)).toBe('2');
    expect(milligasToGas(1001n)).toBe(2n);
    expect(milligasToGas(1000n)).toBe(1n);
  });
});
