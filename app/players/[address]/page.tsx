import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { shortAddress } from '../../../chain/explorer';
import { getHost, isHostError } from '../../../server';
import { SESSION_COOKIE, sessionAddressOfToken } from '../../../server/auth';
import { BOARD_PAGE, RENAME_EVERY_MS, type PlayerProfile } from '../../../server/ratings/api';
import { SEAT_NAME_MAX } from '../../../engine/core';
import { PlayerProfileView } from '../../../ui/players/player-profile';
import { ProblemPanel } from '../../../ui/players/problem-panel';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ address: string }> };

/** The profile, or the server's refusal (an address that is no account's): one read a request, for the title too. */
const profileOf = cache(async (address: string): Promise<{ profile: PlayerProfile } | { problem: string }> => {
  try {
    return { profile: await (await getHost()).ratings.profile(address) };
  } catch (e) {
    if (isHostError(e)) return { problem: e.message };
    throw e;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { address } = await params;
  const read = await profileOf(address);
  if (!('profile' in read)) return { title: 'Player' };
  return { title: read.profile.name ?? shortAddress(read.profile.address) };
}

/**
 * A player's profile: their ratings, place and recent rated games; the player themselves chooses their name here.
 * `/players/me` is the signed-in player's own.
 */
export default async function Page({ params }: Props) {
  const { address } = await params;
  const viewer = await sessionAddressOfToken((await cookies()).get(SESSION_COOKIE)?.value);
  // `/players/me`: the signed-in player's own profile.
  if (address === 'me' && viewer !== null) redirect(`/players/${encodeURIComponent(viewer)}`);
  const read = await profileOf(address);
  if (!('profile' in read)) return <ProblemPanel title="This player cannot be shown" problem={read.problem} />;
  return (
    <PlayerProfileView
      profile={read.profile}
      facts={{
        viewer,
        boardPage: BOARD_PAGE,
        nameMax: SEAT_NAME_MAX,
        renameDays: Math.round(RENAME_EVERY_MS / 86_400_000),
      }}
    />
  );
}
