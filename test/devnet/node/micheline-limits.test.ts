/**
 * Micheline in request bodies, as Octez reads it and within the devnet's limits: a value nested deeper than the VM can
 * recurse is refused before anything recurses (it used to end the process: JSON.stringify overflowed answering
 * pack_data), as is one larger than Octez's own sizes; an unknown primitive, bad hex or a malformed annotation is a
 * body Octez's JSON decoding refuses (400, text/plain, the text Octez prints: data-encoding's "No case matched" tree of
 * the Micheline union), where the devnet answered 500s (a BigInt crash, ill_typed_contract) or forged garbage; a
 * misplaced annotation carries Octez's `unexpected_annotation`; what Octez reads and the devnet refused (Zarith ints,
 * `{}`) is read. Each expectation names the Octez source it comes from.
 */
import { LocalForger, ProtocolsHash } from '@taquito/local-forging';
import { packDataBytes, type MichelsonType } from '@taquito/michel-codec';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PRIMITIVES } from '../../../devnet/michelson/primitives';
import { PROTOCOL, startDevnet, type Devnet } from '../../../devnet/node';
import { PRIMITIVES_AS_OCTEZ_LISTS_THEM } from '../../../devnet/node/micheline-json';
import { MAX_MICHELINE_BYTES, MAX_MICHELINE_DEPTH, MAX_MICHELINE_NODES } from '../../../devnet/node/micheline-limits';
import { PROTO } from './taquito-clients';

let devnet: Devnet;
let head = '';

const HELPERS = '/chains/main/blocks/head/helpers';

interface Answer {
  readonly status: number;
  readonly type: string | null;
  readonly text: string;
}

/** POSTs `body`, JSON text as given (a deep value is built as text: JSON.stringify would overflow on it). */
async function post(path: string, body: string | object): Promise<Answer> {
  const r = await fetch(devnet.rpcUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
}

const ids = (a: Answer): string[] => (JSON.parse(a.text) as { id: string }[]).map((e) => e.id.slice(PROTO.length));

/** JSON text of `open`·`leaf`·`close` nested `n` times. */
const nested = (n: number, open: string, leaf: string, close: string): string =>
  open.repeat(n) + leaf + close.repeat(n);
/** `Some (Some (… Unit))` and `option (option (… unit))`, `depth` deep (a leaf is 1 deep). */
const someValue = (depth: number) => nested(depth - 1, '{"prim":"Some","args":[', '{"prim":"Unit"}', ']}');
const optionType = (depth: number) => nested(depth - 1, '{"prim":"option","args":[', '{"prim":"unit"}', ']}');

const script = (code: unknown[], parameter: unknown = { prim: 'unit' }, storage: unknown = { prim: 'unit' }) => [
  { prim: 'parameter', args: [parameter] },
  { prim: 'storage', args: [storage] },
  { prim: 'code', args: [code] },
];
const KEEP_STORAGE = [{ prim: 'CDR' }, { prim: 'NIL', args: [{ prim: 'operation' }] }, { prim: 'PAIR' }];
const runCode = (s: unknown, input: unknown = { prim: 'Unit' }, storage: unknown = { prim: 'Unit' }) => ({
  script: s,
  storage,
  input,
  amount: '0',
  chain_id: devnet.chain.chainId,
});

/** An origination from the first account, as a client builds one to simulate it. */
const origination = (code: unknown) => ({
  kind: 'origination',
  source: devnet.accounts[0]!.address,
  fee: '1000',
  counter: '1',
  gas_limit: '10000',
  storage_limit: '1000',
  balance: '0',
  script: { code, storage: { prim: 'Unit' } },
});
const SIGNATURE = 'sigUHx32f9wesZ1n2BWpixXz4AQaZggEtchaQNHYGRCoWNAXx45WGW2ua3apUUUAGMLPwAU41QoaFCzVSL61VaessLg4YbbP';

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, accounts: 2 });
  head = (await (await fetch(`${devnet.rpcUrl}/chains/main/blocks/head/hash`)).json()) as string;
});
afterAll(async () => {
  await devnet.stop();
});

describe('limits: checked before anything recurses (micheline-limits.ts)', () => {
  const TOO_DEEP = ['michelson_v1.typechecking_too_many_recursive_calls'];

  test('a 5,000-deep value to pack_data: 400 with Octez`s too-many-recursive-calls error, and the node lives on', async () => {
    // It used to end the process: the 500 echoing the value overflowed JSON.stringify.
    const a = await post(`${HELPERS}/scripts/pack_data`, `{"data":${someValue(5000)},"type":${optionType(5000)}}`);
    expect(a.status).toBe(400);
    expect(ids(a)).toEqual(TOO_DEEP);
    expect((await fetch(`${devnet.rpcUrl}/chains/main/blocks/head/header`)).status).toBe(200);
  });

  test('every field that takes Micheline refuses a value past the depth limit the same way', async () => {
    const deep = someValue(MAX_MICHELINE_DEPTH + 1);
    const hole = 'HOLE';
    const at = (body: object, route: string) => [route, JSON.stringify(body)] as const;
    const operation = { branch: head, contents: [origination(hole)], signature: SIGNATURE };
    const cases = [
      at(runCode(hole), `${HELPERS}/scripts/run_code`),
      at(runCode(script(KEEP_STORAGE), hole), `${HELPERS}/scripts/run_code`),
      at({ data: hole, type: { prim: 'unit' } }, `${HELPERS}/scripts/pack_data`),
      at({ operation, chain_id: devnet.chain.chainId }, `${HELPERS}/scripts/simulate_operation`),
      at({ operation, chain_id: devnet.chain.chainId }, `${HELPERS}/scripts/run_operation`),
      at({ branch: head, contents: [origination(hole)] }, `${HELPERS}/forge/operations`),
      at(
        { ticketer: devnet.accounts[0]!.address, content_type: { prim: 'unit' }, content: hole },
        `/chains/main/blocks/head/context/contracts/${devnet.accounts[0]!.address}/ticket_balance`,
      ),
    ];
    for (const [route, body] of cases) {
      const a = await post(route, body.replace(JSON.stringify(hole), deep));
      expect(a.status, route).toBe(400);
      expect(ids(a), route).toEqual(TOO_DEEP);
    }
  });

  test(`depth ${MAX_MICHELINE_DEPTH} is read and packed, ${MAX_MICHELINE_DEPTH + 1} refused`, async () => {
    const body = (depth: number) => `{"data":${someValue(depth)},"type":${optionType(depth)}}`;
    const a = await post(`${HELPERS}/scripts/pack_data`, body(MAX_MICHELINE_DEPTH));
    expect(a.status).toBe(200);
    expect((JSON.parse(a.text) as { packed: string }).packed).toBe(`05${'0509'.repeat(MAX_MICHELINE_DEPTH - 1)}030b`);
    expect((await post(`${HELPERS}/scripts/pack_data`, body(MAX_MICHELINE_DEPTH + 1))).status).toBe(400);
  });

  test('at the depth limit the VM`s deepest-recursing code typechecks and runs: lambdas in lambdas', async () => {
    // LAMBDA unit unit { DROP; LAMBDA unit unit { … }; DROP; UNIT }, two levels a lambda, the outermost inside the
    // script's three, the innermost holding DROP; UNIT: 2 × (levels + 1) + 4 deep.
    const levels = (MAX_MICHELINE_DEPTH - 6) / 2;
    const lambda = (inner: unknown[]): unknown[] => [
      { prim: 'LAMBDA', args: [{ prim: 'unit' }, { prim: 'unit' }, inner] },
      { prim: 'DROP' },
    ];
    const run = (innermost: unknown[]) => {
      let code = innermost;
      for (let i = 0; i < levels; i++) code = [{ prim: 'DROP' }, ...lambda(code), { prim: 'UNIT' }];
      return post(
        `${HELPERS}/scripts/run_code`,
        runCode(script([{ prim: 'CDR' }, ...lambda(code), ...KEEP_STORAGE.slice(1)])),
      );
    };
    const innermost = [{ prim: 'DROP' }, { prim: 'UNIT' }];
    const a = await run(innermost);
    expect(a.status, a.text.slice(0, 300)).toBe(200);
    // The same in a sequence of its own, one deeper: past the limit.
    expect((await run([innermost])).status).toBe(400);
  });

  test('pushed lambdas in pushed lambdas: the gas grows with each level, and the node answers at once', async () => {
    // Octez parses a pushed lambda's body and unparses it again (`normalized_lam`), which parses the lambda pushed
    // inside it again: the typechecking gas grows about 2.6-fold a level and 40 levels cost more than an operation
    // may burn. The devnet once walked it the same way, exponentially, and a 2 KB body held the node for hours.
    const lambda = (inner: unknown[]): unknown[] => [
      { prim: 'PUSH', args: [{ prim: 'lambda', args: [{ prim: 'unit' }, { prim: 'unit' }] }, inner] },
    ];
    let code: unknown[] = [{ prim: 'DROP' }, { prim: 'UNIT' }];
    for (let i = 0; i < 40; i++) code = [{ prim: 'DROP' }, ...lambda(code), { prim: 'UNIT' }, { prim: 'EXEC' }];
    const body = {
      ...origination(
        script([{ prim: 'CDR' }, ...lambda(code), { prim: 'SWAP' }, { prim: 'EXEC' }, ...KEEP_STORAGE.slice(1)]),
      ),
      gas_limit: '1040000',
    };
    const a = await post(`${HELPERS}/scripts/simulate_operation`, {
      operation: { branch: head, contents: [body], signature: SIGNATURE },
      chain_id: devnet.chain.chainId,
    });
    expect(a.status, a.text.slice(0, 300)).toBe(200);
    const result = (
      JSON.parse(a.text) as {
        contents: { metadata: { operation_result: { status: string; errors: { id: string }[] } } }[];
      }
    ).contents[0]!.metadata.operation_result;
    expect([result.status, result.errors.map((e) => e.id.slice(PROTO.length))]).toEqual([
      'failed',
      ['gas_exhausted.operation'],
    ]);
  });

  test('a recursion deeper than the devnet`s stack fails the run with a Michelson runtime error, not an internal one', async () => {
    // LAMBDA_REC counting down from n: Octez recurses as far as the gas goes; the devnet's interpreter calls a lambda
    // on the JavaScript stack, which holds some thousands of calls (docs/devnet.md lists the difference).
    const countdown = (n: number) =>
      runCode(
        script(
          [
            { prim: 'DROP' },
            { prim: 'PUSH', args: [{ prim: 'int' }, { int: String(n) }] },
            {
              prim: 'LAMBDA_REC',
              args: [
                { prim: 'int' },
                { prim: 'int' },
                [
                  { prim: 'DUP' },
                  { prim: 'EQ' },
                  {
                    prim: 'IF',
                    args: [
                      [{ prim: 'DIP', args: [[{ prim: 'DROP' }]] }],
                      [
                        { prim: 'PUSH', args: [{ prim: 'int' }, { int: '1' }] },
                        { prim: 'SWAP' },
                        { prim: 'SUB' },
                        { prim: 'EXEC' },
                        { prim: 'PUSH', args: [{ prim: 'int' }, { int: '1' }] },
                        { prim: 'ADD' },
                      ],
                    ],
                  },
                ],
              ],
            },
            { prim: 'SWAP' },
            { prim: 'EXEC' },
            ...KEEP_STORAGE.slice(1),
          ],
          { prim: 'unit' },
          { prim: 'int' },
        ),
        { prim: 'Unit' },
        { int: '0' },
      );
    const shallow = await post(`${HELPERS}/scripts/run_code`, countdown(500));
    expect([shallow.status, (JSON.parse(shallow.text) as { storage: unknown }).storage]).toEqual([200, { int: '500' }]);
    const deep = await post(`${HELPERS}/scripts/run_code`, countdown(200_000));
    expect([deep.status, ids(deep)]).toEqual([500, ['michelson_v1.runtime_error']]);
    expect(deep.text).toContain('ran out of stack in nested lambda calls');
    expect((await fetch(`${devnet.rpcUrl}/chains/main/blocks/head/header`)).status).toBe(200);
  });

  test(`Octez's sizes: ${MAX_MICHELINE_NODES} nodes and ${MAX_MICHELINE_BYTES} bytes of literals (max_micheline_node_count, max_micheline_bytes_limit)`, async () => {
    const pack = (data: unknown, type: unknown) => post(`${HELPERS}/scripts/pack_data`, { data, type });
    const list = (n: number) => Array.from({ length: n }, () => ({ prim: 'Unit' }));
    const listType = { prim: 'list', args: [{ prim: 'unit' }] };
    // The sequence is a node too.
    expect((await pack(list(MAX_MICHELINE_NODES - 1), listType)).status).toBe(200);
    const tooMany = await pack(list(MAX_MICHELINE_NODES), listType);
    expect([tooMany.status, ids(tooMany)]).toEqual([400, ['Expression_too_large']]);

    const string = { prim: 'string' };
    expect((await pack({ string: 'a'.repeat(MAX_MICHELINE_BYTES) }, string)).status).toBe(200);
    expect((await pack({ string: 'a'.repeat(MAX_MICHELINE_BYTES + 1) }, string)).status).toBe(400);
    // An int's bytes are (numbits + 7) / 8: 400,000 bits in 100,000 hex digits.
    const int = { prim: 'int' };
    expect((await pack({ int: `0x${'f'.repeat(2 * MAX_MICHELINE_BYTES)}` }, int)).status).toBe(200);
    expect((await pack({ int: `0x1${'0'.repeat(2 * MAX_MICHELINE_BYTES)}` }, int)).status).toBe(400);
  });

  test('an injected operation is held to the same limits', async () => {
    const forger = new LocalForger(ProtocolsHash.PsUshuai9);
    const deep = JSON.parse(someValue(MAX_MICHELINE_DEPTH + 1)) as unknown;
    const contents = [{ ...origination(script(KEEP_STORAGE)), script: { code: script(KEEP_STORAGE), storage: deep } }];
    const hex = (await forger.forge({ branch: head, contents } as never)) + '00'.repeat(64);
    const a = await post('/injection/operation', JSON.stringify(hex));
    expect(a.status).toBe(400);
    expect(ids(a)).toEqual(TOO_DEEP);
  });
});

describe('Micheline Octez`s JSON decoding refuses: 400, text/plain, Octez`s text (micheline-json.ts)', () => {
  const refused = (a: Answer) => {
    expect(a.status, a.text.slice(0, 200)).toBe(400);
    expect(a.type).toBe('text/plain');
    return a.text.replace(/^Failed to parse the request body: /, '');
  };
  /** data-encoding's string_enum refusal (json_encoding.ml), the cases in its Hashtbl's order. */
  const unknownPrimitive = (name: string) =>
    `unexpected string value "${name}" instead of ${PRIMITIVES_AS_OCTEZ_LISTS_THEM.slice(0, -1)
      .map((p) => `"${p}"`)
      .join(' , ')} or "code"`;

  test('the primitives are listed as Octez lists them: its JSON schema`s order (docs/api/ushuaia-openapi.json)', () => {
    expect(PRIMITIVES_AS_OCTEZ_LISTS_THEM.slice(0, 4)).toEqual(['SHA256', 'PUSH', 'GET_AND_UPDATE', 'RENAME']);
    expect([...PRIMITIVES_AS_OCTEZ_LISTS_THEM].sort()).toEqual([...PRIMITIVES].sort());
  });

  test('an unknown primitive: the Micheline union`s "No case matched" tree, at each level down to it', async () => {
    const a = await post(`${HELPERS}/scripts/run_code`, runCode(script([{ prim: 'FAILWITH_TYPO' }])));
    expect(refused(a)).toBe(
      [
        'No case matched:',
        '  Unexpected array instead of object',
        '  Unexpected array instead of object',
        '  Unexpected array instead of object',
        '  At [2], no case matched:',
        '    Missing object field int',
        '    Missing object field string',
        '    Missing object field bytes',
        '    Unexpected object instead of array',
        '    At /args[0], no case matched:',
        '      Unexpected array instead of object',
        '      Unexpected array instead of object',
        '      Unexpected array instead of object',
        '      At [0], no case matched:',
        '        Missing object field int',
        '        Missing object field string',
        '        Missing object field bytes',
        '        Unexpected object instead of array',
        `        At /prim, ${unknownPrimitive('FAILWITH_TYPO')}`,
        '      Unexpected array instead of object',
        '  Unexpected array instead of object',
      ].join('\n'),
    );
  });

  test('an unknown primitive in an origination: refused before simulation (was a BigInt crash) and forging (was garbage)', async () => {
    const code = script([{ prim: 'FAILWITH_TYPO' }]);
    const operation = { branch: head, contents: [origination(code)], signature: SIGNATURE };
    for (const [route, body] of [
      [`${HELPERS}/scripts/simulate_operation`, { operation, chain_id: devnet.chain.chainId }],
      [`${HELPERS}/forge/operations`, { branch: head, contents: [origination(code)] }],
    ] as const) {
      const text = refused(await post(route, body));
      expect(text, route).toMatch(/^At \/(operation\/)?contents\[0\]\/script\/code, no case matched:\n {2}/);
      expect(text, route).toContain(`At /prim, ${unknownPrimitive('FAILWITH_TYPO')}`);
    }
  });

  test('bad hex: ocaml-hex`s error, unwrapped by data-encoding', async () => {
    const hexRefusal = (error: string) =>
      [
        'No case matched:',
        '  Missing object field int',
        '  Missing object field string',
        '  At /bytes:',
        `    Unhandled error Invalid_argument("${error}")`,
        '  Unexpected object instead of array',
        '  Missing object field prim',
      ].join('\n');
    const pack = (bytes: string) => post(`${HELPERS}/scripts/pack_data`, { data: { bytes }, type: { prim: 'bytes' } });
    expect(refused(await pack('0xZZ'))).toBe(hexRefusal('Hex.to_char: 120 is an invalid char'));
    expect(refused(await pack('abc'))).toBe(
      hexRefusal('Hex conversion: Hex string cannot have an odd number of characters.'),
    );
  });

  test('a malformed annotation: Micheline_parser.check_annot`s guard, or Bounded.string 255', async () => {
    const annotated = (annots: string[]) =>
      post(`${HELPERS}/scripts/run_code`, runCode(script([{ prim: 'CDR', annots }, ...KEEP_STORAGE.slice(1)])));
    for (const annot of ['x', '@x y', '', '@é'])
      expect(refused(await annotated([annot])), annot).toContain(
        'Unhandled error Data_encoding__Binary_error_types.Invariant_guard("Malformed annotation")',
      );
    expect(refused(await annotated([`@${'a'.repeat(255)}`]))).toContain(
      'At /annots[0]:\n          Unhandled error Invalid_argument("oversized string")',
    );
  });

  test('a well-formed annotation where none may be: Octez`s unexpected_annotation under the toplevel error', async () => {
    const code = runCode(
      script([{ prim: 'CDR' }, { prim: 'UNIT' }, { prim: 'DROP', annots: ['@x'] }, ...KEEP_STORAGE.slice(1)]),
    );
    const a = await post(`${HELPERS}/scripts/run_code`, code);
    expect(a.status).toBe(500);
    expect(JSON.parse(a.text)).toContainEqual({
      kind: 'permanent',
      id: `${PROTO}michelson_v1.unexpected_annotation`,
      location: 9,
    });
    // In data (parse_data's error_unexpected_annot).
    const data = await post(
      `${HELPERS}/scripts/run_code`,
      runCode(script(KEEP_STORAGE), { prim: 'Unit', annots: ['@a'] }),
    );
    expect(ids(data)).toContain('michelson_v1.unexpected_annotation');
  });
});

describe('Micheline Octez reads that the devnet refused', () => {
  const packed = async (data: unknown, type: unknown): Promise<string> => {
    const a = await post(`${HELPERS}/scripts/pack_data`, { data, type });
    expect(a.status, a.text.slice(0, 200)).toBe(200);
    return (JSON.parse(a.text) as { packed: string }).packed;
  };
  const int: MichelsonType = { prim: 'int' };

  test('ints in Zarith`s syntax (Z.of_string): hex, octal, binary, underscores, a plus sign, nothing at all', async () => {
    const literals: [literal: string, value: string][] = [
      ['0x1f', '31'],
      ['-0X1F', '-31'],
      ['0o17', '15'],
      ['0b101', '5'],
      ['1_000', '1000'],
      ['+5', '5'],
      ['-+5', '-5'],
      ['', '0'],
      ['-', '0'],
      ['007', '7'],
    ];
    for (const [literal, value] of literals)
      expect(await packed({ int: literal }, int), literal).toBe(packDataBytes({ int: value }, int).bytes);
    expect((await post(`${HELPERS}/scripts/pack_data`, { data: { int: '_1' }, type: int })).text).toContain(
      'Unhandled error Invalid_argument("Z.of_substring_base: invalid digit")',
    );
  });

  test('`{}` is the empty sequence, a string may come as its bytes, hex in capitals', async () => {
    const list: MichelsonType = { prim: 'list', args: [int] };
    expect(await packed({}, list)).toBe(packDataBytes([], list).bytes);
    expect(await packed({ string: { invalid_utf8_string: [104, 105] } }, { prim: 'string' })).toBe(
      packDataBytes({ string: 'hi' }, { prim: 'string' }).bytes,
    );
    expect(await packed({ bytes: 'CAFE' }, { prim: 'bytes' })).toBe('050a00000002cafe');
  });
});

describe('around the bodies', () => {
  test('a path argument with a bad escape is read as resto reads it (ocaml-uri keeps the %): 400, not a 500', async () => {
    const r = await fetch(`${devnet.rpcUrl}/chains/main/blocks/%E0%A4%A/header`);
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('is not acceptable for type "block_id"');
  });

  test('preapply`s signature is Signature.encoding`s b58: another is a body Octez cannot parse (was a 500)', async () => {
    const op = { protocol: PROTOCOL, branch: head, contents: [origination(script(KEEP_STORAGE))], signature: 'edsig' };
    const a = await post(`${HELPERS}/preapply/operations`, [op]);
    expect([a.status, a.type, a.text]).toEqual([
      400,
      'text/plain',
      'Failed to parse the request body: At /0/signature, invalid signature "edsig"',
    ]);
  });

  test('ticket_balance takes Octez`s body (unparsed_token_encoding): a wrong one is a body Octez cannot parse', async () => {
    const a = await post(`/chains/main/blocks/head/context/contracts/${devnet.accounts[0]!.address}/ticket_balance`, {
      ticketer: 1,
    });
    expect([a.status, a.type]).toEqual([400, 'text/plain']);
  });
});
