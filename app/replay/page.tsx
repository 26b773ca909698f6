import type { Metadata } from 'next';
import { ReplayViewer } from '../../ui/replay/replay-viewer';
import ui from '../../ui/styles/controls.module.css';

type Props = { searchParams: Promise<{ [key: string]: string | string[] | undefined }> };

export const metadata: Metadata = { title: 'Replay a game' };

/** Replay a game record in the browser: from a file, or `?game=<id>` for a game on this server. */
export default async function Page({ searchParams }: Props) {
  const query = await searchParams;
  const game = Array.isArray(query.game) ? query.game[0] : query.game;
  return (
    <>
      <section className={ui.intro}>
        <h1>Replay a game</h1>
        <p>
          Open a game record (the JSON file “Export record” saves) and step through it: the rules engine replays every
          action here in your browser, and the state hash lets you check it against anyone else’s replay.
        </p>
      </section>
      <ReplayViewer gameId={game?.trim() || null} />
    </>
  );
}
