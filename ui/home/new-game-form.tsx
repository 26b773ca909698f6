'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { describeSeatNameProblem, seatNameProblems, type GameId } from '../../engine/core';
import type { GameQuote } from '../../server/chain/chain-games';
import type { CreateGameRequest, CreateGameResponse, SeatKind } from '../../server/protocol';
import { useHydrated } from '../lib/browser-state';
import { GAMES } from '../lib/game-catalog';
import { apiFetch, jsonPost } from '../api/client';
import { holdSeat, playPath } from '../play/game-api';
import {
  changedOptions,
  defaultOptionValues,
  optionFields,
  optionProblems,
  parseNumberInput,
  type OptionField,
  type OptionValues,
} from './options-form';
import { DEFAULT_NAMES } from '../lib/seats';
import { DepositStep } from './deposit-step';
import { InviteLinks } from './invite-links';
import { SeatRow } from './seat-name-note';
import styles from './home.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { countSegments, Segments } from '../lib/segments';
import { rulesHref, rulingSection } from '../rules/rules-doc';
import { SEAT_KIND_LABELS } from '../play/seat-kinds';

/** The turn timer's units: seconds for a live table, hours or days for a turn-based one. */
const TIMER_UNITS = {
  seconds: { label: 'seconds', seconds: 1 },
  minutes: { label: 'minutes', seconds: 60 },
  hours: { label: 'hours', seconds: 3600 },
  days: { label: 'days', seconds: 86_400 },
} as const;
type TimerUnit = keyof typeof TIMER_UNITS;

/** The network on-chain games would use, or why there is none (the page reads it from the server's settings). */
export type ChainChoice =
  { readonly ok: true; readonly network: string } | { readonly ok: false; readonly explanation: string };

/** A board built in the artist studio (`/api/studio/boards/:id`). */
interface StudioBoard {
  readonly id: string;
  readonly name: string;
  readonly owner: string;
  readonly board: unknown;
}

const NETWORK_NAME: Record<string, string> = {
  devnet: 'the local devnet',
  shadownet: 'Shadownet',
  custom: 'the configured Tezos network',
};

interface SeatRow {
  readonly kind: SeatKind;
  readonly name: string;
}

type Mode = 'hotseat' | 'online';
type Raw = Record<string, string | boolean>;

const KIND_LABELS = SEAT_KIND_LABELS;
const PACES = [
  { ms: 0, label: 'Instant' },
  { ms: 400, label: 'Quick · 0.4 s' },
  { ms: 1000, label: 'Relaxed · 1 s' },
  { ms: 2500, label: 'Slow · 2.5 s' },
] as const;
const ONLINE_TIMER = 60;
/** An online seat's grace period, as the server's GRACE_DEFAULT and GRACE_MAX (ui imports server types only). */
const GRACE_DEFAULT = 60;
const GRACE_MAX = 1800;
/** The longest time per decision, as the server's TURN_SECONDS_MAX: a week. */
const TURN_SECONDS_MAX = 7 * 86_400;

const defaultName = (seat: number) => DEFAULT_NAMES[seat] ?? `Player ${seat + 1}`;

function toRaw(values: OptionValues): Raw {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'boolean' ? v : v === null ? '' : String(v)]),
  );
}

function fromRaw(fields: readonly OptionField[], raw: Raw): OptionValues {
  const out: Record<string, number | boolean | string | null> = {};
  for (const f of fields) {
    const v = raw[f.key];
    if (f.kind === 'boolean') out[f.key] = v === true;
    else if (f.kind === 'enum') out[f.key] = typeof v === 'string' ? v : f.default;
    else out[f.key] = parseNumberInput(typeof v === 'string' ? v : '');
  }
  return out;
}

/**
 * The new-game form: seats (a person or a bot each, with a name), every table option of the game with the engine's
 * defaults, seed, hot-seat or online, turn timer and bot pace. Submitting creates the game (`POST /api/games`) and
 * either opens the table (hot-seat) or shows the invite links (online).
 */
export function NewGameForm({
  game,
  boardId = null,
  chain = null,
}: {
  game: GameId;
  boardId?: string | null;
  chain?: ChainChoice | null;
}) {
  const info = GAMES[game];
  const router = useRouter();
  const fields = useMemo(() => optionFields(game), [game]);
  const defaults = useMemo(() => toRaw(defaultOptionValues(game)), [game]);

  const [count, setCount] = useState(info.defaultSeats);
  const [seats, setSeats] = useState<SeatRow[]>(() =>
    Array.from({ length: info.maxSeats }, (_, seat) => ({
      kind: seat === 0 ? 'human' : 'normal',
      name: defaultName(seat),
    })),
  );
  const [raw, setRaw] = useState<Raw>(defaults);
  const [seed, setSeed] = useState('');
  const [mode, setMode] = useState<Mode>('hotseat');
  const [timerOn, setTimerOn] = useState(false);
  const [timerSeconds, setTimerSeconds] = useState(String(ONLINE_TIMER));
  const [timerUnit, setTimerUnit] = useState<TimerUnit>('seconds');
  const [timerTouched, setTimerTouched] = useState(false);
  const [graceSeconds, setGraceSeconds] = useState(String(GRACE_DEFAULT));
  const [pace, setPace] = useState(400);
  const [submitting, setSubmitting] = useState(false);
  // Until React has hydrated the form, a click would submit it natively (a GET reload that creates nothing).
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreateGameResponse | null>(null);
  const [onChain, setOnChain] = useState(false);
  // Online: the game waits for its players (a room link, Start), by default starting once every seat is taken.
  const [waitingRoom, setWaitingRoom] = useState(true);
  const [autoStart, setAutoStart] = useState(true);
  // A game on Tezos beyond the bank's allowance: its request and quote, while its creator pays the deposit.
  const [depositFor, setDepositFor] = useState<{ request: CreateGameRequest; quote: GameQuote } | null>(null);
  // An online game may be listed in the lobby; private is the default.
  const [listed, setListed] = useState(false);
  const [studioBoard, setStudioBoard] = useState<StudioBoard | null>(null);
  const [boardProblem, setBoardProblem] = useState<string | null>(null);

  // Tezos Pole may be played on-chain when the server has a chain; a studio board (?board=) replaces Genesis.
  useEffect(() => {
    if (game !== 'pole' || !boardId) return;
    void apiFetch<StudioBoard>(`/api/studio/boards/${encodeURIComponent(boardId)}`)
      .then(setStudioBoard)
      .catch((err: unknown) => setBoardProblem(err instanceof Error ? err.message : String(err)));
  }, [game, boardId]);

  const values = fromRaw(fields, raw);
  const active = seats.slice(0, count);
  // The names the game gets (a blank one is the seat's default), judged as the server judges them.
  const names = active.map((s, seat) => s.name.trim() || defaultName(seat));
  const nameProblems = seatNameProblems(names);
  const nameProblem = (seat: number): string | null => {
    const problem = nameProblems.find((p) => p.seat === seat);
    return problem ? describeSeatNameProblem(problem, names) : null;
  };
  const problems = [
    ...optionProblems(game, count, values),
    ...nameProblems.map((p) => describeSeatNameProblem(p, names)),
  ];
  const changed = Object.keys(changedOptions(game, values)).length;
  const humans = active.filter((s) => s.kind === 'human').length;

  const editSeat = (seat: number, patch: Partial<SeatRow>) =>
    setSeats((all) => all.map((s, i) => (i === seat ? { ...s, ...patch } : s)));

  const chooseOnChain = (next: boolean) => {
    setOnChain(next);
    // Each person signs with their own wallet: an on-chain game is played online.
    if (next) chooseMode('online');
  };

  const chooseMode = (next: Mode) => {
    setMode(next);
    // Off by default for hot-seat, a minute a decision online, until the host sets the timer themselves.
    if (!timerTouched) setTimerOn(next === 'online');
  };

  const submit = async () => {
    setError(null);
    if (problems.length) {
      setError(problems.join(' · '));
      return;
    }
    const amount = Number(timerSeconds);
    const seconds = amount * TIMER_UNITS[timerUnit].seconds;
    if (timerOn && (!Number.isInteger(amount) || amount < 1 || seconds < 5 || seconds > TURN_SECONDS_MAX)) {
      setError('Turn timer: a whole number, from 5 seconds to 7 days per decision.');
      return;
    }
    const grace = Number(graceSeconds);
    if (mode === 'online' && (!Number.isInteger(grace) || grace < 0 || grace > GRACE_MAX)) {
      setError(`Grace period: a whole number of seconds from 0 to ${GRACE_MAX}.`);
      return;
    }
    if (boardId && !studioBoard) {
      setError(
        boardProblem ? `The studio board cannot be used: ${boardProblem}` : 'The studio board is still loading.',
      );
      return;
    }
    const request: CreateGameRequest = {
      game,
      options: changedOptions(game, values),
      seats: active.map((s, seat) => ({ kind: s.kind, name: names[seat]! })),
      ...(seed.trim() ? { seed: seed.trim() } : {}),
      mode,
      turnSeconds: timerOn ? seconds : null,
      ...(mode === 'online' ? { graceSeconds: grace } : {}),
      botPaceMs: pace,
      // The server loads a studio board itself: its artists are the tokens' creators, and its art is not resent.
      ...(studioBoard ? { studioBoard: studioBoard.id } : {}),
      ...(onChain ? { onChain: {} } : {}),
      ...(mode === 'online' && listed ? { public: true } : {}),
      ...(mode === 'online' && (waitingRoom || listed) ? { waitingRoom: { autoStart } } : {}),
    };
    setSubmitting(true);
    try {
      // On Tezos, what the game may cost and who pays is known first: beyond the bank's allowance, its creator.
      if (onChain) {
        const quote = await apiFetch<GameQuote>('/api/games/quote', jsonPost(request));
        if (quote.depositRequired) {
          setDepositFor({ request, quote });
          return;
        }
      }
      await create(request);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSubmitting(false);
    }
  };

  /** Creates the game `request` asks for, then opens it (hot-seat) or shows its invitations. @throws ApiError */
  const create = async (request: CreateGameRequest) => {
    const made = await apiFetch<CreateGameResponse>('/api/games', jsonPost(request));
    const firstHuman = made.seats.find((s) => s.kind === 'human')?.seat ?? null;
    // This browser holds the host token from now on: the table's URL carries none. Online it plays no seat (each
    // plays with their link) but starts a waiting game and moderates the chat.
    await holdSeat(made.id, made.hostToken);
    if (mode === 'hotseat') {
      router.push(playPath(made.id, firstHuman));
      return;
    }
    setCreated(made);
  };

  if (created) return <InviteLinks game={game} created={created} />;
  if (depositFor)
    return (
      <DepositStep
        quote={depositFor.quote}
        create={(depositOp) => create({ ...depositFor.request, onChain: { depositOp } })}
        cancel={() => setDepositFor(null)}
      />
    );

  return (
    <form
      className={cx(ui.panel, styles.newGame)}
      aria-labelledby="new-game-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id="new-game-heading" className={ui.panelTitle}>
        Table
      </h2>
      <p className={ui.small}>
        <a href={rulesHref(game)}>How to play {info.name}</a>
      </p>

      <fieldset className={ui.field}>
        <legend>Seats</legend>
        <Segments
          name="seats"
          label="Number of seats"
          value={count}
          onChange={setCount}
          options={countSegments(
            Array.from({ length: info.maxSeats - info.minSeats + 1 }, (_, i) => info.minSeats + i),
            (n) => `${n} ${n === 1 ? 'seat' : 'seats'}`,
          )}
        />
        <ol className={cx(ui.stack, ui.seatRows)}>
          {active.map((s, seat) => (
            <SeatRow
              key={seat}
              seat={seat}
              name={s.name}
              placeholder={defaultName(seat)}
              label={`Name of seat ${seat + 1}`}
              problem={nameProblem(seat)}
              onName={(name) => editSeat(seat, { name })}
            >
              <select
                className={styles.seatKind}
                value={s.kind}
                aria-label={`Who plays seat ${seat + 1}`}
                onChange={(e) => editSeat(seat, { kind: e.target.value as SeatKind })}
              >
                {(Object.keys(KIND_LABELS) as SeatKind[]).map((k) => (
                  <option key={k} value={k}>
                    {KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            </SeatRow>
          ))}
        </ol>
        <p className={ui.hint}>
          {humans === 0
            ? 'Every seat is a bot: you will watch the game.'
            : humans === 1
              ? 'One person plays; the bots take the other seats.'
              : `${humans} people play.`}
        </p>
      </fieldset>

      {game === 'pole' && (boardId !== null || studioBoard) && (
        <fieldset className={ui.field}>
          <legend>Board</legend>
          {studioBoard ? (
            <p>
              <a href={`/studio/boards/${encodeURIComponent(studioBoard.id)}`}>{studioBoard.name}</a>, built in the
              artist studio: its artists are the tokens’ creators and receive their royalties on-chain.
            </p>
          ) : (
            <p className={boardProblem ? ui.alert : ui.muted}>
              {boardProblem ? `The studio board cannot be used: ${boardProblem}` : 'Loading the studio board…'}
            </p>
          )}
        </fieldset>
      )}

      {game === 'pole' && (
        <fieldset className={ui.field}>
          <legend>Where the tiles live</legend>
          <Segments
            name="chain"
            label="Where the tiles live"
            value={onChain ? 'on' : 'off'}
            onChange={(v) => chooseOnChain(v === 'on')}
            options={[
              { value: 'off', label: 'In the game only' },
              { value: 'on', label: 'On Tezos', disabled: !chain?.ok },
            ]}
          />
          <p className={ui.hint}>
            {chain === null
              ? 'Checking whether the server has a Tezos network…'
              : !chain.ok
                ? `On Tezos is not available: ${chain.explanation}`
                : onChain
                  ? `Each artist tile becomes an FA2 token on ${NETWORK_NAME[chain.network] ?? chain.network}; purchases mint a copy to the buyer’s wallet, and royalties and the final valuation follow who really holds each token. Each person signs in with a wallet, claims their seat and approves the bank once; bots get wallets of their own. The bank pays for the tokens and the bots’ wallets up to a daily allowance, so you create the game signed in, with a few games and bot seats in play per wallet; beyond the allowance you pay a deposit from your wallet, and what the game does not spend comes back to you.`
                  : `Tiles can also be FA2 tokens on ${NETWORK_NAME[chain.network] ?? chain.network}, held in the players’ wallets.`}
          </p>
        </fieldset>
      )}

      <fieldset className={ui.field}>
        <legend>How people play</legend>
        <Segments
          name="mode"
          label="Mode"
          value={mode}
          onChange={chooseMode}
          options={[
            { value: 'hotseat', label: 'Hot-seat', disabled: onChain },
            { value: 'online', label: 'Online' },
          ]}
        />
        <p className={ui.hint}>
          {onChain
            ? 'Online: each person opens their own link and plays with their own wallet.'
            : mode === 'hotseat'
              ? 'One device: it follows whoever must decide, so pass it round the table.'
              : 'One secret link per person; each opens the game in their own browser.'}
        </p>
        {mode === 'online' && (
          <>
            <label className={ui.check}>
              <input type="checkbox" checked={listed} onChange={(e) => setListed(e.target.checked)} />
              Public: list it in the lobby, where anyone may take a free seat (a public game always waits)
            </label>
            <label className={ui.check}>
              <input
                type="checkbox"
                checked={waitingRoom || listed}
                disabled={listed}
                onChange={(e) => setWaitingRoom(e.target.checked)}
              />
              Waiting room: nothing moves until everyone is here — share one room link, then start
            </label>
            {(waitingRoom || listed) && (
              <label className={ui.check}>
                <input type="checkbox" checked={autoStart} onChange={(e) => setAutoStart(e.target.checked)} />
                Start by itself once every seat is taken
              </label>
            )}
          </>
        )}
      </fieldset>

      <div className={styles.fieldGrid}>
        <div className={ui.field}>
          <label className={ui.check}>
            <input
              type="checkbox"
              checked={timerOn}
              onChange={(e) => {
                setTimerTouched(true);
                setTimerOn(e.target.checked);
              }}
            />
            Turn timer
          </label>
          <span className={styles.inlineField}>
            <label>
              <span className={ui.visuallyHidden}>Time per decision</span>
              <input
                type="number"
                min={1}
                step={1}
                value={timerSeconds}
                disabled={!timerOn}
                aria-label="Time per decision"
                onChange={(e) => {
                  setTimerTouched(true);
                  setTimerSeconds(e.target.value);
                }}
              />
            </label>
            <select
              aria-label="Unit of the time per decision"
              value={timerUnit}
              disabled={!timerOn}
              onChange={(e) => {
                setTimerTouched(true);
                setTimerUnit(e.target.value as TimerUnit);
              }}
            >
              {(Object.keys(TIMER_UNITS) as TimerUnit[]).map((unit) => (
                <option key={unit} value={unit}>
                  {TIMER_UNITS[unit].label} per decision
                </option>
              ))}
            </select>
          </span>
          <p className={ui.hint}>
            When it runs out, the rules’ default move is played for the seat. Hours or days make a turn-based game: play
            when you have a moment, and My games shows where it is your turn.
          </p>
        </div>
        {mode === 'online' && (
          <div className={ui.field}>
            <label htmlFor="grace-seconds">Grace period (seconds)</label>
            <input
              id="grace-seconds"
              type="number"
              min={0}
              max={GRACE_MAX}
              step={1}
              value={graceSeconds}
              onChange={(e) => setGraceSeconds(e.target.value)}
            />
            <p className={ui.hint}>
              How long a seat whose person lost their connection keeps its place before its bot plays (0: at once). They
              can take it back from their link.
            </p>
          </div>
        )}
        <div className={ui.field}>
          <label htmlFor="bot-pace">Bot pace</label>
          <select id="bot-pace" value={pace} onChange={(e) => setPace(Number(e.target.value))}>
            {PACES.map((p) => (
              <option key={p.ms} value={p.ms}>
                {p.label}
              </option>
            ))}
          </select>
          <p className={ui.hint}>Time between two bot moves, so people can follow them.</p>
        </div>
      </div>

      <div className={ui.field}>
        <label htmlFor="seed">Seed (optional)</label>
        <input
          id="seed"
          type="text"
          value={seed}
          maxLength={64}
          onChange={(e) => setSeed(e.target.value)}
          spellCheck={false}
          placeholder="drawn by the server"
        />
        <p className={ui.hint}>The same seed, seats and options replay the same dice and shuffles.</p>
      </div>

      <details className={cx(ui.field, ui.options)}>
        <summary>
          {info.name} options{' '}
          <span className={cx(ui.muted, ui.small)}>
            · {changed === 0 ? 'the rules’ defaults' : `${changed} changed`}
          </span>
        </summary>
        <div className={styles.optionList}>
          {fields.map((f) => (
            <OptionInput
              key={f.key}
              game={game}
              field={f}
              value={raw[f.key] ?? ''}
              onChange={(v) => setRaw((r) => ({ ...r, [f.key]: v }))}
            />
          ))}
        </div>
        <button
          type="button"
          className={cx(ui.button, ui.ghost, ui.small)}
          onClick={() => setRaw(defaults)}
          disabled={changed === 0}
        >
          Back to the rules’ defaults
        </button>
      </details>

      {(error || problems.length > 0) && (
        <p className={ui.alert} role="alert">
          {error ?? problems.join(' · ')}
        </p>
      )}
      <div className={ui.formActions}>
        <button
          type="submit"
          className={cx(ui.button, ui.primary)}
          disabled={!hydrated || submitting || problems.length > 0}
          aria-busy={submitting}
        >
          {submitting ? 'Creating…' : mode === 'hotseat' ? 'Start the game' : 'Create and invite'}
        </button>
        <a className={cx(ui.button, ui.ghost)} href="/">
          Back
        </a>
      </div>
    </form>
  );
}

function OptionInput({
  game,
  field,
  value,
  onChange,
}: {
  game: GameId;
  field: OptionField;
  value: string | boolean;
  onChange: (v: string | boolean) => void;
}) {
  const id = `opt-${field.key}`;
  // The ruling's section of the rules page, in a new tab so the options chosen so far stay.
  const ruling = field.ruling ? (
    <a
      className={styles.ruling}
      href={rulesHref(game, rulingSection(field.ruling))}
      target="_blank"
      rel="noopener"
      title={`Ruling ${field.ruling}, explained on the ${GAMES[game].name} rules page (opens in a new tab)`}
    >
      {field.ruling}
    </a>
  ) : null;
  const hint = field.hint ? (
    <span className={ui.hint} id={`${id}-hint`}>
      {field.hint}
    </span>
  ) : null;
  if (field.kind === 'boolean') {
    return (
      <div className={styles.option}>
        <label className={ui.check} htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
            aria-describedby={field.hint ? `${id}-hint` : undefined}
          />
          <span>
            {field.label} {ruling}
          </span>
        </label>
        {hint}
      </div>
    );
  }
  return (
    <div className={cx(styles.option, styles.optionInline)}>
      <label htmlFor={id}>
        {field.label} {ruling}
      </label>
      {field.kind === 'enum' ? (
        <select id={id} value={String(value)} onChange={(e) => onChange(e.target.value)}>
          {field.choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={field.min}
          max={field.max}
          step={field.integer ? 1 : 'any'}
          value={String(value)}
          placeholder={field.optional ? 'none' : undefined}
          aria-describedby={field.hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {hint}
    </div>
  );
}
