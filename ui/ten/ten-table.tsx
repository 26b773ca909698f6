'use client';

import { useId, useMemo, useState } from 'react';
import {
  bustProbability,
  cardById,
  decisionOf,
  holdsSame,
  paymentMenu,
  ranksOf,
  type NumberCard,
  type TenAction,
  type TenDecision,
  type TenView,
} from '../../engine/ten';
import { seatColor } from '../lib/seats';
import type { TableProps } from '../play/table-props';
import { cardIdLabel } from './ten-log';
import { DecisionPanel } from '../play/decision-panel';
import { TenCard, toneColour } from './ten-card';
import { TenCollection } from './ten-collection';
import { PaymentChooser } from './ten-payment';
import styles from './ten.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

function describeDecision(d: TenDecision | null, names: readonly string[]): string {
  if (!d) return 'The game is over';
  const who = names[d.seat] ?? `Seat ${d.seat + 1}`;
  switch (d.kind) {
    case 'draw':
      return d.canStop ? `${who} to draw on or stop` : `${who} to draw`;
    case 'bid':
      return `${who} to bid for ${cardIdLabel(d.joker)} or pass`;
    case 'pay':
      return `${who} to pay ${d.price} for ${cardIdLabel(d.joker)}`;
    case 'buy':
      return d.final ? `${who}: final buy phase` : `${who} may buy from the market`;
  }
}

/**
 * A Ten table for one seat (or a spectator): the tableau with its running total, the market, every collection, the
 * joker auction, and — when this seat decides — the controls offered from `legal` only, with a payment chooser for
 * prices (T5) whose payments the engine accepts.
 */
export function TenTable(props: TableProps<TenView, TenAction>): React.JSX.Element {
  const { view, seat, seats, legal, act, busy, error } = props;
  const names = useMemo(() => view.players.map((_, s) => seats.find((x) => x.seat === s)?.name ?? `Seat ${s + 1}`), [view.players, seats]);
  const decision = decisionOf(view);
  const mine = decision !== null && seat !== null && decision.seat === seat && legal.length > 0 ? decision : null;
  const stage = view.stage;
  const totals = stage.kind === 'draw' ? { total: stage.total, currency: stage.currency } : tableauTotals(view);
  const risk = view.deckCount > 0 && stage.kind !== 'over' ? bustProbability(view, totals.total, totals.currency) : null;
  const finalJokers = stage.kind === 'over' ? new Map(stage.scores.map((s) => [s.seat, s.jokers])) : null;

  return (
    <div className={ui.gameTable} data-testid="ten-table">
      <header className={cx(ui.tableStatus, ui.panel)}>
        <div className={ui.term}>
          <span className={ui.termLabel}>Turn {view.turn}</span>
          <span className={ui.seatChip} style={{ '--seat': seatColor(view.current) } as React.CSSProperties}>
            {names[view.current]}
          </span>
        </div>
        <p className={cx(styles.deck, ui.small)}>
          Draw pile <strong>{view.deckCount}</strong> · discard {view.discard.length} · supply {view.supply.tokens} tokens, {view.supply.bustTokens} bust
        </p>
        {view.deckOut && stage.kind !== 'over' && (
          <p className={styles.final} role="status">
            Final round{stage.kind === 'buy' && stage.final ? `: buy phases left for ${[stage.seat, ...stage.queue].map((s) => names[s]).join(', ')}` : ': the last card is drawn'}
          </p>
        )}
        <p className={ui.pending} data-testid="pending">
          {describeDecision(decision, names)}
        </p>
      </header>

      <div className={cx(ui.tableMain, styles.main)}>
        {stage.kind === 'over' && <FinalScores view={view} names={names} />}
        <section className={ui.panel} aria-labelledby="ten-tableau-heading" data-testid="ten-tableau">
          <h2 id="ten-tableau-heading" className={ui.panelTitle}>
            Tableau <span className={cx(ui.muted, ui.small)}>bust at 11</span>
          </h2>
          <div className={styles.meters}>
            <Meter label="Running total" value={totals.total} hint="numbers − currency" />
            <Meter label="Currency cards" value={totals.currency} hint="alone" />
            {risk !== null && (
              <p className={cx(styles.risk, risk >= 0.5 ? styles.isHigh : risk >= 0.25 && styles.isMid)}>
                Next draw busts: <strong>{Math.round(risk * 100)}%</strong>
                <span className={cx(ui.muted, ui.small)}> (from the unseen cards)</span>
              </p>
            )}
          </div>
          <ul className={styles.row} aria-label="Cards in the tableau">
            {view.tableau.length ? (
              view.tableau.map((id) => (
                <li key={id}>
                  <TenCard id={id} size="lg" />
                </li>
              ))
            ) : (
              <li className={cx(ui.muted, ui.small)}>No cards drawn yet this turn.</li>
            )}
          </ul>
          {stage.kind === 'auction' && <AuctionPanel view={view} names={names} />}
        </section>

        <section className={ui.panel} aria-labelledby="ten-market-heading">
          <h2 id="ten-market-heading" className={ui.panelTitle}>
            Market <span className={cx(ui.muted, ui.small)}>a card costs its number</span>
          </h2>
          <ul className={styles.row}>
            {view.market.length ? (
              view.market.map((id) => (
                <li key={id}>
                  <TenCard id={id} />
                </li>
              ))
            ) : (
              <li className={cx(ui.muted, ui.small)}>Empty.</li>
            )}
          </ul>
        </section>
      </div>

      <div className={ui.tableSide}>
        <DecisionPanel id="ten-act-heading" spectator={seat === null} mine={!!mine} busy={busy} error={error}>
          {mine && seat !== null ? (
            <Controls view={view} seat={seat} decision={mine} legal={legal} act={act} busy={busy} />
          ) : (
            <p className={ui.muted}>{stage.kind === 'over' ? 'The game is over.' : `Waiting: ${describeDecision(decision, names)}.`}</p>
          )}
        </DecisionPanel>
        <section className={ui.panel} aria-labelledby="ten-players-heading" tabIndex={0}>
          <h2 id="ten-players-heading" className={ui.panelTitle}>
            Collections <span className={cx(ui.muted, ui.small)}>longest run per colour scores; 1–9 scores 10</span>
          </h2>
          <ul className={cx(ui.stack, ui.seatList)} data-testid="seats">
            {view.players.map((p, s) => (
              <TenCollection
                key={s}
                player={p}
                seat={s}
                name={names[s]!}
                info={seats.find((x) => x.seat === s)}
                me={seat === s}
                active={decision?.seat === s}
                current={view.current === s && stage.kind !== 'over'}
                jokers={finalJokers?.get(s)}
              />
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

function tableauTotals(view: TenView): { total: number; currency: number } {
  let total = 0;
  let currency = 0;
  for (const id of view.tableau) {
    const c = cardById(id);
    if (c.kind === 'number') total += c.number;
    else if (c.kind === 'currency') {
      total -= c.value;
      currency += c.value;
    }
  }
  return { total, currency };
}

function Meter({ label, value, hint }: { label: string; value: number; hint: string }) {
  const pct = Math.max(0, Math.min(100, (value / 11) * 100));
  return (
    <div className={cx(styles.meter, value >= 8 && styles.isHot)}>
      <span>
        {label} <strong>{value}</strong>
        <span className={cx(ui.muted, ui.small)}> / 11 · {hint}</span>
      </span>
      <span className={cx(ui.bar, styles.meterBar)} role="meter" aria-valuemin={0} aria-valuemax={11} aria-valuenow={Math.max(0, value)} aria-label={label}>
        <span style={{ width: `${pct}%` }} />
      </span>
    </div>
  );
}

function AuctionPanel({ view, names }: { view: TenView; names: readonly string[] }) {
  const stage = view.stage;
  if (stage.kind !== 'auction') return null;
  return (
    <div className={styles.auction}>
      <TenCard id={stage.joker} size="lg" />
      <div>
        <h3 className={ui.subheading}>Joker auction</h3>
        <p>
          High bid: <strong>{stage.high ? `${stage.high.amount} by ${names[stage.high.seat]}` : 'none yet'}</strong>
        </p>
        <ol className={styles.bidders}>
          {stage.bidders.map((s, i) => (
            <li key={s} className={i < stage.index ? styles.isDone : i === stage.index ? styles.isNow : undefined} style={{ '--seat': seatColor(s) } as React.CSSProperties}>
              {names[s]}
              {i === stage.index ? ' — bidding' : i < stage.index ? ' — done' : ''}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

function Controls({
  view,
  seat,
  decision,
  legal,
  act,
  busy,
}: {
  view: TenView;
  seat: number;
  decision: TenDecision;
  legal: readonly TenAction[];
  act: (a: TenAction) => void;
  busy: boolean;
}) {
  const player = view.players[seat]!;
  const has = (type: TenAction['type']) => legal.some((a) => a.type === type);
  switch (decision.kind) {
    case 'draw': {
      const numbers = view.tableau.filter((id) => cardById(id).kind === 'number');
      const gain = Math.max(0, Math.min(decision.currency, view.config.tokenCap - player.tokens, view.supply.tokens));
      return (
        <div className={ui.decision}>
          <div className={ui.choices}>
            {has('draw') && (
              <button type="button" className={cx(ui.button, ui.primary)} disabled={busy} onClick={() => act({ type: 'draw' })}>
                Draw a card
              </button>
            )}
            {has('takeNumbers') && (
              <button type="button" className={ui.button} disabled={busy} onClick={() => act({ type: 'takeNumbers' })}>
                Take the {numbers.length} number card{numbers.length === 1 ? '' : 's'}
                {decision.currency > 0 && view.players.length > 1 ? ` (others get ${decision.currency})` : ''}
              </button>
            )}
            {has('takeCurrency') && (
              <button type="button" className={ui.button} disabled={busy} onClick={() => act({ type: 'takeCurrency' })}>
                Take the currency: +{gain} token{gain === 1 ? '' : 's'}
                {gain < decision.currency ? ` (cap ${view.config.tokenCap})` : ''}
              </button>
            )}
          </div>
          {!decision.canStop && <p className={cx(ui.muted, ui.small)}>The first card of a turn is always drawn.</p>}
          {!has('draw') && <p className={cx(ui.muted, ui.small)}>The draw pile is empty: take a reward.</p>}
          {has('takeCurrency') && <p className={cx(ui.muted, ui.small)}>Taking the currency sends the number cards to the market and skips your buy phase.</p>}
        </div>
      );
    }
    case 'bid':
      return <BidControls key={`${decision.joker}-${decision.high}`} legal={legal} act={act} busy={busy} decision={decision} />;
    case 'pay':
      return (
        <div className={ui.decision}>
          <p>
            You won <TenCard id={decision.joker} size="sm" /> for {decision.price}. Choose how to pay:
          </p>
          <PaymentChooser
            player={player}
            price={decision.price}
            rules={view.config}
            suggestions={legal.flatMap((a) => (a.type === 'pay' ? [a.payment] : []))}
            busy={busy}
            submitLabel={`Pay ${decision.price}`}
            onPay={(payment) => act({ type: 'pay', payment })}
          />
        </div>
      );
    case 'buy':
      return <BuyControls key={view.market.join(',')} view={view} seat={seat} legal={legal} act={act} busy={busy} final={decision.final} />;
  }
}

function BidControls({ legal, act, busy, decision }: { legal: readonly TenAction[]; act: (a: TenAction) => void; busy: boolean; decision: TenDecision }) {
  const amounts = legal.flatMap((a) => (a.type === 'bid' ? [a.amount] : []));
  const min = amounts.length ? Math.min(...amounts) : 0;
  const max = amounts.length ? Math.max(...amounts) : 0;
  const [text, setText] = useState(String(min));
  const id = useId();
  const amount = Number(text);
  const ok = amounts.includes(amount);
  return (
    <form
      className={ui.decision}
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) act({ type: 'bid', amount });
      }}
    >
      <p>
        {decision.kind === 'bid' && <TenCard id={decision.joker} size="sm" />} {decision.kind === 'bid' && decision.high > 0 ? `High bid ${decision.high}.` : 'No bid yet.'}{' '}
        {amounts.length ? `You may bid ${min === max ? min : `${min}–${max}`} (what you could pay).` : 'You cannot outbid: pass.'}
      </p>
      {amounts.length > 0 && (
        <p className={styles.bidRow}>
          <label htmlFor={`${id}-bid`}>Bid</label>
          <input id={`${id}-bid`} type="number" inputMode="numeric" min={min} max={max} step={1} value={text} onChange={(e) => setText(e.target.value)} />
          <button type="submit" className={cx(ui.button, ui.primary)} disabled={busy || !ok}>
            Bid {ok ? amount : ''}
          </button>
        </p>
      )}
      {!ok && amounts.length > 0 && <p className={cx(ui.total, styles.isBad)}>A bid is a whole number from {min} to {max}.</p>}
      <button type="button" className={ui.button} disabled={busy || !legal.some((a) => a.type === 'pass')} onClick={() => act({ type: 'pass' })}>
        Pass
      </button>
    </form>
  );
}

function BuyControls({
  view,
  seat,
  legal,
  act,
  busy,
  final,
}: {
  view: TenView;
  seat: number;
  legal: readonly TenAction[];
  act: (a: TenAction) => void;
  busy: boolean;
  final: boolean;
}) {
  const player = view.players[seat]!;
  const buyable = [...new Set(legal.flatMap((a) => (a.type === 'buy' ? [a.card] : [])))];
  const [chosen, setChosen] = useState<string | null>(buyable[0] ?? null);
  const card = chosen && buyable.includes(chosen) ? chosen : null;
  const unbuyable = [...new Set(view.market)].filter((id) => !buyable.includes(id));
  return (
    <div className={ui.decision}>
      <p>{final ? 'Final buy phase: one market card, or none.' : 'Buy one market card at its number, or end your turn.'}</p>
      {buyable.length > 0 ? (
        <fieldset className={styles.buyPick}>
          <legend>Card to buy</legend>
          {buyable.map((id) => (
            <label key={id} className={cx(styles.buyOption, card === id && styles.isChecked)}>
              <input type="radio" name="ten-buy" value={id} checked={card === id} onChange={() => setChosen(id)} />
              <TenCard id={id} size="sm" />
              <span className={ui.small}>costs {(cardById(id) as NumberCard).number}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className={cx(ui.muted, ui.small)}>Nothing in the market you may buy.</p>
      )}
      {unbuyable.length > 0 && (
        <p className={cx(ui.muted, ui.small)}>
          Not for you:{' '}
          {unbuyable
            .map((id) => `${cardIdLabel(id)} (${holdsSame(player, cardById(id) as NumberCard) ? 'you hold one' : 'too dear'})`)
            .join(', ')}
        </p>
      )}
      {card && (
        <PaymentChooser
          key={card}
          player={player}
          price={(cardById(card) as NumberCard).number}
          rules={view.config}
          suggestions={paymentMenu(player, (cardById(card) as NumberCard).number, view.config.bustTokenValue)}
          busy={busy}
          submitLabel={`Buy ${cardIdLabel(card)}`}
          onPay={(payment) => act({ type: 'buy', card, payment })}
        />
      )}
      <div className={cx(ui.choices, ui.choicesEnd)}>
        <button type="button" className={ui.button} disabled={busy || !legal.some((a) => a.type === 'endTurn')} onClick={() => act({ type: 'endTurn' })}>
          {final ? 'Buy nothing' : 'Buy nothing, end turn'}
        </button>
      </div>
    </div>
  );
}

const COLOURS4 = ['red', 'blue', 'orange', 'green'] as const;

function FinalScores({ view, names }: { view: TenView; names: readonly string[] }) {
  const stage = view.stage;
  if (stage.kind !== 'over') return null;
  const ranks = ranksOf(stage.scores);
  const rows = stage.scores.slice().sort((a, b) => ranks[a.seat]! - ranks[b.seat]! || a.seat - b.seat);
  return (
    <section className={ui.panel} aria-labelledby="ten-final-heading" data-testid="outcome">
      <h2 id="ten-final-heading" className={ui.panelTitle}>
        Final scores <span className={cx(ui.muted, ui.small)}>jokers placed for the best total (T9)</span>
      </h2>
      <p className={cx(ui.pending, ui.isOver)}>
        {view.players.length === 1
          ? `${names[0]} scores ${stage.scores[0]?.points ?? 0}${view.config.previousBest === undefined ? '' : (stage.scores[0]?.points ?? 0) > view.config.previousBest ? ` — a new best (was ${view.config.previousBest})!` : ` (best so far: ${view.config.previousBest})`}`
          : `${stage.winners.map((s) => names[s]).join(' & ')} ${stage.winners.length > 1 ? 'share the win' : 'wins'}`}
      </p>
      <div className={ui.tableScroll}>
        <table className={ui.standings}>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Player</th>
              {COLOURS4.map((c) => (
                <th key={c} scope="col" className={styles.toneHead} style={{ '--c': toneColour(c, true) } as React.CSSProperties}>
                  {c[0]!.toUpperCase() + c.slice(1)}
                </th>
              ))}
              <th scope="col">Total</th>
              <th scope="col">Tokens</th>
              <th scope="col">Cards</th>
              <th scope="col">Jokers placed</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.seat} data-winner={ranks[s.seat] === 1 ? 'true' : 'false'}>
                <td>{ranks[s.seat]}</td>
                <th scope="row">
                  <span className={ui.seatChip} style={{ '--seat': seatColor(s.seat) } as React.CSSProperties}>
                    {names[s.seat]}
                  </span>
                </th>
                {COLOURS4.map((c) => (
                  <td key={c}>{s.colours[c] ?? 0}</td>
                ))}
                <td>
                  <strong>{s.points}</strong>
                </td>
                <td>{s.tokens}</td>
                <td>{s.cards}</td>
                <td className={ui.small}>
                  {s.jokers.length ? s.jokers.map((j) => `${cardIdLabel(j.card)} → ${j.colour} ${j.number}`).join(', ') : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
