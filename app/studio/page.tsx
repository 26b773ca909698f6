import type { Metadata } from 'next';
import { StudioHome } from '../../ui/studio/studio-home';
import ui from '../../ui/styles/controls.module.css';

export const metadata: Metadata = { title: 'Artist studio' };

/** The artist studio: feature pieces (imported FA2 tokens or entered by hand) and build boards from them. */
export default function Page() {
  return (
    <>
      <section className={ui.intro}>
        <h1>Artist studio</h1>
        <p>
          Feature your pieces, then build Tezos Pole boards from them and test their balance with thousands of bot
          games.
        </p>
      </section>
      <StudioHome />
    </>
  );
}
