'use client';

import { createContext, useContext } from 'react';
import { useClock } from '../lib/browser-state';
import { STEP_MS } from './pawn-walk';
import styles from './board.module.css';

/** Pip positions of a d6 face on a 3 × 3 grid (0–8). */
const PIPS: Record<number, number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

/** One die face drawn with pips (fonts with die glyphs are not everywhere). */
function DieFace({ value, size = 40 }: { value: number; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 30 30" role="img" aria-label={`die showing ${value}`}>
      <rect x="1" y="1" width="28" height="28" rx="6" className={styles.dieFace} />
      {(PIPS[value] ?? []).map((p) => (
        <circle key={p} cx={7.5 + (p % 3) * 7.5} cy={7.5 + Math.floor(p / 3) * 7.5} r="2.6" className={styles.diePip} />
      ))}
    </svg>
  );
}

/** True while the dice on the board tumble (a roll just came in and the pawn has not set off yet). */
export const DiceTumbling = createContext(false);

/** The face a tumbling die shows at a frame: every face in turn, each die starting from its own. */
export const tumbleFace = (value: number, frame: number): number => ((value + frame) % 6) + 1;

/** A die: it tumbles through its faces while the board says so, then settles on the face rolled. */
export function Die({ value, size = 40 }: { value: number; size?: number }) {
  const tumbling = useContext(DiceTumbling);
  const now = useClock(STEP_MS / 2, tumbling);
  if (!tumbling || now === null) return <DieFace value={value} size={size} />;
  return (
    <span className={styles.tumbling} data-rolling="">
      <DieFace value={tumbleFace(value, Math.floor(now / (STEP_MS / 2)))} size={size} />
    </span>
  );
}
