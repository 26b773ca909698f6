import type { z } from 'zod';

/**
 * Zod's issues for a data file (a board), as "where: what" lines a person can act on. An issue inside the list
 * `list.key` names the item by its index and id (`tile 3 "salt-flats": price: …`); others give their path or `root`.
 */
export function describeIssues(error: z.ZodError, input: unknown, list: { key: string; noun: string }, root: string): string[] {
  const items = (input as Record<string, unknown> | null)?.[list.key];
  return error.issues.map((issue) => {
    const [head, index, ...rest] = issue.path;
    if (head === list.key && typeof index === 'number') {
      const id = Array.isArray(items) ? (items[index] as { id?: unknown } | undefined)?.id : undefined;
      return `${list.noun} ${index}${typeof id === 'string' ? ` "${id}"` : ''}: ${rest.join('.') || `(${list.noun})`}: ${issue.message}`;
    }
    return `${issue.path.join('.') || root}: ${issue.message}`;
  });
}
