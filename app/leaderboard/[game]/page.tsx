import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { getHost, isHostError } from '../../../server';
import { SESSION_COOKIE, sessionAddressOfToken } from '../../../server/auth';
import { BOARD_PAGE } from '../../../server/ratings/api';
import { GAMES, isGameId } from '../../../ui/lib/game-catalog';
import { BoardLinks, LeaderboardView } from '../../../ui/players/leaderboard-view';
import { ProblemPanel } from '../../../ui/players/problem-panel';
import { boardPath } from '../../../ui/players/rating-words';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ game: string }>;
  searchParams: Promise<{ [key: string]: string | string[] | undefined }>;
};

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { game } = await params;
  return { title: isGameId(game) ? `${GAMES[game].name} leaderboard` : 'Leaderboard' };
}

/**
 * A game's leaderboard: `?page=` (from 1), `?all=1` for every rated player, `?size=` for another page size. The
 * signed-in viewer's own row comes with it, wherever it is. A page the server refuses says why.
 */
export default async function Page({ params, searchParams }: Props) {
  const { game } = await params;
  if (!isGameId(game)) notFound();
  const query = await searchParams;
  const page = first(query.page);
  const size = first(query.size);
  const all = first(query.all);
  const wantsAll = all === '1' || all === 'true';
  const viewer = await sessionAddressOfToken((await cookies()).get(SESSION_COOKIE)?.value);
  let board;
  try {
    board = await (await getHost()).ratings.board(game, { page, size, all }, { address: viewer });
  } catch (e) {
    if (!isHostError(e)) throw e;
    return (
      <ProblemPanel
        title={`${GAMES[game].name} leaderboard`}
        problem={e.message}
        back={
          <>
            <BoardLinks current={game} all={wantsAll} /> <a href={boardPath(game)}>The first page</a>
          </>
        }
      />
    );
  }
  const here = boardPath(game, board.page, wantsAll);
  return (
    <LeaderboardView
      board={board}
      viewer={viewer}
      all={wantsAll}
      signInPath={`/signin?next=${encodeURIComponent(here)}`}
      defaultSize={BOARD_PAGE}
    />
  );
}
