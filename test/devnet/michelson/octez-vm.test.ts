/**
 * The VM's answers where Octez's own are checked against: the precise error a typecheck
 * failure carries (Octez's id, fields and location) and the empty Sapling state literal (the CLI's flags in
 * octez-client's units are in cli-units.test.ts, which runs the CLI as a process).
 */
import { describe, expect, it } from 'vitest';
import { loadScript, MichelsonFailure, runScript } from '../../../devnet/michelson';
import { thrown } from '../../engine/thrown';

const failure = (f: () => unknown): MichelsonFailure => thrown(f, MichelsonFailure);

const SUB_MUTEZ = 'parameter unit; storage mutez; code { CDR; PUSH mutez 1; SWAP; SUB; NIL operation; PAIR }';
const STRING_STORAGE = 'parameter unit; storage (pair string string); code { CDR; NIL operation; PAIR }';
const SAPLING = 'parameter unit; storage (pair (big_map nat nat) (sapling_state 8)); code { CDR; NIL operation; PAIR }';

describe('typecheck errors carry the error Octez reports', () => {
  it('SUB on mutez is deprecated_instruction with the prim, not a bare ill-typed contract', () => {
    const e = failure(() => loadScript(SUB_MUTEZ));
    expect(e.kind).toBe('typecheck');
    expect(e.trace).toEqual([{ kind: 'permanent', id: 'michelson_v1.deprecated_instruction', prim: 'SUB' }]);
  });

  it('a deprecated instruction in a lambda is the same error', () => {
    const e = failure(() =>
      loadScript(
        'parameter unit; storage unit; code { PUSH (lambda mutez mutez) { PUSH mutez 1; SWAP; SUB }; DROP; CDR; NIL operation; PAIR }',
      ),
    );
    expect(e.trace.at(-1)).toMatchObject({ id: 'michelson_v1.deprecated_instruction', prim: 'SUB' });
  });

  it('a non-printable character in storage is non_printable_character, at Octez’s position and location', () => {
    const e = failure(() =>
      runScript({
        script: STRING_STORAGE,
        storage: { prim: 'Pair', args: [{ string: 'ok' }, { string: 'a\tb\u0001' }] },
        input: 'Unit',
      }),
    );
    expect(e.kind).toBe('typecheck');
    // Pair is node 0, its first string 1, the bad one 2; Octez reports the last bad character.
    expect(e.trace).toEqual([
      {
        kind: 'permanent',
        id: 'michelson_v1.invalid_syntactic_constant',
        location: 2,
        expected_form: 'a printable ascii string',
        wrong_expression: { string: 'a\tb\u0001' },
      },
      { kind: 'permanent', id: 'michelson_v1.non_printable_character', position: 3, string: 'a\tb\u0001' },
    ]);
  });

  it('a newline is printable, as in Octez', () => {
    const r = runScript({
      script: STRING_STORAGE,
      storage: { prim: 'Pair', args: [{ string: 'a\nb' }, { string: '' }] },
      input: 'Unit',
    });
    expect(r.storage).toEqual({ prim: 'Pair', args: [{ string: 'a\nb' }, { string: '' }] });
  });

  it('a PUSHed string is located in the whole script', () => {
    const script = [
      { prim: 'parameter', args: [{ prim: 'unit' }] },
      { prim: 'storage', args: [{ prim: 'unit' }] },
      {
        prim: 'code',
        args: [
          [
            { prim: 'PUSH', args: [{ prim: 'string' }, { string: '\u0007' }] },
            { prim: 'DROP' },
            { prim: 'CDR' },
            { prim: 'NIL', args: [{ prim: 'operation' }] },
            { prim: 'PAIR' },
          ],
        ],
      },
    ];
    const e = failure(() => loadScript(script));
    // Seq 0, parameter 1, unit 2, storage 3, unit 4, code 5, its sequence 6, PUSH 7, string 8, the literal 9.
    expect(e.trace.map((x) => [x.id, x.location ?? x.position])).toEqual([
      ['michelson_v1.invalid_syntactic_constant', 9],
      ['michelson_v1.non_printable_character', 0],
    ]);
  });
});

describe('sapling_state literals', () => {
  it('{} is the empty state and, like a new big_map, takes the next lazy-storage id', () => {
    const r = runScript({ script: SAPLING, storage: 'Pair {} {}', input: 'Unit' });
    // octez-client's mockup hands out ids from 4; the big_map comes first in the storage.
    expect(r.storage).toEqual({ prim: 'Pair', args: [{ int: '4' }, { int: '5' }] });
    expect(r.bigMapDiff.map((d) => d.action)).toEqual(['alloc']);
  });

  it('a stored state is read back by its id and kept', () => {
    const r = runScript({ script: SAPLING, storage: 'Pair {} 17', input: 'Unit' });
    expect(r.storage).toEqual({ prim: 'Pair', args: [{ int: '4' }, { int: '17' }] });
  });

  it('any other literal is refused: only SAPLING_VERIFY_UPDATE may produce a state', () => {
    const e = failure(() => runScript({ script: SAPLING, storage: 'Pair {} { 1 }', input: 'Unit' }));
    expect(e.kind).toBe('typecheck');
    expect(e.message).toMatch(/sapling_state 8/);
  });

  it('SAPLING_EMPTY_STATE still fails as unsupported when run', () => {
    const e = failure(() =>
      runScript({
        script: 'parameter unit; storage unit; code { SAPLING_EMPTY_STATE 8; DROP; CDR; NIL operation; PAIR }',
        storage: 'Unit',
        input: 'Unit',
      }),
    );
    expect(e.kind).toBe('unsupported');
  });
});
