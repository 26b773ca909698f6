import type { z } from 'zod';

/**
 * How many issues a refusal spells out: a request with a million bad fields is answered with the first few
 * and a count of the rest, not with a list as large as the request.
 */
export const MAX_ISSUES = 10;

/** How many of `count` issues are listed: all when one more line would be the count itself, else MAX_ISSUES. */
const listed = (count: number): number => (count <= MAX_ISSUES + 1 ? count : MAX_ISSUES);

/** The lines of the first issues, then "… and N more" for the rest. Idempotent: capped lines stay as they are. */
function capped<T>(items: readonly T[], line: (item: T) => string): string[] {
  const shown = items.slice(0, listed(items.length)).map(line);
  return items.length > shown.length ? [...shown, `… and ${items.length - shown.length} more`] : shown;
}

/** Issue lines, at most MAX_ISSUES of them and a count of the rest. */
export const capIssues = (lines: readonly string[]): string[] => capped(lines, (l) => l);

/**
 * What `schema` reads in `input`. Where it refuses, the error `refusal` makes of its issue lines (as issueLines, `root`
 * naming the value itself) is thrown.
 */
export function parseOrRefuse<S extends z.ZodType>(
  schema: S,
  input: unknown,
  root: string,
  refusal: (issues: string[]) => Error,
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw refusal(issueLines(parsed.error.issues, root));
  return parsed.data;
}

/** Zod's issues as "path: message" lines (`root` for the value itself), capped as capIssues. */
export function issueLines(
  issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[],
  root: string,
): string[] {
  return capped(issues, (i) => `${i.path.map(String).join('.') || root}: ${i.message}`);
}

/**
 * Zod's issues for a data file (a board), as "where: what" lines a person can act on, capped as capIssues. An issue
 * inside the list `list.key` names the item by its index and id (`tile 3 "salt-flats": price: …`); others give their
 * path or `root`.
 */
export function describeIssues(
  error: z.ZodError,
  input: unknown,
  list: { key: string; noun: string },
  root: string,
): string[] {
  const items = (input as Record<string, unknown> | null)?.[list.key];
  return capped(error.issues, (issue) => {
    const [head, index, ...rest] = issue.path;
    if (head === list.key && typeof index === 'number') {
      const id = Array.isArray(items) ? (items[index] as { id?: unknown } | undefined)?.id : undefined;
      return `${list.noun} ${index}${typeof id === 'string' ? ` "${id.slice(0, 64)}"` : ''}: ${rest.join('.') || `(${list.noun})`}: ${issue.message}`;
    }
    return `${issue.path.join('.') || root}: ${issue.message}`;
  });
}

/**
 * `parse`, remembered per input object: a data file (a board) is checked once however many games are set up on it. A
 * value that is no object is parsed every time.
 */
export function parsedOnce<T>(parse: (input: unknown) => T): (input: unknown) => T {
  const parsed = new WeakMap<object, T>();
  return (input) => {
    if (typeof input !== 'object' || input === null) return parse(input);
    let out = parsed.get(input);
    if (out === undefined) {
      out = parse(input);
      parsed.set(input, out);
    }
    return out;
  };
}

/** What a zod issue holds beyond its path and message, for the words of `humanIssueLines`. */
interface IssueFacts {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly code?: string;
  readonly expected?: unknown;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly inclusive?: boolean;
  readonly keys?: readonly string[];
  readonly values?: readonly unknown[];
}

const KINDS: Readonly<Record<string, string>> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  object: 'a set of values',
  array: 'a list',
};

const amount = (n: unknown): string => (typeof n === 'number' ? n.toLocaleString('en-US') : String(n));

/** One issue in a sentence a person acts on ("laps must be at least 1"), zod's own words when it has no better. */
function humanIssue(issue: IssueFacts, root: string): string {
  const name = issue.path.map(String).join('.') || root;
  switch (issue.code) {
    case 'invalid_type':
      return typeof issue.expected === 'string' && KINDS[issue.expected]
        ? `${name} must be ${KINDS[issue.expected]}`
        : `${name}: ${issue.message}`;
    case 'too_small':
      return `${name} must be ${issue.inclusive === false ? 'more than' : 'at least'} ${amount(issue.minimum)}`;
    case 'too_big':
      return `${name} must be ${issue.inclusive === false ? 'less than' : 'at most'} ${amount(issue.maximum)}`;
    case 'unrecognized_keys': {
      const keys = (issue.keys ?? []).map((k) => `"${k.slice(0, 64)}"`);
      return `there is no ${keys.length === 1 ? 'option' : 'options'} ${keys.join(', ')} here`;
    }
    case 'invalid_value':
      return `${name} must be one of: ${(issue.values ?? []).map(String).join(', ')}`;
    default:
      return `${name}: ${issue.message}`;
  }
}

/** Zod's issues in sentences a person acts on (humanIssue), capped as capIssues: a game's options are typed by people. */
export function humanIssueLines(issues: readonly IssueFacts[], root: string): string[] {
  return capped(issues, (i) => humanIssue(i, root));
}
