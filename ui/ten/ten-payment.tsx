'use client';

import { useId, useState } from 'react';
import { cardById, marginalLosses, paymentValue, type Payment, type TenPlayer, type TenRules } from '../../engine/ten';
import { cardIdLabel } from './ten-log';
import { useTenWords } from './ten-intl';
import type { TenWords } from './ten-locale';
import { checkPayment } from './payment-check';
import { TenCard } from './ten-card';
import styles from './ten.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

/**
 * T5: choose what pays a price — currency tokens (1 each), bust tokens (3 each, no change) and collected cards (1 each,
 * shown with the points each would cost the collection). The value against the price is shown live; an overpayment
 * is warned about and an underpayment cannot be sent. `suggestions` are the engine's own no-waste payments.
 */
export function PaymentChooser({
  player,
  price,
  rules,
  suggestions,
  busy,
  submitLabel,
  onPay,
}: {
  player: TenPlayer;
  price: number;
  rules: Pick<TenRules, 'bustTokenValue'>;
  suggestions: readonly Payment[];
  busy: boolean;
  submitLabel: string;
  onPay: (payment: Payment) => void;
}) {
  const start = suggestions[0] ?? { tokens: Math.min(price, player.tokens), bustTokens: 0, cards: [] };
  const [tokens, setTokens] = useState(start.tokens);
  const [bust, setBust] = useState(start.bustTokens);
  const [cards, setCards] = useState<readonly string[]>(start.cards);
  const id = useId();
  const w = useTenWords();
  const { t } = w;
  const payment: Payment = { tokens, bustTokens: bust, cards: cards.filter((c) => player.collection.includes(c)) };
  const check = checkPayment(player, payment, price, rules);
  const losses = marginalLosses(player.collection.map(cardById));
  const set = (p: Payment) => {
    setTokens(p.tokens);
    setBust(p.bustTokens);
    setCards(p.cards);
  };
  const counter = (
    key: string,
    label: string,
    value: number,
    max: number,
    onChange: (n: number) => void,
    worth: number,
  ) => (
    <div className={styles.counter}>
      <label htmlFor={`${id}-${key}`}>
        {label} <span className={cx(ui.muted, ui.small)}>{t('payment.held', { max, worth })}</span>
      </label>
      <span className={styles.stepper}>
        <button
          type="button"
          className={cx(ui.button, ui.small)}
          aria-label={t('payment.fewer', { what: label })}
          disabled={value <= 0}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <input
          id={`${id}-${key}`}
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          step={1}
          value={value}
          onChange={(e) => onChange(Math.max(0, Math.min(max, Math.trunc(Number(e.target.value) || 0))))}
        />
        <button
          type="button"
          className={cx(ui.button, ui.small)}
          aria-label={t('payment.more', { what: label })}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </span>
    </div>
  );
  return (
    <form
      className={styles.payment}
      aria-label={t('payment.form')}
      onSubmit={(e) => {
        e.preventDefault();
        if (check.ok) onPay(payment);
      }}
    >
      {suggestions.length > 0 && (
        <div className={styles.suggest}>
          <span className={cx(ui.muted, ui.small)}>{t('payment.quick')}</span>
          {suggestions.slice(0, 4).map((p, k) => (
            <button key={k} type="button" className={cx(ui.button, ui.ghost, ui.small)} onClick={() => set(p)}>
              {describePayment(p, w)}
            </button>
          ))}
        </div>
      )}
      {counter('tokens', t('payment.tokens'), tokens, player.tokens, setTokens, 1)}
      {player.bustTokens > 0 &&
        counter('bust', t('payment.bustTokens'), bust, player.bustTokens, setBust, rules.bustTokenValue)}
      {player.collection.length > 0 && (
        <fieldset className={styles.payCards}>
          <legend>
            {t('payment.cards')} <span className={cx(ui.muted, ui.small)}>{t('payment.cardsHint')}</span>
          </legend>
          {player.collection.map((c, k) => (
            <label key={c} className={styles.payCard}>
              <input
                type="checkbox"
                checked={cards.includes(c)}
                onChange={() => setCards((old) => (old.includes(c) ? old.filter((x) => x !== c) : [...old, c]))}
              />
              <TenCard id={c} size="sm" />
              <span className={ui.small}>{losses[k] ? t('payment.loss', { n: losses[k] }) : t('payment.noLoss')}</span>
            </label>
          ))}
        </fieldset>
      )}
      <p
        className={cx(styles.paySum, check.ok ? (check.lost > 0 ? styles.isWarn : styles.isOk) : styles.isBad)}
        aria-live="polite"
      >
        {t('payment.paying', { value: paymentValue(payment, rules), price })}
        {check.ok
          ? check.lost > 0
            ? t('payment.over', { lost: check.lost })
            : t('payment.exact')
          : t('payment.problem', { problem: t(`payment.${check.problem.key}`, { n: check.problem.n }) })}
      </p>
      <button type="submit" className={cx(ui.button, ui.primary)} disabled={busy || !check.ok}>
        {submitLabel}
      </button>
    </form>
  );
}

/** "2 tokens + 1 bust token + Red 3". */
export function describePayment(p: Payment, w: TenWords): string {
  const parts: string[] = [];
  if (p.tokens) parts.push(w.t('count.tokens', { n: p.tokens }));
  if (p.bustTokens) parts.push(w.t('count.bustTokens', { n: p.bustTokens }));
  for (const c of p.cards) parts.push(cardIdLabel(c, w));
  return parts.length ? parts.join(' + ') : w.t('payment.nothing');
}
