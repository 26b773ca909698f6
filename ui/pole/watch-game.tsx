'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isConfigError } from '../../engine/core';
import { GENESIS } from '../../engine/pole';
import {
  advance,
  advanceBy,
  DEFAULT_OPTIONS,
  defaultSeats,
  isOver,
  recordOf,
  startWatch,
  type WatchSetup,
  type WatchSnapshot,
} from './watch-session';
import { watchScene } from './pole-scene';
import { BoardRing } from './board-ring';
import { Controls, SPEEDS } from './controls';
import { PlayerPanel } from './player-panel';
import { SetupForm } from './setup-form';
import { ValuationTable } from './valuation-table';
import { ActionLog } from '../play/action-log';
import type { ActionLogEntry } from '../play/log-entries';
import styles from './pole.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { isPageShortcut } from '../lib/page-keys';

const INITIAL_SETUP: WatchSetup = { seats: defaultSeats(4), seed: 'genesis-1', options: DEFAULT_OPTIONS };

/**
 * "Watch a game": the engine runs right here in the browser. Each step asks the pending seat's bot for one action
 * and applies it; the snapshots keep the record, so the game shown is exactly the one the seed and options produce.
 */
export function WatchGame() {
  const [setup, setSetup] = useState<WatchSetup>(INITIAL_SETUP);
  const [snap, setSnap] = useState<WatchSnapshot | null>(null);
  const snapRef = useRef<WatchSnapshot | null>(null);
  const log = useMemo(() => (snap ? logEntries(snap) : []), [snap]);
  const mainRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState(true);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [formError, setFormError] = useState<string | null>(null);
  const [runError, setRunError] = useState<string | null>(null);

  const over = snap !== null && isOver(snap);
  const running = playing && snap !== null && !over && !editing;

  const commit = useCallback((next: WatchSnapshot | null) => {
    snapRef.current = next;
    setSnap(next);
  }, []);

  const run = useCallback(
    (f: (s: WatchSnapshot) => WatchSnapshot) => {
      const current = snapRef.current;
      if (!current) return;
      try {
        commit(f(current));
      } catch (err) {
        setPlaying(false);
        setRunError(err instanceof Error ? err.message : String(err));
      }
    },
    [commit],
  );

  const step = useCallback(() => run(advance), [run]);
  const playToEnd = useCallback(() => {
    setPlaying(false);
    run((s) => advanceBy(s));
  }, [run]);

  const start = (next: WatchSetup) => {
    try {
      const first = startWatch(next);
      setSetup(next);
      setFormError(null);
      setRunError(null);
      setPlaying(false);
      setEditing(false);
      commit(first);
      requestAnimationFrame(() => mainRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    } catch (err) {
      setFormError(isConfigError(err) ? err.message : err instanceof Error ? err.message : String(err));
    }
  };

  const download = () => {
    const current = snapRef.current;
    if (!current) return;
    const blob = new Blob([JSON.stringify(recordOf(current), null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `tezos-pole-${current.setup.seed.replace(/[^a-zA-Z0-9_-]+/g, '_')}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  // Auto-advance while playing: one action per tick.
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(step, SPEEDS[speed]!.delay);
    return () => window.clearTimeout(timer);
  }, [running, snap, speed, step]);

  // Keyboard: → or S steps, Space or P plays / pauses, E plays to the end (not while typing or on a control).
  useEffect(() => {
    if (!snap || editing) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isPageShortcut(e, 'controls')) return;
      if (over) return;
      if (e.key === 'ArrowRight' || e.key === 's') {
        e.preventDefault();
        if (!running) step();
      } else if (e.key === ' ' || e.key === 'p') {
        e.preventDefault();
        setPlaying((p) => !p);
      } else if (e.key === 'e') {
        e.preventDefault();
        playToEnd();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [snap, editing, over, running, step, playToEnd]);

  return (
    <div className={cx(styles.layout, styles.watch)}>
      <div className={cx(styles.column, styles.boardColumn)} ref={mainRef}>
        {snap && !editing && (
          <Controls
            over={over}
            running={running}
            speed={speed}
            actions={snap.actions.length}
            seed={snap.setup.seed}
            onStep={step}
            onTogglePlay={() => setPlaying((p) => !p)}
            onSpeed={setSpeed}
            onPlayToEnd={playToEnd}
            onNewGame={() => {
              setPlaying(false);
              setEditing(true);
            }}
            onDownload={download}
          />
        )}
        {runError && (
          <p className={ui.alert} role="alert">
            The game stopped: {runError}
          </p>
        )}
        <BoardRing board={snap?.state.config.board ?? GENESIS} snap={snap ? watchScene(snap) : null} />
      </div>
      <aside className={styles.column} aria-label={editing ? 'Game setup' : 'Players and log'}>
        {editing ? (
          <SetupForm
            initial={setup}
            onStart={start}
            onCancel={snap ? () => setEditing(false) : null}
            error={formError}
          />
        ) : null}
        {snap && !editing && (
          <>
            <PlayerPanel snap={watchScene(snap)} />
            <ActionLog entries={log} />
            <p className={cx(ui.keys, ui.muted, ui.small)}>
              Keys: <kbd>→</kbd> step · <kbd>Space</kbd> play / pause · <kbd>E</kbd> play to end
            </p>
          </>
        )}
      </aside>
      {snap && over && (
        <div className={styles.fullWidth}>
          <ValuationTable state={snap.state} names={snap.names} />
        </div>
      )}
    </div>
  );
}

/** The watch session's log as the play page's log entries: one per engine action, set-up first. */
function logEntries(snap: WatchSnapshot): ActionLogEntry[] {
  return snap.log.map((entry) => ({
    key: entry.index,
    seat: entry.seat,
    meta: entry.seat === null ? 'Setup' : `Turn ${entry.turn} · ${snap.names[entry.seat] ?? `Seat ${entry.seat + 1}`}`,
    lines: entry.lines,
    action: entry.index >= 0 ? entry.index : 'setup',
  }));
}
