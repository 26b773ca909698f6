'use client';

import { useId, useState, type ReactNode } from 'react';
import {
  isTradable,
  LONDON,
  propertyAt,
  tradeRefusal,
  type GotopolyAction,
  type GotopolyDecision,
  type GotopolyView,
} from '../../engine/gotopoly';
import { colourOf, describeOffer, formatPounds, spaceName } from './gotopoly-log';
import { parseBids, previewToken } from './gotopoly-moves';
import { keptCards } from './gotopoly-seats';
import styles from './gotopoly.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { groupFill } from './group-fill';
import { RuleLink } from '../rules/rule-link';

export interface ActionProps {
  readonly view: GotopolyView;
  readonly seat: number;
  readonly decision: GotopolyDecision;
  readonly legal: readonly GotopolyAction[];
  readonly names: readonly string[];
  readonly act: (action: GotopolyAction) => void;
  readonly busy: boolean;
  /** The token under the pointer or focus, to highlight where it lands. */
  readonly onPreview: (space: number | null) => void;
}

const has = (legal: readonly GotopolyAction[], type: GotopolyAction['type']) => legal.some((a) => a.type === type);

/** A button for one legal action; absent when `legal` does not offer it. */
function ActButton({
  action,
  legal,
  act,
  busy,
  primary,
  children,
}: {
  action: GotopolyAction;
  legal: readonly GotopolyAction[];
  act: (a: GotopolyAction) => void;
  busy: boolean;
  primary?: boolean;
  children: React.ReactNode;
}) {
  if (!has(legal, action.type)) return null;
  return (
    <button
      type="button"
      className={cx(ui.button, primary && ui.primary, styles.choice)}
      disabled={busy}
      onClick={() => act(action)}
    >
      {children}
    </button>
  );
}

/** The controls for this seat's pending decision, built from `legal` (forms for the unbounded bids and trades). */
export function GotopolyActions(props: ActionProps) {
  const { view, seat, decision, legal, act, busy, names } = props;
  const student = view.students[seat]!;
  const b = { legal, act, busy };
  switch (decision.kind) {
    case 'bid':
      return (
        <BidForm
          key={`${view.term}-${decision.lot.join(',')}`}
          {...props}
          lot={decision.lot}
          cash={view.uncles[seat]!.cash}
        />
      );
    case 'buildTrade':
      return <BuildTrade {...props} />;
    case 'answerTrade':
      return (
        <Choices prompt={<p className={cx(ui.notice, styles.offer)}>{describeOffer(decision.offer, names)}.</p>}>
          <ActButton action={{ type: 'acceptTrade' }} primary {...b}>
            Accept
          </ActButton>
          <ActButton action={{ type: 'rejectTrade' }} {...b}>
            Reject
          </ActButton>
        </Choices>
      );
    case 'jail':
      return (
        <Choices
          prompt={
            <p>
              In jail: {decision.turnsServed} of {view.config.jailTurns} turns served.
            </p>
          }
          note={
            !has(legal, 'payBail') && (
              <p className={cx(ui.muted, ui.small)}>Bail is {formatPounds(view.config.bail)}: not enough cash.</p>
            )
          }
        >
          <ActButton action={{ type: 'serve' }} {...b}>
            Serve a turn
          </ActButton>
          <ActButton action={{ type: 'payBail' }} {...b}>
            Pay {formatPounds(view.config.bail)} bail and move
          </ActButton>
          <ActButton action={{ type: 'useJailCard' }} primary {...b}>
            Use Get Out Of Jail Free{keptCards(student).jailFree > 1 ? ` (${keptCards(student).jailFree} held)` : ''}
          </ActButton>
        </Choices>
      );
    case 'token':
      return <TokenChooser {...props} />;
    case 'study':
      return (
        <Choices prompt={<p>At {spaceName(decision.space)}: a term’s lectures or a term’s work?</p>}>
          <ActButton action={{ type: 'study' }} primary {...b}>
            Study (+1 credit → {student.credits + 1}/{view.config.creditsToWin})
          </ActButton>
          <ActButton action={{ type: 'work' }} {...b}>
            Work (+{formatPounds(view.config.wage)})
          </ActButton>
        </Choices>
      );
    case 'station':
      return (
        <Choices
          prompt={
            <p>
              At {spaceName(decision.space)}. Going home costs {formatPounds(decision.fare)}
              {keptCards(student).railcard ? ' (Railcard price)' : ''} and brings a handout of 2 dice ×{' '}
              {student.credits} credit
              {student.credits === 1 ? '' : 's'} × {formatPounds(view.config.handoutPerCredit)}
              {student.credits === 0
                ? ' = nothing yet'
                : ` (${formatPounds(2 * student.credits * view.config.handoutPerCredit)}–${formatPounds(12 * student.credits * view.config.handoutPerCredit)})`}
              .
            </p>
          }
          note={!has(legal, 'goHome') && <p className={cx(ui.muted, ui.small)}>Not enough cash for the fare.</p>}
        >
          <ActButton action={{ type: 'goHome' }} {...b}>
            Go home ({formatPounds(decision.fare)} fare)
          </ActButton>
          <ActButton action={{ type: 'sleepRough' }} {...b}>
            Sleep rough (free)
          </ActButton>
        </Choices>
      );
    case 'utility':
      return (
        <Choices
          prompt={
            <p>
              {spaceName(decision.space)} bill: {formatPounds(decision.bill)}. Or take a RISK card (you hold{' '}
              {student.risk}; a token ≤ your RISK cards sends you to jail).
            </p>
          }
        >
          <ActButton action={{ type: 'payBill' }} {...b}>
            Pay {formatPounds(decision.bill)}
          </ActButton>
          <ActButton action={{ type: 'takeRisk' }} {...b}>
            Take a RISK card (→ {student.risk + 1})
          </ActButton>
        </Choices>
      );
    case 'bankrupt':
      return (
        <Choices
          prompt={
            <p>
              In the red ({formatPounds(decision.cash)}): thrown off the course. Restart at GO with a fresh{' '}
              {formatPounds(view.config.studentGrant)} grant, fresh tokens and no credits, or retire (your uncle plays
              on).
            </p>
          }
        >
          <ActButton action={{ type: 'restart' }} primary {...b}>
            Restart at GO
          </ActButton>
          <ActButton action={{ type: 'retire' }} {...b}>
            Retire
          </ActButton>
        </Choices>
      );
  }
}

/** A decision put to the seat: what it is asked (`prompt`), its choices, and what it should know besides (`note`). */
function Choices({ prompt, note, children }: { prompt: ReactNode; note?: ReactNode; children: ReactNode }) {
  return (
    <div className={ui.decision}>
      {prompt}
      <div className={ui.choices} role="group" aria-label="Your choices">
        {children}
      </div>
      {note}
    </div>
  );
}

function TokenChooser({ view, seat, legal, act, busy, names, onPreview }: ActionProps) {
  const moves = legal.flatMap((a) => (a.type === 'move' ? [a.token] : []));
  const student = view.students[seat]!;
  return (
    <div className={ui.decision}>
      <p>
        Pick a move token (£{view.config.farePerSpace} a space, anticlockwise). Cash {formatPounds(student.cash)}
        {student.risk > 0 ? `, ${student.risk} RISK card${student.risk > 1 ? 's' : ''}` : ''}.
      </p>
      <ul className={ui.stack} aria-label="Your choices">
        {moves.map((token) => {
          const p = previewToken(view, seat, token, names);
          const count = student.tokens.filter((t) => t === token).length;
          return (
            <li key={token}>
              <button
                type="button"
                className={cx(ui.button, styles.tokenButton, p.warn && styles.isWarn)}
                disabled={busy}
                onClick={() => {
                  onPreview(null);
                  act({ type: 'move', token });
                }}
                onMouseEnter={() => onPreview(p.space)}
                onMouseLeave={() => onPreview(null)}
                onFocus={() => onPreview(p.space)}
                onBlur={() => onPreview(null)}
              >
                <span className={cx(styles.token, styles.big)} aria-hidden="true">
                  {token}
                </span>
                <span className={styles.tokenText}>
                  <strong>
                    Move {token}
                    {count > 1 ? ` (×${count} held)` : ''}
                    {p.space !== null ? ` → ${spaceName(p.space)}` : ''}
                  </strong>
                  <span className={ui.small}>
                    {p.fare > 0 ? `${formatPounds(p.fare)} fare · ` : ''}
                    {p.hint} · you get a {7 - token} back
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function BidForm({ seat, legal, act, busy, lot, cash, view }: ActionProps & { lot: readonly number[]; cash: number }) {
  const [inputs, setInputs] = useState<string[]>(() => lot.map(() => ''));
  const id = useId();
  const { bids, total, error } = parseBids(inputs.length === lot.length ? inputs : lot.map(() => ''), cash);
  if (!has(legal, 'bid')) return null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (error) return;
    act({ type: 'bid', bids });
  };
  const submitted = view.stage.kind === 'auction' ? view.stage.submitted[seat] : false;
  return (
    <form className={ui.decision} onSubmit={submit} aria-label="Sealed bids" aria-describedby={`${id}-total`}>
      <p>
        Sealed bids, one per property (blank or 0 = no bid). Highest single bid buys; a tie leaves it unsold. Your uncle
        has {formatPounds(cash)}.{' '}
        <RuleLink game="gotopoly" section="g4">
          How the auction works
        </RuleLink>
      </p>
      <ul className={ui.stack}>
        {lot.map((space, k) => {
          const p = propertyAt(LONDON, space)!;
          return (
            <li key={space} className={styles.bidRow}>
              <label htmlFor={`${id}-${k}`}>
                <span className={styles.dot} style={groupFill(p.colour)} aria-hidden="true" />
                {p.name} <span className={cx(ui.muted, ui.small)}>list {formatPounds(p.price)}</span>
              </label>
              <span className={styles.poundInput}>
                £
                <input
                  id={`${id}-${k}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={cash}
                  step={1}
                  placeholder="0"
                  value={inputs[k] ?? ''}
                  onChange={(e) => setInputs((old) => lot.map((_, j) => (j === k ? e.target.value : (old[j] ?? ''))))}
                />
              </span>
              <span className={styles.quick}>
                {[Math.ceil(p.price / 2), p.price].map((amount) => (
                  <button
                    key={amount}
                    type="button"
                    className={cx(ui.button, ui.ghost, ui.small)}
                    onClick={() => setInputs((old) => lot.map((_, j) => (j === k ? String(amount) : (old[j] ?? ''))))}
                  >
                    {formatPounds(amount)}
                  </button>
                ))}
              </span>
            </li>
          );
        })}
      </ul>
      {/* Kept in view at the foot of the scrolling panel: a long lot must not push Submit off the screen. */}
      <div className={styles.bidFoot}>
        <p id={`${id}-total`} className={cx(ui.total, error && ui.isBad)} aria-live="polite">
          Total {formatPounds(total)} of {formatPounds(cash)}
          {error ? ` — ${error}` : ` · ${formatPounds(cash - total)} left`}
        </p>
        <div className={ui.choices}>
          <button type="submit" className={cx(ui.button, ui.primary)} disabled={busy || error !== null || submitted}>
            {total === 0 ? 'Submit: no bids' : 'Submit sealed bids'}
          </button>
        </div>
      </div>
    </form>
  );
}

function BuildTrade(props: ActionProps) {
  const { view, decision, legal, act, busy } = props;
  if (decision.kind !== 'buildTrade') return null;
  const builds = legal.flatMap((a) => (a.type === 'build' ? [a.space] : []));
  return (
    <div className={ui.decision}>
      <h3 className={ui.subheading}>Build</h3>
      {decision.built ? (
        <p className={cx(ui.muted, ui.small)}>One house per term: already built this term.</p>
      ) : builds.length ? (
        <div className={ui.choices} role="group" aria-label="Your choices">
          {builds.map((space) => {
            const p = propertyAt(LONDON, space)!;
            const h = view.estates[space]!.houses;
            return (
              <button
                key={space}
                type="button"
                className={cx(ui.button, styles.choice)}
                disabled={busy}
                onClick={() => act({ type: 'build', space })}
              >
                <span className={styles.dot} style={groupFill(p.colour)} aria-hidden="true" />
                {h === 4 ? 'B&B' : `House ${h + 1}`} on {p.name} ({formatPounds(p.houseCost)})
              </button>
            );
          })}
        </div>
      ) : (
        <p className={cx(ui.muted, ui.small)}>Nothing to build: houses need a whole colour group, built evenly.</p>
      )}
      <h3 className={ui.subheading}>Trade</h3>
      {has(legal, 'offerTrade') ? (
        <TradeForm {...props} />
      ) : (
        <p className={cx(ui.muted, ui.small)}>No trade offers left this term, or nothing tradable.</p>
      )}
      <div className={cx(ui.choices, ui.choicesEnd)}>
        <button
          type="button"
          className={cx(ui.button, ui.primary)}
          disabled={busy || !has(legal, 'endBuild')}
          onClick={() => act({ type: 'endBuild' })}
        >
          Done building and trading
        </button>
      </div>
    </div>
  );
}

function TradeForm({ view, seat, decision, act, busy, names }: ActionProps) {
  const others = view.uncles.map((_, s) => s).filter((s) => s !== seat);
  const [to, setTo] = useState<number>(others[0] ?? 0);
  const [give, setGive] = useState<number[]>([]);
  const [take, setTake] = useState<number[]>([]);
  const [cashWay, setCashWay] = useState<'none' | 'give' | 'take'>('none');
  const [cashText, setCashText] = useState('');
  const id = useId();
  const tradable = (owner: number) =>
    LONDON.properties.filter((p) => view.estates[p]!.owner === owner && isTradable(view.estates, p));
  const mine = tradable(seat);
  const theirs = tradable(to);
  const cash = cashWay === 'none' || cashText.trim() === '' ? 0 : Number(cashText);
  const offer = {
    from: seat,
    to,
    give: give.filter((p) => mine.includes(p)),
    take: take.filter((p) => theirs.includes(p)),
    giveCash: cashWay === 'give' ? cash : 0,
    takeCash: cashWay === 'take' ? cash : 0,
  };
  const badCash = !Number.isInteger(cash) || cash < 0;
  const empty = offer.give.length + offer.take.length === 0;
  const refusal = badCash
    ? 'Cash is whole pounds, 0 or more.'
    : empty
      ? 'Pick at least one property to give or ask for.'
      : friendlyRefusal(tradeRefusal(view, offer), offer, view, names);
  const toggle = (list: number[], set: (v: number[]) => void, p: number) =>
    set(list.includes(p) ? list.filter((x) => x !== p) : [...list, p]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (refusal) return;
    act({
      type: 'offerTrade',
      to: offer.to,
      give: offer.give,
      take: offer.take,
      giveCash: offer.giveCash,
      takeCash: offer.takeCash,
    });
  };
  const propertyBoxes = (list: number[], set: (v: number[]) => void, spaces: number[], legend: string) => (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      {spaces.length === 0 && <p className={cx(ui.muted, ui.small)}>No unimproved properties.</p>}
      {spaces.map((p) => (
        <label key={p} className={styles.check}>
          <input type="checkbox" checked={list.includes(p)} onChange={() => toggle(list, set, p)} />
          <span className={styles.dot} style={groupFill(colourOf(p))} aria-hidden="true" />
          {spaceName(p)} <span className={cx(ui.muted, ui.small)}>{formatPounds(propertyAt(LONDON, p)!.price)}</span>
        </label>
      ))}
    </fieldset>
  );
  return (
    <form className={styles.tradeForm} onSubmit={submit}>
      <p className={cx(ui.muted, ui.small)}>
        {decision.kind === 'buildTrade'
          ? `${decision.offersLeft} offer${decision.offersLeft === 1 ? '' : 's'} left this term. `
          : ''}
        Only unimproved properties (no houses in the group) trade; cash goes one way.
      </p>
      <label className={styles.field} htmlFor={`${id}-to`}>
        Trade with
        <select
          id={`${id}-to`}
          value={to}
          onChange={(e) => {
            setTo(Number(e.target.value));
            setTake([]);
          }}
        >
          {others.map((s) => (
            <option key={s} value={s}>
              {names[s]}’s uncle ({formatPounds(view.uncles[s]!.cash)})
            </option>
          ))}
        </select>
      </label>
      <div className={styles.tradeSides}>
        {propertyBoxes(give, setGive, mine, 'You give')}
        {propertyBoxes(take, setTake, theirs, `You ask from ${names[to]}’s uncle`)}
      </div>
      <fieldset className={cx(styles.fieldset, styles.cashWay)}>
        <legend>Cash</legend>
        {(['none', 'give', 'take'] as const).map((way) => (
          <label key={way} className={styles.check}>
            <input
              type="radio"
              name={`${id}-way`}
              value={way}
              checked={cashWay === way}
              onChange={() => setCashWay(way)}
            />
            {way === 'none' ? 'None' : way === 'give' ? 'You pay' : 'You ask'}
          </label>
        ))}
        {cashWay !== 'none' && (
          <span className={styles.poundInput}>
            £
            <input
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              aria-label={cashWay === 'give' ? 'Cash you pay' : 'Cash you ask for'}
              value={cashText}
              onChange={(e) => setCashText(e.target.value)}
            />
          </span>
        )}
      </fieldset>
      <p className={cx(ui.total, refusal && !empty && ui.isBad, empty && ui.muted)} aria-live="polite">
        {refusal ?? describeTerms(offer, names)}
      </p>
      <button type="submit" className={ui.button} disabled={busy || refusal !== null}>
        Offer the trade
      </button>
    </form>
  );
}

function describeTerms(offer: Parameters<typeof describeOffer>[0], names: readonly string[]): string {
  return `${describeOffer(offer, names).replace(/^.*? offers /, 'Offer ')}.`;
}

/** The engine's refusal of an offer in the players' words (it names uncles by seat number). */
function friendlyRefusal(
  refusal: ReturnType<typeof tradeRefusal>,
  offer: Parameters<typeof tradeRefusal>[1],
  view: GotopolyView,
  names: readonly string[],
): string | null {
  if (!refusal) return null;
  if (refusal.code === 'CANNOT_AFFORD') {
    return offer.giveCash > view.uncles[offer.from]!.cash
      ? `Your uncle has only ${formatPounds(view.uncles[offer.from]!.cash)}.`
      : `${names[offer.to]}’s uncle has only ${formatPounds(view.uncles[offer.to]!.cash)}.`;
  }
  return refusal.message;
}
