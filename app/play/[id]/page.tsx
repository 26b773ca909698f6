import type { Metadata } from 'next';
import { PlayGame } from '../../../ui/play/play-game';
import { parseSeat } from '../../../ui/play/game-api';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ [key: string]: string | string[] | undefined }>;
};

export const metadata: Metadata = { title: 'Play', referrer: 'no-referrer' };

/**
 * A game's table for a seat this browser holds (an invite's `#token=…` is handed over on the page; an old link's
 * `?token=` still is), for the host of a hot-seat game, or for a spectator.
 */
export default async function Page({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const token = Array.isArray(query.token) ? query.token[0] : query.token;
  return <PlayGame id={id} token={token?.trim() || null} seat={parseSeat(query.seat)} />;
}
