'use client';

import { useEffect, useState } from 'react';
import { useReducedMotion } from '../lib/reduced-motion';
import { stepPath } from './pawn-steps';

/** How long a walking pawn stands on each tile it passes (and each frame of the dice's tumble lasts). */
export const STEP_MS = 170;

export interface PawnWalk {
  /** Each pawn's progress as drawn now: somewhere on its way, else where the snapshot has it. */
  readonly progress: readonly number[];
  /** A pawn is still on its way (its landing is not highlighted yet). */
  readonly moving: boolean;
  /** The dice tumble before the pawns set off. */
  readonly rolling: boolean;
}

/** How a pawn went from its last drawn state to its new one: the legs to walk, or null to go straight there. */
export type LegsOf<P> = (before: P, after: P, seat: number) => readonly number[] | null;

interface Walk<P> {
  /** The pawns as the last snapshot had them. */
  readonly pawns: readonly P[];
  /** Each pawn's progress before the walk. */
  readonly start: readonly number[];
  /** Each walking pawn's progress on each tile it passes (empty: it stands, or went straight). */
  readonly paths: readonly (readonly number[])[];
  /** Frames since the walk began: negative while the dice tumble, then the index into each path. */
  readonly frame: number;
}

const sameProgress = <P>(a: readonly P[], b: readonly P[], progressOf: (p: P) => number): boolean =>
  a.length === b.length && a.every((p, i) => progressOf(p) === progressOf(b[i]!));

/**
 * Pawns that step along the tiles to where a new snapshot puts them, after `rollFrames` frames of tumbling dice;
 * with reduced motion asked for, they stand where the snapshot has them at once. Only presentation: the snapshot
 * stays the truth, and a new one mid-walk sets off from where the last walk was going.
 */
export function usePawnWalk<P>(
  pawns: readonly P[],
  progressOf: (p: P) => number,
  legsOf: LegsOf<P>,
  rollFrames = 0,
): PawnWalk {
  const still = useReducedMotion();
  const [walk, setWalk] = useState<Walk<P>>(() => ({ pawns, start: pawns.map(progressOf), paths: [], frame: 0 }));
  let shown = walk;
  if (!sameProgress(walk.pawns, pawns, progressOf)) {
    const paths = pawns.map((p, seat) => {
      const before = walk.pawns[seat];
      if (before === undefined || progressOf(before) === progressOf(p)) return [];
      const legs = legsOf(before, p, seat);
      return legs ? stepPath(progressOf(before), legs) : [];
    });
    const walking = paths.some((path) => path.length > 0);
    shown = {
      pawns,
      start: pawns.map((p, seat) => progressOf(walk.pawns[seat] ?? p)),
      paths,
      frame: walking ? -rollFrames : 0,
    };
    setWalk(shown);
  }
  const last = Math.max(0, ...shown.paths.map((path) => path.length - 1));
  const moving = !still && shown.frame < last;

  useEffect(() => {
    if (!moving) return;
    const timer = window.setTimeout(() => setWalk((w) => ({ ...w, frame: w.frame + 1 })), STEP_MS);
    return () => window.clearTimeout(timer);
  }, [moving, shown]);

  const progress = pawns.map((p, seat) => {
    const path = shown.paths[seat] ?? [];
    if (still || path.length === 0) return progressOf(p);
    if (shown.frame < 0) return shown.start[seat] ?? progressOf(p);
    return path[Math.min(shown.frame, path.length - 1)]!;
  });
  return { progress, moving, rolling: moving && shown.frame < 0 };
}
