import type { Metadata } from 'next';
import { GAME_IDS, GAMES } from '../ui/lib/game-catalog';

export const metadata: Metadata = { title: 'Tezos Pole · Gotopoly · Ten' };

/** The home page: pick a game to set up, or watch the bots play Tezos Pole, or replay a record. */
export default function Page() {
  return (
    <>
      <section className="intro">
        <h1>Pick a game</h1>
        <p>
          Three board games on one rules engine. Play hot-seat on one device or online with invite links, with bots in any
          empty seat; every game keeps a record you can replay move by move. Tezos Pole can also be played on Tezos: its
          tiles become FA2 tokens in the players’ wallets, and artists feature their own pieces as tiles in the studio.
        </p>
      </section>
      <ul className="game-cards">
        {GAME_IDS.map((id) => {
          const game = GAMES[id];
          return (
            <li key={id} className={`game-card game-card-${id}`}>
              <h2 className="game-card-title" id={`game-${id}`}>
                {game.name}
              </h2>
              <p className="game-card-pitch">{game.pitch}</p>
              <p className="game-card-meta muted small">
                {game.minSeats}–{game.maxSeats} seats · people or bots
              </p>
              <div className="game-card-actions">
                <a className="button primary" href={`/new/${id}`} aria-describedby={`game-${id}`}>
                  New game
                </a>
                {id === 'pole' && (
                  <>
                    <a className="button ghost" href="/watch">
                      Watch a game
                    </a>
                    <a className="button ghost" href="/studio">
                      Artist studio
                    </a>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <p className="home-foot muted">
        Have a game record? <a href="/replay">Open it in the replay viewer</a>.
      </p>
    </>
  );
}
