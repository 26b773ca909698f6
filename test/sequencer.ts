import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order the files run in. Vitest runs the projects of one group one after the other (by name: every browser file
 * before the first integration file); integration and browser files mostly wait on a devnet, an app server or
 * Chromium, so here the projects of a group take turns: while a browser file waits, an integration file computes.
 * Within a project the slowest files go first: by this machine's last run (Vitest's cache), else by the durations
 * recorded in test/durations.json (`npm run test:durations`), so that on a clean clone (CI's) a slow file does not
 * start last and hold the run up alone; a file known to neither goes first. With --sequence.shuffle, the seed's order.
 */
export default class TakingTurns extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { shuffle, seed } = this.ctx.config.sequence;
    const ordered = shuffle ? shuffled(files, seed) : await super.sort(files);
    const groups = new Map<number, Map<string, TestSpecification[]>>();
    for (const spec of ordered) {
      const group = groups.get(spec.project.config.sequence.groupOrder) ?? new Map<string, TestSpecification[]>();
      groups.set(spec.project.config.sequence.groupOrder, group);
      group.set(spec.project.name, [...(group.get(spec.project.name) ?? []), spec]);
    }
    if (!shuffle) {
      const duration = (spec: TestSpecification): number =>
        this.ctx.cache.getTestSpecificationResult(spec)?.duration ??
        RECORDED[path.relative(this.ctx.config.root, spec.moduleId)] ??
        Infinity;
      for (const group of groups.values())
        for (const list of group.values()) list.sort((a, b) => duration(b) - duration(a) || 0);
    }
    return [...groups.keys()].sort((a, b) => a - b).flatMap((order) => takingTurns([...groups.get(order)!.values()]));
  }
}

/** One from each list in turn, until all are used. */
function takingTurns<T>(lists: readonly T[][]): T[] {
  const out: T[] = [];
  for (let i = 0; out.length < lists.reduce((n, l) => n + l.length, 0); i++) {
    for (const list of lists) if (i < list.length) out.push(list[i]!);
  }
  return out;
}

/** The files in an order only the seed decides (sorted by path first: the glob's order may vary between runs). */
function shuffled(files: readonly TestSpecification[], seed: number): TestSpecification[] {
  const out = [...files].sort((a, b) =>
    `${a.project.name} ${a.moduleId}` < `${b.project.name} ${b.moduleId}` ? -1 : 1,
  );
  let state = seed >>> 0;
  const next = () => {
    // mulberry32: a small PRNG, enough to order files reproducibly
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Each test file's duration (ms) in a recent run, by its path from the root; none when the file is missing. */
const RECORDED: Readonly<Record<string, number>> = (() => {
  let seconds: unknown;
  try {
    seconds = JSON.parse(readFileSync(path.join(import.meta.dirname, 'durations.json'), 'utf8'));
  } catch {
    return {};
  }
  if (typeof seconds !== 'object' || seconds === null) return {};
  return Object.fromEntries(
    Object.entries(seconds).flatMap(([file, s]) => (typeof s === 'number' ? [[file, s * 1000] as const] : [])),
  );
})();
