/**
 * What a player sees of ratings, rendered with react-dom/server: the identicon drawn from an address, the numbers
 * and places in words, a leaderboard page (the viewer's row marked, or shown below the page when it is on another),
 * a profile (places, "N more rated games to be ranked", recent games with their change and replay), and the rules
 * page written from the server's own constants. The browser suite (test/e2e/ratings.test.ts) plays the games.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../devnet/node';
import { BOARD_PAGE, RATED_GAMES, RENAME_EVERY_MS, type BoardRow, type PlayerProfile } from '../../server/ratings/api';
import { conservative, NEW_SKILL, rateFinish } from '../../server/ratings/model';
import { RATING_RULES } from '../../server/ratings/rated-games';
import { PlayerAvatar } from '../../ui/players/avatar';
import { identicon, IDENTICON_GRID } from '../../ui/players/identicon';
import { LeaderboardView } from '../../ui/players/leaderboard-view';
import { PlayerProfileView } from '../../ui/players/player-profile';
import { RatingsRules } from '../../ui/players/ratings-rules';
import {
  boardPath,
  conservativeOf,
  formatChange,
  formatRating,
  gamesToBoard,
  ordinal,
  placeOf,
  playerLabel,
  winShare,
} from '../../ui/players/rating-words';

const [ADA, BEA, CY] = [1, 2, 3].map((i) => bootstrapAccount(40 + i).address) as [string, string, string];

describe('the identicon', () => {
  it('is the same for an address every time, mirrored left to right, and differs between addresses', () => {
    const a = identicon(ADA);
    expect(identicon(ADA)).toEqual(a);
    const filled = new Set(a.cells.map(([x, y]) => `${x},${y}`));
    for (const [x, y] of a.cells) expect(filled.has(`${IDENTICON_GRID - 1 - x},${y}`)).toBe(true);
    expect(identicon(BEA)).not.toEqual(a);
    // An SVG of its cells and a background, hidden from screen readers unless labelled.
    const svg = renderToStaticMarkup(createElement(PlayerAvatar, { address: ADA, size: 40 }));
    expect(svg.match(/<rect /g)).toHaveLength(a.cells.length + 1);
    expect(svg).toContain('aria-hidden="true"');
    expect(renderToStaticMarkup(createElement(PlayerAvatar, { address: ADA, label: 'Ada' }))).toContain(
      'role="img" aria-label="Ada"',
    );
  });
});

describe('ratings in words', () => {
  it('one decimal with a true minus sign, changes signed, places as ordinals, win shares', () => {
    expect([formatRating(0), formatRating(-0.04), formatRating(12.345), formatRating(-2.36)]).toEqual([
      '0.0',
      '0.0',
      '12.3',
      '−2.4',
    ]);
    expect([formatChange(1.84), formatChange(-0.44), formatChange(0.01)]).toEqual(['+1.8', '−0.4', '±0.0']);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
    ]);
    expect(placeOf(2, 3)).toBe('2nd of 3');
    expect([winShare(1, 3), winShare(0, 0), winShare(2, 2)]).toEqual(['33%', '–', '100%']);
    expect([gamesToBoard(1, 3), gamesToBoard(2, 3)]).toEqual([
      '2 more rated games to be ranked',
      '1 more rated game to be ranked',
    ]);
    expect([playerLabel('Ada', ADA), playerLabel(null, ADA)]).toEqual(['Ada', `${ADA.slice(0, 6)}…${ADA.slice(-4)}`]);
    expect([boardPath('ten'), boardPath('ten', 2), boardPath('pole', 1, true)]).toEqual([
      '/leaderboard/ten',
      '/leaderboard/ten?page=2',
      '/leaderboard/pole?all=1',
    ]);
    // The browser's μ − 3σ is the server's.
    const skill = rateFinish([
      { skill: NEW_SKILL, rank: 1 },
      { skill: NEW_SKILL, rank: 2 },
    ])[0]!;
    expect(conservativeOf(skill)).toBe(conservative(skill));
  });
});

const row = (address: string, position: number, name: string | null, mu: number, sigma: number): BoardRow => ({
  position,
  address,
  name,
  mu,
  sigma,
  rating: mu - 3 * sigma,
  games: 4,
  wins: 1,
  left: 0,
});

const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);

describe('a leaderboard page', () => {
  const page2 = {
    game: 'ten' as const,
    page: 2,
    size: 1,
    total: 3,
    minGames: RATING_RULES.boardMinGames,
    rows: [row(BEA, 2, null, 27, 5)],
    you: row(ADA, 1, 'Ada', 30, 4),
  };

  it('shows the viewer`s own row below the page when it is on another, and pages with Previous and Next', () => {
    const out = html(
      createElement(LeaderboardView, {
        board: page2,
        viewer: ADA,
        all: false,
        signInPath: '/signin',
        defaultSize: BOARD_PAGE,
      }),
    );
    expect(out).toContain('<h1>Ten leaderboard</h1>');
    expect(out).toContain(`data-testid="board-you"`);
    expect(out).toMatch(new RegExp(`data-address="${ADA}" data-position="1" data-you="true" aria-current="true"`));
    expect(out).toContain(`href="/players/${BEA}"`);
    expect(out).toContain('Page 2 of 3');
    expect(out).toContain('href="/leaderboard/ten?size=1" rel="prev"');
    expect(out).toContain('href="/leaderboard/ten?page=3&amp;size=1" rel="next"');
    expect(out).toContain('aria-current="page">Ten</a>');
    expect(out).toContain('href="/ratings"');
    expect(out).toContain(formatRating(27 - 15));
  });

  it('marks the viewer in place when they are on the page, and has a word for an empty board', () => {
    const out = html(
      createElement(LeaderboardView, {
        board: { ...page2, rows: [page2.you], page: 1 },
        viewer: ADA,
        all: false,
        signInPath: '/signin',
        defaultSize: BOARD_PAGE,
      }),
    );
    expect(out).not.toContain('board-you');
    expect(out).toContain('data-you="true"');
    const empty = html(
      createElement(LeaderboardView, {
        board: { ...page2, page: 1, size: BOARD_PAGE, total: 0, rows: [], you: null },
        viewer: null,
        all: false,
        signInPath: '/signin?next=%2Fleaderboard%2Ften',
        defaultSize: BOARD_PAGE,
      }),
    );
    expect(empty).toContain('data-testid="board-empty"');
    expect(empty).toContain(`Nobody has played ${RATING_RULES.boardMinGames} rated games of Ten yet.`);
    expect(empty).toContain('href="/signin?next=%2Fleaderboard%2Ften">Sign in</a>');
  });
});

describe('a profile', () => {
  const [after, beaAfter] = rateFinish([
    { skill: NEW_SKILL, rank: 2 },
    { skill: NEW_SKILL, rank: 1 },
  ]) as [{ mu: number; sigma: number }, { mu: number; sigma: number }];
  const profile: PlayerProfile = {
    address: ADA,
    name: null,
    renameAfter: null,
    boardMinGames: RATING_RULES.boardMinGames,
    stats: [
      { game: 'ten', ...after, rating: conservative(after), games: 1, wins: 0, left: 0, position: null },
      { game: 'pole', ...beaAfter, rating: conservative(beaAfter), games: 5, wins: 3, left: 1, position: 53 },
    ],
    recent: [
      {
        gameId: 'g1',
        game: 'ten',
        finishedAt: Date.UTC(2026, 11, 7, 5, 50),
        rank: 2,
        people: 3,
        leaver: true,
        before: NEW_SKILL,
        after,
      },
    ],
  };

  it('shows each game`s rating, place or games still needed, and recent games with their change and replay', () => {
    const out = html(
      createElement(PlayerProfileView, {
        profile,
        facts: { viewer: CY, boardPage: BOARD_PAGE, nameMax: 24, renameDays: 7 },
      }),
    );
    expect(out).toContain(`${ADA.slice(0, 6)}…${ADA.slice(-4)}</h1>`);
    expect(out).toContain(`href="/collection/${ADA}"`);
    expect(out).toContain(gamesToBoard(1, RATING_RULES.boardMinGames));
    expect(out).toContain('href="/leaderboard/pole?page=2">53rd on the board</a>');
    expect(out).toContain('60%');
    expect(out).toContain('2nd of 3');
    expect(out).toContain('>left</span>');
    expect(out).toContain(`0.0 → ${formatRating(conservative(after))}`);
    expect(out).toContain(formatChange(conservative(after)));
    expect(out).toContain('href="/replay?game=g1"');
    expect(out).toContain('7 Dec 2026');
    // Another player's profile has no name form.
    expect(out).not.toContain('name-form');
  });

  it('says so when a player has no rated game', () => {
    const out = html(
      createElement(PlayerProfileView, {
        profile: { ...profile, name: 'Ada', stats: [], recent: [] },
        facts: { viewer: null, boardPage: BOARD_PAGE, nameMax: 24, renameDays: 7 },
      }),
    );
    expect(out).toContain('Ada</h1>');
    expect(out).toContain('Ada has no rated games yet.');
    expect(out).not.toContain('Recent rated games');
  });
});

describe('the rules page', () => {
  it('is written from the server`s constants, and names the verifier`s command for this app', () => {
    const out = html(
      createElement(RatingsRules, {
        facts: {
          games: RATED_GAMES,
          botShare: RATING_RULES.botShare,
          minPeople: RATING_RULES.minPeople,
          boardMinGames: RATING_RULES.boardMinGames,
          newSkill: NEW_SKILL,
          renameDays: RENAME_EVERY_MS / 86_400_000,
          nameMax: 24,
          listMax: 500,
          appUrl: 'https://pole.example',
        },
      }),
    );
    expect(out).toContain('Tezos Pole, Gotopoly and Ten each have ratings');
    expect(out).toContain(`At least ${RATING_RULES.minPeople} people`);
    expect(out).toContain(`more than ${RATING_RULES.botShare * 100}% of their turns`);
    expect(out).toContain(`after ${RATING_RULES.boardMinGames} rated games`);
    expect(out).toContain('μ 25.0 and σ 8.3');
    expect(out).toContain('A newcomer’s is 0.0');
    expect(out).toContain('once every 7 days');
    expect(out).toContain('npm run verify -- ratings --url https://pole.example');
    expect(out).toContain('href="/api/ratings/games"');
  });
});
