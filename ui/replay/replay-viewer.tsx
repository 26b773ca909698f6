'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';
import { games, stateHash, type GameEvent } from '../../engine';
import type { Board, PoleState } from '../../engine/pole';
import { describeGameLog } from '../play/any-game-log';
import { GAMES } from '../lib/game-catalog';
import { fetchRecord } from '../play/game-api';
import {
  eventsUntil,
  loadRecord,
  openRecord,
  readRecord,
  recordFileName,
  stateAt,
  viewOf,
  type LoadedRecord,
  type OpenedRecord,
} from './record-file';
import { ActionLog } from '../play/action-log';
import { GameTable } from '../play/game-table';
import { SpeedSelect } from '../play/speed-select';
import { useFooterGame } from '../home/site-footer';
import styles from './replay.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { isPageShortcut } from '../lib/page-keys';
import { TitledPanel } from '../lib/titled-panel';
import { Alert } from '../lib/alert';

const SPEEDS = [
  { label: '1 action/s', delay: 1000 },
  { label: '3 actions/s', delay: 333 },
  { label: '10 actions/s', delay: 100 },
] as const;

/** The record checked once, when it is opened (its seed, links, rolls and states), and replayed. */
interface Loaded extends LoadedRecord, OpenedRecord {
  readonly source: string;
}

const VERDICT_TONE = { good: styles.verified, plain: styles.plain, bad: styles.failed } as const;

const noop = () => undefined;

/** Loads a record (a file, or the server's record of `gameId`), replays it with the engine, and steps through it. */
export function ReplayViewer({ gameId }: { gameId: string | null }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [position, setPosition] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [error, setError] = useState<string | null>(null);
  /** The game whose record was fetched (or failed to be): until it is `gameId`, the record is loading. */
  const [fetched, setFetched] = useState<string | null>(null);
  const loading = gameId !== null && gameId !== '' && fetched !== gameId;
  useFooterGame(loaded?.record.game ?? null);

  const open = useCallback((input: () => LoadedRecord, source: string) => {
    try {
      const rec = input();
      setLoaded({ ...rec, ...openRecord(rec.record), source });
      setPosition(0);
      setPlaying(false);
      setError(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }, []);

  useEffect(() => {
    if (!gameId) return;
    let cancelled = false;
    void (async () => {
      try {
        // The server's record carries its seats' names and kinds.
        const body = await fetchRecord(gameId);
        if (cancelled) return;
        open(() => loadRecord(body), `game ${gameId}`);
      } catch (err) {
        if (!cancelled) setError(`Could not fetch game ${gameId}: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        if (!cancelled) setFetched(gameId);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [gameId, open]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    open(() => readRecord(text), file.name);
  };

  const length = loaded?.timeline.length ?? 0;
  const atEnd = position >= length;
  const step = useCallback((by: number) => setPosition((p) => Math.max(0, Math.min(length, p + by))), [length]);

  // Playing stops at the end.
  if (playing && atEnd) setPlaying(false);
  useEffect(() => {
    if (!playing || atEnd) return;
    const t = window.setTimeout(() => step(1), SPEEDS[speed]!.delay);
    return () => window.clearTimeout(t);
  }, [playing, atEnd, position, speed, step]);

  // Keys: ← / → step, Home / End jump, Space plays / pauses (not while on a form control).
  useEffect(() => {
    if (!loaded) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isPageShortcut(e, 'controls')) return;
      const moves: Record<string, () => void> = {
        ArrowRight: () => step(1),
        ArrowLeft: () => step(-1),
        Home: () => setPosition(0),
        End: () => setPosition(length),
        ' ': () => setPlaying((p) => !p),
      };
      const move = moves[e.key];
      if (!move) return;
      e.preventDefault();
      move();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [loaded, length, step]);

  return (
    <div className={styles.replay}>
      <section className={cx(ui.panel, styles.open)} aria-labelledby="replay-open-heading">
        <h2 id="replay-open-heading" className={ui.panelTitle}>
          Game record
        </h2>
        <div className={ui.field}>
          <label htmlFor="record-file">Open a record file (JSON)</label>
          <input
            id="record-file"
            type="file"
            accept="application/json,.json"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </div>
        {loading && (
          <p className={cx(ui.muted, ui.small)} role="status">
            Fetching the record…
          </p>
        )}
        <Alert problem={error} />
      </section>
      {loaded && (
        <ReplayStage
          loaded={loaded}
          position={position}
          setPosition={setPosition}
          playing={playing}
          setPlaying={setPlaying}
          speed={speed}
          setSpeed={setSpeed}
        />
      )}
    </div>
  );
}

function ReplayStage({
  loaded,
  position,
  setPosition,
  playing,
  setPlaying,
  speed,
  setSpeed,
}: {
  loaded: Loaded;
  position: number;
  setPosition: (p: number) => void;
  playing: boolean;
  setPlaying: (f: (p: boolean) => boolean) => void;
  speed: number;
  setSpeed: (s: number) => void;
}) {
  const { record, timeline, seats, verdict, stop } = loaded;
  const faultAt = verdict.position;
  const definition = games[record.game];
  const length = timeline.length;
  const state = useMemo(() => stateAt(timeline, position), [timeline, position]);
  const hash = useMemo(() => stateHash(state), [state]);
  const view = useMemo(() => viewOf(record.game, state, null), [record.game, state]);
  const events: GameEvent[] = useMemo(() => eventsUntil(timeline, position), [timeline, position]);
  const pending = useMemo(() => definition.pending(state), [definition, state]);
  const outcome = useMemo(() => definition.outcome(state), [definition, state]);
  const names = useMemo(() => seats.map((s) => s.name), [seats]);
  const board: Board | null = record.game === 'pole' ? (state as PoleState).config.board : null;
  // Tezos Pole's turn-order roll is set-up's (in no action's events), the same in every state of the game.
  const start = record.game === 'pole' ? (state as PoleState) : null;
  const log = useMemo(
    () => describeGameLog(record.game, events, names, board, start),
    [record.game, events, names, board, start],
  );
  const last = position > 0 ? record.actions[position - 1] : undefined;

  const download = () => {
    // With its seats, as the server's record has them: the saved file replays with the same names and bots.
    const blob = new Blob([JSON.stringify({ ...record, seats }, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = recordFileName(record);
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <>
      <TitledPanel id="replay-facts-heading" title={GAMES[record.game].name} hint={<>from {loaded.source}</>}>
        <dl className={styles.facts}>
          <div>
            <dt>Seed</dt>
            <dd>
              <code>{record.seed}</code>
            </dd>
          </div>
          <div>
            <dt>Engine version</dt>
            <dd>{record.version}</dd>
          </div>
          <div>
            <dt>Seats</dt>
            <dd>{seats.map((s) => s.name).join(', ')}</dd>
          </div>
          <div>
            <dt>Position</dt>
            <dd data-testid="replay-position">
              {position} / {length}
            </dd>
          </div>
          <div className={styles.factWide}>
            <dt>Check</dt>
            <dd data-testid="record-verdict" data-verdict={verdict.tone}>
              <span className={VERDICT_TONE[verdict.tone]}>{verdict.text}</span>
              {faultAt !== null && (
                <button
                  type="button"
                  className={cx(ui.button, ui.ghost, ui.small, styles.verdictJump)}
                  onClick={() => setPosition(faultAt)}
                  disabled={position === faultAt}
                >
                  Go to position {faultAt}
                </button>
              )}
              {stop !== null && (
                <span className={cx(ui.muted, ui.small, styles.replayStop)} data-testid="replay-stop">
                  The replay stops at position {length} of {record.actions.length}: {stop}
                </span>
              )}
            </dd>
          </div>
          <div className={styles.factWide}>
            <dt>State hash (SHA-256)</dt>
            <dd>
              <code className={styles.hash} data-testid="state-hash">
                {hash}
              </code>
            </dd>
          </div>
          <div className={styles.factWide}>
            <dt>{last ? `Action ${position}` : 'Set-up'}</dt>
            <dd>
              {last ? (
                <>
                  {last.seat === 'system' ? 'system' : (names[last.seat] ?? `Seat ${last.seat + 1}`)}:{' '}
                  <code>{JSON.stringify(last.action)}</code>
                </>
              ) : (
                'before the first action'
              )}
            </dd>
          </div>
        </dl>
        <div className={cx(ui.controlBar, styles.controls)} role="group" aria-label="Replay controls">
          <div className={ui.controlGroup}>
            <button
              type="button"
              className={ui.button}
              onClick={() => setPosition(0)}
              disabled={position === 0}
              aria-keyshortcuts="Home"
            >
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                <path d="M2.5 2.5h2v11h-2zM13.5 2.5v11L5.5 8z" fill="currentColor" />
              </svg>
              <span className={ui.visuallyHidden}>To the start</span>
            </button>
            <button
              type="button"
              className={ui.button}
              onClick={() => setPosition(Math.max(0, position - 1))}
              disabled={position === 0}
              aria-keyshortcuts="ArrowLeft"
            >
              Back
            </button>
            <button
              type="button"
              className={cx(ui.button, ui.primary)}
              onClick={() => setPlaying((p) => !p)}
              disabled={position >= length}
              aria-pressed={playing}
              aria-keyshortcuts="Space"
            >
              {playing ? 'Pause' : 'Play'}
            </button>
            <button
              type="button"
              className={ui.button}
              onClick={() => setPosition(Math.min(length, position + 1))}
              disabled={position >= length}
              aria-keyshortcuts="ArrowRight"
            >
              Forward
            </button>
            <button
              type="button"
              className={ui.button}
              onClick={() => setPosition(length)}
              disabled={position >= length}
              aria-keyshortcuts="End"
            >
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                <path d="M2.5 2.5v11l8-5.5zM11.5 2.5h2v11h-2z" fill="currentColor" />
              </svg>
              <span className={ui.visuallyHidden}>To the end</span>
            </button>
            <SpeedSelect speeds={SPEEDS} value={speed} onChange={setSpeed} />
          </div>
          <div className={cx(ui.controlGroup, ui.meta)}>
            <button type="button" className={cx(ui.button, ui.ghost, ui.small)} onClick={download}>
              Save record
            </button>
          </div>
        </div>
        <input
          className={styles.scrub}
          type="range"
          min={0}
          max={length}
          step={1}
          value={position}
          onChange={(e) => setPosition(Number(e.target.value))}
          aria-label="Position in the game (actions played)"
          aria-valuetext={`${position} of ${length} actions`}
        />
        <p className={cx(ui.keys, ui.muted, ui.small)}>
          Keys: <kbd>←</kbd> <kbd>→</kbd> step · <kbd>Home</kbd> <kbd>End</kbd> jump · <kbd>Space</kbd> play / pause
        </p>
      </TitledPanel>
      <div>
        <GameTable
          game={record.game}
          view={view}
          seat={null}
          seats={seats}
          pending={pending}
          legal={[]}
          events={events}
          outcome={outcome}
          deadline={null}
          act={noop}
          busy={false}
          error={null}
        />
      </div>
      <ActionLog entries={log} title="Replay log" />
    </>
  );
}
