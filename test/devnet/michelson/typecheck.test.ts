/**
 * The typechecker against Octez's rules (protocol Ushuaia, script_ir_translator.ml): scripts
 * Octez accepts must load, scripts it refuses must fail with kind `typecheck` and Octez's wording.
 * Most cases are where Taquito's michel-codec, on which the typechecker is built, used to differ
 * from Octez; the expected verdicts come from reading Octez's parse_instr / parse_ty, and the
 * messages from octez-client's error reporter (michelson_v1_error_reporter.ml).
 */
import { describe, expect, it } from 'vitest';
import { isMichelsonFailure, loadScript } from '../../../devnet/michelson';
import { parseScript, typecheckScript } from '../../../devnet/michelson/typecheck';
import type { Expr, Prim } from '../../../devnet/michelson/micheline';

/** A script with the given code, parameter and storage types, and extra top-level fields. */
const script = (code: string, parameter = 'unit', storage = 'unit', extra = ''): string =>
  `parameter ${parameter};\nstorage ${storage};\ncode ${code};${extra}`;

/** The typecheck error message of a script Octez refuses. */
function refusal(src: string): string {
  try {
    loadScript(src);
  } catch (e) {
    if (isMichelsonFailure(e) && e.kind === 'typecheck') return e.message;
    throw e;
  }
  throw new Error('the script was accepted');
}

const accepts = (src: string): void => {
  expect(() => loadScript(src)).not.toThrow();
};

const END = 'UNIT ; NIL operation ; PAIR';
const TZ4 = 'tz4TFJdv9Jd44FtBMAxi3KQT7AtazhVyaPa6';
const BLPK = 'BLpk1ur5XXicWYMMzCVZZWyLZhybtyX8Zot2uCzDCZW8KcC5BdZiLVXRZvZzi4GuZYL9SarUvKpE';

describe('annotations are not part of types (Octez compares types without them)', () => {
  it('IF branches building pairs with different field names meet', () => {
    accepts(
      script(
        '{ CAR ; IF { PUSH int 1 ; PUSH nat 2 ; SWAP ; PAIR %a %b } { PUSH int 1 ; PUSH nat 2 ; SWAP ; PAIR %c %d } ; NIL operation ; PAIR }',
        'bool',
        '(pair int nat)',
      ),
    );
  });

  it('CAST, CAR and UNPAIR field annotations need not match the type', () => {
    accepts(
      script(
        '{ CDR ; CAST (pair (int %x) (nat %y)) ; DUP ; CAR %z ; DROP ; UNPAIR %p %q ; PAIR ; NIL operation ; PAIR }',
        'unit',
        '(pair (int %a) (nat %b))',
      ),
    );
    accepts(script(`{ DROP ; PUSH (int :a) 1 ; CAST (int :b) ; DROP ; ${END} }`));
  });

  it('but annotations must be well formed where Octez parses them', () => {
    expect(refusal(script(`{ DROP @x ; ${END} }`))).toMatch(
      /^At line 3 characters 7 to 14, ill-typed script: unexpected annotation\.$/,
    );
    expect(refusal(script(`{ DROP ; UNIT @a @b ; NIL operation ; PAIR }`))).toMatch(/unexpected annotation\./);
    expect(refusal(script('{ CDR ; DUP ; PAIR %a @x %b ; CAR ; NIL operation ; PAIR }'))).toMatch(
      /Annotations of the same kind must be grouped\./,
    );
    // A field annotation only names a pair or or branch (or an entrypoint): not the storage type itself.
    expect(refusal(script('{ CDR ; NIL operation ; PAIR }', 'unit', '(int %a)'))).toMatch(
      /^At line 2 characters 8 to 16, ill-typed script: unexpected annotation\./,
    );
  });
});

describe('failing bodies, as Octez types them', () => {
  it('ITER, LOOP, LOOP_LEFT and LAMBDA bodies may fail; the code after them is still typechecked', () => {
    accepts(script('{ UNPAIR ; ITER { FAILWITH } ; NIL operation ; PAIR }', '(list nat)'));
    accepts(script('{ UNPAIR ; LOOP { PUSH string "stop" ; FAILWITH } ; NIL operation ; PAIR }', 'bool'));
    accepts(script('{ CAR ; LOOP_LEFT { FAILWITH } ; DROP ; UNIT ; NIL operation ; PAIR }', '(or string nat)'));
    accepts(script('{ LAMBDA unit nat { FAILWITH } ; DROP ; CDR ; NIL operation ; PAIR }'));
    expect(refusal(script('{ UNPAIR ; ITER { FAILWITH } ; ADD ; NIL operation ; PAIR }', '(list nat)'))).toMatch(
      /wrong stack type for instruction ADD: \[ unit \]\./,
    );
  });

  it('a lambda literal may fail, and Lambda_rec literals are lambdas', () => {
    accepts(script('{ PUSH (lambda unit nat) { FAILWITH } ; DROP ; CDR ; NIL operation ; PAIR }'));
    accepts(script('{ PUSH (lambda nat nat) (Lambda_rec { DIP { DROP } }) ; DROP ; CDR ; NIL operation ; PAIR }'));
  });

  it('nothing may follow a failing instruction in a sequence, however deep the failure', () => {
    const both = script(`{ DROP ; PUSH bool True ; IF { UNIT ; FAILWITH } { UNIT ; FAILWITH } ; ${END} }`);
    expect(refusal(both)).toBe(
      'At line 3 characters 31 to 71, ill-typed script: The FAIL instruction must appear in a tail position.',
    );
    expect(refusal(script(`{ CAR ; NEVER ; ${END} }`, 'never'))).toMatch(
      /The FAIL instruction must appear in a tail position\./,
    );
  });

  it('a DIP body may not fail, nor a MAP body', () => {
    expect(refusal(script('{ UNPAIR ; DIP { FAILWITH } }', 'string'))).toMatch(
      /The FAIL instruction must appear in a tail position\./,
    );
    expect(refusal(script('{ CAR ; MAP { FAILWITH } ; DROP ; UNIT ; NIL operation ; PAIR }', '(list nat)'))).toMatch(
      /The proper type of the return list cannot be inferred\./,
    );
  });
});

describe('where each type may appear', () => {
  it('a lambda is opaque: PACK, FAILWITH, storage and big_map values may hold one returning operations', () => {
    const lambda = 'LAMBDA unit (list operation) { DROP ; NIL operation }';
    accepts(script(`{ DROP ; ${lambda} ; PACK ; DROP ; ${END} }`));
    accepts(script(`{ DROP ; ${lambda} ; FAILWITH }`));
    accepts(script('{ CDR ; NIL operation ; PAIR }', 'unit', '(lambda unit (list operation))'));
    accepts(
      script(
        `{ DROP ; ${lambda} ; PUSH mutez 0 ; NONE key_hash ; CREATE_CONTRACT { parameter unit ; storage (lambda unit (list operation)) ; code { CDR ; NIL operation ; PAIR } } ; DIP { DROP } ; NIL operation ; SWAP ; CONS ; UNIT ; SWAP ; PAIR }`,
      ),
    );
    accepts(
      script(
        `{ DROP ; EMPTY_BIG_MAP nat (lambda unit (big_map nat nat)) ; LAMBDA unit (big_map nat nat) { DROP ; EMPTY_BIG_MAP nat nat } ; SOME ; PUSH nat 0 ; UPDATE ; DROP ; ${END} }`,
      ),
    );
  });

  it('a big_map value may not be a contract nor a big_map', () => {
    expect(refusal(script(`{ DROP ; EMPTY_BIG_MAP nat (contract unit) ; DROP ; ${END} }`))).toMatch(
      /contract type forbidden in storage and constants$/,
    );
    expect(refusal(script(`{ DROP ; EMPTY_BIG_MAP nat (big_map nat nat) ; DROP ; ${END} }`))).toMatch(
      /big_map or sapling_state type not expected here$/,
    );
  });

  it('a type has its arity', () => {
    expect(refusal(script('{ CDR ; NIL operation ; PAIR }', 'unit', '(chain_id unit)'))).toMatch(
      /primitive chain_id expects 0 arguments but is given 1\.$/,
    );
    expect(refusal(script(`{ DROP ; EMPTY_BIG_MAP nat ; DROP ; ${END} }`))).toMatch(
      /primitive EMPTY_BIG_MAP expects 2 arguments but is given 1\.$/,
    );
  });

  it('VIEW takes any input, a contract included', () => {
    accepts(script(`{ DROP ; SELF ; SELF_ADDRESS ; SWAP ; VIEW "v" unit ; DROP ; ${END} }`));
  });

  it('PUSH takes BLS (tz4) key hashes and BLpk keys, as Ushuaia does', () => {
    accepts(script(`{ DROP ; PUSH key_hash "${TZ4}" ; PUSH key "${BLPK}" ; DROP 2 ; ${END} }`));
  });
});

describe('instructions michel-codec typed too loosely', () => {
  it('COMPARE needs two values of the same comparable type', () => {
    expect(refusal(script(`{ DROP ; PUSH int 1 ; PUSH nat 1 ; COMPARE ; DROP ; ${END} }`))).toBe(
      'At line 3 characters 40 to 47, ill-typed script: wrong stack type for instruction COMPARE: [ nat : int ].\nType nat is not compatible with type int.',
    );
  });

  it("UPDATE on a map needs the map's value type", () => {
    expect(
      refusal(
        script(`{ DROP ; EMPTY_MAP nat string ; PUSH (option int) (Some 1) ; PUSH nat 0 ; UPDATE ; DROP ; ${END} }`),
      ),
    ).toMatch(
      /wrong stack type for instruction UPDATE: \[ nat : option int : map nat string \]\.\nType int is not compatible with type string\.$/,
    );
  });

  it('DUP refuses a ticket nested in a pair', () => {
    expect(
      refusal(
        script(`{ DROP ; PUSH nat 1 ; UNIT ; TICKET ; ASSERT_SOME ; PUSH nat 0 ; PAIR ; DUP ; DROP 2 ; ${END} }`),
      ),
    ).toMatch(/type pair nat \(ticket unit\) cannot be used here because it is not duplicable\./);
  });

  it('DUG needs as many elements under the top as it moves it down', () => {
    expect(refusal(script('{ UNIT ; DUG 2 ; DROP ; NIL operation ; PAIR }'))).toMatch(
      /wrong stack type for instruction DUG: \[ pair unit unit \]\./,
    );
  });

  it('OPEN_CHEST gives an option bytes', () => {
    const open = '{ CAR ; UNPAIR ; PUSH nat 1000 ; DUG 2 ; OPEN_CHEST ; NIL operation ; PAIR }';
    accepts(script(open, '(pair chest_key chest)', '(option bytes)'));
    const asOr =
      '{ CAR ; UNPAIR ; PUSH nat 1000 ; DUG 2 ; OPEN_CHEST ; IF_LEFT { SOME } { DROP ; NONE bytes } ; NIL operation ; PAIR }';
    expect(refusal(script(asOr, '(pair chest_key chest)', '(option bytes)'))).toMatch(
      /wrong stack type for instruction IF_LEFT: \[ option bytes \]\./,
    );
  });

  it('CONTRACT on an address checks no entrypoint statically: it is looked up when run', () => {
    accepts(script(`{ DROP ; SELF_ADDRESS ; CONTRACT %nope nat ; DROP ; ${END} }`));
  });

  it('a CREATE_CONTRACT script is typechecked with these rules too', () => {
    const inner = (code: string): string =>
      script(
        `{ DROP ; UNIT ; PUSH mutez 0 ; NONE key_hash ; CREATE_CONTRACT { parameter unit ; storage unit ; code ${code} } ; DROP 2 ; ${END} }`,
      );
    accepts(
      inner('{ UNPAIR ; ITER { FAILWITH } ; NIL operation ; PAIR }').replace(
        'parameter unit ;',
        'parameter (list nat) ;',
      ),
    );
    expect(refusal(inner('{ CAR ; ADD }'))).toMatch(
      /^At line 3 characters \d+ to \d+, ill-typed script: wrong stack type for instruction ADD: \[ unit \]\.$/,
    );
  });
});

describe('views and lambdas: the instructions they refuse', () => {
  const withView = (output: string, body: string): string =>
    script('{ CDR ; NIL operation ; PAIR }', 'unit', 'unit', `\nview "v" unit ${output} ${body}`);

  it('SELF, TRANSFER_TOKENS and CREATE_CONTRACT cannot appear in a view', () => {
    expect(refusal(withView('unit', '{ DROP ; SELF ; DROP ; UNIT }'))).toMatch(
      /The SELF instruction cannot appear in a view\.$/,
    );
    const transfer =
      '{ DROP ; SELF_ADDRESS ; CONTRACT unit ; ASSERT_SOME ; PUSH mutez 0 ; UNIT ; TRANSFER_TOKENS ; DROP ; UNIT }';
    expect(refusal(withView('unit', transfer))).toMatch(/The TRANSFER_TOKENS instruction cannot appear in a view\.$/);
    const create =
      '{ DROP ; UNIT ; PUSH mutez 0 ; NONE key_hash ; CREATE_CONTRACT { parameter unit ; storage unit ; code { CDR ; NIL operation ; PAIR } } ; DROP 2 ; UNIT }';
    expect(refusal(withView('unit', create))).toMatch(/The CREATE_CONTRACT instruction cannot appear in a view\.$/);
  });

  it('but a lambda a view returns may make operations', () => {
    const lambda =
      '{ DROP ; LAMBDA unit operation { DROP ; SELF_ADDRESS ; CONTRACT unit ; ASSERT_SOME ; PUSH mutez 0 ; UNIT ; TRANSFER_TOKENS } }';
    accepts(withView('(lambda unit operation)', lambda));
  });

  it('SELF cannot appear in a lambda, instruction or literal', () => {
    expect(refusal(script(`{ DROP ; LAMBDA unit unit { SELF ; DROP } ; DROP ; ${END} }`))).toMatch(
      /The SELF instruction cannot appear in a lambda\.$/,
    );
    expect(refusal(script(`{ DROP ; PUSH (lambda unit unit) { SELF ; DROP } ; DROP ; ${END} }`))).toMatch(
      /The SELF instruction cannot appear in a lambda\.$/,
    );
  });
});

describe('sections and entrypoints', () => {
  it('each section once, views uniquely and properly named', () => {
    expect(refusal('parameter unit;\nparameter unit;\nstorage unit;\ncode { CDR ; NIL operation ; PAIR }')).toMatch(
      /^At line 2 characters 0 to 14, ill-typed script: duplicate contract field: parameter$/,
    );
    expect(refusal('parameter unit;\ncode { CDR ; NIL operation ; PAIR }')).toBe(
      'ill-typed script: Missing contract field: storage',
    );
    const view = (name: string): string => `\nview ${name} unit unit { CDR };`;
    expect(refusal(script('{ CDR ; NIL operation ; PAIR }', 'unit', 'unit', view('"a"') + view('"a"')))).toMatch(
      /the name of view in toplevel should be unique$/,
    );
    expect(refusal(script('{ CDR ; NIL operation ; PAIR }', 'unit', 'unit', view('"a-b"')))).toMatch(
      /expected string \[a-zA-Z0-9_\.%@\]/,
    );
  });

  it('entrypoint names are unique; a field annotation over 31 characters names no entrypoint', () => {
    expect(refusal(script('{ CDR ; NIL operation ; PAIR }', '(or (nat %a) (nat %a))'))).toBe(
      'ill-typed script: Contract has two entrypoints named a',
    );
    const long = 'a_very_long_entrypoint_name_over_31_chars';
    accepts(script('{ CDR ; NIL operation ; PAIR }', `(or (nat %${long}) (nat %b))`));
    expect(refusal(script(`{ DROP ; SELF %${long} ; DROP ; ${END} }`, `(or (nat %${long}) (nat %b))`))).toMatch(
      /Entrypoint name too long/,
    );
  });

  it('with an explicit %default, every branch must be reachable by a name', () => {
    expect(refusal(script('{ CDR ; NIL operation ; PAIR }', '(or (nat %default) (or nat nat))'))).toBe(
      'ill-typed script: Entrypoint at path Right/Left is not reachable',
    );
    accepts(script('{ CDR ; NIL operation ; PAIR }', '(or (nat %default) (or (nat %b) (nat %c)))'));
  });
});

describe('error wording', () => {
  it('an operator on the wrong types, located like octez-client', () => {
    expect(refusal(script(`{ DROP ; PUSH string "a" ; PUSH nat 1 ; ADD ; DROP ; ${END} }`))).toBe(
      'At line 3 characters 45 to 48, ill-typed script: operator ADD is undefined between nat and string.',
    );
  });

  it('a node over several lines is located from line … to line …', () => {
    const src =
      'parameter unit;\nstorage unit;\ncode { CDR ;\n       IF_NONE { }\n               { } ;\n       NIL operation ; PAIR }';
    expect(refusal(src)).toBe(
      'From line 4 character 7 to line 5 character 18, ill-typed script: wrong stack type for instruction IF_NONE: [ unit ].',
    );
  });

  it('branches ending differently show both stacks', () => {
    expect(
      refusal(script('{ CAR ; IF { PUSH nat 1 } { PUSH int 1 } ; DROP ; UNIT ; NIL operation ; PAIR }', 'bool')),
    ).toMatch(
      /two branches don't end with the same stack type:\n- first stack type: \[ nat \],\n- other stack type: \[ int \]\.$/,
    );
  });
});

describe('the type trace the compiler reads', () => {
  it('records the input stack of each instruction, without annotations', () => {
    const src = script(
      '{ CDR ; DUP ; PUSH (nat :n) 1 ; PAIR 3 ; UNPAIR 3 ; DROP 2 ; NIL operation ; PAIR }',
      'unit',
      'int',
    );
    const parsed = parseScript(src);
    const typed = typecheckScript(parsed, src);
    const code = (parsed[2] as Prim).args![0] as Expr[];
    const input = (i: number): readonly Prim[] | undefined => typed.trace.get(code[i] as object);
    expect(input(3)).toEqual([{ prim: 'nat' }, { prim: 'int' }, { prim: 'int' }]);
    expect(input(4)).toEqual([
      { prim: 'pair', args: [{ prim: 'nat' }, { prim: 'pair', args: [{ prim: 'int' }, { prim: 'int' }] }] },
    ]);
    expect(input(5)).toEqual([{ prim: 'nat' }, { prim: 'int' }, { prim: 'int' }]);
  });
});

describe('layout of concrete syntax (octez-client checks it when parsing)', () => {
  const misaligned = 'parameter unit;\n  storage unit;\ncode { CDR ; NIL operation ; PAIR }';

  it('items of a sequence or arguments of a primitive on separate lines must be aligned', () => {
    expect(() => parseScript(misaligned, { layout: true })).toThrow(
      'At line 2 characters 2 to 14, syntax error in program: misaligned expression',
    );
    expect(() =>
      parseScript('parameter unit;\nstorage unit;\ncode {\n  CDR ; NIL operation ; PAIR\n}', { layout: true }),
    ).toThrow(/misaligned expression/);
    expect(() =>
      parseScript('parameter unit;\nstorage unit;\ncode { CDR ;\n       NIL operation ;\n       PAIR }', {
        layout: true,
      }),
    ).not.toThrow();
  });

  it('is checked by default, and skipped with layout: false (for machine-written sources)', () => {
    expect(() => parseScript(misaligned)).toThrow(/misaligned expression/);
    expect(() => parseScript(misaligned, { layout: false })).not.toThrow();
  });
});
