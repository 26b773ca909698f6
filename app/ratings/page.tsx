import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { SEAT_NAME_MAX } from '../../engine/core';
import { RATED_GAMES, RATED_LIST_MAX, RENAME_EVERY_MS } from '../../server/ratings/api';
import { NEW_SKILL } from '../../server/ratings/model';
import { RATING_RULES } from '../../server/ratings/rated-games';
import { RatingsRules } from '../../ui/players/ratings-rules';

export const metadata: Metadata = { title: 'How ratings work' };
// The verifier's command names the address this page was asked at.
export const dynamic = 'force-dynamic';

/** The ratings' rules in plain words, from the server's own constants. */
export default async function Page() {
  const h = await headers();
  const host = h.get('x-forwarded-host')?.split(',')[0]?.trim() || h.get('host') || 'localhost:3000';
  const proto = h.get('x-forwarded-proto')?.split(',')[0]?.trim() || 'http';
  return (
    <RatingsRules
      facts={{
        games: RATED_GAMES,
        botShare: RATING_RULES.botShare,
        minPeople: RATING_RULES.minPeople,
        boardMinGames: RATING_RULES.boardMinGames,
        newSkill: { mu: NEW_SKILL.mu, sigma: NEW_SKILL.sigma },
        renameDays: Math.round(RENAME_EVERY_MS / 86_400_000),
        nameMax: SEAT_NAME_MAX,
        listMax: RATED_LIST_MAX,
        appUrl: `${proto}://${host}`,
      }}
    />
  );
}
