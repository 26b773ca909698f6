/**
 * Regressions found by replaying Octez's own `run script` expectations (tezt regression outputs
 * of contract_opcodes.ml and the tzt_reference_test_suite) against this VM. Each script here is
 * ours; each expectation quotes what octez-client prints for the same situation, with the Octez
 * test or source it comes from.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packData, type MichelsonData } from '@taquito/michel-codec';
import { describe, expect, it } from 'vitest';
import { runScript, standaloneHost, type BigMapDiff, type RunRequest } from '../../../devnet/michelson';
import { printExpr } from '../../../devnet/michelson/data';
import { printType } from '../../../devnet/michelson/typecheck';
import { SCRIPTS_DIR } from './cli-helpers';

const script = (name: string): string => readFileSync(join(SCRIPTS_DIR, 'regressions', `${name}.tz`), 'utf8');

const run = (name: string, storage: string, input: string, extra: Partial<RunRequest> = {}) =>
  runScript({ script: script(name), storage, input, ...extra });

/** The storage as octez-client prints it (`(Some 1)`, `(Pair 4 5)`). */
const storageText = (r: ReturnType<typeof runScript>): string => printExpr(r.storage, true);

/** A big_map diff entry as octez-client prints it under "big_map diff". */
function diffLine(d: BigMapDiff): string {
  switch (d.action) {
    case 'alloc':
      return `New map(${d.big_map}) of type (big_map ${printType(d.key_type)} ${printType(d.value_type)})`;
    case 'update':
      return d.value === undefined
        ? `Unset map(${d.big_map})[${printExpr(d.key, true)}]`
        : `Set map(${d.big_map})[${printExpr(d.key, true)}] to ${printExpr(d.value, true)}`;
    case 'copy':
      return `Copy map(${d.source_big_map}) to map(${d.destination_big_map})`;
    case 'remove':
      return `Clear map(${d.big_map})`;
  }
}

const G1_GENERATOR =
  '0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1';
/** The uncompressed point at infinity: flag byte 0x40, then zeros (96 bytes for G1, 192 for G2). */
const infinity = (bytes: number): string => `0x40${'00'.repeat(bytes - 1)}`;

describe('big_map diff', () => {
  it('a removal in a new big_map is listed as Unset, even for a key it never had', () => {
    // contract_opcodes.ml, big_map_contract_io: update_big_map.tz on { Elt "1" "one" ; Elt "2" "two" }
    // with input { Elt "3" None } prints `Unset map(4)["3"]` among the new map's bindings.
    const r = run('bigmap_update', '{ Elt "a" 1 }', 'Pair "zz" None');
    expect(storageText(r)).toBe('4');
    expect(r.bigMapDiff.map(diffLine)).toEqual(
      expect.arrayContaining(['New map(4) of type (big_map string nat)', 'Set map(4)["a"] to 1', 'Unset map(4)["zz"]']),
    );
    expect(r.bigMapDiff).toHaveLength(3);
    expect(r.bigMapDiff[0]!.action).toBe('alloc');
  });

  it('a key removed from a new big_map after being bound is still listed, as Unset', () => {
    // get_and_update_big_map.tz on (Pair None { Elt "hello" 4 }) with "hello": `Unset map(4)["hello"]`.
    const r = run('bigmap_update', '{ Elt "a" 1 }', 'Pair "a" None');
    expect(r.bigMapDiff.map(diffLine)).toEqual(['New map(4) of type (big_map string nat)', 'Unset map(4)["a"]']);
  });

  // Each run: the storage octez-client prints, then its "big_map diff" lines in Octez's order.
  it.each([
    [
      'maps come out last-walked first: the second big_map of the storage (id 5) is listed before the first (id 4)',
      // big_map_magic.tz on (Left (Pair { Elt "1" "one" } { Elt "2" "two" })) with (Left Unit) prints
      // New map(5) and its binding, then New map(4) and its binding (Octez prepends each map's diff).
      () => run('bigmap_two', 'Pair { Elt "1" "one" } { Elt "2" "two" }', 'False'),
      '(Pair 4 5)',
      [
        'New map(5) of type (big_map string string)',
        'Set map(5)["2"] to "two"',
        'New map(4) of type (big_map string string)',
        'Set map(4)["1"] to "one"',
      ],
    ],
    [
      'big_maps inside a map get their ids from the greatest key down, as Octez walks map bindings',
      () => run('bigmap_in_map', '{}', '{ Elt "a" { Pair 1 10 } ; Elt "b" { Pair 2 20 } }'),
      '{ Elt "a" 5 ; Elt "b" 4 }',
      [
        'New map(5) of type (big_map nat nat)',
        'Set map(5)[1] to 10',
        'New map(4) of type (big_map nat nat)',
        'Set map(4)[2] to 20',
      ],
    ],
    [
      'stored big_maps that leave the storage are cleared first, highest id first',
      // extract_lazy_storage_diff prepends a Remove for each dead id, folding the ids in increasing order.
      () => run('bigmap_drop_both', 'Pair 1 2', 'Unit', { host: { ...standaloneHost(), nextBigMapId: () => 4n } }),
      '(Pair 4 5)',
      ['Clear map(2)', 'Clear map(1)', 'New map(5) of type (big_map nat nat)', 'New map(4) of type (big_map nat nat)'],
    ],
  ] as const)('%s', (_name, runIt, storage, diff) => {
    const r = runIt();
    expect(storageText(r)).toBe(storage);
    expect(r.bigMapDiff.map(diffLine)).toEqual(diff);
  });
});

describe('BLS12-381 points at infinity', () => {
  it('NEG of the G1 point at infinity prints as 0x40 then zeros', () => {
    // test_contract_bls12_381.ml, "g1: negate": neg_bls12_381_g1.tz on input 0x4000…00 stores (Some 0x4000…00).
    expect(storageText(run('g1_neg', 'None', infinity(96)))).toBe(`(Some ${infinity(96)})`);
  });

  it('NEG of the G2 point at infinity prints as 0x40 then zeros', () => {
    // test_contract_bls12_381.ml, "g2: negate".
    expect(storageText(run('g2_neg', 'None', infinity(192)))).toBe(`(Some ${infinity(192)})`);
  });

  it('P + (-P) is the point at infinity', () => {
    expect(storageText(run('g1_cancel', 'None', G1_GENERATOR))).toBe(`(Some ${infinity(96)})`);
  });
});

describe('octez-client mockup chain state', () => {
  // Address_registry_storage.init registers the zero implicit account first, at protocol init.
  it('the zero account tz1Ke2h7… already has address index 0', () => {
    // contract_opcodes.ml: get_address_index on "tz1Ke2h7sDdakHJQh8WX4Z372du1KChsksyU" stores (Some 0).
    expect(storageText(run('address_index', 'None', 'Right "tz1Ke2h7sDdakHJQh8WX4Z372du1KChsksyU"'))).toBe('(Some 0)');
  });

  it('the first address INDEX_ADDRESS registers gets index 1', () => {
    // contract_opcodes.ml: index_address on "tz1burnburnburnburnburnburnburjAYjjX" stores (Some 1).
    expect(storageText(run('address_index', 'None', 'Left "tz1burnburnburnburnburnburnburjAYjjX"'))).toBe('(Some 1)');
    // and get_address_index on an unregistered address stores None.
    expect(storageText(run('address_index', 'None', 'Right "tz1burnburnburnburnburnburnburjAYjjX"'))).toBe('None');
  });

  it('VOTING_POWER sees the five bootstrap bakers with 4,000,000 ꜩ each', () => {
    // contract_opcodes.ml: voting_power.tz with bootstrap1's key stores (Pair 4000000000000 20000000000000).
    const r = run('voting_power', 'Pair 0 0', '"edpkuBknW28nW72KG6RoHtYW7p12T6GKc7nAbwYX5m8Wd9sDVC9yav"');
    expect(storageText(r)).toBe('(Pair 4000000000000 20000000000000)');
    // Any other key has no voting power.
    const other = run('voting_power', 'Pair 0 0', '"edpkvGfYw3LyB1UcCahKQk4rF2tvbMUk8GFiTuMjL75uGXrpvKXhjn"');
    expect(storageText(other)).toBe('(Pair 0 20000000000000)');
  });
});

describe('APPLY', () => {
  it("keeps the lambda's body whole after PUSH and PAIR, with the captured type unannotated", () => {
    // tzt_reference_test_suite/apply_00.tzt: APPLY of "Hi" to { DROP ; PUSH nat 1 } gives
    // { PUSH string "Hi" ; PAIR ; { DROP ; PUSH nat 1 } } (script_interpreter_defs.ml, `apply`).
    expect(storageText(run('apply_stored', 'None', '"hi"'))).toBe(
      '(Some { PUSH string "hi" ; PAIR ; { DROP ; PUSH nat 1 } })',
    );
  });

  it('wraps a recursive lambda in LAMBDA_REC, its argument type written as a flat comb', () => {
    // tzt_reference_test_suite/apply_02.tzt: { PUSH string "Hi" ; PAIR ; LAMBDA_REC (pair string bool int) nat { … } ; SWAP ; EXEC }.
    expect(storageText(run('apply_rec_stored', 'None', '"x"'))).toBe(
      '(Some { PUSH string "x" ; PAIR ; LAMBDA_REC (pair string bool int) nat { DROP 2 ; PUSH nat 1 } ; SWAP ; EXEC })',
    );
  });

  it('charges for unparsing what it captures, so a chain of 500,000 nested APPLYs runs out of gas', () => {
    // tzt_reference_test_suite/drop_deep_apply_00.tzt: Octez fails this loop (each APPLY unparses
    // the ever larger lambda it captures); a handful of APPLYs is cheap.
    expect(run('apply_chain', 'Unit', '10').storage).toEqual({ prim: 'Unit' });
    let kind: string | undefined;
    try {
      run('apply_chain', 'Unit', '500000');
    } catch (e) {
      kind = (e as { kind?: string }).kind;
    }
    expect(kind).toBe('gas_exhausted');
  });

  it('PACK of an applied lambda packs that code', () => {
    const code = [
      { prim: 'PUSH', args: [{ prim: 'int' }, { int: '5' }] },
      { prim: 'PAIR' },
      [{ prim: 'UNPAIR' }, { prim: 'ADD' }],
    ];
    const expected = `0x${Buffer.from(packData(code as MichelsonData)).toString('hex')}`;
    expect(expected).toBe('0x0502000000110743035b000503420200000004037a0312');
    expect(storageText(run('apply_pack', '0x', '5'))).toBe(expected);
  });
});
