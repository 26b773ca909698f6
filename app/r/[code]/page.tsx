import type { Metadata } from 'next';
import { RoomJoin } from '../../../ui/lobby/room-join';

export const metadata: Metadata = { title: 'Join a game' };

/** A waiting game's one room link: pick a free seat and a name, and play from this browser. */
export default async function Page({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  return <RoomJoin code={code} />;
}
