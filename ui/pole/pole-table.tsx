'use client';

import { useEffect } from 'react';
import type { PoleAction, PoleEvent } from '../../engine/pole';
import { describeDecision, tileLabel } from './pole-log';
import { liveScene, poleViewDecision, type PoleView } from './pole-scene';
import { formatTz, seatColor } from '../lib/seats';
import type { TableProps } from '../play/table-props';
import { BoardRing } from './board-ring';
import { debtText, FlipOutcome } from './flip-outcome';
import { PlayerPanel } from './player-panel';
import { ValuationTable } from './valuation-table';
import { RuleLink } from '../rules/rule-link';
import { buyingSection, unofferedPurchase } from './why-no-buy';
import styles from './pole.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { isPageShortcut } from '../lib/page-keys';
import { Alert } from '../lib/alert';

export type { PoleView } from './pole-scene';

/**
 * A live (or replayed) Tezos Pole table: the board ring, the players, the dice and, at the end, the valuation. The
 * seat's decision — roll (or the L2 roll), buy or pass, which edition to flip — is offered only from `legal`.
 */
export function PoleTable(props: TableProps<PoleView, PoleAction>) {
  const { view, seats, seat, events } = props;
  const scene = liveScene(view, seats, events as readonly PoleEvent[], seat);
  const over = view.phase === 'over';
  return (
    <div className={cx(styles.layout, styles.live)}>
      <div className={cx(styles.column, styles.boardColumn)}>
        <BoardRing board={view.config.board} snap={scene} />
      </div>
      {/* Beside the board: what must be decided, then the players (on a phone the decision docks at the bottom). */}
      <aside className={cx(styles.column, styles.side)} aria-label="Decision and players">
        <PoleDecision {...props} names={scene.names} />
        <PlayerPanel snap={scene} />
      </aside>
      {over && (
        <div className={styles.fullWidth}>
          <ValuationTable state={view} names={scene.names} />
        </div>
      )}
    </div>
  );
}

function PoleDecision({
  view,
  seat,
  legal,
  act,
  busy,
  error,
  names,
  events,
}: TableProps<PoleView, PoleAction> & { names: readonly string[] }) {
  const decision = poleViewDecision(view);
  const board = view.config.board;
  const mine = seat !== null && legal.length > 0;
  const can = (type: PoleAction['type'], l2?: boolean) =>
    legal.find((a) => a.type === type && (l2 === undefined || (a.type === 'roll' && (a.l2 ?? false) === l2)));
  const roll = can('roll', false);
  const rollL2 = can('roll', true);
  const buy = can('buy');
  const pass = can('pass');
  const flips = legal.filter((a): a is Extract<PoleAction, { type: 'flip' }> => a.type === 'flip');

  // Keys for the seat's decision: R rolls, L rolls 3d6, B buys, P passes (not while typing or on another control).
  useEffect(() => {
    if (!mine || busy) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isPageShortcut(e, 'fields')) return;
      const choice =
        e.key === 'r' ? roll : e.key === 'l' ? rollL2 : e.key === 'b' ? buy : e.key === 'p' ? pass : undefined;
      if (!choice) return;
      e.preventDefault();
      act(choice);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mine, busy, roll, rollL2, buy, pass, act]);

  if (!decision) return null;
  const who = names[decision.seat] ?? `Seat ${decision.seat + 1}`;
  const text = describeDecision(decision, { names, board });
  const noBuy = seat === null ? null : unofferedPurchase(events as readonly PoleEvent[], seat, board);
  return (
    <section
      className={cx(styles.decisionBar, mine && styles.isMine)}
      style={{ '--seat': seatColor(decision.seat) } as React.CSSProperties}
      aria-labelledby="pole-decision"
      aria-busy={busy}
      data-testid="decision"
    >
      <p id="pole-decision" className={styles.decisionText}>
        {mine ? <strong>Your move, {who}: </strong> : <span className={ui.muted}>Waiting for {who}: </span>}
        {text}
        {noBuy && (
          <>
            {' '}
            <RuleLink game="pole" section={noBuy.section}>
              Why can’t I buy {noBuy.title}?
            </RuleLink>
          </>
        )}
      </p>
      {mine && (
        <div className={styles.decisionActions} role="group" aria-label="Your choices">
          {roll && (
            <KeyedChoice primary keys="R" busy={busy} onChoose={() => act(roll)}>
              Roll the die
            </KeyedChoice>
          )}
          {rollL2 && (
            <KeyedChoice keys="L" busy={busy} onChoose={() => act(rollL2)}>
              L2 move: roll 3d6
            </KeyedChoice>
          )}
          {buy && decision.kind === 'buy' && (
            <KeyedChoice primary keys="B" busy={busy} onChoose={() => act(buy)}>
              Buy {tileLabel(board, decision.tile)} for {formatTz(decision.price)}
            </KeyedChoice>
          )}
          {buy && decision.kind === 'buy' && (
            <RuleLink game="pole" section={buyingSection(board, decision.tile)}>
              Buying
            </RuleLink>
          )}
          {pass && (
            <KeyedChoice keys="P" busy={busy} onChoose={() => act(pass)}>
              Pass
            </KeyedChoice>
          )}
          {flips.length > 0 && (
            <fieldset className={styles.flipChoices}>
              <legend>
                {decision.kind === 'flip' && `${debtText(decision)} `}Flip one of your editions back to the bank for
                half its list price (rounded down to 10 Tz).{' '}
                <RuleLink game="pole" section="p7">
                  Out of cash
                </RuleLink>
              </legend>
              {flips.map((f) => {
                const tile = board.tiles[f.tile];
                return (
                  <button key={f.tile} type="button" className={ui.button} disabled={busy} onClick={() => act(f)}>
                    {tileLabel(board, f.tile)}
                    {tile?.kind === 'artist' && (
                      <span className={cx(ui.muted, ui.small)}> · listed {formatTz(tile.price)}</span>
                    )}
                    {tile?.kind === 'artist' && decision.kind === 'flip' && (
                      <FlipOutcome price={tile.price} debt={decision} />
                    )}
                  </button>
                );
              })}
            </fieldset>
          )}
        </div>
      )}
      <Alert problem={error} />
    </section>
  );
}

/** One of the seat's choices in the decision bar, with the key that makes it too (the bar's keydown handler). */
function KeyedChoice({
  primary = false,
  keys,
  busy,
  onChoose,
  children,
}: {
  primary?: boolean;
  keys: string;
  busy: boolean;
  onChoose: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      className={primary ? cx(ui.button, ui.primary) : ui.button}
      disabled={busy}
      onClick={onChoose}
      aria-keyshortcuts={keys}
    >
      {children}
    </button>
  );
}
