import { cardById, COLOURS, scoreCollection, type JokerPlacement, type TenPlayer } from '../../engine/ten';
import type { SeatInfo } from '../../server/protocol';
import { cardIdLabel } from './ten-log';
import { useTenWords } from './ten-intl';
import { PresenceBadge } from '../play/presence-badge';
import { seatColor, seatInitial } from '../lib/seats';
import { TenCard, toneColour } from './ten-card';
import styles from './ten.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

const NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/**
 * One player's collection as four colour rows 1–9 (how many of each number held), the scoring run of each colour
 * highlighted with the jokers placed where the optimum puts them (T9), then the jokers, tokens and bust tokens.
 */
export function TenCollection({
  player,
  seat,
  name,
  info,
  me,
  active,
  current,
  jokers,
}: {
  player: TenPlayer;
  seat: number;
  name: string;
  info: SeatInfo | undefined;
  me: boolean;
  active: boolean;
  current: boolean;
  /** The final joker placements (from the game's end); otherwise the optimum of the collection now. */
  jokers?: readonly JokerPlacement[];
}) {
  const w = useTenWords();
  const { t } = w;
  const colourName = (c: string) => t(`colour.${c}`);
  const cards = player.collection.map(cardById);
  const score = scoreCollection(cards);
  const placements = jokers ?? score.jokers;
  const jokerCards = player.collection.filter((id) => {
    const k = cardById(id).kind;
    return k !== 'number' && k !== 'currency';
  });
  return (
    <li
      className={cx(ui.seatCard, active && ui.isTurn)}
      style={{ '--seat': seatColor(seat) } as React.CSSProperties}
      data-seat={seat}
      aria-current={active || undefined}
    >
      <div className={ui.seatHead}>
        <span className={ui.playerPawn} aria-hidden="true">
          {seatInitial(name)}
        </span>
        <span className={ui.playerName}>{name}</span>
        {info && <span className={ui.tag}>{info.botTakeover ? t('seat.botTakeover') : t(`seat.${info.kind}`)}</span>}
        <PresenceBadge
          info={info}
          words={{
            connected: t('seat.connected'),
            away: t('seat.away'),
            graceLeft: (time) => t('seat.graceLeft', { time }),
          }}
        />
        {me && <span className={cx(ui.tag, ui.tagFirst)}>{t('seat.you')}</span>}
        {current && <span className={ui.tag}>{t('seat.active')}</span>}
        {active && <span className={ui.turnMarker}>{t('seat.deciding')}</span>}
        <span className={styles.score} aria-label={t('seat.pointsNow', { n: score.total })}>
          {t('seat.pts', { n: score.total })}
        </span>
      </div>
      <p className={cx(styles.purse, ui.small)}>
        <span className={cx(styles.chip, styles.black)} aria-hidden="true" /> {t('count.tokens', { n: player.tokens })}
        <span className={cx(styles.chip, styles.white)} aria-hidden="true" />{' '}
        {t('count.bustTokens', { n: player.bustTokens })}
        <span className={ui.muted}> · {t('count.cards', { n: player.collection.length })}</span>
      </p>
      <table className={styles.grid}>
        <caption className={ui.visuallyHidden}>{t('seat.caption', { name })}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className={ui.visuallyHidden}>{t('seat.colour')}</span>
            </th>
            {NUMBERS.map((n) => (
              <th key={n} scope="col">
                {n}
              </th>
            ))}
            <th scope="col">{t('seat.ptsHead')}</th>
          </tr>
        </thead>
        <tbody>
          {COLOURS.map((colour) => {
            const run = new Set(score.runs[colour]);
            return (
              <tr key={colour} style={{ '--c': toneColour(colour, true) } as React.CSSProperties}>
                <th scope="row">{colourName(colour)}</th>
                {NUMBERS.map((n) => {
                  const held = cards.filter((c) => c.kind === 'number' && c.colour === colour && c.number === n).length;
                  const joker = placements.find((j) => j.colour === colour && j.number === n);
                  const inRun = run.has(n) && (held > 0 || joker !== undefined);
                  const label = held
                    ? t('seat.held', { n: held })
                    : joker
                      ? t('seat.joker', { card: cardIdLabel(joker.card, w) })
                      : t('seat.none');
                  return (
                    <td
                      key={n}
                      className={cx(held > 0 && styles.isHeld, joker && !held && styles.isJoker, inRun && styles.inRun)}
                      aria-label={t('seat.cell', { colour: colourName(colour), number: n, label })}
                    >
                      {held > 1 ? `×${held}` : held ? '●' : joker ? 'J' : ''}
                    </td>
                  );
                })}
                <td className={styles.pts}>{score.colours[colour]}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {jokerCards.length > 0 && (
        <div className={styles.jokers}>
          <span className={cx(ui.muted, ui.small)}>{t('seat.jokers')}</span>
          {jokerCards.map((id) => {
            const at = placements.find((j) => j.card === id);
            return (
              <TenCard
                key={id}
                id={id}
                size="sm"
                note={
                  at ? t('seat.placedAs', { colour: colourName(at.colour), number: at.number }) : t('seat.notNeeded')
                }
              />
            );
          })}
        </div>
      )}
    </li>
  );
}
