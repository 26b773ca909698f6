import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getHost } from '../../../server';
import { GAMES } from '../../../ui/lib/game-catalog';
import { PlayGame } from '../../../ui/play/play-game';
import { parseTenLocale, TEN_LOCALE_COOKIE } from '../../../ui/ten/ten-language';
import { parseSeat } from '../../../ui/play/game-api';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ [key: string]: string | string[] | undefined }>;
};

export const dynamic = 'force-dynamic';

/** Which game `id` is (null: none, or not an id at all): one store read a request, for the title and the 404. */
const gameOf = cache(async (id: string) => {
  // Game ids are base64url (server/host/tokens.ts): anything else names no game, and never reaches the store.
  if (!/^[\w-]{1,64}$/.test(id)) return null;
  return (await (await getHost()).store.games.get(id))?.game ?? null;
});

/**
 * The tab names the game, so a player with several tables open finds theirs ("Ten · Play · Tezos Pole"); Tezos Pole's
 * own is "Play · Tezos Pole", the app's name being the game's. Ten's speaks the language its players chose.
 */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const game = await gameOf((await params).id);
  const hungarian = game === 'ten' && parseTenLocale((await cookies()).get(TEN_LOCALE_COOKIE)?.value) === 'hu';
  const title = hungarian ? 'Tízes · Játék' : game && game !== 'pole' ? `${GAMES[game].name} · Play` : 'Play';
  return { title, referrer: 'no-referrer' };
}

/**
 * A game's table for a seat this browser holds (an invite's `#token=…` is handed over on the page; an old link's
 * `?token=` still is), for the host of a hot-seat game, or for a spectator. A game that does not exist is a 404.
 */
export default async function Page({ params, searchParams }: Props) {
  const { id } = await params;
  if ((await gameOf(id)) === null) notFound();
  const query = await searchParams;
  const token = Array.isArray(query.token) ? query.token[0] : query.token;
  return <PlayGame id={id} token={token?.trim() || null} seat={parseSeat(query.seat)} />;
}
