import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getHost, isHostError } from '../../../../server';
import { getBoard, type StudioBoard } from '../../../../server/studio';
import { BoardRing } from '../../../../ui/pole/board-ring';
import { LabPanel } from '../../../../ui/studio/lab-panel';
import ui from '../../../../ui/styles/controls.module.css';
import studio from '../../../../ui/studio/studio.module.css';
import { cx } from '../../../../ui/lib/cx';

type Props = { params: Promise<{ id: string }> };

export const dynamic = 'force-dynamic';

async function load(id: string): Promise<StudioBoard> {
  try {
    return await getBoard((await getHost()).store.sql, id);
  } catch (err) {
    if (isHostError(err) && err.status === 404) notFound();
    throw err;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: `${(await load(id)).name} · Studio board` };
}

/** A studio board: its ring, the balance lab, and a way to start a game on it. */
export default async function Page({ params }: Props) {
  const { id } = await params;
  const board = await load(id);
  const artists = new Set(Object.values(board.extras.artists)).size;
  return (
    <>
      <section className={ui.intro}>
        <h1>{board.name}</h1>
        <p>
          {board.board.tiles.length} tiles, pieces by {artists} {artists === 1 ? 'artist' : 'artists'}. Built by{' '}
          <code>{board.owner}</code>.
        </p>
        <p>
          <a className={cx(ui.button, ui.primary)} href={`/new/pole?board=${encodeURIComponent(board.id)}`}>
            Start a game with this board
          </a>
        </p>
      </section>
      <div className={studio.studio}>
        <BoardRing
          board={board.board}
          snap={null}
          idleHint="Start a game with this board, or run the balance lab below."
        />
        <LabPanel boardId={board.id} initial={board.lab} />
      </div>
    </>
  );
}
