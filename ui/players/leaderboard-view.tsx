import type { GameId } from '../../engine/core';
import type { BoardRow, LeaderboardResponse } from '../../server/ratings/api';
import { GAMES } from '../lib/game-catalog';
import { cx } from '../lib/cx';
import ui from '../styles/controls.module.css';
import { PlayerAvatar } from './avatar';
import styles from './players.module.css';
import { boardPath, formatRating, playerLabel, playerPath, RATINGS_RULES_PATH, winShare } from './rating-words';

/** The games with a board, in the order their links show. */
export const BOARD_GAMES: readonly GameId[] = ['pole', 'gotopoly', 'ten'];

/** The links between the boards, the current one marked. */
export function BoardLinks({ current, all }: { current: GameId; all: boolean }) {
  return (
    <nav className={styles.boards} aria-label="Leaderboards">
      {BOARD_GAMES.map((game) => (
        <a key={game} href={boardPath(game, 1, all)} aria-current={game === current ? 'page' : undefined}>
          {GAMES[game].name}
        </a>
      ))}
    </nav>
  );
}

/** One player's row: place, avatar and name (to their profile), rating, games, win share; the viewer's marked. */
function Row({ row, you }: { row: BoardRow; you: boolean }) {
  const label = playerLabel(row.name, row.address);
  return (
    <tr
      className={cx(you && styles.you)}
      data-testid="board-row"
      data-address={row.address}
      data-position={row.position}
      data-you={you || undefined}
      aria-current={you ? 'true' : undefined}
    >
      <td className={ui.num}>{row.position}</td>
      <th scope="row">
        <span className={styles.playerCell}>
          <a className={styles.player} href={playerPath(row.address)} title={row.address}>
            <PlayerAvatar address={row.address} size={22} />
            <span>{label}</span>
          </a>
          {you && <span className={cx(ui.muted, ui.small)}>(you)</span>}
        </span>
      </th>
      <td className={ui.num} data-testid="board-rating">
        {formatRating(row.rating)}
      </td>
      <td className={ui.num}>{row.games}</td>
      <td className={ui.num}>{winShare(row.wins, row.games)}</td>
    </tr>
  );
}

/**
 * A game's leaderboard (`/leaderboard/<game>`): the players best first by their conservative rating, a page at a time
 * (Previous / Next, the page in the address), the signed-in viewer's row highlighted, and shown below the page when it
 * is on another one. `all` shows every rated player, however few games they have played.
 */
export function LeaderboardView({
  board,
  viewer,
  all,
  signInPath,
  defaultSize,
}: {
  board: LeaderboardResponse;
  viewer: string | null;
  all: boolean;
  /** The sign-in page, coming back here. */
  signInPath: string;
  /** The page size the server uses when none is asked for (its BOARD_PAGE), which the address leaves out. */
  defaultSize: number;
}) {
  const name = GAMES[board.game].name;
  const pages = Math.max(1, Math.ceil(board.total / board.size));
  const onPage = board.you !== null && board.rows.some((r) => r.address === board.you!.address);
  const path = (page: number) => {
    const base = boardPath(board.game, page, all);
    // A page size other than the default is kept while paging.
    if (board.size === defaultSize) return base;
    return `${base}${base.includes('?') ? '&' : '?'}size=${board.size}`;
  };
  return (
    <article className={styles.page} data-testid="leaderboard" data-game={board.game}>
      <header className={ui.intro}>
        <h1>{name} leaderboard</h1>
        <p>
          Players ranked by their rating in rated games of {name}: a careful estimate of their skill that grows as they
          win and as the server grows surer of them.{' '}
          {all
            ? 'Every rated player is listed here, however few games they have played.'
            : `A player is listed once they have played ${board.minGames} rated games.`}{' '}
          <a href={RATINGS_RULES_PATH}>How ratings work</a>
        </p>
      </header>
      <BoardLinks current={board.game} all={all} />

      {board.total === 0 ? (
        <section className={ui.panel} data-testid="board-empty">
          <h2 className={ui.panelTitle}>Nobody here yet</h2>
          <p className={styles.empty}>
            {all
              ? `Nobody has finished a rated game of ${name} yet.`
              : `Nobody has played ${board.minGames} rated games of ${name} yet.`}{' '}
            A game is rated when two or more players signed in with their wallets sit at their own seats as it starts:
            start an online game from a waiting room and invite them. <a href={`/new/${board.game}`}>Start a game</a>
          </p>
          {!all && (
            <p className={styles.empty}>
              <a href={boardPath(board.game, 1, true)}>Show every rated player</a>
            </p>
          )}
        </section>
      ) : (
        <section className={ui.panel} aria-labelledby="board-heading">
          <h2 id="board-heading" className={ui.panelTitle}>
            {all ? 'Every rated player' : 'Ranked players'}{' '}
            <span className={cx(ui.muted, ui.small)}>
              {board.total} {board.total === 1 ? 'player' : 'players'}
            </span>
          </h2>
          <div className={cx(ui.tableScroll, styles.scroll)}>
            <table className={ui.dataTable} data-testid="board">
              <caption className={ui.visuallyHidden}>
                {name} leaderboard, page {board.page} of {pages}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={ui.num}>
                    #
                  </th>
                  <th scope="col">Player</th>
                  <th scope="col" className={ui.num}>
                    Rating
                  </th>
                  <th scope="col" className={ui.num}>
                    Games
                  </th>
                  <th scope="col" className={ui.num}>
                    Win share
                  </th>
                </tr>
              </thead>
              <tbody>
                {board.rows.map((row) => (
                  <Row key={row.address} row={row} you={row.address === viewer} />
                ))}
                {board.rows.length === 0 && (
                  <tr>
                    <td colSpan={5} className={ui.muted}>
                      There are no players on this page: <a href={path(1)}>back to the first page</a>.
                    </td>
                  </tr>
                )}
              </tbody>
              {board.you && !onPage && (
                <tbody data-testid="board-you">
                  <tr className={styles.gap} aria-hidden="true">
                    <td colSpan={5}>⋯</td>
                  </tr>
                  <Row row={board.you} you />
                </tbody>
              )}
            </table>
          </div>
          <nav className={styles.paging} aria-label="Pages">
            <span className={cx(ui.muted, ui.small)} data-testid="board-page">
              Page {board.page} of {pages}
            </span>
            <span className={styles.pageLinks}>
              <PageLink href={board.page > 1 ? path(Math.min(board.page - 1, pages)) : null} rel="prev">
                Previous
              </PageLink>
              <PageLink href={board.page < pages ? path(board.page + 1) : null} rel="next">
                Next
              </PageLink>
            </span>
          </nav>
        </section>
      )}

      <p className={cx(ui.muted, ui.small)}>
        {viewer === null ? (
          <>
            <a href={signInPath}>Sign in</a> to see your own place, and to have your next online games rated.
          </>
        ) : board.you === null ? (
          <>
            You are not on this board yet{all ? '' : `: a player appears after ${board.minGames} rated games`}. Your{' '}
            <a href={playerPath(viewer)}>profile</a> shows your rated games.
          </>
        ) : (
          <>
            You are {board.you.position === 1 ? 'first' : `number ${board.you.position}`} on this board:{' '}
            <a href={playerPath(viewer)}>your profile</a>.
          </>
        )}{' '}
        {all ? (
          <a href={boardPath(board.game)}>Show only the ranked players</a>
        ) : (
          <a href={boardPath(board.game, 1, true)}>Show every rated player</a>
        )}
      </p>
    </article>
  );
}

/** Previous / Next: a link while there is a page there, else the same words shown disabled. */
function PageLink({ href, rel, children }: { href: string | null; rel: 'prev' | 'next'; children: string }) {
  if (href === null)
    return (
      <span className={cx(ui.button, ui.small, styles.disabled)} aria-disabled="true">
        {children}
      </span>
    );
  return (
    <a className={cx(ui.button, ui.small)} href={href} rel={rel}>
      {children}
    </a>
  );
}
