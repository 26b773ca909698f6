/**
 * Conformance corpus: small Michelson scripts (./scripts) run with `michelson run --json`, each
 * expectation being what Octez (`octez-client run script`, protocol Ushuaia) gives. Sources: the
 * Michelson reference, Octez's tezt regression outputs (contract_opcodes, hash_data,
 * contract_onchain_opcodes, script_illtyped), Octez's lib_crypto key vectors, and the protocol's
 * interpreter/unparser. Expectations were written from those, never by running this VM.
 *
 * Expected storages are written in Readable form (`Pair a b c` for right combs, timestamps and
 * addresses as strings) and FAILWITH values in Optimized form (addresses as bytes, timestamps as
 * ints, 3-combs as `Pair a (Pair b c)`, longer combs as sequences), as Octez's `Reject` carries them.
 *
 * Cases marked `cli` spawn the real CLI; the others call the library with the same arguments and
 * JSON shape, to keep the run short. `MICHELSON_CONFORMANCE_CLI=1` sends every case through the CLI.
 */
import { join } from 'node:path';
import { Parser, type Expr } from '@taquito/michel-codec';
import { describe, expect, it } from 'vitest';
import { runCli, runLibrary, SCRIPTS_DIR, type CliOutcome } from './cli-helpers';

const ALL_THROUGH_CLI = process.env.MICHELSON_CONFORMANCE_CLI === '1';

type Kind = 'script_rejected' | 'typecheck' | 'overflow' | 'gas_exhausted' | 'unsupported' | 'bad_input';

interface RunJson {
  storage: Expr;
  operations: Record<string, unknown>[];
  bigMapDiff: Record<string, unknown>[];
  consumedMilligas: string;
}
interface ErrorJson {
  error: { kind: Kind; with?: Expr; message: string };
}

interface Opts {
  /** Also (or only) through the spawned CLI. */
  readonly cli?: boolean;
  readonly entrypoint?: string;
  /** Extra CLI flags, e.g. ['--amount', '5']. */
  readonly flags?: readonly string[];
  /** Further checks on the successful output (operations, diff…). */
  readonly check?: (r: RunJson) => void;
}

// Addresses and keys used across the corpus.
/** Octez's bootstrap1 (its key is edpkuBknW28…, the published HASH_KEY pair). */
const TZ1 = 'tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx';
/** TZ1 in Optimized form: implicit tag 00, ed25519 tag 00, then the 20-byte hash. */
const TZ1_BYTES = '000002298c03ed7d454a101eb7022bc95f7e5f41ac78';
/** The address octez-client runs scripts at (origination nonce 0 of the zero operation hash). */
const DUMMY_SELF = 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi';
/** The next two addresses from that nonce: what CREATE_CONTRACT gives in `run script` without --self. */
const KT1_NEXT = 'KT1Mjjcb6tmSsLm7Cb3DSQszePjfchPM4Uxm';
const KT1_NEXT2 = 'KT1HMCxCyeGbZaGBsLMKVyMbMRzFpZBxKoY7';
/** KT1_NEXT2 in Optimized form: originated tag 01, 20-byte hash, padding 00. */
const KT1_NEXT2_BYTES = '0160288022c239672d2509971f5b94abffd0530a8200';
/** The all-zero key hash: Octez's default payer (SOURCE) for run_code. */
const ZERO_TZ1 = 'tz1Ke2h7sDdakHJQh8WX4Z372du1KChsksyU';
const TZ2 = 'tz2SSuN7FRcAurZPSAQS1swNWE8xxf71MTjt';
const TZ3 = 'tz3ZxowXGSjiVq227GQcwKdz87rKhq62rY4t';
const TZ4 = 'tz4TFJdv9Jd44FtBMAxi3KQT7AtazhVyaPa6';

const parser = new Parser();

/** Micheline JSON of a Michelson data expression, bytes in lower case as Octez prints them. */
function data(text: string): Expr {
  // parseData reads a primitive application (`Pair 1 2`), parseMichelineExpression a single term.
  const e = /^[A-Za-z]/.test(text.trim()) ? parser.parseData(text) : parser.parseMichelineExpression(text);
  if (e === null) throw new Error(`expected value does not parse: ${text}`);
  // The round trip drops the parser's source-location symbols.
  return lowerBytes(JSON.parse(JSON.stringify(e)) as Expr);
}

function lowerBytes(e: Expr): Expr {
  if (Array.isArray(e)) return e.map(lowerBytes);
  if ('bytes' in e) return { bytes: e.bytes.toLowerCase() };
  if ('prim' in e && e.args) return { ...e, args: e.args.map(lowerBytes) };
  return e;
}

/**
 * `BIGMAP_ID` in an expected value stands for "some big_map id": Octez prints a stored big_map as
 * its id, which depends on the node's counter. Where it appears, a natural literal is accepted.
 */
function maskBigMapIds(actual: unknown, expected: Expr): unknown {
  if (typeof actual !== 'object' || actual === null) return actual;
  if (!Array.isArray(expected) && 'prim' in expected && expected.prim === 'BIGMAP_ID') {
    const a = actual as { int?: unknown };
    return typeof a.int === 'string' && /^\d+$/.test(a.int) ? expected : actual;
  }
  if (Array.isArray(actual) && Array.isArray(expected))
    return actual.map((x, i) => (expected[i] ? maskBigMapIds(x, expected[i]) : x));
  const a = actual as { args?: unknown[] };
  if (Array.isArray(a.args) && !Array.isArray(expected) && 'args' in expected && expected.args) {
    const args = expected.args;
    return { ...a, args: a.args.map((x, i) => (args[i] ? maskBigMapIds(x, args[i]) : x)) };
  }
  return actual;
}

const script = (name: string): string => join(SCRIPTS_DIR, `${name}.tz`);

function runArgs(name: string, storage: string, input: string, o: Opts): string[] {
  return [
    'run',
    '--script',
    script(name),
    '--storage',
    storage,
    '--input',
    input,
    ...(o.entrypoint !== undefined ? ['--entrypoint', o.entrypoint] : []),
    ...(o.flags ?? []),
    '--json',
  ];
}

const exec = (args: readonly string[], cli: boolean | undefined): Promise<CliOutcome> =>
  cli === true || ALL_THROUGH_CLI ? runCli(args) : runLibrary(args);

/** `it` for the library path, `it.concurrent` for spawned CLI runs (startup dominates their cost). */
const test = (o: Opts) => (o.cli === true || ALL_THROUGH_CLI ? it.concurrent : it);

const show = (out: CliOutcome): string =>
  `exit ${out.code}, stdout ${out.stdout.trim()}${out.stderr ? `, stderr ${out.stderr.trim()}` : ''}`;

function expectSuccess(out: CliOutcome): RunJson {
  expect(out.code, show(out)).toBe(0);
  const json = out.json as RunJson;
  expect(json, show(out)).toHaveProperty('storage');
  return json;
}

function expectError(out: CliOutcome, kind: Kind): ErrorJson['error'] {
  expect(out.code, show(out)).toBe(1);
  const json = out.json as ErrorJson;
  expect(json?.error?.kind, show(out)).toBe(kind);
  expect(typeof json.error.message).toBe('string');
  return json.error;
}

/** A run that succeeds with the given final storage (Michelson text, Readable form). */
function ok(name: string, file: string, storage: string, input: string, expected: string, o: Opts = {}): void {
  test(o)(name, async () => {
    const r = expectSuccess(await exec(runArgs(file, storage, input, o), o.cli));
    const want = data(expected);
    expect(maskBigMapIds(r.storage, want)).toEqual(want);
    expect(r.consumedMilligas).toMatch(/^[1-9]\d*$/);
    o.check?.(r);
  });
}

/** Runs of one script from one storage: each case its name, input and final storage (and options), as `ok`. */
function runs(
  file: string,
  storage: string,
  cases: readonly (readonly [name: string, input: string, expected: string, o?: Opts])[],
): void {
  for (const [name, input, expected, o] of cases) ok(name, file, storage, input, expected, o);
}

/** A run that fails with the given error kind. */
function fails(name: string, file: string, storage: string, input: string, kind: Kind, o: Opts = {}): void {
  test(o)(name, async () => {
    expectError(await exec(runArgs(file, storage, input, o), o.cli), kind);
  });
}

/** A run that reaches FAILWITH with the given value (Michelson text, Optimized form). */
function rejects(name: string, file: string, storage: string, input: string, failedWith: string, o: Opts = {}): void {
  test(o)(name, async () => {
    const error = expectError(await exec(runArgs(file, storage, input, o), o.cli), 'script_rejected');
    expect(error.with).toEqual(data(failedWith));
  });
}

/** `typecheck` refuses the script (and `run` does too, with the same kind). */
function illTyped(name: string, file: string, o: Opts = {}): void {
  test(o)(name, async () => {
    expectError(await exec(['typecheck', '--script', script(file), '--json'], o.cli), 'typecheck');
  });
}

function wellTyped(name: string, file: string, o: Opts = {}): void {
  test(o)(name, async () => {
    const out = await exec(['typecheck', '--script', script(file), '--json'], o.cli);
    expect(out.code, show(out)).toBe(0);
  });
}

const ops = (r: RunJson): Record<string, unknown>[] => r.operations;

describe('stack instructions', () => {
  ok('DUP n copies the n-th element, DUP 1 the top', 'stack_dup_n', '{}', 'Pair 1 2 3', '{ 3 ; 2 ; 1 ; 3 ; 2 ; 2 }', {
    cli: true,
  });
  runs('stack_dig_dug', 'Pair 0 0 0 0 0', [
    ['DIG n / DUG n move an element up / down; DIG 0 and DUG 0 do nothing', 'Pair 1 2 3 4 5', 'Pair 5 1 2 4 3'],
    ['a right comb may be written as a sequence { a ; b ; … }', '{ 1 ; 2 ; 3 ; 4 ; 5 }', 'Pair 5 1 2 4 3'],
  ]);
  ok('DROP n drops n elements, DROP 0 none; SWAP', 'stack_drop_swap', 'Pair 0 0', 'Pair 1 2 3 4 5', 'Pair 5 4');
  ok(
    'DIP n runs its body under n elements (DIP 1 = DIP)',
    'stack_dip_n',
    'Pair 0 0 0 0',
    'Pair 1 2 3 4 5',
    'Pair 1 -2 7 105',
  );
  illTyped('DIG deeper than the stack is ill-typed', 'ill_dig_too_deep');
  illTyped('DROP 2 on a one-element stack is ill-typed', 'ill_drop_too_many');
  illTyped('DUP 0 is ill-typed', 'ill_dup_zero');
});

describe('control structures', () => {
  runs('ctl_if_bool', '""', [
    ['IF takes the first branch on True', 'True', '"yes"'],
    ['IF takes the second branch on False', 'False', '"no"'],
  ]);
  runs('ctl_if_none', '0', [
    ['IF_NONE: Some branch gets the content', 'Some 21', '42'],
    ['IF_NONE: None branch', 'None', '-1'],
  ]);
  runs('ctl_if_left', '""', [
    ['IF_LEFT: Left branch', 'Left 3', '"left"'],
    ['IF_LEFT: Right branch gets the content; CONCAT puts the top first', 'Right "x"', '"right:x"'],
  ]);
  runs('ctl_if_cons', 'Pair 0 0', [
    ['IF_CONS puts the head above the tail', '{ 5 ; 6 ; 7 }', 'Pair 5 2'],
    ['IF_CONS on the empty list takes the second branch', '{}', 'Pair 0 0'],
  ]);
  ok('LOOP runs while the top is True (sum 1..10)', 'ctl_loop', '0', '10', '55', { cli: true });
  ok('LOOP on False at once runs nothing', 'ctl_loop', '7', '0', '0');
  ok('LOOP sums 1..100', 'ctl_loop', '0', '100', '5050');
  ok('LOOP_LEFT iterates on Left and exits with the Right value', 'ctl_loop_left', '{}', '3', '{ 1 ; 2 ; 3 }');
  ok('LOOP_LEFT exiting on the first round', 'ctl_loop_left', '{ 9 }', '0', '{}');
  ok('ITER on a list goes head first', 'ctl_iter_list', '">"', '{ "a" ; "b" ; "c" }', '">abc"');
  ok('ITER on a set goes in increasing order', 'ctl_iter_set', '{}', '{ -5 ; 0 ; 7 }', '{ 7 ; 0 ; -5 }');
  runs('ctl_iter_map', 'Pair {} 0', [
    [
      'ITER on a map goes by increasing key with (Pair key value)',
      '{ Elt "a" 1 ; Elt "b" 2 ; Elt "c" 3 }',
      'Pair { "c" ; "b" ; "a" } 6',
    ],
    ['map keys are ordered by bytes ("B" < "a")', '{ Elt "B" 1 ; Elt "a" 2 }', 'Pair { "a" ; "B" } 3'],
    ['ITER on an empty map', '{}', 'Pair {} 0'],
  ]);
  ok(
    'MAP on a list keeps the order and threads the stack below',
    'ctl_map_list',
    'Pair {} 0',
    '{ 10 ; 20 ; 30 }',
    'Pair { 11 ; 22 ; 33 } 3',
  );
  ok('MAP on an empty list', 'ctl_map_list', 'Pair {} 5', '{}', 'Pair {} 0');
  ok(
    'MAP on a map keeps the keys and sees (Pair key value)',
    'ctl_map_map',
    '{}',
    '{ Elt "a" 1 ; Elt "bcd" 10 }',
    '{ Elt "a" 2 ; Elt "bcd" 13 }',
  );
  ok('MAP on Some maps the content', 'ctl_map_option', 'None', 'Some 41', 'Some 42');
  ok('MAP on None is None', 'ctl_map_option', 'Some 1', 'None', 'None');
  ok('LAMBDA then EXEC', 'ctl_lambda_exec', '0', '14', '42');
  ok('APPLY fixes the first component of the argument', 'ctl_apply', '0', 'Pair 10 3', '7');
  runs('ctl_lambda_rec', '0', [
    ['LAMBDA_REC: the body can call itself (5! = 120)', '5', '120', { cli: true }],
    ['LAMBDA_REC base case (0! = 1)', '0', '1'],
    ['LAMBDA_REC with arbitrary-precision results (25!)', '25', '15511210043330985984000000'],
  ]);
  ok('ITER with a lambda that does not fail', 'ctl_fail_nested', '10', '{ 1 ; 2 ; 3 }', '16');
  rejects(
    'FAILWITH inside a lambda inside ITER aborts the run with its value',
    'ctl_fail_nested',
    '10',
    '{ 1 ; -4 ; 3 }',
    'Pair "negative" -4',
  );
  illTyped('nothing may follow FAILWITH in a sequence', 'ill_fail_not_tail');
  illTyped('a DIP body may not fail (Octez: "FAIL must appear in a tail position")', 'ill_dip_failwith');
  illTyped('a MAP body may not fail', 'ill_map_failwith');
  illTyped('IF branches must end with the same stack type', 'ill_if_branches');
  illTyped('the LAMBDA_REC body must return the declared type', 'ill_lambda_rec_type');
  illTyped('SELF is forbidden in a lambda', 'ill_self_in_lambda');
});

describe("FAILWITH values (Optimized form, as in Octez's Reject error)", () => {
  rejects('Unit', 'ctl_failwith', 'Unit', 'Unit', 'Unit', { entrypoint: 'unit', cli: true });
  rejects('an int', 'ctl_failwith', 'Unit', '42', '42', { entrypoint: 'int' });
  rejects('a string', 'ctl_failwith', 'Unit', '"oops"', '"oops"', { entrypoint: 'str' });
  rejects('a pair', 'ctl_failwith', 'Unit', 'Pair 1 2', 'Pair 1 2', { entrypoint: 'pair' });
  rejects('a 3-comb is nested Pair a (Pair b c)', 'ctl_failwith', 'Unit', 'Pair 1 2 3', 'Pair 1 (Pair 2 3)', {
    entrypoint: 'comb3',
  });
  rejects('a 4-comb is the sequence { a ; b ; c ; d }', 'ctl_failwith', 'Unit', 'Pair 1 2 3 4', '{ 1 ; 2 ; 3 ; 4 }', {
    entrypoint: 'comb4',
  });
  rejects('a list', 'ctl_failwith', 'Unit', '{ 1 ; 2 }', '{ 1 ; 2 }', { entrypoint: 'list' });
  rejects('an option', 'ctl_failwith', 'Unit', 'Some 3', 'Some 3', { entrypoint: 'opt' });
  rejects('a timestamp is its number of seconds', 'ctl_failwith', 'Unit', '"1970-01-01T00:01:40Z"', '100', {
    entrypoint: 'ts',
  });
  rejects('an address is its binary form', 'ctl_failwith', 'Unit', `"${TZ1}"`, `0x${TZ1_BYTES}`, {
    entrypoint: 'addr',
  });
});

describe('pairs and ors', () => {
  ok(
    'GET 0/1/3/4/5/6 on a comb; a 6-leaf result prints flat',
    'pair_get',
    'Pair 0 "" False 0 False 0',
    'Pair 7 "x" True -3',
    'Pair 7 "x" True -3 True -3',
    {
      cli: true,
    },
  );
  ok(
    'UPDATE 1/3/4 replace a leaf or a tail, changing its type',
    'pair_update',
    'Pair "" 0 False',
    'Pair 1 2 3',
    'Pair "a" 9 True',
  );
  ok('UPDATE 0 replaces the whole value', 'pair_update_0', 'Pair 0 0', '3', 'Pair 3 3');
  ok('UNPAIR 4 / PAIR 4', 'pair_unpair_n', 'Pair 0 0 0 0', 'Pair 1 2 3 4', 'Pair 4 1 2 3');
  ok(
    'nested Pair input is the same comb; output is normalised to Pair a b c d',
    'pair_unpair_n',
    'Pair 0 (Pair 0 (Pair 0 0))',
    'Pair 1 (Pair 2 (Pair 3 4))',
    'Pair 4 1 2 3',
  );
  ok('CAR / CDR', 'pair_car_cdr', '0', 'Pair (Pair 1 2) 3', '5');
  runs('or_swap', 'Left ""', [
    ['LEFT builds a Left', 'Right "a"', 'Left "a"'],
    ['RIGHT builds a Right', 'Left 5', 'Right 5'],
  ]);
  illTyped('GET n beyond the comb is ill-typed', 'ill_get_out_of_range');
  illTyped('PAIR 1 is ill-typed', 'ill_pair_one');
});

describe('lists, sets, maps', () => {
  runs('col_list_ops', 'Pair 0 None {}', [
    ['SIZE, IF_CONS head and reverse of a list', '{ 1 ; 2 ; 3 }', 'Pair 3 (Some 1) { 3 ; 2 ; 1 }'],
    ['the same on the empty list', '{}', 'Pair 0 None {}'],
  ]);
  runs('col_set_ops', 'Pair False 0 False {}', [
    ['set MEM / UPDATE (add, remove) / SIZE', 'Pair { "a" ; "zap" } "b"', 'Pair False 2 False { "a" ; "b" }'],
    ['set MEM of a present element; adding it again changes nothing', 'Pair { "b" } "b"', 'Pair True 1 False { "b" }'],
    ['set: adding then removing the same element', 'Pair {} "zap"', 'Pair False 0 False {}'],
  ]);
  runs('col_map_ops', 'Pair None False 0 {}', [
    [
      'map GET / MEM / UPDATE (set, remove) / SIZE',
      'Pair { Elt "a" 1 ; Elt "gone" 5 } "a"',
      'Pair (Some 1) True 1 { Elt "a" 100 }',
    ],
    [
      'map GET / MEM of a missing key; new keys are kept sorted',
      'Pair { Elt "b" 2 } "a"',
      'Pair None False 2 { Elt "a" 100 ; Elt "b" 2 }',
    ],
  ]);
  runs('col_map_get_and_update', 'Pair None { Elt "a" 1 }', [
    ['map GET_AND_UPDATE replacing a binding', 'Pair "a" (Some 5)', 'Pair (Some 1) { Elt "a" 5 }'],
    ['map GET_AND_UPDATE removing a binding', 'Pair "a" None', 'Pair (Some 1) {}'],
    ['map GET_AND_UPDATE adding a binding', 'Pair "b" (Some 2)', 'Pair None { Elt "a" 1 ; Elt "b" 2 }'],
    ['map GET_AND_UPDATE removing a missing key', 'Pair "b" None', 'Pair None { Elt "a" 1 }'],
  ]);
  fails('a set literal must be sorted', 'ctl_iter_set', '{}', '{ 2 ; 1 }', 'typecheck');
  fails('a set literal must not repeat an element', 'ctl_iter_set', '{}', '{ 1 ; 1 }', 'typecheck');
  fails('map literal keys must be sorted', 'ctl_iter_map', 'Pair {} 0', '{ Elt "b" 1 ; Elt "a" 2 }', 'typecheck');
  illTyped('a PUSHed set literal must be sorted', 'ill_unsorted_set');
  illTyped('map keys must be comparable', 'ill_map_key');
});

describe('big_maps', () => {
  const initial = 'Pair { Elt "a" 1 ; Elt "drop" 9 } None False None None None';
  runs('col_big_map', initial, [
    [
      'a big_map literal in the storage: GET, MEM, GET_AND_UPDATE, UPDATE; stored as its id',
      '"a"',
      'Pair BIGMAP_ID (Some 1) True (Some 1) None (Some 7)',
      {
        cli: true,
        check: (r) => {
          // The RPC's big_map_diff: an allocation, then the bindings of the stored map.
          expect(r.bigMapDiff.some((d) => d.action === 'alloc')).toBe(true);
          const updates = r.bigMapDiff.filter((d) => d.action === 'update');
          expect(updates.find((d) => JSON.stringify(d.key) === JSON.stringify({ string: 'a' }))?.value).toEqual({
            int: '7',
          });
          expect(
            updates.find((d) => JSON.stringify(d.key) === JSON.stringify({ string: 'drop' }))?.value,
          ).toBeUndefined();
        },
      },
    ],
    ['big_map: missing key', '"zz"', 'Pair BIGMAP_ID None False None None (Some 7)'],
    ['big_map: updating then removing the same key', '"drop"', 'Pair BIGMAP_ID (Some 9) True (Some 9) None None'],
  ]);
  ok(
    'EMPTY_BIG_MAP built in the run and stored',
    'col_empty_big_map',
    'Pair {} 0',
    'Pair "k" 21',
    'Pair BIGMAP_ID 42',
    {
      check: (r) => expect(r.bigMapDiff.length).toBeGreaterThan(0),
    },
  );
  fails(
    'a big_map literal must not repeat a key',
    'col_big_map',
    'Pair { Elt "a" 1 ; Elt "a" 2 } None False None None None',
    '"a"',
    'typecheck',
  );
  illTyped('big_map values cannot be PUSHed', 'ill_push_big_map');
  illTyped('a big_map cannot hold big_maps', 'ill_big_map_in_big_map');
  illTyped('FAILWITH only takes packable values, so no big_map', 'ill_failwith_big_map');
});

describe('strings and bytes', () => {
  ok('CONCAT of two strings', 'sb_concat', '""', 'Pair "ab" "cd"', '"abcd"', { cli: true });
  ok('CONCAT of two bytes', 'sb_concat_bytes', '0x', 'Pair 0xab 0xcdef', '0xabcdef');
  runs('sb_concat_list', '"?"', [
    ['CONCAT of a list of strings', '{ "a" ; "" ; "bc" }', '"abc"'],
    ['CONCAT of an empty list of strings', '{}', '""'],
  ]);
  runs('sb_concat_list_bytes', '0x01', [
    ['CONCAT of a list of bytes', '{ 0x00 ; 0xff }', '0x00ff'],
    ['CONCAT of an empty list of bytes', '{}', '0x'],
  ]);
  runs('sb_slice_string', 'None', [
    ['SLICE inside the string', 'Pair 1 2 "abcd"', 'Some "bc"'],
    ['SLICE of the whole string', 'Pair 0 4 "abcd"', 'Some "abcd"'],
    ['SLICE past the end is None', 'Pair 0 5 "abcd"', 'None'],
    ['SLICE ending at the end', 'Pair 3 1 "abcd"', 'Some "d"'],
    ['SLICE of length 0 inside the string is ""', 'Pair 0 0 "a"', 'Some ""'],
  ]);
  // Octez requires offset < length even for an empty slice.
  runs('sb_slice_string', 'None', [
    ['SLICE with offset = length is None even for length 0', 'Pair 4 0 "abcd"', 'None'],
    ['SLICE of the empty string is None', 'Pair 0 0 ""', 'None'],
  ]);
  runs('sb_slice_bytes', 'None', [
    ['SLICE on bytes', 'Pair 1 1 0xaabbcc', 'Some 0xbb'],
    ['SLICE on bytes, whole', 'Pair 0 3 0xaabbcc', 'Some 0xaabbcc'],
    ['SLICE on bytes past the end is None', 'Pair 2 2 0xaabbcc', 'None'],
    ['SLICE on bytes at offset = length is None', 'Pair 3 0 0xaabbcc', 'None'],
    ['SLICE of length 0 on bytes is 0x', 'Pair 0 0 0xaa', 'Some 0x'],
  ]);
  runs('sb_size', 'Pair 0 0', [
    ['SIZE of a string and of bytes', 'Pair "hello" 0x0001', 'Pair 5 2'],
    ['SIZE counts an escaped newline as one character', 'Pair "a\\nb" 0x', 'Pair 3 0'],
  ]);
  // BYTES / NAT / INT: big-endian, minimal, two's complement for int (Octez's Script_bytes examples).
  runs('sb_bytes_conv', 'Right 0', [
    ['BYTES 0 (nat) is 0x', '0', 'Left 0x', { entrypoint: 'nat_to_bytes' }],
    [
      'BYTES of a nat is big-endian',
      '1193046',
      'Left 0x123456',
      {
        entrypoint: 'nat_to_bytes',
      },
    ],
    ['BYTES 256 (nat)', '256', 'Left 0x0100', { entrypoint: 'nat_to_bytes' }],
    ['BYTES -1 (int) is 0xff', '-1', 'Left 0xff', { entrypoint: 'int_to_bytes' }],
    [
      'BYTES 128 (int) keeps a 0 sign byte',
      '128',
      'Left 0x0080',
      {
        entrypoint: 'int_to_bytes',
      },
    ],
    ['BYTES -128 (int) is 0x80', '-128', 'Left 0x80', { entrypoint: 'int_to_bytes' }],
    ['BYTES -129 (int) is 0xff7f', '-129', 'Left 0xff7f', { entrypoint: 'int_to_bytes' }],
    ['BYTES 0 (int) is 0x', '0', 'Left 0x', { entrypoint: 'int_to_bytes' }],
  ]);
  runs('sb_bytes_conv', 'Left 0x', [
    [
      'NAT ignores leading zero bytes',
      '0x0000ff',
      'Right 255',
      {
        entrypoint: 'bytes_to_nat',
      },
    ],
    ['NAT 0x is 0', '0x', 'Right 0', { entrypoint: 'bytes_to_nat' }],
    ['INT 0xff is -1', '0xff', 'Right -1', { entrypoint: 'bytes_to_int' }],
    ['INT 0x00ff is 255', '0x00ff', 'Right 255', { entrypoint: 'bytes_to_int' }],
    [
      'INT with sign-extension bytes',
      '0xffffff7f00',
      'Right -33024',
      {
        entrypoint: 'bytes_to_int',
      },
    ],
    ['INT 0x is 0', '0x', 'Right 0', { entrypoint: 'bytes_to_int' }],
  ]);
});

describe('bitwise instructions', () => {
  runs('sb_bitwise_nat', '0', [
    ['AND on nat', 'Pair 12 10', '8', { entrypoint: 'and' }],
    ['OR on nat', 'Pair 12 10', '14', { entrypoint: 'or' }],
    ['XOR on nat', 'Pair 12 10', '6', { entrypoint: 'xor' }],
    [
      "AND int nat uses two's complement for the int",
      'Pair -8 13',
      '8',
      {
        entrypoint: 'and_int',
      },
    ],
    [
      'LSL by 256 is allowed',
      'Pair 1 256',
      '115792089237316195423570985008687907853269984665640564039457584007913129639936',
      {
        entrypoint: 'lsl',
      },
    ],
    ['LSL by 0', 'Pair 5 0', '5', { entrypoint: 'lsl' }],
  ]);
  fails('LSL by more than 256 overflows', 'sb_bitwise_nat', '0', 'Pair 1 257', 'overflow', {
    entrypoint: 'lsl',
    cli: true,
  });
  runs('sb_bitwise_nat', '0', [
    ['LSR', 'Pair 1024 3', '128', { entrypoint: 'lsr' }],
    ['LSR by 256', 'Pair 7 256', '0', { entrypoint: 'lsr' }],
  ]);
  fails('LSR by more than 256 overflows too', 'sb_bitwise_nat', '0', 'Pair 1 257', 'overflow', { entrypoint: 'lsr' });
  runs('sb_bitwise_nat', '0', [
    ['NOT on int', '-5', '4', { entrypoint: 'not' }],
    ['NOT 0 is -1', '0', '-1', { entrypoint: 'not' }],
    ['NOT on nat gives an int', '7', '-8', { entrypoint: 'not_nat' }],
  ]);
  runs('sb_bytes_logic', '0x', [
    ['AND on bytes of equal length', 'Pair 0xff00 0x0ff0', '0x0f00', { entrypoint: 'and' }],
    ['AND on bytes keeps the length of the shorter (right-aligned)', 'Pair 0x0106 0x05', '0x04', { entrypoint: 'and' }],
    [
      'OR on bytes pads the shorter with zeros on the left',
      'Pair 0x05 0x0106',
      '0x0107',
      {
        entrypoint: 'or',
      },
    ],
    ['XOR on bytes', 'Pair 0x0005 0x0106', '0x0103', { entrypoint: 'xor' }],
  ]);
  ok('NOT on bytes keeps the length', 'sb_bytes_not', '0x', '0x00ff', '0xff00');
  ok('NOT 0x is 0x', 'sb_bytes_not', '0x00', '0x', '0x');
  runs('sb_bytes_shift', '0x', [
    ['LSL on bytes grows by ceil(n/8) bytes', 'Pair 0x06 1', '0x000c', { entrypoint: 'lsl' }],
    ['LSL on bytes by 9', 'Pair 0x01 9', '0x000200', { entrypoint: 'lsl' }],
    ['LSL on bytes by 0 keeps them', 'Pair 0x1234 0', '0x1234', { entrypoint: 'lsl' }],
    ['LSL of 0x by 1 is 0x00', 'Pair 0x 1', '0x00', { entrypoint: 'lsl' }],
  ]);
  fails('LSL on bytes by more than 64000 overflows', 'sb_bytes_shift', '0x', 'Pair 0x01 64001', 'overflow', {
    entrypoint: 'lsl',
  });
  runs('sb_bytes_shift', '0x', [
    ['LSR on bytes', 'Pair 0x1234 1', '0x091a', { entrypoint: 'lsr' }],
    ['LSR on bytes by 8 drops a byte', 'Pair 0x1234 8', '0x12', { entrypoint: 'lsr' }],
    ['LSR on bytes by 9', 'Pair 0x123499 9', '0x091a', { entrypoint: 'lsr' }],
  ]);
  ok('LSR on bytes past their length is 0x', 'sb_bytes_shift', '0x01', 'Pair 0x1234 18', '0x', { entrypoint: 'lsr' });
});

describe('integer arithmetic', () => {
  runs('ar_int', '{}', [
    ['ADD int int', 'Pair -5 3', '{ -2 }', { entrypoint: 'add', cli: true }],
    [
      'ADD has no 64-bit limit on int',
      'Pair 9223372036854775807 1',
      '{ 9223372036854775808 }',
      {
        entrypoint: 'add',
      },
    ],
    ['SUB int int', 'Pair 3 10', '{ -7 }', { entrypoint: 'sub' }],
    [
      'MUL on big ints',
      'Pair -12345678901234567890 98765432109876543210',
      '{ -1219326311370217952237463801111263526900 }',
      { entrypoint: 'mul' },
    ],
    ['EDIV 7 2', 'Pair 7 2', '{ 3 ; 1 }', { entrypoint: 'ediv' }],
    [
      'EDIV keeps the remainder non-negative: -7 / 2 = -4 rem 1',
      'Pair -7 2',
      '{ -4 ; 1 }',
      {
        entrypoint: 'ediv',
      },
    ],
    ['EDIV 7 / -2 = -3 rem 1', 'Pair 7 -2', '{ -3 ; 1 }', { entrypoint: 'ediv' }],
    ['EDIV -7 / -2 = 4 rem 1', 'Pair -7 -2', '{ 4 ; 1 }', { entrypoint: 'ediv' }],
    ['EDIV 10 / -3 = -3 rem 1', 'Pair 10 -3', '{ -3 ; 1 }', { entrypoint: 'ediv' }],
    ['EDIV -8 / 2 = -4 rem 0', 'Pair -8 2', '{ -4 ; 0 }', { entrypoint: 'ediv' }],
  ]);
  ok('EDIV by zero is None', 'ar_int', '{ 1 }', 'Pair 7 0', '{}', { entrypoint: 'ediv' });
  ok('ABS', 'ar_int', '{}', '-5', '{ 5 }', { entrypoint: 'abs' });
  ok('ISNAT of a negative int is None', 'ar_int', '{ 1 }', '-1', '{}', { entrypoint: 'isnat' });
  runs('ar_int', '{}', [
    ['ISNAT of a non-negative int', '3', '{ 3 }', { entrypoint: 'isnat' }],
    ['NEG int', '5', '{ -5 }', { entrypoint: 'neg' }],
    ['NEG 0', '0', '{ 0 }', { entrypoint: 'neg' }],
    ['NEG nat gives an int', '5', '{ -5 }', { entrypoint: 'neg_nat' }],
    ['SUB nat nat may be negative (an int)', 'Pair 3 5', '{ -2 }', { entrypoint: 'sub_nat' }],
    ['ADD nat int', 'Pair 3 -5', '{ -2 }', { entrypoint: 'add_nat_int' }],
    [
      'MUL nat nat, arbitrary precision',
      'Pair 18446744073709551616 18446744073709551616',
      '{ 340282366920938463463374607431768211456 }',
      {
        entrypoint: 'mul_nat',
      },
    ],
    ['EDIV nat nat', 'Pair 7 2', '{ 3 ; 1 }', { entrypoint: 'ediv_nat' }],
    ['EDIV nat by 0 is None', 'Pair 7 0', '{}', { entrypoint: 'ediv_nat' }],
  ]);
  fails('a negative nat literal is ill-typed data', 'ar_int', '{}', 'Pair -3 5', 'typecheck', {
    entrypoint: 'sub_nat',
  });
});

describe('mutez arithmetic', () => {
  runs('ar_mutez', '{}', [
    ['ADD mutez', 'Pair 1 2', '{ 3 }', { entrypoint: 'add' }],
    [
      'ADD mutez up to 2^63 - 1',
      'Pair 9223372036854775806 1',
      '{ 9223372036854775807 }',
      {
        entrypoint: 'add',
      },
    ],
  ]);
  fails('ADD mutez past 2^63 - 1 overflows', 'ar_mutez', '{}', 'Pair 9223372036854775807 1', 'overflow', {
    entrypoint: 'add',
    cli: true,
  });
  runs('ar_mutez', '{}', [
    ['SUB_MUTEZ', 'Pair 5 3', '{ 2 }', { entrypoint: 'sub_mutez' }],
    ['SUB_MUTEZ to zero', 'Pair 5 5', '{ 0 }', { entrypoint: 'sub_mutez' }],
  ]);
  ok('SUB_MUTEZ below zero is None', 'ar_mutez', '{ 1 }', 'Pair 3 5', '{}', { entrypoint: 'sub_mutez' });
  runs('ar_mutez', '{}', [
    ['MUL nat mutez', 'Pair 3 7', '{ 21 }', { entrypoint: 'mul_nm' }],
    [
      'MUL nat mutez just below the limit',
      'Pair 2 4611686018427387903',
      '{ 9223372036854775806 }',
      {
        entrypoint: 'mul_nm',
      },
    ],
  ]);
  fails('MUL mutez nat past 2^63 - 1 overflows', 'ar_mutez', '{}', 'Pair 4611686018427387904 2', 'overflow', {
    entrypoint: 'mul_mn',
  });
  ok('EDIV mutez nat gives (mutez, mutez)', 'ar_mutez', '{}', 'Pair 10 3', '{ 3 ; 1 }', { entrypoint: 'ediv_mn' });
  ok('EDIV mutez by nat 0 is None', 'ar_mutez', '{ 1 }', 'Pair 10 0', '{}', { entrypoint: 'ediv_mn' });
  runs('ar_mutez', '{}', [
    ['EDIV mutez mutez gives (nat, mutez)', 'Pair 10 3', '{ 3 ; 1 }', { entrypoint: 'ediv_mm' }],
    ['EDIV mutez mutez with a zero quotient', 'Pair 5 10', '{ 0 ; 5 }', { entrypoint: 'ediv_mm' }],
  ]);
  ok('EDIV mutez by 0 mutez is None', 'ar_mutez', '{ 1 }', 'Pair 10 0', '{}', { entrypoint: 'ediv_mm' });
  fails(
    'a mutez literal above 2^63 - 1 is ill-typed data',
    'ar_mutez',
    '{}',
    'Pair 9223372036854775808 0',
    'typecheck',
    { entrypoint: 'add' },
  );
  fails('a negative mutez literal is ill-typed data', 'ar_mutez', '{}', 'Pair -1 0', 'typecheck', {
    entrypoint: 'add',
  });
  illTyped('SUB on mutez is deprecated and rejected (use SUB_MUTEZ)', 'ill_sub_mutez');
});

describe('timestamps', () => {
  runs('ar_timestamp', 'Right 0', [
    [
      'timestamp + int',
      'Pair "2024-01-01T00:00:00Z" 3600',
      'Left "2024-01-01T01:00:00Z"',
      {
        entrypoint: 'add_ti',
      },
    ],
    [
      'int + timestamp, before the epoch',
      'Pair -1 "1970-01-01T00:00:00Z"',
      'Left "1969-12-31T23:59:59Z"',
      { entrypoint: 'add_it' },
    ],
    [
      'a timestamp past year 9999 prints as an int',
      'Pair "9999-12-31T23:59:59Z" 1',
      'Left 253402300800',
      { entrypoint: 'add_ti' },
    ],
    [
      'timestamp - int; an int literal is a timestamp in seconds',
      'Pair 100 100',
      'Left "1970-01-01T00:00:00Z"',
      { entrypoint: 'sub_ti' },
    ],
    [
      'timestamp - int far before year 0 prints as an int',
      'Pair 100 2000000000000000000',
      'Left -1999999999999999900',
      {
        entrypoint: 'sub_ti',
      },
    ],
    [
      'timestamp - timestamp is an int',
      'Pair "1970-01-01T00:03:20Z" "1970-01-01T00:00:00Z"',
      'Right 200',
      { entrypoint: 'sub_tt' },
    ],
    [
      'timestamp - timestamp may be negative',
      'Pair 0 1',
      'Right -1',
      {
        entrypoint: 'sub_tt',
      },
    ],
  ]);
});

describe('COMPARE', () => {
  const cmp = (name: string, type: string, input: string, result: string, o: Opts = {}) =>
    ok(`${type}: ${name}`, `cmp_${type}`, '0', input, result, o);
  cmp('less', 'int', 'Pair -1 1', '-1', { cli: true });
  cmp('equal', 'int', 'Pair 5 5', '0');
  cmp(
    'greater, arbitrary precision',
    'int',
    'Pair 1000000000000000000000000000000 -1000000000000000000000000000000',
    '1',
  );
  cmp('less', 'nat', 'Pair 0 1', '-1');
  cmp('lexicographic', 'string', 'Pair "abc" "abd"', '-1');
  cmp('first character decides', 'string', 'Pair "b" "abc"', '1');
  cmp('empty first', 'string', 'Pair "" "a"', '-1');
  cmp('by byte value (Z < a)', 'string', 'Pair "Z" "a"', '-1');
  cmp('equal', 'string', 'Pair "a" "a"', '0');
  cmp('empty first', 'bytes', 'Pair 0x 0x00', '-1');
  cmp('lexicographic, not by length', 'bytes', 'Pair 0x0100 0x02', '-1');
  cmp('lexicographic', 'bytes', 'Pair 0xff 0x00ff', '1');
  cmp('a prefix first', 'bytes', 'Pair 0x01 0x0100', '-1');
  cmp('greater', 'mutez', 'Pair 1 0', '1');
  cmp('False < True', 'bool', 'Pair False True', '-1');
  cmp('equal', 'bool', 'Pair True True', '0');
  cmp('Unit = Unit', 'unit', 'Pair Unit Unit', '0');
  cmp('implicit < originated', 'address', `Pair "${TZ1}" "${DUMMY_SELF}"`, '-1');
  cmp('tz4 < KT1 too', 'address', `Pair "${TZ4}" "${DUMMY_SELF}"`, '-1');
  cmp('tz2 > tz1 (curve tag first)', 'address', `Pair "${TZ2}" "${TZ1}"`, '1');
  cmp('no entrypoint < an entrypoint', 'address', `Pair "${DUMMY_SELF}" "${DUMMY_SELF}%foo"`, '-1');
  cmp('entrypoints compare as strings', 'address', `Pair "${DUMMY_SELF}%b" "${DUMMY_SELF}%a"`, '1');
  cmp('tz1 < tz2', 'key_hash', `Pair "${TZ1}" "${TZ2}"`, '-1');
  cmp('tz3 > tz2', 'key_hash', `Pair "${TZ3}" "${TZ2}"`, '1');
  cmp('tz4 > tz3', 'key_hash', `Pair "${TZ4}" "${TZ3}"`, '1');
  cmp('by seconds', 'timestamp', 'Pair "1970-01-01T00:00:00Z" -1', '1');
  cmp('RFC 3339 and seconds agree', 'timestamp', 'Pair 100 "1970-01-01T00:01:40Z"', '0');
  cmp(
    'ed25519 < secp256k1',
    'key',
    'Pair "edpkuBknW28nW72KG6RoHtYW7p12T6GKc7nAbwYX5m8Wd9sDVC9yav" "sppk7aFpmJLm3ZxMd3F4osvGBq77R1NeSpiJVnof3Wiv4mt84EBE9aX"',
    '-1',
  );
  cmp(
    'p256 > secp256k1',
    'key',
    'Pair "p2pk66Y3178eHvgWFA4CDsgGPhbkWtwrYCVUKJnsAi41eGP7MbHKv24" "sppk7aFpmJLm3ZxMd3F4osvGBq77R1NeSpiJVnof3Wiv4mt84EBE9aX"',
    '1',
  );
  cmp(
    'by bytes (mainnet 0x7a06a770 < mockup 0xf3d48554)',
    'chain_id',
    'Pair "NetXdQprcVkpaWU" "NetXynUjJNZm7wi"',
    '-1',
  );
  cmp('bytes and base58 forms agree', 'chain_id', 'Pair 0x7a06a770 "NetXdQprcVkpaWU"', '0');
  cmp('left component first', 'pair', 'Pair (Pair 0 "z") (Pair 1 "a")', '-1');
  cmp('then right component', 'pair', 'Pair (Pair 1 "b") (Pair 1 "a")', '1');
  cmp('None < Some', 'option', 'Pair None (Some 0)', '-1');
  cmp('Some by content', 'option', 'Pair (Some 2) (Some 1)', '1');
  cmp('None = None', 'option', 'Pair None None', '0');
  cmp('Left < Right', 'or', 'Pair (Left 100) (Right "")', '-1');
  cmp('Right by content', 'or', 'Pair (Right "b") (Right "a")', '1');
  cmp('Left by content', 'or', 'Pair (Left 1) (Left 2)', '-1');
  cmp('nested: None first', 'nested', 'Pair (Pair None (Right "x")) (Pair (Some -5) (Left 0))', '-1');
  cmp('nested: then Right > Left', 'nested', 'Pair (Pair (Some 1) (Right "a")) (Pair (Some 1) (Left 99))', '1');
  runs('cmp_macros', '{}', [
    ['EQ/NEQ/LT/GT/LE/GE after COMPARE, less', 'Pair 1 2', '{ False ; True ; True ; False ; True ; False }'],
    ['EQ/NEQ/LT/GT/LE/GE after COMPARE, equal', 'Pair 5 5', '{ True ; False ; False ; False ; True ; True }'],
    ['EQ/NEQ/LT/GT/LE/GE after COMPARE, greater', 'Pair 3 -3', '{ False ; True ; False ; True ; False ; True }'],
  ]);
});

describe('macros', () => {
  runs('macros', 'Pair False 0 0', [
    ['CAAR, CADR, DUUP, CMPLT, IFCMPGT, MAP_CDR, DIIP', 'Pair (Pair 1 2) -5', 'Pair True 1 5', { cli: true }],
    ['the same on other values', 'Pair (Pair 3 2) 7', 'Pair False -1 17'],
  ]);
  rejects(
    'ASSERT_CMPGT fails through FAIL, i.e. FAILWITH Unit',
    'macros',
    'Pair False 0 0',
    'Pair (Pair 0 0) 1000',
    'Unit',
  );
});

describe("PACK (bytes from Octez's `hash data` regression outputs)", () => {
  const pack = (name: string, file: string, entrypoint: string, input: string, bytes: string, o: Opts = {}) =>
    ok(`${entrypoint}: ${name}`, file, '0x', input, bytes, { entrypoint, ...o });
  pack('-1', 'pack_basic', 'int', '-1', '0x050041', { cli: true });
  pack('1', 'pack_basic', 'int', '1', '0x050001');
  pack('2^63 - 1', 'pack_basic', 'int', '9223372036854775807', '0x0500bfffffffffffffffff01');
  pack('-2^63', 'pack_basic', 'int', '-9223372036854775808', '0x0500c0808080808080808002');
  pack(
    'a 38-digit int',
    'pack_basic',
    'int',
    '92233720368547758079223372036854775807',
    '0x0500bfffbfe1eebeeeb8eaffffbf9e91c191c79502',
  );
  pack('0', 'pack_basic', 'nat', '0', '0x050000');
  pack('99999', 'pack_basic', 'nat', '99999', '0x05009f9a0c');
  pack('"foo"', 'pack_basic', 'string', '"foo"', '0x050100000003666f6f');
  pack('a string with an escaped newline', 'pack_basic', 'string', '"ABC\\n123"', '0x0501000000074142430a313233');
  pack('0x', 'pack_basic', 'bytes', '0x', '0x050a00000000');
  pack('0xABCDEF42', 'pack_basic', 'bytes', '0xABCDEF42', '0x050a00000004abcdef42');
  pack('True', 'pack_basic', 'bool', 'True', '0x05030a');
  pack('False', 'pack_basic', 'bool', 'False', '0x050303');
  pack('Unit', 'pack_basic', 'unit', 'Unit', '0x05030b');
  pack('99999', 'pack_basic', 'mutez', '99999', '0x05009f9a0c');
  pack('a timestamp packs as its seconds', 'pack_basic', 'timestamp', '1571659294', '0x05009ef8ecda0b');
  pack(
    'an RFC 3339 timestamp packs as its seconds',
    'pack_basic',
    'timestamp',
    '"2019-10-21T12:01:34Z"',
    '0x05009ef8ecda0b',
  );
  pack('a 3-comb packs as nested pairs', 'pack_compound', 'pair', 'Pair 0 True 0x', '0x05070700000707030a0a00000000');
  pack(
    'a comb written as a sequence packs the same',
    'pack_compound',
    'pair',
    '{ 0 ; True ; 0x }',
    '0x05070700000707030a0a00000000',
  );
  pack('Some "foo"', 'pack_compound', 'opt', 'Some "foo"', '0x0505090100000003666f6f');
  pack('None', 'pack_compound', 'opt', 'None', '0x050306');
  pack('Left True', 'pack_compound', 'or', 'Left True', '0x050505030a');
  pack('Right "foo"', 'pack_compound', 'or', 'Right "foo"', '0x0505080100000003666f6f');
  pack('{ -1 ; 0 }', 'pack_compound', 'list', '{ -1 ; 0 }', '0x05020000000400410000');
  pack('{}', 'pack_compound', 'list', '{}', '0x050200000000');
  pack(
    'a map',
    'pack_compound',
    'map',
    '{ Elt 0 0xCB ; Elt 1 0xAB }',
    '0x050200000014070400000a00000001cb070400010a00000001ab',
  );
  pack('a set', 'pack_compound', 'set', '{ 0 ; 3 ; 4 }', '0x050200000006000000030004');
  pack(
    'mutez, timestamp, int',
    'pack_compound',
    'nested',
    'Pair (Pair 22220000000 "2017-12-13T04:49:00Z" 34) Unit',
    '0x0507070080acd2c6a501070700bcc485a30b0022',
  );
  pack('a lambda packs its code', 'pack_compound', 'lambda', '{ PUSH nat 1 ; ADD }', '0x0502000000080743036200010312');
  pack('the empty lambda', 'pack_compound', 'lambda', '{}', '0x050200000000');
  pack('an implicit address', 'pack_domain', 'address', `"${TZ1}"`, `0x050a00000016${TZ1_BYTES}`);
  pack(
    'an originated address with an entrypoint',
    'pack_domain',
    'address',
    `"${DUMMY_SELF}%entrypoint"`,
    '0x050a00000020011d23c1d3d2f8a4ea5e8784b8f7ecf2ad304c0fe600656e747279706f696e74',
  );
  pack('a key hash', 'pack_domain', 'key_hash', `"${TZ1}"`, '0x050a000000150002298c03ed7d454a101eb7022bc95f7e5f41ac78');
  pack(
    'an ed25519 key',
    'pack_domain',
    'key',
    '"edpkuBknW28nW72KG6RoHtYW7p12T6GKc7nAbwYX5m8Wd9sDVC9yav"',
    '0x050a00000021004798d2cc98473d7e250c898885718afd2e4efbcb1a1595ab9730761ed830de0f',
  );
  pack(
    'an ed25519 signature',
    'pack_domain',
    'signature',
    '"edsigthTzJ8X7MPmNeEwybRAvdxS1pupqcM5Mk4uCuyZAe7uEk68YpuGDeViW8wSXMrCi5CwoNgqs8V2w8ayB5dMJzrYCHhD8C7"',
    '0x050a0000004049d47dba27bd76208b092f3e500f64818920c817491b8b9094f28c2c2b9c6721b257b8878ce47182122b8ea84aeacd84a8aa28cb1f1fe48a26355a7bca4b8306',
  );
  pack(
    'a secp256k1 signature',
    'pack_domain',
    'signature',
    '"spsig1PPUFZucuAQybs5wsqsNQ68QNgFaBnVKMFaoZZfi1BtNnuCAWnmL9wVy5HfHkR6AeodjVGxpBVVSYcJKyMURn6K1yknYLm"',
    '0x050a00000040865b0ceaa2decd64fea1b7e0e97d6ae8035125d821ebe99d7d5c8a559f36fdd43388a570e475011f6d2bbef184ece9bafbf0ac12157f7257988e9575ae2cbca9',
  );
  ok('PACK of a contract (SELF) is its packed address', 'pack_self', '0x', 'Unit', `0x050a00000016${KT1_NEXT2_BYTES}`, {
    flags: ['--self', KT1_NEXT2],
  });
  pack('a chain id given as bytes', 'pack_domain', 'chain_id', '0x7a06a770', '0x050a000000047a06a770');
  pack('a chain id given in base58', 'pack_domain', 'chain_id', '"NetXynUjJNZm7wi"', '0x050a00000004f3d48554');
});

describe('UNPACK', () => {
  const none = 'Pair None None None None';
  runs('unpack', none, [
    ['an int', '0x050041', 'Pair (Some -1) None None None', { cli: true }],
    ['1 is both an int and a nat', '0x050001', 'Pair (Some 1) (Some 1) None None'],
    ['a string', '0x050100000003666f6f', 'Pair None None (Some "foo") None'],
    ['a list of nat', '0x050200000006000000030004', 'Pair None None None (Some { 0 ; 3 ; 4 })'],
    ['the empty list', '0x050200000000', 'Pair None None None (Some {})'],
    ['a list holding a negative int is not a list of nat', '0x05020000000400410000', none],
  ]);
  ok('bytes without the 0x05 prefix are None', 'unpack', 'Pair (Some 0) None None None', '0x0041', none);
  runs('unpack', none, [
    ['truncated bytes are None', '0x0500', none],
    ['trailing bytes are None', '0x05004100', none],
    ['empty bytes are None', '0x', none],
  ]);
  runs('unpack_address', 'None', [
    ['an address in binary form', `0x050a00000016${TZ1_BYTES}`, `Some "${TZ1}"`],
    ['an address packed as a base58 string', `0x050100000024${Buffer.from(TZ1).toString('hex')}`, `Some "${TZ1}"`],
    [
      'an address with an entrypoint',
      '0x050a00000020011d23c1d3d2f8a4ea5e8784b8f7ecf2ad304c0fe600656e747279706f696e74',
      `Some "${DUMMY_SELF}%entrypoint"`,
    ],
    ['bytes of the wrong length for an address are None', `0x050a00000015${TZ1_BYTES.slice(2)}`, 'None'],
  ]);
  const value = `Pair (Pair "toto" { 3 ; 7 ; 9 ; 1 }) { 1 ; 2 ; 3 } (Some "${DUMMY_SELF}%foo") (Left "${TZ1}")`;
  ok('UNPACK (PACK x) = x', 'pack_roundtrip', 'None', value, `Some (${value})`);
  const value2 = 'Pair (Pair "" {}) {} None (Right "2019-09-09T08:35:33Z")';
  ok('UNPACK (PACK x) = x, other branch', 'pack_roundtrip', 'None', value2, `Some (${value2})`);
  illTyped('operations cannot be packed', 'ill_pack_operation');
  illTyped('tickets cannot be unpacked', 'ill_unpack_ticket');
  illTyped('FAILWITH refuses contracts (only PACK allows them)', 'ill_failwith_contract');
  illTyped('EMIT refuses contracts', 'ill_emit_contract');
  illTyped('APPLY cannot capture a contract', 'ill_apply_contract');
});

describe('hashing', () => {
  const empty = 'Pair 0x 0x 0x 0x 0x';
  runs('hashes', empty, [
    [
      'BLAKE2B, SHA256, SHA512, SHA3, KECCAK of 0x',
      '0x',
      'Pair 0x0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8 ' +
        '0xe3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 ' +
        '0xcf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e ' +
        '0xa7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a ' +
        '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
      { cli: true },
    ],
    [
      'the five hashes of "abc"',
      '0x616263',
      'Pair 0xbddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319 ' +
        '0xba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad ' +
        '0xddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f ' +
        '0x3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532 ' +
        '0x4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
    ],
    [
      'the five hashes of "Hello, world!" (SHA3 and KECCAK from Octez\'s opcode tests)',
      `0x${Buffer.from('Hello, world!').toString('hex')}`,
      'Pair 0xb5da441cfe72ae042ef4d2b17742907f675de4da57462d4c3609c2e2ed755970 ' +
        '0x315f5bdb76d078c43b8ac0064e4a0164612b1fce77c869345bfc94c75894edd3 ' +
        '0xc1527cd893c124773d811911970c8fe6e857d6df5dc9226bd8a160614c0cd963a4ddea2b94bb7d36021ef9d865d5cea294a82dd49a0bb269f51f6e7a57f79421 ' +
        '0xf345a219da005ebe9c1a1eaad97bbf38a10c8473e41d0af7fb617caa0c6aa722 ' +
        '0xb6e16d27ac5ab427a7f68900ac5559ce272dc6c37c82b3e052246c82244c50e4',
    ],
  ]);
  ok(
    'BLAKE2B (PACK x) is the script expression hash octez-client prints',
    'hash_packed',
    '0x',
    'Pair 22220000000 (Pair "2017-12-13T04:49:00Z" 34)',
    '0x95a69fcbbf773989333dc9b31e246575812dbea19d25089f83a2aeeea16ab4bc',
  );
  // Key/address pairs: Octez's opcode tests (the first two) and lib_crypto's key encoding vectors.
  const hashKey = (curve: string, key: string, tz: string, o: Opts = {}) =>
    ok(
      `HASH_KEY and IMPLICIT_ACCOUNT of a ${curve} key (${tz})`,
      'hash_key',
      `Pair "${ZERO_TZ1}" "${ZERO_TZ1}"`,
      `"${key}"`,
      `Pair "${tz}" "${tz}"`,
      o,
    );
  hashKey('ed25519', 'edpkuBknW28nW72KG6RoHtYW7p12T6GKc7nAbwYX5m8Wd9sDVC9yav', TZ1, { cli: true });
  hashKey('ed25519', 'edpkuJqtDcA2m2muMxViSM47MPsGQzmyjnNTawUPqR8vZTAMcx61ES', 'tz1XPTDmvT3vVE5Uunngmixm7gj7zmdbPq6k');
  hashKey('ed25519', 'edpkufnz668CdgnVC4X5KRvJoXCMgicr29Tjmr5vxGzvMdipwkTZmM', 'tz1SodoUsWVe1Yey9eMFbqRUtNpBWfir5NRr');
  hashKey('secp256k1', 'sppk7aFpmJLm3ZxMd3F4osvGBq77R1NeSpiJVnof3Wiv4mt84EBE9aX', TZ2);
  hashKey('p256', 'p2pk66Y3178eHvgWFA4CDsgGPhbkWtwrYCVUKJnsAi41eGP7MbHKv24', TZ3);
  hashKey('bls12-381', 'BLpk1ur5XXicWYMMzCVZZWyLZhybtyX8Zot2uCzDCZW8KcC5BdZiLVXRZvZzi4GuZYL9SarUvKpE', TZ4);
});

describe("CHECK_SIGNATURE (key/signature/message triples from Octez's tests)", () => {
  const ED_KEY = 'edpkuBknW28nW72KG6RoHtYW7p12T6GKc7nAbwYX5m8Wd9sDVC9yav';
  const ED_SIG = 'edsigu3QszDjUpeqYqbvhyRxMpVFamEnvm9FYnt7YiiNt9nmjYfh8ZTbsybZ5WnBkhA7zfHsRVyuTnRsGLR6fNHt1Up1FxgyRtF';
  /** ED_SIG's 64 bytes under the generic "sig" prefix. */
  const GENERIC_SIG =
    'sigsbQsAWaYieWnQwQqQ7AsBy4zQhznWNxRCMozNNu9SknEqkY4ZgntYKAUBZxbgweDkPoaU86wouVbd4Ti9Y3HkwA4ByZkt';
  const PACKED_HELLO = '0x05010000000568656c6c6f';
  const SP_KEY = 'sppk7dBPqMPjDjXgKbb5f7V3PuKUrA4Zuwc3c3H7XqQerqPUWbK7Hna';
  const SP_SIG = 'spsig1PPUFZucuAQybs5wsqsNQ68QNgFaBnVKMFaoZZfi1BtNnuCAWnmL9wVy5HfHkR6AeodjVGxpBVVSYcJKyMURn6K1yknYLm';
  const PACKED_SAUCISSE = '0x0501000000085341554349535345';
  const P2_KEY = 'p2pk66uq221795tFxT7jfNmXtBMdjMf6RAaxRTwv1dbuSHbH6yfqGwz';
  const P2_SIG = 'p2sigsceCzcDw2AeYDzUonj4JT341WC9Px4wdhHBxbZcG1FhfqFVuG7f2fGCzrEHSAZgrsrQWpxduDPk9qZRgrpzwJnSHC3gZJ';
  const P2_WRONG_SIG =
    'p2sigvgDSBnN1bUsfwyMvqpJA1cFhE5s5oi7SetJVQ6LJsbFrU2idPvnvwJhf5v9DhM9ZTX1euS9DgWozVw6BTHiK9VcQVpAU8';
  const P2_MSG = '0x050100000027566f756c657a2d766f757320636f75636865722061766563206d6f692c20636520736f6972203f';
  const check = (name: string, key: string, sig: string, msg: string, result: string, o: Opts = {}) =>
    ok(name, 'check_signature', 'False', `Pair "${key}" "${sig}" ${msg}`, result, o);
  check('ed25519: valid', ED_KEY, ED_SIG, PACKED_HELLO, 'True', { cli: true });
  check('ed25519: another message', ED_KEY, ED_SIG, '0x05010000000461626364', 'False');
  check('ed25519 key with the signature in generic "sig" form', ED_KEY, GENERIC_SIG, PACKED_HELLO, 'True');
  check('secp256k1: valid', SP_KEY, SP_SIG, PACKED_SAUCISSE, 'True');
  check('secp256k1: another message', SP_KEY, SP_SIG, PACKED_HELLO, 'False');
  check('p256: valid', P2_KEY, P2_SIG, P2_MSG, 'True');
  check('p256: a signature of something else', P2_KEY, P2_WRONG_SIG, P2_MSG, 'False');
  check('a p256 signature against a secp256k1 key is just False', SP_KEY, P2_SIG, PACKED_SAUCISSE, 'False');
  fails(
    'a malformed signature literal is ill-typed data',
    'check_signature',
    'False',
    `Pair "${ED_KEY}" "edsig123" 0x`,
    'typecheck',
  );
});

describe('blockchain instructions', () => {
  const flags = [
    '--amount',
    '1.5',
    '--balance',
    '42',
    '--sender',
    KT1_NEXT,
    '--source',
    TZ1,
    '--self',
    KT1_NEXT2,
    '--now',
    '2024-06-01T12:00:00Z',
    '--level',
    '123456',
    '--chain-id',
    'NetXdQprcVkpaWU',
  ];
  const start = `Pair 0 0 "${TZ1}" "${TZ1}" "${TZ1}" 0 0 "NetXynUjJNZm7wi"`;
  runs('chain_info', start, [
    [
      'AMOUNT, BALANCE, SENDER, SOURCE, SELF_ADDRESS, NOW, LEVEL, CHAIN_ID follow the flags',
      'Unit',
      `Pair 1500000 42000000 "${KT1_NEXT}" "${TZ1}" "${KT1_NEXT2}" "2024-06-01T12:00:00Z" 123456 "NetXdQprcVkpaWU"`,
      { flags, cli: true },
    ],
    [
      '--now also takes seconds',
      'Unit',
      `Pair 1500000 42000000 "${KT1_NEXT}" "${TZ1}" "${KT1_NEXT2}" "2024-06-01T12:00:00Z" 123456 "NetXdQprcVkpaWU"`,
      { flags: [...flags.slice(0, 10), '--now', '1717243200', ...flags.slice(12)] },
    ],
  ]);
  /** Reads the eight fields of chain_info's storage. */
  const fields = (r: RunJson) => (r.storage as { args: Expr[] }).args;
  // octez-client run script: amount 0.05 tez, balance 4,000,000 tez, the script at the dummy KT1,
  // and without --sender/--source (RPC's sender/payer): SENDER = SELF, SOURCE = the zero tz1.
  it('without flags: AMOUNT 0.05 tez, BALANCE 4,000,000 tez, SELF_ADDRESS the dummy KT1', async () => {
    const r = expectSuccess(await exec(runArgs('chain_info', start, 'Unit', {}), false));
    const f = fields(r);
    expect(f[0]).toEqual({ int: '50000' });
    expect(f[1]).toEqual({ int: '4000000000000' });
    expect(f[4]).toEqual({ string: DUMMY_SELF });
  });
  it('without flags: SOURCE is the zero tz1 and SENDER is the contract itself (Octez run_code default)', async () => {
    const r = expectSuccess(await exec(runArgs('chain_info', start, 'Unit', {}), false));
    const f = fields(r);
    expect(f[3]).toEqual({ string: ZERO_TZ1 });
    expect(f[2]).toEqual({ string: DUMMY_SELF });
  });
  it('with --source only, SENDER is that account too', async () => {
    const r = expectSuccess(await exec(runArgs('chain_info', start, 'Unit', { flags: ['--source', TZ2] }), false));
    const f = fields(r);
    expect(f[2]).toEqual({ string: TZ2 });
    expect(f[3]).toEqual({ string: TZ2 });
  });
  it('with --sender only, SOURCE stays the zero tz1', async () => {
    const r = expectSuccess(await exec(runArgs('chain_info', start, 'Unit', { flags: ['--sender', KT1_NEXT] }), false));
    const f = fields(r);
    expect(f[2]).toEqual({ string: KT1_NEXT });
    expect(f[3]).toEqual({ string: ZERO_TZ1 });
  });
  ok(
    'SELF %ep; ADDRESS keeps the entrypoint, SELF alone has none',
    'self_entrypoints',
    `Pair "${TZ1}" "${TZ1}" "${TZ1}"`,
    'Unit',
    `Pair "${KT1_NEXT2}%foo" "${KT1_NEXT2}" "${KT1_NEXT2}%bar"`,
    { entrypoint: 'bar', flags: ['--self', KT1_NEXT2] },
  );
  const noneX4 = 'Pair None None None None';
  runs('contract_lookup', noneX4, [
    [
      'CONTRACT on an implicit account: unit and ticket on %default only',
      `"${TZ1}"`,
      `Pair (Some "${TZ1}") None None (Some "${TZ1}")`,
    ],
    ['CONTRACT on an unknown KT1 is None', `"${KT1_NEXT2}"`, noneX4],
  ]);
  ok(
    'IS_IMPLICIT_ACCOUNT: Some key hash for tz addresses, None for KT1',
    'is_implicit',
    'Pair None None',
    `Pair "${TZ3}" "${DUMMY_SELF}"`,
    `Pair (Some "${TZ3}") None`,
  );
  // run_code originates the script (with its views) at the dummy address, with the given storage.
  ok("VIEW on SELF_ADDRESS runs the script's own view on the initial storage", 'view_self', '100', '5', '110', {
    cli: true,
  });
  ok('VIEW on an account without that view is None', 'view_missing', 'Some 5', `"${TZ1}"`, 'None');
});

describe('operations', () => {
  // Shape assumed from the RPC's internal operation encoding (apply_internal_results.ml):
  // {kind, source, nonce, amount, destination, parameters?: {entrypoint, value}} for transactions,
  // parameters omitted for Unit to %default; {kind, source, nonce, balance, delegate?, script: {code,
  // storage}} for originations; {kind, source, nonce, delegate?}; {kind, source, nonce, type, tag?,
  // payload?} for events (tag omitted when default, payload when Unit). Values are in Optimized form.
  ok('TRANSFER_TOKENS of tez to an implicit account', 'op_transfer', 'Unit', `Pair "${TZ1}" 1000000`, 'Unit', {
    cli: true,
    check: (r) => {
      expect(ops(r)).toHaveLength(1);
      const [op] = ops(r);
      expect(op).toMatchObject({ kind: 'transaction', destination: TZ1, amount: '1000000', source: DUMMY_SELF });
      expect(op).not.toHaveProperty('parameters');
    },
  });
  ok(
    'TRANSFER_TOKENS to an entrypoint of SELF: parameters in Optimized form',
    'op_transfer_self',
    'Unit',
    'Unit',
    'Unit',
    {
      entrypoint: 'go',
      flags: ['--self', KT1_NEXT2],
      check: (r) => {
        expect(ops(r)).toHaveLength(1);
        expect(ops(r)[0]).toMatchObject({
          kind: 'transaction',
          source: KT1_NEXT2,
          destination: KT1_NEXT2,
          amount: '7',
          parameters: { entrypoint: 'receive', value: data(`Pair 5 (Pair 0x${TZ1_BYTES} "hi")`) },
        });
      },
    },
  );
  ok('operations come out in the order of the returned list', 'op_transfer_order', 'Unit', `"${TZ1}"`, 'Unit', {
    check: (r) => {
      expect(ops(r).map((o) => o.amount)).toEqual(['1', '2', '3']);
      expect(new Set(ops(r).map((o) => o.nonce)).size).toBe(3);
    },
  });
  ok('a contract-typed input: TRANSFER_TOKENS to it', 'op_contract_param', 'Unit', `"${TZ1}"`, 'Unit', {
    entrypoint: 'to_unit',
    check: (r) => expect(ops(r)).toMatchObject([{ kind: 'transaction', destination: TZ1, amount: '5' }]),
  });
  fails(
    'an implicit account is not a contract nat: ill-typed input',
    'op_contract_param',
    'Unit',
    `"${TZ1}"`,
    'typecheck',
    { entrypoint: 'to_nat' },
  );
  fails(
    'an unknown KT1 is not a contract: ill-typed input',
    'op_contract_param',
    'Unit',
    `"${KT1_NEXT2}"`,
    'typecheck',
    { entrypoint: 'to_unit' },
  );
  runs('op_set_delegate', 'Unit', [
    [
      'SET_DELEGATE Some',
      `Some "${TZ1}"`,
      'Unit',
      {
        check: (r) => {
          expect(ops(r)).toHaveLength(1);
          expect(ops(r)[0]).toMatchObject({ kind: 'delegation', delegate: TZ1 });
        },
      },
    ],
    [
      'SET_DELEGATE None withdraws the delegate',
      'None',
      'Unit',
      {
        check: (r) => {
          expect(ops(r)).toHaveLength(1);
          expect(ops(r)[0]!.kind).toBe('delegation');
          expect(ops(r)[0]!.delegate ?? null).toBeNull();
        },
      },
    ],
  ]);
  // Octez's run_code originates the script at KT1BEqzn… from nonce 0 of the zero operation hash, so
  // the script's own originations get the following addresses (contract_opcodes regression output).
  runs('op_create_contract', 'None', [
    [
      'CREATE_CONTRACT: the new address is the next origination nonce',
      'None',
      `Some "${KT1_NEXT}"`,
      {
        cli: true,
        check: (r) => {
          expect(ops(r)).toHaveLength(1);
          const [op] = ops(r);
          expect(op).toMatchObject({
            kind: 'origination',
            balance: '50000',
            source: DUMMY_SELF,
            script: { storage: { prim: 'Unit' } },
          });
          expect(op!.delegate ?? null).toBeNull();
          expect(JSON.stringify((op!.script as { code: unknown }).code)).toContain('"parameter"');
        },
      },
    ],
    [
      'CREATE_CONTRACT with a delegate',
      `Some "${TZ1}"`,
      `Some "${KT1_NEXT}"`,
      {
        check: (r) => expect(ops(r)[0]).toMatchObject({ kind: 'origination', delegate: TZ1 }),
      },
    ],
  ]);
  ok(
    'two CREATE_CONTRACTs get consecutive addresses',
    'op_create_two',
    `Pair "${TZ1}" "${TZ1}"`,
    'Unit',
    `Pair "${KT1_NEXT}" "${KT1_NEXT2}"`,
    {
      check: (r) => expect(ops(r).map((o) => o.kind)).toEqual(['origination', 'origination']),
    },
  );
  runs('op_emit', 'Unit', [
    [
      'EMIT: type, tag and payload of each event, in list order',
      '7',
      'Unit',
      {
        check: (r) => {
          expect(ops(r)).toHaveLength(3);
          const [counted, plain, ping] = ops(r);
          expect(counted).toMatchObject({
            kind: 'event',
            type: { prim: 'nat' },
            tag: 'counted',
            payload: { int: '7' },
          });
          // An explicit type keeps its field annotations (Octez prints "(pair (string %s) (nat %n))").
          expect(plain).toMatchObject({
            kind: 'event',
            type: {
              prim: 'pair',
              args: [
                { prim: 'string', annots: ['%s'] },
                { prim: 'nat', annots: ['%n'] },
              ],
            },
            payload: data('Pair "x" 7'),
          });
          expect(plain).not.toHaveProperty('tag');
          expect(ping).toMatchObject({ kind: 'event', type: { prim: 'unit' }, tag: 'ping' });
        },
      },
    ],
    [
      'EMIT of Unit: the RPC leaves the payload out',
      '7',
      'Unit',
      {
        check: (r) => expect(ops(r)[2]).not.toHaveProperty('payload'),
      },
    ],
  ]);
});

describe('tickets', () => {
  const self = ['--self', KT1_NEXT2];
  runs('tk_create', 'None', [
    [
      'TICKET: the ticketer is the running contract',
      'Pair "gold" 10',
      `Some (Pair "${KT1_NEXT2}" "gold" 10)`,
      { flags: self, cli: true },
    ],
    ['TICKET with amount 0 is None', 'Pair "gold" 0', 'None', { flags: self }],
  ]);
  ok('READ_TICKET', 'tk_read', `Pair "${TZ1}" "" 0`, 'Pair "gold" 10', `Pair "${KT1_NEXT2}" "gold" 10`, {
    flags: self,
  });
  runs('tk_split', 'None', [
    [
      'SPLIT_TICKET into amounts that add up',
      'Pair 10 3 7',
      `Some (Pair (Pair "${KT1_NEXT2}" 1 3) (Pair "${KT1_NEXT2}" 1 7))`,
      { flags: self },
    ],
    [
      'SPLIT_TICKET into amounts that do not add up is None',
      'Pair 10 3 6',
      'None',
      {
        flags: self,
      },
    ],
    ['SPLIT_TICKET with a zero part is None', 'Pair 10 0 10', 'None', { flags: self }],
  ]);
  rejects('ASSERT_SOME on TICKET of amount 0 fails with Unit', 'tk_split', 'None', 'Pair 0 1 1', 'Unit', {
    flags: self,
  });
  runs('tk_join', 'None', [
    [
      'JOIN_TICKETS of the same contents',
      'Pair "x" 2 "x" 3',
      `Some (Pair "${KT1_NEXT2}" "x" 5)`,
      {
        flags: self,
      },
    ],
    ['JOIN_TICKETS of different contents is None', 'Pair "x" 2 "y" 3', 'None', { flags: self }],
  ]);
  ok(
    'a ticket sent to an implicit account: the parameter is the ticket in Optimized form',
    'tk_send',
    'Unit',
    `"${TZ1}"`,
    'Unit',
    {
      flags: self,
      check: (r) => {
        expect(ops(r)).toHaveLength(1);
        expect(ops(r)[0]).toMatchObject({
          kind: 'transaction',
          destination: TZ1,
          amount: '0',
          parameters: { entrypoint: 'default', value: data(`Pair 0x${KT1_NEXT2_BYTES} (Pair "x" 1)`) },
        });
      },
    },
  );
  illTyped('tickets cannot be DUPed', 'ill_dup_ticket');
  illTyped('ticket contents must be comparable: no ticket of ticket', 'ill_ticket_in_ticket');
});

describe('entrypoints', () => {
  runs('ep_named', '10', [
    ['--entrypoint selects a %name branch', '5', '15', { entrypoint: 'add', cli: true }],
    ['--entrypoint selects a nested branch', '3', '7', { entrypoint: 'sub' }],
    ['--entrypoint with a unit branch', 'Unit', '0', { entrypoint: 'reset' }],
    ['without --entrypoint and without %default, the input is the whole parameter', 'Left (Right 4)', '6'],
    [
      '--entrypoint default is the whole parameter when there is no %default',
      'Right Unit',
      '0',
      {
        entrypoint: 'default',
      },
    ],
  ]);
  fails('an input of the wrong type for the entrypoint is ill-typed data', 'ep_named', '10', 'Unit', 'typecheck', {
    entrypoint: 'add',
    cli: true,
  });
  fails('an unknown entrypoint is refused', 'ep_named', '10', '1', 'typecheck', { entrypoint: 'nope' });
  fails('without --entrypoint a branch value alone is ill-typed', 'ep_named', '10', '5', 'typecheck');
  runs('ep_default', '""', [
    ['an explicit %default takes calls without entrypoint', '5', '"nat"'],
    ['an explicit %default by name', '5', '"nat"', { entrypoint: 'default' }],
    ['the other branch of a contract with %default', '"z"', '"str:z"', { entrypoint: 'other' }],
  ]);
  fails(
    'with an explicit %default, the whole or-value is not the default input',
    'ep_default',
    '""',
    'Left 5',
    'typecheck',
  );
  ok('a root annotation names the whole parameter', 'ep_root', '0', 'Left 4', '4', { entrypoint: 'root' });
  ok('leaves under a root annotation are entrypoints too', 'ep_root', '7', 'Unit', '0', { entrypoint: 'b' });
  illTyped('two entrypoints with the same name are refused', 'ill_dup_entrypoint');
  illTyped('SELF %missing is ill-typed', 'ill_self_bad_entrypoint');
  illTyped('CONTRACT %default is refused (write CONTRACT)', 'ill_contract_default');
});

describe('typecheck command', () => {
  wellTyped('a script with LAMBDA_REC is well typed', 'ctl_lambda_rec', { cli: true });
  wellTyped('a script with tickets is well typed', 'tk_split');
  wellTyped('a script with EMIT is well typed', 'op_emit');
  wellTyped('a script with entrypoints is well typed', 'ep_named');
  wellTyped('a script with macros is well typed', 'macros');
  wellTyped('a script whose code always fails is well typed', 'ctl_failwith');
  illTyped('ADD string nat is ill-typed', 'ill_add_string_nat', { cli: true });
  illTyped('the code must end with (pair (list operation) storage)', 'ill_final_stack');
  illTyped('an unknown instruction', 'ill_unknown_instr');
  illTyped('PUSH nat -1', 'ill_push_neg_nat');
  illTyped('operation is not a storable type', 'ill_storage_operation');
  illTyped('a script without storage section', 'ill_missing_storage');
  fails('run on an ill-typed script fails with kind typecheck', 'ill_add_string_nat', '""', '1', 'typecheck', {
    cli: true,
  });
  fails('an ill-typed --storage is a typecheck error', 'ctl_if_bool', '5', 'True', 'typecheck');
  fails('an ill-typed --input is a typecheck error', 'ctl_if_bool', '""', '"yes"', 'typecheck');
  fails('an --input that does not parse is bad input', 'ctl_if_bool', '""', '(Pair 1', 'bad_input', { cli: true });
  it('a missing script file is bad input', async () => {
    const out = await exec(
      ['run', '--script', script('no_such_script'), '--storage', 'Unit', '--input', 'Unit', '--json'],
      true,
    );
    expectError(out, 'bad_input');
  });
});

describe('gas', () => {
  fails('a tiny --gas runs out', 'ctl_loop', '0', '10', 'gas_exhausted', { flags: ['--gas', '1'], cli: true });
  fails('a long loop runs out of a 100-gas budget', 'ctl_loop', '0', '1000000', 'gas_exhausted', {
    flags: ['--gas', '100'],
  });
  it('consumedMilligas is a positive decimal string that grows with the work done', async () => {
    const [short, long] = await Promise.all([
      exec(runArgs('ctl_loop', '0', '10', {}), false),
      exec(runArgs('ctl_loop', '0', '1000', {}), false),
    ]);
    const a = expectSuccess(short).consumedMilligas;
    const b = expectSuccess(long).consumedMilligas;
    expect(a).toMatch(/^[1-9]\d*$/);
    expect(b).toMatch(/^[1-9]\d*$/);
    expect(BigInt(b)).toBeGreaterThan(BigInt(a));
  });
  ok('enough --gas lets the run finish', 'ctl_loop', '0', '10', '55', { flags: ['--gas', '1040000'] });
});

describe("BLS12-381 scalars (values from Octez's opcode tests)", () => {
  const ONE = '0x0100000000000000000000000000000000000000000000000000000000000000';
  runs('bls_fr', 'Pair 0 0x01', [
    [
      'INT of an fr; an unpadded fr literal is padded to 32 bytes',
      '0x01',
      `Pair 1 ${ONE}`,
      {
        entrypoint: 'to_int',
      },
    ],
    [
      'INT of an fr is little-endian',
      '0x28db8e57af88d9576acd181b89f24e50a89a6423f939026ed91349fc9af16c27',
      `Pair 17832688077013577776524784494464728518213913213412866604053735695200962927400 ${ONE}`,
      { entrypoint: 'to_int' },
    ],
    [
      'MUL fr int by -1 wraps modulo the group order',
      '-1',
      'Pair 0 0x00000000fffffffffe5bfeff02a4bd5305d8a10908d83933487d9d2953a7ed73',
      {
        entrypoint: 'mul',
      },
    ],
    [
      'MUL fr int by -42',
      '-42',
      'Pair 0 0xd7fffffffefffffffe5bfeff02a4bd5305d8a10908d83933487d9d2953a7ed73',
      { entrypoint: 'mul' },
    ],
  ]);
  ok(
    'MUL fr int',
    'bls_fr',
    'Pair 0 0x5b0ecd0fa853810e356f1eb79721e80b30510fcc3a455f4fc02fdd9a90c5401f',
    '33644916630334844239120348434626468649534186770809802792596996408934105684394',
    'Pair 0 0x2ef123703093cbbbd124e15f2054fa5781ed0b8d092ec3c6e5d76b4ca918a221',
    { entrypoint: 'mul' },
  );
});
