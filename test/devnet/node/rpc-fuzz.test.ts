/**
 * Every route of the devnet — the node's RPC and the TzKT API under /tzkt — fed random and adversarial input with
 * fast-check over real HTTP (one keep-alive connection): JSON of every shape (deep nesting, huge numbers, wrong types,
 * NUL, lone surrogates, strings of megabytes within the body limit), Micheline (unknown primitives, bad hex, ints and
 * annotations, nesting around and far past the limits), hex and binary bodies, path arguments, query strings and
 * methods. No input may crash the node or get a 5xx Octez would not give: a 500 must be a protocol error array as
 * Octez answers a failed helper with (never the devnet's own `node.internal_error`, TzKT never 500). After each batch
 * the node still answers a block header.
 *
 * The node runs as `npm run devnet` does, in a process of its own: a crash then fails a request instead of ending the
 * test runner, and an input that holds the node's thread fails at the request's timeout instead of freezing the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { LocalForger, ProtocolsHash } from '@taquito/local-forging';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PRIMITIVES } from '../../../devnet/michelson/primitives';
import { PROTOCOL } from '../../../devnet/node';
import { MAX_MICHELINE_DEPTH } from '../../../devnet/node/micheline-limits';
import { MAX_BODY_BYTES } from '../../../devnet/node/rpc';
import { ROOT } from '../../scripts/run-script';
import { PROTO, signedToolkit } from './taquito-clients';

const CONTRACT = `
parameter (or (pair %get unit (contract nat)) (nat %set));
storage (pair nat (big_map nat nat));
code { UNPAIR;
       IF_LEFT { CDR; PUSH mutez 0; DUP 3; CAR; TRANSFER_TOKENS; NIL operation; SWAP; CONS; PAIR }
               { SWAP; CDR; SWAP; PAIR; NIL operation; PAIR } };
view "get" unit nat { CDR; CAR };`;

const SCRIPT = [
  { prim: 'parameter', args: [{ prim: 'nat' }] },
  { prim: 'storage', args: [{ prim: 'nat' }] },
  { prim: 'code', args: [[{ prim: 'CAR' }, { prim: 'NIL', args: [{ prim: 'operation' }] }, { prim: 'PAIR' }]] },
];

/** The node's process, and what it printed on stderr (shown when a request finds it gone). */
let node: ChildProcess;
let nodeErrors = '';
let rpcUrl = '';
/** The bootstrap accounts' addresses, as the node listed them. */
let addresses: string[] = [];
let agent: Agent;
let port: number;
let kt = '';
let head = '';
/** Templates of valid bodies, by route; each input replaces a part of one, or is something else altogether. */
let bodies: Record<string, unknown> = {};
let signedOp = '';
let inputs = 0;
/** How many inputs got each status, to show how far they reached. */
const statuses = new Map<number, number>();

interface Answer {
  readonly status: number;
  readonly type: string | undefined;
  readonly text: string;
}

/** Past this, a request holds the node's thread: a failure, not a wait. */
const ANSWER_WITHIN = 20_000;

function send(method: string, path: string, body?: string | Uint8Array, type = 'application/json'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { 'content-type': type, 'content-length': Buffer.byteLength(body) };
    const r = request({ host: '127.0.0.1', port, method, path, agent, headers, timeout: ANSWER_WITHIN }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, type: res.headers['content-type'], text: Buffer.concat(chunks).toString() }),
      );
    });
    r.on('timeout', () => r.destroy(new Error(`no answer in ${ANSWER_WITHIN} ms`)));
    r.on('error', (e) => reject(new Error(`${e.message}; the node's stderr: ${nodeErrors.slice(-2000)}`)));
    r.end(body);
  });
}

/** What is wrong with an answer, or undefined: a 5xx other than a protocol error array Octez too answers 500 with. */
function problem(a: Answer): string | undefined {
  if (a.status < 500) return undefined;
  if (a.status === 500 && a.type === 'application/json') {
    const errors = JSON.parse(a.text) as { id?: unknown }[];
    const octez = (e: { id?: unknown }) =>
      typeof e.id === 'string' && e.id.startsWith(PROTO) && !e.id.endsWith('.node.internal_error');
    if (Array.isArray(errors) && errors.length > 0 && errors.every(octez)) return undefined;
  }
  return `${a.status} ${a.text.slice(0, 500)}`;
}

async function check(method: string, path: string, body?: string | Uint8Array, type?: string): Promise<void> {
  inputs++;
  const a = await send(method, path, body, type);
  statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  expect(problem(a), `${method} ${path} ${typeof body === 'string' ? body.slice(0, 300) : ''}`).toBeUndefined();
}

/** The node still answers, after a batch. */
async function alive(): Promise<void> {
  expect((await send('GET', '/chains/main/blocks/head/header')).status).toBe(200);
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

const nasty = fc.constantFrom(
  '',
  '\u0000',
  '\ud800',
  '\udfff',
  'a\u0000b',
  '\uffff',
  '🦊',
  '%',
  '%zz',
  '..',
  '\\',
  '"',
  'null',
  '0x',
  '-0',
  '1e400',
  ' ',
  '\n',
  'head',
  'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi',
  'tz1Ke2h7sDdakHJQh8WX4Z372du1KChsksyU',
  'expruat2BS4KCwn9kbopeX1ZwxtrtJbyFhpnpnG6A5KdCBCwHNsdod',
);
const digits = fc.integer({ min: 1, max: 3000 }).map((n) => '9'.repeat(n));
const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), nasty, digits);
const scalar = fc.oneof(
  text,
  fc.constantFrom(1e308, -1e308, 5e-324, 2 ** 53 + 2, -0, 0.5, 2 ** 31, -(2 ** 63)),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
const KEYS = ['prim', 'args', 'annots', 'int', 'string', 'bytes', 'kind', 'script', 'code', 'storage', 'value'];
const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 4, depthSize: 'small' },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(text, fc.constantFrom(...KEYS)), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const annot = fc.oneof(
  fc.constantFrom('%a', '@x', ':t', '@', '%', '@@x', 'x', '', `%${'a'.repeat(300)}`, '@a b', '%@', '@%%', '$x', '!'),
  text,
);
const intLiteral = fc.oneof(
  fc.bigInt().map(String),
  fc.constantFrom('0x1f', '-0x', '+5', '1_000', '', '_1', '0b102', '-', '1e5', ' 1', '٣', '-+7', '0X_1'),
  digits,
);
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const bytesLiteral = fc.oneof(
  fc.uint8Array({ maxLength: 16 }).map(hex),
  fc.constantFrom('0xZZ', 'abc', 'ZZ', 'AbCd', ' ', 'zx'),
  text,
);
const primName = fc.oneof(fc.constantFrom(...PRIMITIVES), fc.constantFrom('FAILWITH_TYPO', 'Unit ', 'unitt'), text);
const micheline: fc.Arbitrary<unknown> = fc.letrec<{ expr: unknown }>((tie) => ({
  expr: fc.oneof(
    { maxDepth: 5, depthSize: 'small' },
    intLiteral.map((int) => ({ int })),
    text.map((string) => ({ string })),
    bytesLiteral.map((bytes) => ({ bytes })),
    fc.record(
      { prim: primName, args: fc.array(tie('expr'), { maxLength: 3 }), annots: fc.array(annot, { maxLength: 2 }) },
      { requiredKeys: ['prim'] },
    ),
    fc.array(tie('expr'), { maxLength: 4 }),
    json,
  ),
})).expr;

/** JSON text of a Micheline chain `depth` deep, as text: JSON.stringify would itself overflow past a few thousand. */
const deepText = fc
  .record({
    depth: fc.oneof(
      fc.integer({ min: MAX_MICHELINE_DEPTH - 3, max: MAX_MICHELINE_DEPTH + 3 }),
      fc.integer({ min: 1, max: 20_000 }),
    ),
    shape: fc.constantFrom('Some', 'seq', 'lambda', 'junk'),
  })
  .map(({ depth, shape }) => {
    const [open, leaf, close] = {
      Some: ['{"prim":"Some","args":[', '{"prim":"Unit"}', ']}'],
      seq: ['[', '', ']'],
      lambda: ['[{"prim":"PUSH","args":[{"prim":"lambda","args":[{"prim":"unit"},{"prim":"unit"}]},', '[]', ']}]'],
      junk: ['{"x":[', '1', ']}'],
    }[shape];
    return open!.repeat(depth) + leaf + close!.repeat(depth);
  });

/** JSON text: a value, or text that is no JSON at all. */
const anyText = fc.oneof(
  text.map((t) => JSON.stringify(t)),
  json.map((v) => JSON.stringify(v) ?? 'null'),
  micheline.map((v) => JSON.stringify(v)),
  deepText,
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom('{', '[', '"\\ud800"', '{"a":1,"a":2}', '1e99999', '-', '{"":{"":{}}}', '\u0000', ''),
);

/** `s` percent-encoded byte by byte (encodeURIComponent throws on a lone surrogate). */
const percentEncoded = (s: string): string =>
  [...Buffer.from(s)]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');

const HOLE = '\u0001HOLE\u0001';

/** Every path to a value inside `v` (the root too). */
function paths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  const inner =
    typeof v === 'object' && v !== null
      ? Object.entries(v).flatMap(([k, x]) => paths(x, [...at, Array.isArray(v) ? Number(k) : k]))
      : [];
  return [at, ...inner];
}

/** `template` with the value at `path` replaced by the JSON text `replacement`. */
function filled(template: unknown, path: (string | number)[], replacement: string): string {
  if (path.length === 0) return replacement;
  const copy = structuredClone(template) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[path.at(-1)!] = HOLE;
  return JSON.stringify(copy).replace(JSON.stringify(HOLE), () => replacement);
}

/** A body for a route whose valid body is `template`: a part of it replaced, or something else. */
const bodyFor = (template: unknown): fc.Arbitrary<string> =>
  fc
    .oneof(
      { arbitrary: fc.tuple(fc.constantFrom(...paths(template)), anyText), weight: 4 },
      { arbitrary: anyText.map((t) => [[], t] as const), weight: 1 },
    )
    .map(([path, t]) => filled(template, [...path], t));

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  node = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/devnet.ts', '--port', '0', '--ephemeral', '--accounts', '3'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  node.stderr!.on('data', (c: Buffer) => (nodeErrors += c.toString()));
  // `devnet ready rpc=<url> …`, then an account a line: alias, address, public key, secret key.
  const lines = createInterface({ input: node.stdout! });
  const accounts: string[][] = [];
  for await (const line of lines) {
    const ready = /^devnet ready rpc=(\S+)/.exec(line);
    if (ready) rpcUrl = ready[1]!;
    else if (rpcUrl !== '') accounts.push(line.split(' '));
    if (accounts.length === 3) break;
  }
  if (accounts.length < 3) throw new Error(`the devnet did not start: ${nodeErrors}`);
  addresses = accounts.map((a) => a[1]!);
  port = Number(new URL(rpcUrl).port);
  agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const tz = signedToolkit(rpcUrl, accounts[0]![3]!);
  const op = await tz.contract.originate({
    code: CONTRACT,
    init: { prim: 'Pair', args: [{ int: '7' }, [{ prim: 'Elt', args: [{ int: '1' }, { int: '2' }] }]] },
  });
  await op.confirmation();
  kt = op.contractAddress!;
  head = (JSON.parse((await send('GET', '/chains/main/blocks/head/header')).text) as { hash: string }).hash;
  const chain_id = JSON.parse((await send('GET', '/chains/main/chain_id')).text) as string;
  const source = addresses[1]!;
  const manager = { source, fee: '1000', counter: '1', gas_limit: '10000', storage_limit: '1000' };
  const transaction = {
    kind: 'transaction',
    ...manager,
    amount: '0',
    destination: kt,
    parameters: { entrypoint: 'set', value: { int: '5' } },
  };
  const origination = {
    kind: 'origination',
    ...manager,
    balance: '0',
    script: { code: SCRIPT, storage: { int: '0' } },
  };
  const signature = 'sigUHx32f9wesZ1n2BWpixXz4AQaZggEtchaQNHYGRCoWNAXx45WGW2ua3apUUUAGMLPwAU41QoaFCzVSL61VaessLg4YbbP';
  const operation = { branch: head, contents: [transaction, origination], signature };
  const forged = await new LocalForger(ProtocolsHash.PsUshuai9).forge({
    branch: head,
    contents: [transaction],
  } as never);
  signedOp = forged + '00'.repeat(64);
  bodies = {
    'helpers/scripts/pack_data': { data: { int: '1' }, type: { prim: 'int' } },
    'helpers/scripts/run_code': { script: SCRIPT, storage: { int: '0' }, input: { int: '1' }, amount: '0', chain_id },
    'helpers/scripts/run_view': {
      contract: kt,
      entrypoint: 'get',
      input: { prim: 'Unit' },
      chain_id,
      unparsing_mode: 'Readable',
    },
    'helpers/scripts/run_script_view': {
      contract: kt,
      view: 'get',
      input: { prim: 'Unit' },
      chain_id,
      unparsing_mode: 'Readable',
    },
    'helpers/scripts/simulate_operation': { operation, chain_id },
    'helpers/scripts/run_operation': { operation, chain_id },
    'helpers/forge/operations': { branch: head, contents: [transaction, origination] },
    'helpers/preapply/operations': [{ protocol: PROTOCOL, ...operation }],
    [`context/contracts/${kt}/ticket_balance`]: { ticketer: kt, content_type: { prim: 'nat' }, content: { int: '1' } },
    [`context/contracts/${kt}/script/normalized`]: { unparsing_mode: 'Optimized' },
    [`context/contracts/${kt}/storage/normalized`]: { unparsing_mode: 'Readable' },
  };
}, 120_000);

afterAll(async () => {
  agent?.destroy();
  if (node.exitCode === null) await new Promise((resolve) => node.once('exit', resolve).kill());
  // The fuzz's size and reach, for whoever reads the run.
  console.log(`rpc-fuzz: ${inputs} inputs, by status: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
});

describe('every POST route, over HTTP', () => {
  test.each([
    ['helpers/scripts/pack_data', 600],
    ['helpers/scripts/run_code', 600],
    ['helpers/scripts/run_view', 500],
    ['helpers/scripts/run_script_view', 500],
    ['helpers/scripts/simulate_operation', 600],
    ['helpers/scripts/run_operation', 400],
    ['helpers/forge/operations', 600],
    ['helpers/preapply/operations', 500],
    ['ticket_balance', 500],
    ['script/normalized', 200],
    ['storage/normalized', 200],
  ])('%s: %i inputs', async (route, numRuns) => {
    const key = Object.keys(bodies).find((k) => k.endsWith(route))!;
    await fc.assert(
      fc.asyncProperty(bodyFor(bodies[key]), (body) => check('POST', `/chains/main/blocks/head/${key}`, body)),
      { numRuns },
    );
    await alive();
  });

  test('injection: hex strings, forged operations mutated, and no hex at all', async () => {
    const mutated = fc
      .tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('flip', 'cut', 'grow'))
      .map(([at, byte, how]) => {
        const b = Buffer.from(signedOp, 'hex');
        const i = at % b.length;
        if (how === 'cut') return b.subarray(0, i).toString('hex');
        if (how === 'grow') return Buffer.concat([b, Buffer.from([byte])]).toString('hex');
        b[i] = byte;
        return b.toString('hex');
      });
    const hexString = fc.oneof(mutated, fc.uint8Array({ maxLength: 400 }).map(hex), text);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hexString.map((h) => JSON.stringify(h)),
          anyText,
        ),
        (body) => check('POST', '/injection/operation', body),
      ),
      { numRuns: 600 },
    );
    await alive();
  });

  test('binary bodies, and bodies of megabytes up to the limit and past it', async () => {
    const routes = [...Object.keys(bodies).map((k) => `/chains/main/blocks/head/${k}`), '/injection/operation'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.uint8Array({ maxLength: 2000 }),
        fc.constantFrom('application/octet-stream', 'application/json', 'text/plain'),
        (route, bytes, type) => check('POST', route, bytes, type),
      ),
      { numRuns: 300 },
    );
    const huge = fc.record({
      route: fc.constantFrom(...routes),
      size: fc.integer({ min: 1_000_000, max: MAX_BODY_BYTES + 100 }),
      as: fc.constantFrom('string', 'micheline', 'digits'),
    });
    await fc.assert(
      fc.asyncProperty(huge, async ({ route, size, as }) => {
        const fill = (n: number) => (as === 'digits' ? '7' : 'a').repeat(n);
        const body =
          as === 'micheline'
            ? filled(bodies['helpers/scripts/pack_data'], ['data'], `{"string":"${fill(size)}"}`)
            : as === 'digits'
              ? filled(bodies['helpers/scripts/pack_data'], ['data'], `{"int":"${fill(size)}"}`)
              : JSON.stringify(fill(size));
        await check('POST', route, body);
      }),
      { numRuns: 12 },
    );
    await alive();
  });
});

describe('every GET route, over HTTP', () => {
  /** A path argument: a real one, or text percent-encoded properly or not. */
  const arg = fc.oneof(
    fc.constantFrom('head', 'genesis', 'head~1', 'head-1', '0', '1', '2', '99999999999999999999', 'checkpoint'),
    fc.constant(null).map(() => kt),
    fc.constant(null).map(() => head),
    fc.constant(null).map(() => addresses[0]!),
    text.map(percentEncoded),
    fc.string({ unit: 'binary-ascii', maxLength: 12 }).map((s) => s.replace(/[^!-~]|[/?#]/g, '%')),
  );
  const blockRoutes = [
    '',
    'header',
    'hash',
    'protocols',
    'metadata',
    'operations',
    'operation_hashes',
    'live_blocks',
    'context/constants',
    'votes/current_period',
    'votes/successor_period',
    'votes/listings',
    'votes/total_voting_power',
    'votes/current_quorum',
    'votes/proposal_count/{}',
    'votes/{}',
    'context/delegates',
    'context/delegates/{}',
    'context/delegates/{}/voting_info',
    'context/delegates/{}/full_balance',
    'context/delegates/{}/frozen_deposits',
    'context/delegates/{}/staking_balance',
    'context/delegates/{}/{}',
    'context/contracts/{}',
    'context/contracts/{}/{}',
    'context/contracts/{}/balance',
    'context/contracts/{}/counter',
    'context/contracts/{}/manager_key',
    'context/contracts/{}/delegate',
    'context/contracts/{}/script',
    'context/contracts/{}/storage',
    'context/contracts/{}/entrypoints',
    'context/contracts/{}/all_ticket_balances',
    'context/contracts/{}/frozen_bonds',
    'context/contracts/{}/storage/used_space',
    'context/big_maps/{}/{}',
    'context/global_constants/{}',
    'context/global_constants/{}/expanded',
    '{}',
    '{}/{}',
  ];
  const query = fc
    .array(
      fc.tuple(
        fc.constantFrom('active', 'inactive', 'with_minimal_stake', 'unparsing_mode', 'normalize_types', 'x'),
        text,
      ),
      {
        maxLength: 3,
      },
    )
    .map((q) => (q.length === 0 ? '' : `?${q.map(([k, v]) => `${k}=${percentEncoded(v)}`).join('&')}`));

  test('the node: block ids, contracts, delegates, big maps, votes, with arguments and queries', async () => {
    const path = fc
      .tuple(arg, fc.constantFrom(...blockRoutes), fc.array(arg, { minLength: 2, maxLength: 2 }), query)
      .map(([block, route, [a, b], q]) => {
        const sub = route.replace('{}', a!).replace('{}', b!);
        return `/chains/main/blocks/${block}${sub === '' ? '' : `/${sub}`}${q}`;
      });
    const top = fc.constantFrom(
      '/version',
      '/chains/main/chain_id',
      '/chains/main/blocks',
      '/chains/main/protocols',
      '/chains/main/mempool/filter',
      '/chains/main/mempool/pending_operations',
      '/devnet/accounts',
      '/',
    );
    const protocols = arg.map((p) => `/chains/main/protocols/${p}`);
    await fc.assert(
      fc.asyncProperty(fc.oneof({ arbitrary: path, weight: 8 }, top, protocols), (p) => check('GET', p)),
      { numRuns: 2500 },
    );
    await alive();
  });

  test('TzKT: its routes with arguments and queries', async () => {
    const routes = [
      'head',
      'accounts/{}',
      'contracts/{}',
      'contracts/{}/storage',
      'contracts/{}/bigmaps/{}/keys',
      'bigmaps/{}/keys',
      'tokens',
      'tokens/count',
      'tokens/balances',
      'tokens/balances/count',
      'tokens/transfers',
      'tokens/transfers/count',
      'operations/transactions',
      'operations/transactions/count',
      'operations/originations',
      'operations/{}',
      'blocks/{}',
      '{}',
    ];
    const keys = [
      'level',
      'path',
      'micheline',
      'limit',
      'offset',
      'offset.cr',
      'sort',
      'sort.desc',
      'select',
      'select.values',
      'id.gt',
      'sender',
      'target',
      'entrypoint',
      'parameter.x',
      'operations',
      'token.contract',
      'token.tokenId',
      'account',
      'balance.gt',
      'level.in',
      'timestamp.ge',
      'status',
      'key.eq',
      'value.in',
      'active',
      'x.y.z',
    ];
    const tzktQuery = fc
      .array(
        fc.tuple(fc.constantFrom(...keys), fc.oneof(text, fc.constantFrom('1,2', '-1', 'null', 'true', '2024-01-01'))),
        {
          maxLength: 4,
        },
      )
      .map((q) => (q.length === 0 ? '' : `?${q.map(([k, v]) => `${k}=${percentEncoded(v)}`).join('&')}`));
    const path = fc
      .tuple(fc.constantFrom(...routes), fc.array(arg, { minLength: 2, maxLength: 2 }), tzktQuery)
      .map(([route, [a, b], q]) => `/tzkt/v1/${route.replace('{}', a!).replace('{}', b!)}${q}`);
    await fc.assert(
      fc.asyncProperty(path, (p) => check('GET', p)),
      { numRuns: 2000 },
    );
    await fc.assert(
      fc.asyncProperty(anyText, tzktQuery, (body, q) => check('POST', `/tzkt/v1/ws/negotiate${q}`, body)),
      { numRuns: 100 },
    );
    await alive();
  });

  test('other methods on every route', async () => {
    const routes = [
      ...Object.keys(bodies).map((k) => `/chains/main/blocks/head/${k}`),
      ...blockRoutes.map((r) => `/chains/main/blocks/head/${r.replaceAll('{}', kt)}`),
      '/injection/operation',
      '/tzkt/v1/head',
      '/version',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'GET', 'POST'),
        fc.constantFrom(...routes),
        anyText,
        (method, route, body) => check(method, route, method === 'GET' || method === 'HEAD' ? undefined : body),
      ),
      { numRuns: 400 },
    );
    await alive();
  });
});

test('the fuzz ran at least 10,000 inputs', () => {
  expect(inputs).toBeGreaterThanOrEqual(10_000);
});
