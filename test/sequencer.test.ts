/**
 * The order test files start in (test/sequencer.ts): on a clone whose Vitest cache is empty, as CI's always is, the
 * files of a project start slowest first by test/durations.json, and the integration and browser files take turns.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import TakingTurns from './sequencer';

const ROOT = path.resolve(import.meta.dirname, '..');
const RECORDED = JSON.parse(readFileSync(path.join(ROOT, 'test', 'durations.json'), 'utf8')) as Record<string, number>;

/** A spec as the sequencer reads it: its file and its project's name, group and isolation. */
const spec = (file: string, project: string, groupOrder = 1): TestSpecification =>
  ({
    moduleId: path.join(ROOT, file),
    project: { name: project, config: { isolate: false, sequence: { groupOrder } } },
  }) as unknown as TestSpecification;

/** A sequencer of a run with an empty cache (a clean clone). */
const cleanClone = (shuffle = false): TakingTurns =>
  new TakingTurns({
    config: { root: ROOT, sequence: { shuffle, seed: 7 } },
    cache: { getTestSpecificationResult: () => undefined },
  } as unknown as Vitest);

const recorded = (prefix: string): string[] =>
  Object.keys(RECORDED)
    .filter((f) => f.startsWith(prefix))
    .sort((a, b) => RECORDED[a]! - RECORDED[b]!);

const order = (specs: readonly TestSpecification[]): string[] => specs.map((s) => path.relative(ROOT, s.moduleId));

describe('the order of the files on a clean clone', () => {
  it('starts the slowest recorded file of a project first, though a faster one is larger', async () => {
    // Vitest alone, knowing no durations, starts the larger file first.
    const size = (file: string): number => statSync(path.join(ROOT, file)).size;
    const files = recorded('test/server/');
    const slow = files.findLast((f) => files.some((g) => RECORDED[g]! < RECORDED[f]! && size(g) > size(f)))!;
    const fast = files.find((g) => RECORDED[g]! < RECORDED[slow]! && size(g) > size(slow))!;
    const sorted = await cleanClone().sort([spec(fast, 'integration'), spec(slow, 'integration')]);
    expect(order(sorted)).toEqual([slow, fast]);
  });

  it('starts a file with no recorded duration before the recorded ones (it may be slow)', async () => {
    const [known] = recorded('test/e2e/').slice(-1);
    // A file added after the durations were recorded.
    const added = 'test/e2e/added-after-the-durations.test.ts';
    expect(RECORDED[added]).toBeUndefined();
    const sorted = await cleanClone().sort([spec(known!, 'browser'), spec(added, 'browser')]);
    expect(order(sorted)).toEqual([added, known]);
  });

  it('has integration and browser files take turns, each project slowest first, after the unit group', async () => {
    const browser = recorded('test/e2e/').slice(-2);
    const integration = recorded('test/server/').slice(-2);
    const sorted = await cleanClone().sort([
      ...browser.map((f) => spec(f, 'browser')),
      ...integration.map((f) => spec(f, 'integration')),
      spec('test/sequencer.test.ts', 'unit', 0),
    ]);
    expect(order(sorted)).toEqual(['test/sequencer.test.ts', browser[1], integration[1], browser[0], integration[0]]);
  });

  it('ignores the durations when shuffling: the seed alone decides', async () => {
    const files = recorded('test/server/').map((f) => spec(f, 'integration'));
    const once = order(await cleanClone(true).sort(files));
    expect(order(await cleanClone(true).sort([...files].reverse()))).toEqual(once);
    expect(once).not.toEqual(recorded('test/server/').reverse());
  });
});
