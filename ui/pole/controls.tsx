import { SpeedSelect } from '../play/speed-select';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

export const SPEEDS = [
  { label: 'Slow · 1/s', delay: 1000 },
  { label: 'Normal · 3/s', delay: 333 },
  { label: 'Fast · 8/s', delay: 125 },
  { label: 'Turbo · 25/s', delay: 40 },
] as const;

/** Step, play / pause, speed, play to end and new game, with the seed and the record at hand. */
export function Controls({
  over,
  running,
  speed,
  actions,
  seed,
  onStep,
  onTogglePlay,
  onSpeed,
  onPlayToEnd,
  onNewGame,
  onDownload,
}: {
  over: boolean;
  running: boolean;
  speed: number;
  actions: number;
  seed: string;
  onStep: () => void;
  onTogglePlay: () => void;
  onSpeed: (index: number) => void;
  onPlayToEnd: () => void;
  onNewGame: () => void;
  onDownload: () => void;
}) {
  return (
    <div className={ui.controlBar} role="group" aria-label="Game controls">
      <div className={ui.controlGroup}>
        <button
          type="button"
          className={cx(ui.button, ui.primary)}
          onClick={onStep}
          disabled={over || running}
          aria-keyshortcuts="ArrowRight"
        >
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M3 2.5v11l7-5.5zM11.5 2.5h2v11h-2z" fill="currentColor" />
          </svg>
          Step
        </button>
        <button
          type="button"
          className={ui.button}
          onClick={onTogglePlay}
          disabled={over}
          aria-pressed={running}
          aria-keyshortcuts="Space"
          data-testid="play-pause"
        >
          {running ? (
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              <path d="M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z" fill="currentColor" />
            </svg>
          ) : (
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
            </svg>
          )}
          {running ? 'Pause' : 'Play'}
        </button>
        <SpeedSelect speeds={SPEEDS} value={speed} onChange={onSpeed} />
        <button type="button" className={ui.button} onClick={onPlayToEnd} disabled={over} aria-keyshortcuts="E">
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M2 2.5v11l6-5.5zM8 2.5v11l6-5.5z" fill="currentColor" />
          </svg>
          Play to end
        </button>
      </div>
      <div className={cx(ui.controlGroup, ui.meta)}>
        <span className={ui.metaItem}>
          seed <code data-testid="seed">{seed}</code>
        </span>
        <span className={ui.metaItem}>
          <strong data-testid="action-count">{actions}</strong> {actions === 1 ? 'action' : 'actions'}
        </span>
        <button
          type="button"
          className={cx(ui.button, ui.ghost, ui.small)}
          onClick={onDownload}
          title="Download the game record (JSON)"
        >
          Record
          <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
            <path
              d="M8 2v8m-3.5-3.5L8 10l3.5-3.5M3 13h10"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <button type="button" className={cx(ui.button, ui.ghost)} onClick={onNewGame}>
          New game
        </button>
      </div>
    </div>
  );
}
