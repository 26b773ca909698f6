'use client';

import { useState } from 'react';
import type { BalanceLabReport } from '../../server/studio/balance-lab';
import { LabChart } from './lab-chart';
import { problem, runLab, signInHref, StudioApiError } from './studio-api';
import styles from './studio.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

const ORDINAL = ['1st', '2nd', '3rd', '4th', '5th', '6th'];
const pct = (v: number) => `${Math.round(v * 100)}%`;
const ratio = (v: number) => (v === 0 ? '0' : v < 0.1 ? v.toFixed(3) : v.toFixed(2));
const count = (v: number) => String(Math.round(v));

/**
 * Chart labels for the artist tiles: a tile's title, and where two tiles share a title, each one's place on the
 * board too ("Sunfold (#12)"), so their bars can be told apart.
 */
export function tileLabels(tiles: readonly { readonly title: string; readonly index: number }[]): string[] {
  const uses = new Map<string, number>();
  for (const t of tiles) uses.set(t.title, (uses.get(t.title) ?? 0) + 1);
  return tiles.map((t) => (uses.get(t.title)! > 1 ? `${t.title} (#${t.index})` : t.title));
}

/**
 * The lab's plots: royalty per Tz spent per artist tile, win rate by seat and by play order (each with the fair
 * share 1/n a balanced board gives every seat), game lengths.
 */
export function LabCharts({ report }: { report: BalanceLabReport }) {
  const labels = tileLabels(report.tiles);
  const fairShare = { value: 1 / report.players, label: 'Fair share' };
  const fairText = `The dashed line is the fair share of ${pct(fairShare.value)}: one game in ${report.players} for each seat.`;
  return (
    <div className={styles.labCharts} data-testid="lab-charts">
      <LabChart
        title="Royalty earned per Tz spent, by tile"
        description={`${report.tiles.length} artist tiles in board order; a tile nobody bought has no figure.`}
        xLabel="Artist tile"
        yLabel="Tz earned per Tz spent"
        format={ratio}
        bars={report.tiles.map((t, i) => ({ key: t.id, label: labels[i]!, value: t.royaltyPerTz }))}
      />
      <LabChart
        title="Win rate by seat"
        description={fairText}
        xLabel="Seat"
        yLabel="Share of games won"
        format={pct}
        reference={fairShare}
        bars={report.winRateBySeat.map((v, seat) => ({ key: String(seat), label: `Seat ${seat + 1}`, value: v }))}
      />
      <LabChart
        title="Win rate by place in the play order"
        description={fairText}
        xLabel="Place in the play order"
        yLabel="Share of games won"
        format={pct}
        reference={fairShare}
        bars={report.winRateByTurnOrder.map((v, i) => ({ key: String(i), label: `${ORDINAL[i]} to move`, value: v }))}
      />
      <LabChart
        title="Game length distribution"
        description={`Games by length in ${report.length.unit}, from ${report.length.min} to ${report.length.max}.`}
        xLabel={`Game length (${report.length.unit})`}
        yLabel="Games"
        format={count}
        bars={report.length.histogram.map((b) => ({
          key: String(b.from),
          label: b.from === b.to ? String(b.from) : `${b.from}–${b.to}`,
          value: b.count,
        }))}
      />
    </div>
  );
}

/** A run's games done and how long the rest should take, from its pace so far (null until a stretch is done). */
interface LabProgressState {
  readonly done: number;
  readonly total: number;
  readonly secondsLeft: number | null;
}

const timeLeft = (seconds: number | null): string => {
  if (seconds === null) return 'estimating the time left…';
  if (seconds < 1) return 'under a second left';
  if (seconds < 60) return `about ${Math.round(seconds)} s left`;
  return `about ${Math.round(seconds / 60)} min left`;
};

/** The games done of a run in progress, as a bar and in words. */
export function LabProgressBar({ done, total, secondsLeft }: LabProgressState) {
  return (
    <div className={styles.labProgress}>
      <div
        className={styles.labProgressTrack}
        role="progressbar"
        aria-label="Balance lab games played"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done.toLocaleString('en')} of ${total.toLocaleString('en')} games`}
        style={{ '--done': total > 0 ? done / total : 0 } as React.CSSProperties}
      >
        <div className={styles.labProgressFill} />
      </div>
      <p className={cx(ui.muted, ui.small)} data-testid="lab-progress">
        {done.toLocaleString('en')} / {total.toLocaleString('en')} games · {timeLeft(secondsLeft)}
      </p>
    </div>
  );
}

/**
 * "Run the balance lab": the board's owner runs a few thousand bot games on the server, watching their progress;
 * the last report is kept with the board and shown to everyone.
 */
export function LabPanel({ boardId, initial }: { boardId: string; initial: BalanceLabReport | null }) {
  const [report, setReport] = useState<BalanceLabReport | null>(initial);
  const [games, setGames] = useState('2000');
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<LabProgressState | null>(null);
  const [error, setError] = useState<{ message: string; signIn: boolean } | null>(null);

  async function run() {
    setRunning(true);
    setProgress(null);
    setError(null);
    // The pace counts from the run's start on the server (its first line), not from the click.
    let started: number | null = null;
    try {
      const n = Number(games);
      const body = Number.isFinite(n) && games.trim() !== '' ? { games: n } : {};
      setReport(
        await runLab(`/api/studio/boards/${encodeURIComponent(boardId)}/lab`, body, ({ done, total }) => {
          started ??= performance.now();
          const seconds = (performance.now() - started) / 1000;
          setProgress({ done, total, secondsLeft: done > 0 ? (seconds / done) * (total - done) : null });
        }),
      );
    } catch (err) {
      setError({ message: problem(err), signIn: err instanceof StudioApiError && err.status === 401 });
    } finally {
      setRunning(false);
      setProgress(null);
    }
  }

  return (
    <section className={cx(ui.panel, styles.form)} aria-labelledby="lab-heading" aria-busy={running}>
      <h2 id="lab-heading" className={ui.panelTitle}>
        Balance lab
      </h2>
      <div className={styles.inline}>
        <div className={ui.field} style={{ flex: '0 1 140px' }}>
          <label htmlFor="lab-games">Games</label>
          <input
            id="lab-games"
            type="number"
            min={1}
            max={5000}
            step={100}
            value={games}
            onChange={(e) => setGames(e.target.value)}
          />
        </div>
        <button type="button" className={cx(ui.button, ui.primary)} onClick={() => void run()} disabled={running}>
          {running ? 'Running…' : 'Run the balance lab'}
        </button>
      </div>
      <p className={ui.hint}>
        Four normal bots play complete games of this board on the server, on every core it has (at most 5,000 games; the
        owner runs it).
      </p>
      {running && progress && <LabProgressBar {...progress} />}
      {error && (
        <p className={ui.alert} role="alert">
          {error.message} {error.signIn && <a href={signInHref(`/studio/boards/${boardId}`)}>Sign in</a>}
        </p>
      )}
      {report ? (
        <>
          <p className={cx(ui.muted, ui.small)} data-testid="lab-summary">
            {report.games.toLocaleString('en')} games, {report.players} players ({report.bots[0]} bots), seed “
            {report.seed}”. Mean length {report.length.mean.toFixed(1)} {report.length.unit} ({report.length.min}–
            {report.length.max}).
          </p>
          <LabCharts report={report} />
        </>
      ) : (
        <p className={ui.muted}>No lab run yet.</p>
      )}
    </section>
  );
}
