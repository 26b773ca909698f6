import type { PlayerProfile } from '../../server/ratings/api';
import { GAMES } from '../lib/game-catalog';
import { TitledPanel } from '../lib/titled-panel';
import { Headings, NumHeading } from '../lib/tables';
import { cx } from '../lib/cx';
import ui from '../styles/controls.module.css';
import { PlayerAvatar } from './avatar';
import { NameForm } from './name-form';
import styles from './players.module.css';
import {
  boardPath,
  conservativeOf,
  formatChange,
  formatRating,
  gamesToBoard,
  ordinal,
  placeOf,
  playerLabel,
  RATINGS_RULES_PATH,
  utcTime,
  winShare,
} from './rating-words';

/** What a profile page needs besides the profile: who looks at it, and the rules the server keeps. */
export interface ProfileFacts {
  /** The signed-in viewer's address, null when nobody is signed in. */
  readonly viewer: string | null;
  /** A leaderboard page's rows (to link a place to the page that shows it). */
  readonly boardPage: number;
  readonly nameMax: number;
  readonly renameDays: number;
}

/**
 * A player's profile (`/players/<address>`): their avatar and name (else their short address), their rating, place,
 * games, wins and games left in each game they have played rated, their newest rated games with the place they took
 * and how each changed their rating, each with its replay; links to their on-chain collection and the boards. The
 * player themselves may choose their name here.
 */
export function PlayerProfileView({ profile, facts }: { profile: PlayerProfile; facts: ProfileFacts }) {
  const own = facts.viewer === profile.address;
  const label = playerLabel(profile.name, profile.address);
  return (
    <article className={styles.page} data-testid="player-profile" data-address={profile.address}>
      <header className={styles.head}>
        <PlayerAvatar address={profile.address} size={72} className={styles.avatar} />
        <div className={styles.headText}>
          <h1>
            {label}
            {own && <span className={cx(ui.muted, ui.small)}> (you)</span>}
          </h1>
          <p className={styles.address} data-testid="player-address">
            {profile.address}
          </p>
          <p className={styles.links}>
            <a href={`/collection/${encodeURIComponent(profile.address)}`}>On-chain collection</a>
            <a href={boardPath('pole')}>Leaderboards</a>
            <a href={RATINGS_RULES_PATH}>How ratings work</a>
          </p>
        </div>
      </header>

      {own && (
        <NameForm
          name={profile.name}
          renameAfter={profile.renameAfter}
          nameMax={facts.nameMax}
          renameDays={facts.renameDays}
        />
      )}

      <TitledPanel id="ratings-heading" title="Ratings" hint="μ − 3σ: what the leaderboards sort by">
        {profile.stats.length === 0 ? (
          <p className={styles.empty} data-testid="no-ratings">
            {own ? 'You have' : `${label} has`} no rated games yet. An online game counts once two or more players
            signed in with their wallets sit at their own seats when it starts: <a href={RATINGS_RULES_PATH}>how</a>.
          </p>
        ) : (
          <div className={cx(ui.tableScroll, styles.scroll)}>
            <table className={ui.dataTable}>
              <caption className={ui.visuallyHidden}>Ratings by game</caption>
              <thead>
                <tr>
                  <Headings names={['Game']} />
                  <NumHeading>Rating</NumHeading>
                  <th scope="col">Place</th>
                  <NumHeading>Games</NumHeading>
                  <NumHeading>Won</NumHeading>
                  <NumHeading>Left</NumHeading>
                  <NumHeading>Win share</NumHeading>
                </tr>
              </thead>
              <tbody>
                {profile.stats.map((s) => (
                  <tr key={s.game} data-testid="player-stats" data-game={s.game}>
                    <th scope="row">
                      <a href={boardPath(s.game)}>{GAMES[s.game].name}</a>
                    </th>
                    <td className={ui.num} data-testid="stats-rating">
                      {formatRating(s.rating)}
                    </td>
                    <td className={styles.place} data-testid="stats-place">
                      {s.position === null ? (
                        <span className={ui.muted}>{gamesToBoard(s.games, profile.boardMinGames)}</span>
                      ) : (
                        <a href={boardPath(s.game, Math.ceil(s.position / facts.boardPage))}>
                          {ordinal(s.position)} on the board
                        </a>
                      )}
                    </td>
                    <td className={ui.num}>{s.games}</td>
                    <td className={ui.num}>{s.wins}</td>
                    <td className={ui.num}>{s.left}</td>
                    <td className={ui.num}>{winShare(s.wins, s.games)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </TitledPanel>

      {profile.recent.length > 0 && (
        <TitledPanel id="recent-heading" title="Recent rated games" hint="newest first">
          <div className={cx(ui.tableScroll, styles.scroll)}>
            <table className={ui.dataTable}>
              <caption className={ui.visuallyHidden}>Recent rated games</caption>
              <thead>
                <tr>
                  <Headings names={['Game', 'Finished', 'Place']} />
                  <NumHeading>Rating</NumHeading>
                  <NumHeading>Change</NumHeading>
                  <th scope="col">
                    <span className={ui.visuallyHidden}>Replay</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {profile.recent.map((g) => {
                  const before = conservativeOf(g.before);
                  const after = conservativeOf(g.after);
                  const change = after - before;
                  return (
                    <tr key={g.gameId} data-testid="recent-game" data-game-id={g.gameId}>
                      <th scope="row">{GAMES[g.game].name}</th>
                      <td className={styles.nowrap}>{utcTime(g.finishedAt, false)}</td>
                      <td data-testid="recent-place">
                        {placeOf(g.rank, g.people)}
                        {g.leaver && (
                          <>
                            {' '}
                            <span className={ui.tag} title="Left before the end: ranked last">
                              left
                            </span>
                          </>
                        )}
                      </td>
                      <td className={ui.num} data-testid="recent-rating">
                        {formatRating(before)} → {formatRating(after)}
                      </td>
                      <td className={cx(ui.num, change > 0 ? styles.up : change < 0 ? styles.down : undefined)}>
                        {formatChange(change)}
                      </td>
                      <td>
                        <a
                          href={`/replay?game=${encodeURIComponent(g.gameId)}`}
                          aria-label={`Replay the game of ${GAMES[g.game].name} finished ${utcTime(g.finishedAt)}`}
                        >
                          Replay
                        </a>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </TitledPanel>
      )}
    </article>
  );
}
