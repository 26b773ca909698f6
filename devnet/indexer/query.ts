/**
 * TzKT's query language over the JSON rows a route returns:
 *   `f=v` / `f.eq=v`, `.ne`, `.gt`, `.ge`, `.lt`, `.le`, `.in=a,b`, `.ni=a,b`, `.null[=true|false]`,
 *   `.as=pat*` / `.un=pat*` (wildcards), on nested paths (`token.contract`, `token.tokenId`,
 *   `key.address`); a path ending on an account object compares its `address`.
 *   `sort=f` / `sort.asc=f` / `sort.desc=f` (ties broken by `id`), `offset=n` / `offset.el=n` /
 *   `offset.pg=n` / `offset.cr=id`, `limit` (default 100, at most 10000), and
 *   `select=a,b` / `select.fields=a,b` (objects) / `select.values=a,b` (arrays); selecting one field
 *   gives its bare values. `a as b` renames a selected field.
 * A repeated parameter counts by its first value, as on TzKT (see `collectParams`).
 */
import type { Json } from './schema';

export class QueryError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export type Row = { [k: string]: Json };

type Op = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'in' | 'ni' | 'null' | 'as' | 'un';
const OPS = new Set<string>(['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'ni', 'null', 'as', 'un']);
/** Presentation options TzKT accepts on every route; they never filter. */
const PRESENTATION = new Set(['micheline', 'legacy', 'quote', 'token.HasFilters']);

export interface Filter {
  /** Field paths; `anyof.a.b` matches when any of them does. */
  readonly paths: readonly (readonly string[])[];
  readonly op: Op;
  readonly value: string;
}

export interface Query {
  readonly filters: Filter[];
  readonly sort: { readonly path: readonly string[]; readonly desc: boolean } | null;
  readonly offset: number;
  readonly cursor: number | null;
  readonly limit: number;
  readonly select: { readonly mode: 'fields' | 'values'; readonly fields: { path: string[]; as: string }[] } | null;
  /** Parameters a route reads itself (`micheline`, `level`, …). */
  readonly extra: Map<string, string>;
}

/**
 * The query parameters. A repeated parameter counts by its first value only, as TzKT's binders
 * read it (ASP.NET's `FirstValue`): `@tzkt/sdk-api` 2.2.1 sends arrays as repeated parameters
 * (`account.in=a&account.in=b`, tzkt/api-sdk-ts#20), which real TzKT reads as `account.in=a`.
 * Pass comma-joined values (`in: ['a,b']`) to get all of them, here as on TzKT.
 */
export function collectParams(search: URLSearchParams): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of search) if (!out.has(k)) out.set(k, v);
  return out;
}

function int(field: string, s: string, min: number): number {
  if (!/^-?\d+$/.test(s)) throw new QueryError(field, 'The value is not a valid integer.');
  const n = Number(s);
  if (n < min) throw new QueryError(field, `The value must be at least ${min}.`);
  return n;
}

/**
 * Reads TzKT's query parameters; `own` names parameters the route reads itself (left in `extra`).
 */
export function parseQuery(
  params: Map<string, string>,
  own: readonly string[] = [],
  rewrite: (path: string[]) => string[] = (x) => x,
): Query {
  const filters: Filter[] = [];
  let sort: Query['sort'] = null;
  let offset = 0;
  let cursor: number | null = null;
  let limit = 100;
  let select: Query['select'] = null;
  const extra = new Map<string, string>();
  for (const [key, value] of params) {
    const parts = key.split('.');
    const head = parts[0]!;
    if (own.includes(head) || own.includes(key)) {
      extra.set(key, value);
      continue;
    }
    if (head === 'sort') {
      const dir = parts[1] ?? 'asc';
      if (dir !== 'asc' && dir !== 'desc') throw new QueryError(key, 'Sort mode must be asc or desc.');
      sort = { path: rewrite(value.split('.')), desc: dir === 'desc' };
    } else if (head === 'offset') {
      const mode = parts[1] ?? 'el';
      if (mode === 'el') offset = int(key, value, 0);
      else if (mode === 'pg')
        offset = -1 - int(key, value, 0); // resolved against limit below
      else if (mode === 'cr') cursor = int(key, value, 0);
      else throw new QueryError(key, 'Unknown offset mode.');
    } else if (head === 'limit') {
      limit = int(key, value, 0);
      if (limit > 10000) throw new QueryError(key, 'The field limit must be between 0 and 10000.');
    } else if (head === 'select') {
      const mode = parts[1] ?? 'fields';
      if (mode !== 'fields' && mode !== 'values') throw new QueryError(key, 'Unknown select mode.');
      const fields = value
        .split(',')
        .map((f) => f.trim())
        .filter((f) => f !== '')
        .map((f) => {
          const m = /^(\S+)\s+as\s+(\S+)$/.exec(f);
          const path = m ? m[1]! : f;
          return { path: path.split('.'), as: m ? m[2]! : path };
        });
      select = { mode, fields };
    } else if (PRESENTATION.has(key)) {
      extra.set(key, value);
    } else {
      const last = parts[parts.length - 1]!;
      const op = OPS.has(last) && parts.length > 1 ? (last as Op) : 'eq';
      const path = op === 'eq' && last !== 'eq' ? parts : parts.slice(0, -1);
      if (path.length === 0) throw new QueryError(key, 'Invalid filter.');
      const paths = head === 'anyof' ? path.slice(1).map((f) => rewrite([f])) : [rewrite(path)];
      if (paths.length === 0) throw new QueryError(key, 'anyof needs fields.');
      filters.push({ paths, op, value });
    }
  }
  if (offset < 0) offset = (-1 - offset) * limit;
  return { filters, sort, offset, cursor, limit, select, extra };
}

/** The value at `path`, an account object standing for its address. */
export function getPath(row: Json, path: readonly string[]): Json | undefined {
  let cur: Json | undefined = row;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = cur[p];
  }
  if (cur !== null && typeof cur === 'object' && !Array.isArray(cur) && typeof cur.address === 'string')
    return cur.address;
  return cur;
}

const isIntString = (s: string): boolean => /^-?\d+$/.test(s);

/** Compares a row's value with a query literal: numbers and integer strings numerically, others as text. */
function compare(a: Json, b: string): number | null {
  if (typeof a === 'number') {
    if (!/^-?\d+(\.\d+)?$/.test(b)) return null;
    return a - Number(b);
  }
  if (typeof a === 'string') {
    if (isIntString(a) && isIntString(b)) {
      const x = BigInt(a);
      const y = BigInt(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    // Timestamps: compare as instants when both parse.
    if (/^\d{4}-\d\d-\d\d/.test(a) && /^\d{4}-\d\d-\d\d/.test(b)) {
      const x = Date.parse(a);
      const y = Date.parse(b.length === 10 ? `${b}T00:00:00Z` : b);
      if (!Number.isNaN(x) && !Number.isNaN(y)) return x - y;
    }
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof a === 'boolean') return (a ? 'true' : 'false') === b.toLowerCase() ? 0 : null;
  if (a !== null && typeof a === 'object') return JSON.stringify(a) === b ? 0 : null;
  return null;
}

const wildcard = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    's',
  );

function matches(row: Json, f: Filter): boolean {
  return f.paths.some((p) => matchOne(getPath(row, p), f));
}

function matchOne(v: Json | undefined, f: Filter): boolean {
  const absent = v === undefined || v === null;
  switch (f.op) {
    case 'null':
      return (f.value === '' || f.value.toLowerCase() === 'true') === absent;
    case 'eq':
      return !absent && compare(v, f.value) === 0;
    case 'ne':
      return absent || compare(v, f.value) !== 0;
    case 'in':
      return !absent && f.value.split(',').some((x) => compare(v, x) === 0);
    case 'ni':
      return absent || !f.value.split(',').some((x) => compare(v, x) === 0);
    case 'as':
    case 'un': {
      const hit = typeof v === 'string' && wildcard(f.value).test(v);
      return f.op === 'as' ? hit : !hit;
    }
    default: {
      if (absent) return false;
      const c = compare(v, f.value);
      if (c === null) return false;
      return f.op === 'gt' ? c > 0 : f.op === 'ge' ? c >= 0 : f.op === 'lt' ? c < 0 : c <= 0;
    }
  }
}

function order(a: Json | undefined, b: Json | undefined): number {
  if (a === undefined || a === null) return b === undefined || b === null ? 0 : -1;
  if (b === undefined || b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') {
    if (isIntString(a) && isIntString(b)) {
      const x = BigInt(a);
      const y = BigInt(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return 0;
}

/** Filters, sorts and pages rows (each with a numeric `id`), without `select`. */
export function applyFilters(rows: readonly Row[], q: Query): Row[] {
  return rows.filter((r) => q.filters.every((f) => matches(r, f)));
}

/** Filters, sorts, pages and selects rows as TzKT does. */
export function runQuery(rows: readonly Row[], q: Query): Json[] {
  let out = applyFilters(rows, q);
  const byId = (a: Row, b: Row): number => order(a.id, b.id);
  const desc = q.sort?.desc ?? false;
  if (q.sort) {
    const s = q.sort;
    out.sort((a, b) => {
      const c = order(getPath(a, s.path), getPath(b, s.path)) || byId(a, b);
      return s.desc ? -c : c;
    });
  } else out.sort(byId);
  if (q.cursor !== null) {
    const cr = q.cursor;
    out = out.filter((r) => (typeof r.id === 'number' ? (desc ? r.id < cr : r.id > cr) : true));
  }
  out = out.slice(q.offset, q.offset + q.limit);
  return select(out, q);
}

/** Applies `select` to rows already filtered and paged. */
export function select(rows: readonly Row[], q: Query): Json[] {
  const sel = q.select;
  if (!sel || sel.fields.length === 0) return [...rows];
  const pick = (r: Row, path: readonly string[]): Json => {
    let cur: Json | undefined = r;
    for (const p of path) cur = cur !== null && typeof cur === 'object' && !Array.isArray(cur) ? cur[p] : undefined;
    return cur ?? null;
  };
  if (sel.fields.length === 1) return rows.map((r) => pick(r, sel.fields[0]!.path));
  if (sel.mode === 'values') return rows.map((r) => sel.fields.map((f) => pick(r, f.path)));
  return rows.map((r) => Object.fromEntries(sel.fields.map((f) => [f.as, pick(r, f.path)])));
}
