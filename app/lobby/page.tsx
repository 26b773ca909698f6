import type { Metadata } from 'next';
import { Lobby } from '../../ui/lobby/lobby';
import ui from '../../ui/styles/controls.module.css';

export const metadata: Metadata = { title: 'Lobby' };

/** Public online games waiting for players. */
export default function Page() {
  return (
    <>
      <section className={ui.intro}>
        <h1>Lobby</h1>
        <p>
          Online games their hosts made public. While one waits for its players, Join takes a free seat: it is yours
          alone from then on, with your own link. A game that has started, or is over, is there to watch. Games are
          private unless their host ticks “Public”.
        </p>
      </section>
      <Lobby />
    </>
  );
}
