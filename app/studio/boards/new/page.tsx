import type { Metadata } from 'next';
import { BoardBuilder } from '../../../../ui/studio/board-builder';
import ui from '../../../../ui/styles/controls.module.css';

export const metadata: Metadata = { title: 'Build a board' };

/** The board builder: featured pieces and event tiles into a ring, validated as you go, with a preview. */
export default function Page() {
  return (
    <>
      <section className={ui.intro}>
        <h1>Build a board</h1>
        <p>Pick featured pieces and event tiles, put them in order after Start, and name the board.</p>
      </section>
      <BoardBuilder />
    </>
  );
}
