import type { Metadata } from 'next';
import { WatchGame } from '../../ui/pole/watch-game';
import ui from '../../ui/styles/controls.module.css';

export const metadata: Metadata = { title: 'Watch a game' };

/** Watch a whole Tezos Pole game played by the engine's bots, in the browser. */
export default function Page() {
  return (
    <>
      <section className={ui.intro}>
        <h1>Watch a game</h1>
        <p>
          Seat two to six bots, pick a seed and watch a complete game of Tezos Pole played by the rules engine in your
          browser: every roll, purchase and royalty, down to the final valuation. Step through it one action at a time
          or let it play.
        </p>
      </section>
      <WatchGame />
    </>
  );
}
