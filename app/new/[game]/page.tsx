import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { chainStatus } from '../../../chain/status';
import { NewGameForm, type ChainChoice } from '../../../ui/home/new-game-form';
import { GAME_IDS, GAMES, isGameId } from '../../../ui/lib/game-catalog';
import ui from '../../../ui/styles/controls.module.css';

type Props = {
  params: Promise<{ game: string }>;
  searchParams: Promise<{ [key: string]: string | string[] | undefined }>;
};

export function generateStaticParams() {
  return GAME_IDS.map((game) => ({ game }));
}

export const dynamicParams = false;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { game } = await params;
  return { title: isGameId(game) ? `New game of ${GAMES[game].name}` : 'New game' };
}

/**
 * Set up a game: seats, the game's table options, seed, hot-seat or online, timer and bot pace; for Tezos Pole also
 * on-chain or not, and a studio board (`?board=<id>`).
 */
export default async function Page({ params, searchParams }: Props) {
  const { game } = await params;
  const board = (await searchParams).board;
  const boardId = (Array.isArray(board) ? board[0] : board)?.trim() || null;
  if (!isGameId(game)) notFound();
  const info = GAMES[game];
  // Tezos Pole may be played on-chain when the server has a chain: said by the server's own settings, at once.
  const status = game === 'pole' ? chainStatus(process.env) : null;
  const chain: ChainChoice | null =
    status === null
      ? null
      : status.ok
        ? { ok: true, network: status.network }
        : { ok: false, explanation: status.explanation };
  return (
    <>
      <section className={ui.intro}>
        <h1>New game of {info.name}</h1>
        <p>{info.pitch}</p>
      </section>
      <NewGameForm game={game} boardId={boardId} chain={chain} />
    </>
  );
}
