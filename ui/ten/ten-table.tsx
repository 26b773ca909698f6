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
import { lastBust, type LastBust } from './last-bust';
import { cardIdLabel } from './ten-log';
import { LanguageSwitch, TenIntl, useTenT, useTenWords } from './ten-intl';
import { useTenLocale } from './ten-language-choice';
import type { TenLocale } from './ten-language';
import type { TenWords } from './ten-locale';
import { RuleLink } from '../rules/rule-link';
import { DecisionPanel } from '../play/decision-panel';
import { TenCard, toneColour } from './ten-card';
import { TenCollection } from './ten-collection';
import { PaymentChooser } from './ten-payment';
import styles from './ten.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { TitledPanel } from '../lib/titled-panel';
import { ScrollTable } from '../lib/tables';

function describeDecision(d: TenDecision | null, names: readonly string[], w: TenWords): string {
  const { t } = w;
  if (!d) return t('decision.over');
  const who = names[d.seat] ?? t('log.seat', { n: d.seat + 1 });
  switch (d.kind) {
    case 'draw':
      return t(d.canStop ? 'decision.drawOrStop' : 'decision.draw', { who });
    case 'bid':
      return t('decision.bid', { who, card: cardIdLabel(d.joker, w) });
    case 'pay':
      return t('decision.pay', { who, price: d.price, card: cardIdLabel(d.joker, w) });
    case 'buy':
      return t(d.final ? 'decision.finalBuy' : 'decision.buy', { who });
  }
}

/**
 * A Ten table for one seat (or a spectator): the tableau with its running total, the market, every collection, the
 * joker auction, and — when this seat decides — the controls offered from `legal` only, with a payment chooser for
 * prices (T5) whose payments the engine accepts. In the language chosen with its switch (English or Hungarian).
 */
export function TenTable(props: TableProps<TenView, TenAction>): React.JSX.Element {
  return <LocalizedTenTable {...props} locale={useTenLocale()} />;
}

/** Ten's table in a given language. */
export function LocalizedTenTable({
  locale,
  ...props
}: TableProps<TenView, TenAction> & { locale: TenLocale }): React.JSX.Element {
  return (
    <TenIntl locale={locale}>
      <TenTableBody {...props} />
    </TenIntl>
  );
}

function TenTableBody(props: TableProps<TenView, TenAction>): React.JSX.Element {
  const { view, seat, seats, legal, act, busy, error } = props;
  const w = useTenWords();
  const t = useTenT();
  const names = useMemo(
    () => view.players.map((_, s) => seats.find((x) => x.seat === s)?.name ?? w.t('log.seat', { n: s + 1 })),
    [view.players, seats, w],
  );
  const decision = decisionOf(view);
  const mine = decision !== null && seat !== null && decision.seat === seat && legal.length > 0 ? decision : null;
  const stage = view.stage;
  const totals = stage.kind === 'draw' ? { total: stage.total, currency: stage.currency } : tableauTotals(view);
  const risk =
    view.deckCount > 0 && stage.kind !== 'over' ? bustProbability(view, totals.total, totals.currency) : null;
  const finalJokers = stage.kind === 'over' ? new Map(stage.scores.map((s) => [s.seat, s.jokers])) : null;
  const bust = useMemo(() => lastBust(props.events), [props.events]);
  // The bust the viewer put away: it stays away, and the next one shows.
  const [dismissed, setDismissed] = useState<number | null>(null);

  return (
    <div className={ui.gameTable} data-testid="ten-table" lang={w.locale}>
      <header className={cx(ui.tableStatus, ui.panel)}>
        <div className={ui.term}>
          <span className={ui.termLabel}>{t('table.turn', { turn: view.turn })}</span>
          <span className={ui.seatChip} style={{ '--seat': seatColor(view.current) } as React.CSSProperties}>
            {names[view.current]}
          </span>
        </div>
        <p className={cx(styles.deck, ui.small)}>
          {t.rich('table.deck', {
            strong: (chunks) => <strong>{chunks}</strong>,
            deck: view.deckCount,
            discard: view.discard.length,
            tokens: view.supply.tokens,
            bust: view.supply.bustTokens,
          })}
        </p>
        <div className={styles.tableLinks}>
          <LanguageSwitch current={w.locale} />
          <RuleLink game="ten" section="t1">
            {t('table.rules')}
          </RuleLink>
        </div>
        {view.deckOut && stage.kind !== 'over' && (
          <p className={styles.final} role="status">
            {stage.kind === 'buy' && stage.final
              ? t('table.finalRoundBuys', { names: [stage.seat, ...stage.queue].map((s) => names[s]).join(', ') })
              : t('table.finalRoundDrawn')}
          </p>
        )}
        <p className={ui.pending} data-testid="pending">
          {describeDecision(decision, names, w)}
        </p>
      </header>

      <div className={cx(ui.tableMain, styles.main)}>
        {stage.kind === 'over' && <FinalScores view={view} names={names} />}
        {bust && bust.at !== dismissed && stage.kind !== 'over' && (
          <BustNotice bust={bust} names={names} dismiss={() => setDismissed(bust.at)} />
        )}
        <TitledPanel
          id="ten-tableau-heading"
          title={t('table.tableau')}
          hint={t('table.bustAt')}
          data-testid="ten-tableau"
        >
          <div className={styles.meters}>
            <Meter label={t('table.runningTotal')} value={totals.total} hint={t('table.runningHint')} />
            <Meter label={t('table.currencyCards')} value={totals.currency} hint={t('table.currencyHint')} />
            {risk !== null && (
              <p className={cx(styles.risk, risk >= 0.5 ? styles.isHigh : risk >= 0.25 && styles.isMid)}>
                {t.rich('table.risk', { strong: (chunks) => <strong>{chunks}</strong>, pct: Math.round(risk * 100) })}
                <span className={cx(ui.muted, ui.small)}>{t('table.riskFrom')}</span>{' '}
                <RuleLink game="ten" section="t3">
                  {t('table.whyBust')}
                </RuleLink>
              </p>
            )}
          </div>
          <ul className={styles.row} aria-label={t('table.tableauCards')}>
            {view.tableau.length ? (
              view.tableau.map((id) => (
                <li key={id}>
                  <TenCard id={id} size="lg" />
                </li>
              ))
            ) : (
              <li className={cx(ui.muted, ui.small)}>{t('table.noCards')}</li>
            )}
          </ul>
          {stage.kind === 'auction' && <AuctionPanel view={view} names={names} />}
        </TitledPanel>

        <TitledPanel id="ten-market-heading" title={t('table.market')} hint={t('table.marketHint')}>
          <ul className={styles.row}>
            {view.market.length ? (
              view.market.map((id) => (
                <li key={id}>
                  <TenCard id={id} />
                </li>
              ))
            ) : (
              <li className={cx(ui.muted, ui.small)}>{t('table.empty')}</li>
            )}
          </ul>
        </TitledPanel>
      </div>

      <div className={ui.tableSide}>
        <DecisionPanel
          id="ten-act-heading"
          spectator={seat === null}
          mine={!!mine}
          busy={busy}
          error={error}
          titles={{
            spectator: t('panel.spectating'),
            mine: t('panel.mine'),
            waiting: t('panel.waiting'),
            sending: t('panel.sending'),
          }}
        >
          {mine && seat !== null ? (
            <Controls view={view} seat={seat} decision={mine} legal={legal} act={act} busy={busy} />
          ) : (
            <p className={ui.muted}>
              {stage.kind === 'over'
                ? t('table.gameOver')
                : t('table.waitingFor', { what: describeDecision(decision, names, w) })}
            </p>
          )}
        </DecisionPanel>
        {/* Focusable: the side column scrolls it when the decision above it grows, and a keyboard must scroll it too. */}
        <TitledPanel
          id="ten-players-heading"
          title={t('table.collections')}
          hint={t('table.collectionsHint')}
          tabIndex={0}
        >
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
        </TitledPanel>
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

/** The latest bust, kept in view (last-bust.ts): who busted and why, the card that did it, what the tableau lost. */
function BustNotice({ bust, names, dismiss }: { bust: LastBust; names: readonly string[]; dismiss: () => void }) {
  const t = useTenT();
  const who = names[bust.seat] ?? '';
  return (
    <section className={cx(ui.panel, styles.bust)} role="status" aria-live="polite" data-testid="ten-bust">
      <p className={styles.bustWords}>
        <strong>
          {bust.cause === 'numbers'
            ? t('bust.numbers', { who, total: bust.total })
            : t('bust.currency', { who, currency: bust.currency })}
        </strong>
      </p>
      <div className={styles.bustCards}>
        {bust.card && (
          <figure>
            <figcaption className={ui.small}>{t('bust.card')}</figcaption>
            <TenCard id={bust.card} size="lg" />
          </figure>
        )}
        {bust.lost.length > 0 && (
          <figure>
            <figcaption className={ui.small}>{t('bust.lost')}</figcaption>
            <ul className={styles.row}>
              {bust.lost.map((id) => (
                <li key={id}>
                  <TenCard id={id} size="sm" />
                </li>
              ))}
            </ul>
          </figure>
        )}
      </div>
      <button type="button" className={cx(ui.button, ui.small)} onClick={dismiss}>
        {t('bust.dismiss')}
      </button>
    </section>
  );
}

function Meter({ label, value, hint }: { label: string; value: number; hint: string }) {
  const t = useTenT();
  const pct = Math.max(0, Math.min(100, (value / 11) * 100));
  return (
    <div className={cx(styles.meter, value >= 8 && styles.isHot)}>
      <span>
        {label} <strong>{value}</strong>
        <span className={cx(ui.muted, ui.small)}>{t('table.ofEleven', { hint })}</span>
      </span>
      <span
        className={cx(ui.bar, styles.meterBar)}
        role="meter"
        aria-valuemin={0}
        aria-valuemax={11}
        aria-valuenow={Math.max(0, value)}
        aria-label={label}
      >
        <span style={{ width: `${pct}%` }} />
      </span>
    </div>
  );
}

function AuctionPanel({ view, names }: { view: TenView; names: readonly string[] }) {
  const t = useTenT();
  const stage = view.stage;
  if (stage.kind !== 'auction') return null;
  return (
    <div className={styles.auction}>
      <TenCard id={stage.joker} size="lg" />
      <div>
        <h3 className={ui.subheading}>{t('auction.title')}</h3>
        <p>
          {t.rich('auction.highBid', {
            strong: (chunks) => <strong>{chunks}</strong>,
            bid: stage.high
              ? t('auction.highBy', { amount: stage.high.amount, name: names[stage.high.seat] ?? '' })
              : t('auction.none'),
          })}{' '}
          <RuleLink game="ten" section="t7">
            {t('auction.rules')}
          </RuleLink>
        </p>
        <ol className={styles.bidders}>
          {stage.bidders.map((s, i) => (
            <li
              key={s}
              className={i < stage.index ? styles.isDone : i === stage.index ? styles.isNow : undefined}
              style={{ '--seat': seatColor(s) } as React.CSSProperties}
            >
              {names[s]}
              {i === stage.index ? t('auction.bidding') : i < stage.index ? t('auction.done') : ''}
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
  const t = useTenT();
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
              <button
                type="button"
                className={cx(ui.button, ui.primary)}
                disabled={busy}
                onClick={() => act({ type: 'draw' })}
              >
                {t('controls.draw')}
              </button>
            )}
            {has('takeNumbers') && (
              <button type="button" className={ui.button} disabled={busy} onClick={() => act({ type: 'takeNumbers' })}>
                {t('controls.takeNumbers', { n: numbers.length })}
                {decision.currency > 0 && view.players.length > 1
                  ? t('controls.othersGet', { n: decision.currency })
                  : ''}
              </button>
            )}
            {has('takeCurrency') && (
              <button type="button" className={ui.button} disabled={busy} onClick={() => act({ type: 'takeCurrency' })}>
                {t('controls.takeCurrency', { n: gain })}
                {gain < decision.currency ? t('controls.cap', { cap: view.config.tokenCap }) : ''}
              </button>
            )}
          </div>
          {!decision.canStop && <p className={cx(ui.muted, ui.small)}>{t('controls.firstDrawn')}</p>}
          {!has('draw') && <p className={cx(ui.muted, ui.small)}>{t('controls.pileEmpty')}</p>}
          {has('takeCurrency') && <p className={cx(ui.muted, ui.small)}>{t('controls.currencyNote')}</p>}
        </div>
      );
    }
    case 'bid':
      return (
        <BidControls
          key={`${decision.joker}-${decision.high}`}
          legal={legal}
          act={act}
          busy={busy}
          decision={decision}
        />
      );
    case 'pay':
      return (
        <div className={ui.decision}>
          <p>
            {t.rich('controls.wonFor', {
              card: () => <TenCard id={decision.joker} size="sm" />,
              price: decision.price,
            })}{' '}
            <RuleLink game="ten" section="t5">
              {t('payment.rules')}
            </RuleLink>
          </p>
          <PaymentChooser
            player={player}
            price={decision.price}
            rules={view.config}
            suggestions={legal.flatMap((a) => (a.type === 'pay' ? [a.payment] : []))}
            busy={busy}
            submitLabel={t('controls.payPrice', { price: decision.price })}
            onPay={(payment) => act({ type: 'pay', payment })}
          />
        </div>
      );
    case 'buy':
      return (
        <BuyControls
          key={view.market.join(',')}
          view={view}
          seat={seat}
          legal={legal}
          act={act}
          busy={busy}
          final={decision.final}
        />
      );
  }
}

function BidControls({
  legal,
  act,
  busy,
  decision,
}: {
  legal: readonly TenAction[];
  act: (a: TenAction) => void;
  busy: boolean;
  decision: TenDecision;
}) {
  const amounts = legal.flatMap((a) => (a.type === 'bid' ? [a.amount] : []));
  const min = amounts.length ? Math.min(...amounts) : 0;
  const max = amounts.length ? Math.max(...amounts) : 0;
  const [text, setText] = useState(String(min));
  const id = useId();
  const t = useTenT();
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
        {decision.kind === 'bid' && <TenCard id={decision.joker} size="sm" />}{' '}
        {decision.kind === 'bid' && decision.high > 0 ? t('bid.high', { high: decision.high }) : t('bid.noBid')}{' '}
        {amounts.length
          ? t('bid.mayBid', { range: min === max ? String(min) : t('bid.range', { min, max }) })
          : t('bid.cannot')}{' '}
        <RuleLink game="ten" section="t7">
          {t('auction.rules')}
        </RuleLink>
      </p>
      {amounts.length > 0 && (
        <p className={styles.bidRow}>
          <label htmlFor={`${id}-bid`}>{t('bid.label')}</label>
          <input
            id={`${id}-bid`}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className={cx(ui.button, ui.primary)} disabled={busy || !ok}>
            {ok ? t('bid.submit', { amount }) : t('bid.label')}
          </button>
        </p>
      )}
      {!ok && amounts.length > 0 && <p className={cx(ui.total, styles.isBad)}>{t('bid.whole', { min, max })}</p>}
      <button
        type="button"
        className={ui.button}
        disabled={busy || !legal.some((a) => a.type === 'pass')}
        onClick={() => act({ type: 'pass' })}
      >
        {t('bid.pass')}
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
  const w = useTenWords();
  const t = useTenT();
  const player = view.players[seat]!;
  const buyable = [...new Set(legal.flatMap((a) => (a.type === 'buy' ? [a.card] : [])))];
  const [chosen, setChosen] = useState<string | null>(buyable[0] ?? null);
  const card = chosen && buyable.includes(chosen) ? chosen : null;
  const unbuyable = [...new Set(view.market)].filter((id) => !buyable.includes(id));
  return (
    <div className={ui.decision}>
      <p>{final ? t('buy.final') : t('buy.normal')}</p>
      {buyable.length > 0 ? (
        <fieldset className={styles.buyPick}>
          <legend>{t('buy.pick')}</legend>
          {buyable.map((id) => (
            <label key={id} className={cx(styles.buyOption, card === id && styles.isChecked)}>
              <input type="radio" name="ten-buy" value={id} checked={card === id} onChange={() => setChosen(id)} />
              <TenCard id={id} size="sm" />
              <span className={ui.small}>{t('buy.costs', { n: (cardById(id) as NumberCard).number })}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className={cx(ui.muted, ui.small)}>{t('buy.nothing')}</p>
      )}
      {unbuyable.length > 0 && (
        <p className={cx(ui.muted, ui.small)}>
          {t('buy.notForYou', {
            list: unbuyable
              .map((id) =>
                t(holdsSame(player, cardById(id) as NumberCard) ? 'buy.holdOne' : 'buy.tooDear', {
                  card: cardIdLabel(id, w),
                }),
              )
              .join(', '),
          })}{' '}
          <RuleLink game="ten" section="t6">
            {t('buy.whyNot')}
          </RuleLink>
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
          submitLabel={t('buy.submit', { card: cardIdLabel(card, w) })}
          onPay={(payment) => act({ type: 'buy', card, payment })}
        />
      )}
      <div className={cx(ui.choices, ui.choicesEnd)}>
        <button
          type="button"
          className={ui.button}
          disabled={busy || !legal.some((a) => a.type === 'endTurn')}
          onClick={() => act({ type: 'endTurn' })}
        >
          {final ? t('buy.none') : t('buy.noneEnd')}
        </button>
      </div>
    </div>
  );
}

const COLOURS4 = ['red', 'blue', 'orange', 'green'] as const;

function FinalScores({ view, names }: { view: TenView; names: readonly string[] }) {
  const w = useTenWords();
  const t = useTenT();
  const stage = view.stage;
  if (stage.kind !== 'over') return null;
  const ranks = ranksOf(stage.scores);
  const rows = stage.scores.slice().sort((a, b) => ranks[a.seat]! - ranks[b.seat]! || a.seat - b.seat);
  return (
    <TitledPanel id="ten-final-heading" title={t('final.title')} hint={t('final.hint')} data-testid="outcome">
      <p className={cx(ui.pending, ui.isOver)}>
        {view.players.length === 1
          ? t('final.solo', { name: names[0] ?? '', points: stage.scores[0]?.points ?? 0 }) +
            (view.config.previousBest === undefined
              ? ''
              : (stage.scores[0]?.points ?? 0) > view.config.previousBest
                ? t('final.newBest', { best: view.config.previousBest })
                : t('final.bestSoFar', { best: view.config.previousBest }))
          : t(stage.winners.length > 1 ? 'final.shared' : 'final.wins', {
              names: stage.winners.map((s) => names[s]).join(' & '),
            })}
      </p>
      <ScrollTable
        className={ui.standings}
        head={
          <>
            <th scope="col">{t('final.rank')}</th>
            <th scope="col">{t('final.player')}</th>
            {COLOURS4.map((c) => (
              <th
                key={c}
                scope="col"
                className={styles.toneHead}
                style={{ '--c': toneColour(c, true) } as React.CSSProperties}
              >
                {t(`colour.${c}`)}
              </th>
            ))}
            <th scope="col">{t('final.total')}</th>
            <th scope="col">{t('final.tokens')}</th>
            <th scope="col">{t('final.cards')}</th>
            <th scope="col">{t('final.jokers')}</th>
          </>
        }
      >
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
              {s.jokers.length
                ? s.jokers
                    .map((j) =>
                      t('final.placed', {
                        card: cardIdLabel(j.card, w),
                        colour: t(`colour.${j.colour}`),
                        number: j.number,
                      }),
                    )
                    .join(', ')
                : '—'}
            </td>
          </tr>
        ))}
      </ScrollTable>
    </TitledPanel>
  );
}
