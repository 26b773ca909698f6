/**
 * How deep and how large a Micheline expression a request may carry, checked by a walk without recursion before
 * anything else reads the expression: the JSON reader's conversions, the VM's typechecker, interpreter and printers,
 * the packer and forger, JSON.stringify of an answer or of the saved chain.
 *
 * The size is Octez's: an expression may hold at most 50,000 nodes and 50,000 bytes of literals (strings, bytes and
 * ints, Script_repr.Micheline_size), the figures Octez holds an expression to once its global constants are expanded
 * (Constants_repr.max_micheline_node_count and max_micheline_bytes_limit, error `Expression_too_large`). No operation
 * comes near (32 KB at most); only the run helpers could, and past it michel-codec's packer overflows the stack on long
 * strings and takes quadratic time on long ints.
 *
 * The depth cannot be Octez's, which stops typechecking and unparsing at 10,000 nested calls (script_ir_translator.ml,
 * `Typechecking_too_many_recursive_calls`): the devnet runs on Node's stack (~1 MB), and its deepest-recursing path, a
 * lambda pushed inside a lambda, runs out of it at a depth of about 650 (michel-codec's typechecker takes ~1.5 KB a
 * level). Half of that leaves room for the frames below a run (internal operations, views); contracts nest a few dozen
 * levels (contracts/build/fa2-editions.json: 25).
 */
import { intBytes } from '../michelson/gas';
import { NodeError, tezosError } from './errors';
import { zarithParts } from './micheline-json';

export const MAX_MICHELINE_DEPTH = 300;
export const MAX_MICHELINE_NODES = 50_000;
export const MAX_MICHELINE_BYTES = 50_000;

const BITS_PER_DIGIT = { 2: 1, 8: 3, 16: 4 } as const;

/** Micheline_size's bytes of an int literal (`(numbits + 7) / 8`), Infinity past any limit; 0 for no int at all. */
function zBytes(literal: string): number {
  const parts = zarithParts(literal);
  if (parts === null || parts.digits === '') return 0;
  const { base, digits } = parts;
  if (base === 10)
    // 150,000 digits are more than 62 KB: no need to convert them to know.
    return digits.length > 150_000 ? Infinity : intBytes(BigInt(digits));
  const first = parseInt(digits[0]!, base);
  return ((digits.length - 1) * BITS_PER_DIGIT[base] + (32 - Math.clz32(first)) + 7) >>> 3;
}

/** Micheline_size's bytes of a string (its UTF-8), or of one given as `{"invalid_utf8_string": [bytes…]}`. */
function stringBytes(v: unknown): number {
  if (typeof v === 'string') return Buffer.byteLength(v);
  const bytes = (v as { invalid_utf8_string?: unknown } | null)?.invalid_utf8_string;
  return Array.isArray(bytes) ? bytes.length : 0;
}

/**
 * The refusal of an expression nesting deeper than MAX_MICHELINE_DEPTH (counted as Global_constants_storage's
 * `check_depth` counts: a leaf is 1 deep), or larger than Octez's sizes (annotations counting as strings, as in
 * Script_repr.Micheline_size), or undefined. Only what a Micheline reader walks into is walked: sequences and `args`.
 */
export function michelineLimitError(v: unknown): NodeError | undefined {
  let nodes = 0;
  let bytes = 0;
  const todo: [unknown, number][] = [[v, 1]];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [node, depth] = next;
    // Octez's error for an expression too deep to typecheck, with 400 as for a body refused before it is used.
    if (depth > MAX_MICHELINE_DEPTH)
      return new NodeError([tezosError('temporary', 'michelson_v1.typechecking_too_many_recursive_calls')], 400);
    nodes++;
    if (Array.isArray(node)) {
      for (const c of node) todo.push([c, depth + 1]);
    } else if (typeof node === 'object' && node !== null) {
      const n = node as { int?: unknown; string?: unknown; bytes?: unknown; args?: unknown; annots?: unknown };
      if (typeof n.int === 'string') bytes += zBytes(n.int);
      bytes += stringBytes(n.string) + (typeof n.bytes === 'string' ? n.bytes.length >>> 1 : 0);
      if (Array.isArray(n.annots))
        for (const a of n.annots as unknown[]) {
          nodes++;
          bytes += stringBytes(a);
        }
      if (Array.isArray(n.args)) for (const c of n.args as unknown[]) todo.push([c, depth + 1]);
    }
    if (nodes > MAX_MICHELINE_NODES || bytes > MAX_MICHELINE_BYTES)
      return new NodeError([tezosError('branch', 'Expression_too_large')], 400);
  }
  return undefined;
}

/** An injected operation's expressions (parsed from its bytes), held to the same limits as a JSON body's. */
export function checkContentsLimits(contents: readonly Record<string, unknown>[]): void {
  for (const c of contents) {
    const script = c.script as { code?: unknown; storage?: unknown } | undefined;
    const parameters = c.parameters as { value?: unknown } | undefined;
    for (const e of [script?.code, script?.storage, parameters?.value]) {
      const error = e === undefined ? undefined : michelineLimitError(e);
      if (error) throw error;
    }
  }
}
