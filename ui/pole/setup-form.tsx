import { useState } from 'react';
import { describeSeatNameProblem, seatNameProblems } from '../../engine/core';
import type { PoleBotName } from '../../engine/pole';
import { DEFAULT_NAMES } from '../lib/seats';
import { SeatRow } from '../home/seat-name-note';
import { defaultSeats, namesOf, type SeatSetup, type TableOptions, type WatchSetup } from './watch-session';
import styles from './pole.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { countSegments, Segments } from '../lib/segments';
import { Alert } from '../lib/alert';

const SEED_WORDS = [
  'amber',
  'basalt',
  'cobalt',
  'dune',
  'ember',
  'fjord',
  'glyph',
  'harbour',
  'indigo',
  'jade',
  'kiln',
  'lumen',
  'moss',
  'nacre',
  'opal',
  'prism',
];

/** A fresh seed to try (the app may use Math.random; the engine never does). */
function randomSeed(): string {
  const word = () => SEED_WORDS[Math.floor(Math.random() * SEED_WORDS.length)]!;
  return `${word()}-${word()}-${Math.floor(Math.random() * 1000)}`;
}

/** Players 2–6 with a name and a bot each, a seed, and the table options of engine/pole/config.ts. */
export function SetupForm({
  initial,
  onStart,
  onCancel,
  error,
}: {
  initial: WatchSetup;
  onStart: (setup: WatchSetup) => void;
  onCancel: (() => void) | null;
  error: string | null;
}) {
  const [count, setCount] = useState(initial.seats.length);
  const [seats, setSeats] = useState<SeatSetup[]>(() => [
    ...initial.seats,
    ...defaultSeats(6).slice(initial.seats.length),
  ]);
  const [seed, setSeed] = useState(initial.seed);
  const [options, setOptions] = useState<TableOptions>(initial.options);

  const editSeat = (seat: number, patch: Partial<SeatSetup>) =>
    setSeats((all) => all.map((s, i) => (i === seat ? { ...s, ...patch } : s)));
  const setOption = <K extends keyof TableOptions>(key: K, value: TableOptions[K]) =>
    setOptions((o) => ({ ...o, [key]: value }));
  /** A table option that is on or off, as a checkbox. */
  const optionCheck = (key: 'valuationFloor' | 'threePlayerRoyalty20' | 'l2Move', text: React.ReactNode) => (
    <label className={ui.check}>
      <input type="checkbox" checked={options[key]} onChange={(e) => setOption(key, e.target.checked)} />
      {text}
    </label>
  );
  // Judged as the server judges a game's names: the watched table's log must tell its players apart too.
  const names = namesOf({ seats: seats.slice(0, count), seed, options });
  const nameProblems = seatNameProblems(names);
  const nameProblem = (seat: number): string | null => {
    const problem = nameProblems.find((p) => p.seat === seat);
    return problem ? describeSeatNameProblem(problem, names) : null;
  };

  return (
    <form
      className={cx(ui.panel, styles.setup)}
      aria-labelledby="setup-heading"
      onSubmit={(e) => {
        e.preventDefault();
        if (nameProblems.length > 0) {
          e.currentTarget.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
          return;
        }
        onStart({ seats: seats.slice(0, count), seed: seed.trim() || 'tezos-pole', options });
      }}
    >
      <h2 id="setup-heading" className={ui.panelTitle}>
        New game
      </h2>

      <fieldset className={ui.field}>
        <legend>Players</legend>
        <Segments
          name="players"
          label="Number of players"
          value={count}
          onChange={setCount}
          options={countSegments([2, 3, 4, 5, 6], (n) => `${n} players`)}
        />
      </fieldset>

      <fieldset className={ui.field}>
        <legend>Seats</legend>
        <ol className={cx(ui.stack, ui.seatRows)}>
          {seats.slice(0, count).map((s, seat) => (
            <SeatRow
              key={seat}
              seat={seat}
              name={s.name}
              placeholder={DEFAULT_NAMES[seat]}
              label={`Name of player ${seat + 1}`}
              problem={nameProblem(seat)}
              onName={(name) => editSeat(seat, { name })}
            >
              <select
                value={s.bot}
                aria-label={`Bot of player ${seat + 1}`}
                data-testid={`bot-${seat}`}
                onChange={(e) => editSeat(seat, { bot: e.target.value as PoleBotName })}
              >
                <option value="normal">Normal bot</option>
                <option value="easy">Easy bot</option>
              </select>
            </SeatRow>
          ))}
        </ol>
      </fieldset>

      <div className={ui.field}>
        <label htmlFor="seed">Seed</label>
        <div className={ui.seedRow}>
          <input
            id="seed"
            type="text"
            value={seed}
            maxLength={64}
            onChange={(e) => setSeed(e.target.value)}
            spellCheck={false}
          />
          <button type="button" className={cx(ui.button, ui.ghost)} onClick={() => setSeed(randomSeed())}>
            Random seed
          </button>
        </div>
        <p className={ui.hint}>The same seed, players and options always replay the same game.</p>
      </div>

      <details className={cx(ui.field, ui.options)}>
        <summary>
          Table options
          <span className={cx(ui.muted, ui.small)}>
            {' '}
            · {options.laps} {options.laps === 1 ? 'lap' : 'laps'} · royalty {options.royaltySplit}
            {options.valuationFloor ? ' · floor' : ''}
            {options.threePlayerRoyalty20 ? ' · 20 % (3p)' : ''}
            {options.l2Move ? ' · L2' : ''}
          </span>
        </summary>
        <label className={ui.inline}>
          <span>Laps to finish</span>
          <input
            type="number"
            min={1}
            max={20}
            value={options.laps}
            onChange={(e) => setOption('laps', Math.max(1, Math.min(20, Math.trunc(Number(e.target.value) || 1))))}
          />
        </label>
        <div className={ui.inline} role="radiogroup" aria-label="Royalty with several owners">
          <span>Royalty with several owners</span>
          <span className={cx(ui.segmented, ui.small)}>
            {(['split', 'each'] as const).map((split) => (
              <label key={split} className={options.royaltySplit === split ? ui.isChecked : undefined}>
                <input
                  type="radio"
                  name="royaltySplit"
                  checked={options.royaltySplit === split}
                  onChange={() => setOption('royaltySplit', split)}
                />
                {split}
              </label>
            ))}
          </span>
        </div>
        {optionCheck('valuationFloor', 'Valuation floor: no piece is valued below 10 Tz')}
        {optionCheck(
          'threePlayerRoyalty20',
          <>
            20 % royalty in 3-player games
            {count !== 3 && <span className={ui.muted}> (no effect with {count} players)</span>}
          </>,
        )}
        {optionCheck('l2Move', 'L2 move: once per game a player may roll 3d6')}
      </details>

      <Alert problem={error} />
      <div className={ui.formActions}>
        <button type="submit" className={cx(ui.button, ui.primary)}>
          Start
        </button>
        {onCancel && (
          <button type="button" className={cx(ui.button, ui.ghost)} onClick={onCancel}>
            Back to the game
          </button>
        )}
      </div>
    </form>
  );
}
