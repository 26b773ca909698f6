import type { Metadata } from 'next';
import { GAME_IDS, GAMES } from '../ui/lib/game-catalog';
import ui from '../ui/styles/controls.module.css';
import home from '../ui/home/home.module.css';
import { cx } from '../ui/lib/cx';

export const metadata: Metadata = { title: 'Tezos Pole · Gotopoly · Ten' };

/** The home page: pick a game to set up, or watch the bots play Tezos Pole, or replay a record. */
export default function Page() {
  return (
    <>
      <section className={ui.intro}>
        <h1>Pick a game</h1>
        <p>
          Three board games on one rules engine. Play hot-seat on one device or online with invite links, with bots in
          any empty seat; every game keeps a record you can replay move by move. Tezos Pole can also be played on Tezos:
          its tiles become FA2 tokens in the players’ wallets, and artists feature their own pieces as tiles in the
          studio.
        </p>
      </section>
      <ul className={home.gameCards}>
        {GAME_IDS.map((id) => {
          const game = GAMES[id];
          return (
            <li key={id} className={home.gameCard} data-game={id}>
              <h2 className={home.gameCardTitle} id={`game-${id}`}>
                {game.name}
              </h2>
              <p className={home.gameCardPitch}>{game.pitch}</p>
              <p className={cx(home.gameCardMeta, ui.muted, ui.small)}>
                {game.minSeats}–{game.maxSeats} seats · people or bots
              </p>
              <div className={home.gameCardActions}>
                <a className={cx(ui.button, ui.primary)} href={`/new/${id}`} aria-describedby={`game-${id}`}>
                  New game
                </a>
                {id === 'pole' && (
                  <>
                    <a className={cx(ui.button, ui.ghost)} href="/watch">
                      Watch a game
                    </a>
                    <a className={cx(ui.button, ui.ghost)} href="/studio">
                      Artist studio
                    </a>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <p className={cx(home.homeFoot, ui.muted)}>
        Have a game record? <a href="/replay">Open it in the replay viewer</a>.
      </p>
    </>
  );
}
