import type { Metadata } from 'next';
import { MyGames } from '../../ui/games/my-games';
import ui from '../../ui/styles/controls.module.css';

export const metadata: Metadata = { title: 'My games' };

/** Every game this browser or the signed-in wallet holds a seat in. */
export default function Page() {
  return (
    <>
      <section className={ui.intro}>
        <h1>My games</h1>
        <p>
          The games you hold a seat in, on this browser or with your signed-in wallet: the ones waiting for you first.
        </p>
      </section>
      <MyGames />
    </>
  );
}
