import type { GameId } from '../../engine/core';
import { GAMES } from '../lib/game-catalog';
import { listNames } from '../lib/seats';
import { cx } from '../lib/cx';
import ui from '../styles/controls.module.css';
import { BoardLinks } from './leaderboard-view';
import styles from './players.module.css';
import { conservativeOf, formatRating } from './rating-words';

/** The rules the server keeps (server/ratings: RATING_RULES, the model's newcomer, the limits), as the page tells them. */
export interface RatingsRulesFacts {
  readonly games: readonly GameId[];
  /** The share of a person's turns their bot may play while they are away before the game is not rated. */
  readonly botShare: number;
  readonly minPeople: number;
  readonly boardMinGames: number;
  /** A newcomer's skill. */
  readonly newSkill: { readonly mu: number; readonly sigma: number };
  readonly renameDays: number;
  readonly nameMax: number;
  /** Rated games one page of the published list holds at most. */
  readonly listMax: number;
  /** This app's address, for the verifier's command. */
  readonly appUrl: string;
}

const percent = (share: number): string => `${Math.round(share * 100)}%`;

/**
 * The ratings' rules in plain words (`/ratings`): which games are rated, the model and why, leavers, bots playing for
 * people, the boards, names, and how anyone checks every rating. Written from the server's own constants, so the page
 * says what the server does.
 */
export function RatingsRules({ facts }: { facts: RatingsRulesFacts }) {
  const games = listNames(facts.games.map((g) => GAMES[g].name));
  const newcomer = conservativeOf(facts.newSkill);
  return (
    <article className={cx(styles.page, styles.rules)} data-testid="ratings-rules">
      <header className={ui.intro}>
        <h1>How ratings work</h1>
        <p>
          Rated online games move their players’ ratings. Here is which games count, how the numbers are worked out, and
          how anyone can check every one of them.
        </p>
      </header>
      <BoardLinks current={facts.games[0]!} all={false} />

      <section id="rated" aria-labelledby="rated-title">
        <h2 id="rated-title">Which games are rated</h2>
        <p>
          {games} each have ratings of their own: a player has one rating per game. A game is rated when all of these
          hold as it starts:
        </p>
        <ul>
          <li>
            It is played online, each person at their own seat. Hot-seat games, played around one device, are not.
          </li>
          <li>
            It is provably fair: the server drew its seed, and every roll can be checked once it is over. Online games
            the server seeds are.
          </li>
          <li>
            At least {facts.minPeople} people sit at their own seats, each signed in with their own wallet. Start the
            game from its waiting room once everyone has signed in and taken their seat.
          </li>
          <li>
            No wallet holds two seats and no seat is held by two wallets: ratings change only between different people.
          </li>
        </ul>
        <p>
          Bots and guests (people who are not signed in) may play in a rated game. They are not rated: the rated
          people’s places are counted among themselves. Signing in after a game has started does not make it rated for
          you; your next games will be.
        </p>
      </section>

      <section id="model" aria-labelledby="model-title">
        <h2 id="model-title">The rating</h2>
        <p>
          Each player’s skill in a game is two numbers: μ, the best estimate of it, and σ, how unsure that estimate
          still is. A newcomer starts at μ {formatRating(facts.newSkill.mu)} and σ {formatRating(facts.newSkill.sigma)}.
        </p>
        <p>
          After every rated game the players’ skills are updated from the places they took, with Weng and Lin’s method
          (the Plackett–Luce model, as the open-source openskill library computes it). Finishing above stronger players
          moves you up more than finishing above newer ones, and every game makes σ smaller.
        </p>
        <p>
          The rating the pages show, and the leaderboards sort by, is μ − 3σ: a careful figure your true skill is very
          likely above. A newcomer’s is {formatRating(newcomer)}, and it grows as they play well and the estimate gets
          surer.
        </p>
        <p>
          Why this method: it rates a whole table of two to six players, ties included, in one go (Elo rates pairs only,
          and splitting a table into duels counts it many times over); it is free to use (TrueSkill is patented); and it
          is plain arithmetic that gives the same numbers on every computer, so anyone can recompute them.
        </p>
      </section>

      <section id="leavers" aria-labelledby="leavers-title">
        <h2 id="leavers-title">Leaving a game</h2>
        <p>
          A rated player who leaves before the end — who presses Leave, or stays away until their grace period runs out
          and never takes their seat back — is ranked last, below everyone who stayed, whatever their bot made of the
          seat. Players who left share the last place.
        </p>
        <p>
          A game abandoned before its end counts those it was waiting for as having left; everyone else shares the first
          place.
        </p>
      </section>

      <section id="bots" aria-labelledby="bots-title">
        <h2 id="bots-title">When a bot plays for someone</h2>
        <p>
          While a person is away, their bot plays their turns. If a rated person’s bot played more than{' '}
          {percent(facts.botShare)} of their turns, the game is not rated for anyone: it would say little about the
          people. A move the turn timer made when time ran out counts as the person’s own.
        </p>
      </section>

      <section id="boards" aria-labelledby="boards-title">
        <h2 id="boards-title">Leaderboards</h2>
        <p>
          A player appears on a game’s leaderboard after {facts.boardMinGames} rated games of it; until then their
          profile says how many more they need, and the board’s “every rated player” view shows them already. Players
          with the same rating are ordered by their address, so the order never changes between two pages.
        </p>
      </section>

      <section id="names" aria-labelledby="names-title">
        <h2 id="names-title">Names</h2>
        <p>
          Players are shown by their wallet’s address until they choose a name on their own profile page (signed in). A
          name has up to {facts.nameMax} characters and no invisible ones, and no two players may have names that read
          alike: capitals, wide letters and look-alike letters count as the same. You may change your name once every{' '}
          {facts.renameDays} days.
        </p>
      </section>

      <section id="verify" aria-labelledby="verify-title">
        <h2 id="verify-title">Check it yourself</h2>
        <p>
          Every rated game is published, in the order its ratings were applied:{' '}
          <a href="/api/ratings/games">the list of rated games</a> (up to {facts.listMax} a page; its <code>next</code>{' '}
          is the next page’s <code>after</code>). Each entry names the game’s record, the hash its final state must
          have, and every rated player’s place and skill before and after it.
        </p>
        <p>
          With the project’s code, one command reads the whole list, replays every record and checks its final hash,
          works out every place again from the rules above, and recomputes every rating from the start:
        </p>
        <pre className={styles.command} data-testid="verify-command">
          npm run verify -- ratings --url {facts.appUrl}
        </pre>
        <p>If any figure differs from what this server published, it says which game and which player.</p>
      </section>
    </article>
  );
}
