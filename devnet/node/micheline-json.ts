/**
 * Micheline in JSON read as Octez reads a request body: micheline_encoding.ml's `canonical_encoding` (a union of an
 * int, a string, a bytes, a sequence and a primitive case) through data-encoding's JSON destructor (json.ml,
 * json_encoding.ml). A value it refuses gets the error Octez prints for it (`print_error`, which media_type.ml puts
 * after resto's `Failed to parse the request body: `); a value it reads otherwise than the devnet's code would is
 * rewritten as Octez reads it: `{}` is the empty sequence, an int takes Zarith's syntax (`0x1f`, `1_000`, `+5`, ``),
 * a string may come as `{"invalid_utf8_string": [bytes…]}`, hex bytes are read case-insensitively.
 *
 * The walk keeps its own stack, so however deep a value nests it cannot overflow; only printing a refusal recurses, as
 * deep as the value, which the callers have held to MAX_MICHELINE_DEPTH (micheline-limits.ts) before.
 */
import type { Expr } from '../michelson/micheline';

/** One step of a path inside a JSON value: an object field or an array index. */
type Step = string | number;

/** The exceptions data-encoding's destructor raises (json_encoding.ml), as print_error distinguishes them. */
export type Refusal =
  | { readonly kind: 'unexpected'; readonly got: string; readonly expected: string }
  | { readonly kind: 'missing'; readonly field: string }
  | { readonly kind: 'extra'; readonly field: string }
  | { readonly kind: 'no_case'; readonly cases: readonly Refusal[] }
  | { readonly kind: 'at'; readonly path: readonly Step[]; readonly inner: Refusal }
  /** Any other OCaml exception: print_error falls back to `Unhandled error <Printexc.to_string>`. */
  | { readonly kind: 'unhandled'; readonly exception: string };

/**
 * The primitives in the order Octez lists them when it refuses an unknown one: its string_enum's cases as they come out
 * of the OCaml Hashtbl they are kept in, the order the protocol's JSON schema shows them in
 * (docs/api/ushuaia-openapi.json, `025-PsUshuai.michelson.v1.primitives`).
 */
export const PRIMITIVES_AS_OCTEZ_LISTS_THEM: readonly string[] = [
  'SHA256', 'PUSH', 'GET_AND_UPDATE', 'RENAME', 'False', 'CAST', 'ISNAT', 'unit', 'PACK', 'EMIT', 'string',
  'chain_id', 'Pair', 'constant', 'IF_CONS', 'INDEX_ADDRESS', 'signature', 'storage', 'OR', 'chest', 'view',
  'UNPACK', 'ADD', 'DIP', 'lambda', 'MEM', 'BYTES', 'SENDER', 'ADDRESS', 'CDR', 'SAPLING_EMPTY_STATE', 'nat', 'LOOP',
  'GET_ADDRESS_INDEX', 'mutez', 'SHA512', 'CREATE_ACCOUNT', 'BLAKE2B', 'READ_TICKET', 'LE',
  'sapling_transaction_deprecated', 'bytes', 'timestamp', 'or', 'CHAIN_ID', 'ticket', 'SELF_ADDRESS', 'SOURCE',
  'IMPLICIT_ACCOUNT', 'contract', 'AMOUNT', 'CHECK_SIGNATURE', 'tx_rollup_l2_address', 'LSR', 'EQ', 'Elt',
  'OPEN_CHEST', 'NIL', 'CREATE_CONTRACT', 'LSL', 'TRANSFER_TOKENS', 'JOIN_TICKETS', 'SWAP', 'Some', 'parameter',
  'option', 'never', 'VIEW', 'None', 'SLICE', 'bool', 'ABS', 'key', 'DUG', 'key_hash', 'CAR', 'GET', 'HASH_KEY',
  'CONCAT', 'LEVEL', 'SAPLING_VERIFY_UPDATE', 'TOTAL_VOTING_POWER', 'Lambda_rec', 'SIZE', 'map', 'STEPS_TO_QUOTA',
  'IF_NONE', 'UNPAIR', 'CONS', 'Unit', 'CONTRACT', 'MUL', 'UPDATE', 'EXEC', 'PAIR', 'SPLIT_TICKET', 'RIGHT', 'int',
  'AND', 'NEG', 'big_map', 'BALANCE', 'SET_DELEGATE', 'NEVER', 'MIN_BLOCK_TIME', 'INT', 'bls12_381_fr', 'ITER',
  'True', 'Right', 'Ticket', 'GT', 'DIG', 'operation', 'SUB', 'EDIV', 'MAP', 'IF_LEFT', 'list', 'VOTING_POWER',
  'LAMBDA_REC', 'Left', 'bls12_381_g2', 'TICKET_DEPRECATED', 'bls12_381_g1', 'sapling_state', 'DUP', 'LEFT',
  'chest_key', 'pair', 'SHA3', 'LAMBDA', 'NOT', 'KECCAK', 'NOW', 'NAT', 'GE', 'set', 'address', 'NEQ', 'IF',
  'FAILWITH', 'NONE', 'SUB_MUTEZ', 'XOR', 'LOOP_LEFT', 'PAIRING_CHECK', 'DROP', 'EMPTY_BIG_MAP', 'UNIT',
  'sapling_transaction', 'TICKET', 'EMPTY_MAP', 'APPLY', 'LT', 'SOME', 'IS_IMPLICIT_ACCOUNT', 'COMPARE', 'EMPTY_SET',
  'SELF', 'code',
]; // prettier-ignore

const KNOWN = new Set(PRIMITIVES_AS_OCTEZ_LISTS_THEM);

const utf8 = new TextEncoder();

/** OCaml's `%S`: the string's UTF-8 bytes, quoted and escaped as String.escaped does. */
export function ocamlQuoted(s: string): string {
  let out = '"';
  for (const b of utf8.encode(s)) {
    if (b === 0x22) out += '\\"';
    else if (b === 0x5c) out += '\\\\';
    else if (b === 0x0a) out += '\\n';
    else if (b === 0x09) out += '\\t';
    else if (b === 0x0d) out += '\\r';
    else if (b === 0x08) out += '\\b';
    else if (b >= 0x20 && b <= 0x7e) out += String.fromCharCode(b);
    else out += `\\${String(b).padStart(3, '0')}`;
  }
  return `${out}"`;
}

/** string_enum's refusal lists the cases as `"a" , "b" , … or "z"`. */
const PRIMITIVE_CHOICES = `${PRIMITIVES_AS_OCTEZ_LISTS_THEM.slice(0, -1).map(ocamlQuoted).join(' , ')} or ${ocamlQuoted(
  PRIMITIVES_AS_OCTEZ_LISTS_THEM.at(-1)!,
)}`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How json_encoding.ml's `unexpected` names what it found. */
function kindOf(v: unknown): string {
  if (Array.isArray(v)) return v.length === 0 ? 'empty array' : 'array';
  if (v === null) return 'null';
  if (typeof v === 'object') return Object.keys(v).length === 0 ? 'empty object' : 'object';
  if (typeof v === 'number') return 'number';
  return typeof v === 'boolean' ? 'boolean' : 'string';
}

const unexpected = (v: unknown, expected: string): Refusal => ({ kind: 'unexpected', got: kindOf(v), expected });
const at = (path: readonly Step[], inner: Refusal): Refusal => ({ kind: 'at', path, inner });
const invalidArgument = (message: string): Refusal => ({
  kind: 'unhandled',
  exception: `Invalid_argument(${ocamlQuoted(message)})`,
});

/** The first field of `o` other than `known`, refused as destruct_obj refuses a field left over. */
function extraField(o: Record<string, unknown>, known: readonly string[]): Refusal | undefined {
  const field = Object.keys(o).find((k) => !known.includes(k));
  return field === undefined ? undefined : at([field], { kind: 'extra', field });
}

const DIGITS: Record<number, RegExp> = { 2: /^[01_]*$/, 8: /^[0-7_]*$/, 10: /^[0-9_]*$/, 16: /^[0-9a-fA-F_]*$/ };
const PREFIX: Record<string, 2 | 8 | 16> = { b: 2, o: 8, x: 16 };

/**
 * An int as Zarith's `Z.of_string` reads it (caml_z.c `ml_z_of_substring_base`, base 0): an optional `-` then `+`, an
 * optional `0x`/`0o`/`0b`, digits with `_` anywhere but first, none at all reading 0. Its sign, base and significant
 * digits (no `_`, no leading zero; '' for 0), or null where Zarith raises "invalid digit".
 */
export function zarithParts(s: string): { negative: boolean; base: 2 | 8 | 10 | 16; digits: string } | null {
  let d = 0;
  const negative = s[d] === '-';
  if (negative) d++;
  if (s[d] === '+') d++;
  const base = s[d] === '0' ? (PREFIX[s[d + 1]?.toLowerCase() ?? ''] ?? 10) : 10;
  if (base !== 10) d += 2;
  const digits = s.slice(d);
  if (digits.startsWith('_') || !DIGITS[base]!.test(digits)) return null;
  return { negative, base, digits: digits.replaceAll('_', '').replace(/^0+/, '') };
}

/** The decimal of an int Zarith reads, or null. */
export function zarithDecimal(s: string): string | null {
  const parts = zarithParts(s);
  if (parts === null) return null;
  const { negative, base, digits } = parts;
  if (digits === '') return '0';
  // Decimal digits need no BigInt (whose conversion of a megabyte of digits takes a second).
  const magnitude = base === 10 ? digits : BigInt(`0${{ 2: 'b', 8: 'o', 16: 'x' }[base]}${digits}`).toString();
  return negative ? `-${magnitude}` : magnitude;
}

/** The error `Hex.to_bytes` (ocaml-hex 1.5.0) raises for `s`, or null when `s` is hex. */
export function hexError(s: string): string | null {
  if (/^(?:[0-9a-fA-F]{2})*$/.test(s)) return null;
  const code = (ch: string): boolean => /^[0-9a-fA-F]$/.test(ch);
  for (let i = 0; i < s.length; i += 2) {
    if (i + 1 >= s.length) return 'Hex conversion: Hex string cannot have an odd number of characters.';
    // `code x lsl 4 + code y`: OCaml evaluates the right operand first.
    for (const ch of [s[i + 1]!, s[i]!])
      if (!code(ch)) return `Hex.to_char: ${ch.charCodeAt(0) & 0xff} is an invalid char`;
  }
  return null;
}

/** Micheline_parser.check_annot's token: a sigil, then letters, digits, `_`, `.`, `%`, `@`. */
const ANNOTATION = /^[@:$&%!?][_0-9a-zA-Z.%@]*$/;

/**
 * data-encoding's JSON string (json.ml `raw_string_encoding`): a JSON string, or `{"invalid_utf8_string": [bytes…]}`
 * for bytes that are no UTF-8. The string read (bytes as Latin-1 characters), or why not.
 */
function unistring(v: unknown): { readonly value: string } | { readonly refusal: Refusal } {
  if (typeof v === 'string') return { value: v };
  const asBytes = ((): { readonly value: string } | { readonly refusal: Refusal } => {
    if (!isObject(v)) return { refusal: unexpected(v, 'object') };
    const field = 'invalid_utf8_string';
    if (!(field in v)) return { refusal: { kind: 'missing', field } };
    // An empty object is read as an empty array (json_encoding.ml keeps `{}` for `[]`).
    const cells = isObject(v[field]) && Object.keys(v[field]).length === 0 ? [] : v[field];
    if (!Array.isArray(cells)) return { refusal: at([field], unexpected(cells, 'array')) };
    const bytes: number[] = [];
    for (const [i, b] of cells.entries()) {
      if (typeof b !== 'number') return { refusal: at([field, i], unexpected(b, 'number')) };
      if (!Number.isInteger(b))
        return {
          refusal: at([field, i], { kind: 'unhandled', exception: 'Failure("byte cannot have a fractional part")' }),
        };
      if (b < 0 || b > 255)
        return { refusal: at([field, i], { kind: 'unhandled', exception: 'Failure("byte out of range")' }) };
      bytes.push(b);
    }
    const extra = extraField(v, [field]);
    return extra ? { refusal: extra } : { value: Buffer.from(bytes).toString('latin1') };
  })();
  return 'value' in asBytes
    ? asBytes
    : { refusal: { kind: 'no_case', cases: [unexpected(v, 'string'), asBytes.refusal] } };
}

/** The int, string and bytes cases (`obj1 (req "int" z)`…) on `v`: the leaf read, or each case's refusal. */
function leafCases(v: unknown): { readonly leaf: Expr } | { readonly refusals: readonly [Refusal, Refusal, Refusal] } {
  if (!isObject(v)) return { refusals: [unexpected(v, 'object'), unexpected(v, 'object'), unexpected(v, 'object')] };
  const int = ((): Refusal | { readonly int: string } => {
    if (!('int' in v)) return { kind: 'missing', field: 'int' };
    if (typeof v.int !== 'string') return at(['int'], unexpected(v.int, 'string'));
    const n = zarithDecimal(v.int);
    // `z` converts with Z.of_string, whose Invalid_argument no one wraps: it comes without a path.
    if (n === null) return invalidArgument('Z.of_substring_base: invalid digit');
    return extraField(v, ['int']) ?? { int: n };
  })();
  if ('int' in int) return { leaf: int };
  const string = ((): Refusal | { readonly string: string } => {
    if (!('string' in v)) return { kind: 'missing', field: 'string' };
    const s = unistring(v.string);
    if ('refusal' in s) return at(['string'], s.refusal);
    return extraField(v, ['string']) ?? { string: s.value };
  })();
  if ('string' in string) return { leaf: string };
  const bytes = ((): Refusal | { readonly bytes: string } => {
    if (!('bytes' in v)) return { kind: 'missing', field: 'bytes' };
    if (typeof v.bytes !== 'string') return at(['bytes'], unexpected(v.bytes, 'string'));
    const error = hexError(v.bytes);
    if (error !== null) return at(['bytes'], invalidArgument(error));
    return extraField(v, ['bytes']) ?? { bytes: v.bytes.toLowerCase() };
  })();
  if ('bytes' in bytes) return { leaf: bytes };
  return { refusals: [int, string, bytes] };
}

/** `{}` stands for `[]` wherever a list is read. */
const asList = (v: unknown): unknown => (isObject(v) && Object.keys(v).length === 0 ? [] : v);

/** A primitive node's `prim` and `args` (read before its arguments are): why they are refused, or undefined. */
function primHead(p: Record<string, unknown>): Refusal | undefined {
  if (typeof p.prim !== 'string') return at(['prim'], unexpected(p.prim, 'string'));
  if (!KNOWN.has(p.prim))
    return at(['prim'], {
      kind: 'unexpected',
      got: `string value ${ocamlQuoted(p.prim)}`,
      expected: PRIMITIVE_CHOICES,
    });
  if (p.args !== undefined && !Array.isArray(asList(p.args))) return at(['args'], unexpected(p.args, 'array'));
  return undefined;
}

/** A primitive node's `annots` and other fields (read after its arguments): why they are refused, or undefined. */
function primTail(p: Record<string, unknown>): Refusal | undefined {
  if (p.annots !== undefined) {
    const annots = asList(p.annots);
    if (!Array.isArray(annots)) return at(['annots'], unexpected(p.annots, 'array'));
    for (const [i, a] of annots.entries()) {
      const s = unistring(a);
      if ('refusal' in s) return at(['annots', i], s.refusal);
      // Bounded.string 255, then the guard Micheline_parser.check_annot, whose exception comes without a path.
      if (utf8.encode(s.value).length > 255) return at(['annots', i], invalidArgument('oversized string'));
      if (!ANNOTATION.test(s.value))
        return {
          kind: 'unhandled',
          exception: `Data_encoding__Binary_error_types.Invariant_guard(${ocamlQuoted('Malformed annotation')})`,
        };
    }
  }
  return extraField(p, ['prim', 'args', 'annots']);
}

/** The refusal of node `v` by each of the union's five cases, `inner` being its sequence's or primitive's own. */
function union(v: unknown, inner?: Refusal): Refusal {
  const leaves = leafCases(v);
  // leafCases only succeeds on a node no inner refusal can come from.
  const [int, string, bytes] = 'refusals' in leaves ? leaves.refusals : [];
  const seq = Array.isArray(v) ? inner! : unexpected(v, 'array');
  const prim = !isObject(v)
    ? unexpected(v, 'object')
    : 'prim' in v
      ? inner!
      : ({ kind: 'missing', field: 'prim' } as const);
  return { kind: 'no_case', cases: [int!, string!, bytes!, seq, prim] };
}

/** A node on the walk: where it sits, so a refusal can be wrapped in its ancestors' and the node replaced. */
interface Visit {
  readonly node: unknown;
  readonly parent?: Visit;
  /** The path from the parent's value to this node: `[i]` in a sequence, `['args', i]` in a primitive. */
  readonly step?: readonly Step[];
  /** Where the node is held, to put its normalized form there. */
  readonly holder?: unknown[];
  readonly index?: number;
}

/**
 * Reads `v` as Octez's JSON destructor reads a Micheline expression: the expression, normalized in place (the root
 * itself is returned, replaced when it was `{}`), or the refusal Octez raises for it.
 */
export function readMicheline(v: unknown): { readonly value: Expr } | { readonly refusal: Refusal } {
  let root = v;
  const replace = (visit: Visit, value: unknown): void => {
    if (visit.holder) visit.holder[visit.index!] = value;
    else root = value;
  };
  /** `enter` a node, or `leave` a primitive once its arguments are read. */
  const todo: { readonly visit: Visit; readonly leave: boolean }[] = [{ visit: { node: v }, leave: false }];
  const children = (visit: Visit, list: unknown[], step: (i: number) => readonly Step[]): void => {
    for (let i = list.length - 1; i >= 0; i--)
      todo.push({ visit: { node: list[i], parent: visit, step: step(i), holder: list, index: i }, leave: false });
  };
  const refuse = (visit: Visit, inner?: Refusal): { refusal: Refusal } => {
    let refusal = union(visit.node, inner);
    for (let child = visit; child.parent; child = child.parent)
      refusal = union(child.parent.node, at(child.step!, refusal));
    return { refusal };
  };
  for (let next = todo.pop(); next; next = todo.pop()) {
    const { visit, leave } = next;
    const node = visit.node;
    if (leave) {
      const refusal = primTail(node as Record<string, unknown>);
      if (refusal) return refuse(visit, refusal);
      const p = node as { annots?: unknown[] };
      if (p.annots !== undefined)
        p.annots = (asList(p.annots) as unknown[]).map((a) => (unistring(a) as { value: string }).value);
    } else if (Array.isArray(node)) {
      children(visit, node, (i) => [i]);
    } else if (isObject(node) && Object.keys(node).length === 0) {
      replace(visit, []);
    } else if (isObject(node) && 'prim' in node) {
      const refusal = primHead(node);
      if (refusal) return refuse(visit, refusal);
      if (node.args !== undefined) node.args = asList(node.args);
      todo.push({ visit, leave: true });
      children(visit, (node.args ?? []) as unknown[], (i) => ['args', i]);
    } else {
      const leaves = leafCases(node);
      if ('refusals' in leaves) return refuse(visit);
      replace(visit, leaves.leaf);
    }
  }
  return { value: root as Expr };
}

const jsonPath = (path: readonly Step[]): string =>
  path.map((s) => (typeof s === 'number' ? `[${s}]` : `/${s}`)).join('');

/**
 * `print_error` (json_encoding.ml): Format vertical boxes indenting each nested list by 2, Format's max_indent (68)
 * capping the indentation. `column` is where the text starts.
 */
export function printRefusal(r: Refusal, column = 0): string {
  const box = (head: string, items: readonly Refusal[]): string => {
    const indent = Math.min(68, column + 2);
    return head + items.map((item) => `\n${' '.repeat(indent)}${printRefusal(item, indent)}`).join('');
  };
  switch (r.kind) {
    case 'unexpected':
      return `Unexpected ${r.got} instead of ${r.expected}`;
    case 'missing':
      return `Missing object field ${r.field}`;
    case 'extra':
      return `Unexpected object field ${r.field}`;
    case 'no_case':
      return box('No case matched:', r.cases);
    case 'unhandled':
      return `Unhandled error ${r.exception}`;
    case 'at': {
      if (r.path.length === 0) return printRefusal(r.inner, column);
      const where = `At ${jsonPath(r.path)}`;
      const inner = r.inner;
      if (inner.kind === 'unexpected') return `${where}, unexpected ${inner.got} instead of ${inner.expected}`;
      if (inner.kind === 'missing') return `${where}, missing object field ${inner.field}`;
      if (inner.kind === 'extra') return `${where}, unexpected object field ${inner.field}`;
      if (inner.kind === 'no_case') return box(`${where}, no case matched:`, inner.cases);
      return box(`${where}:`, [inner]);
    }
  }
}
