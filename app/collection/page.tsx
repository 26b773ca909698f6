import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { isAddress } from '../../chain/validate';
import { CollectionLookup } from '../../ui/chain/collection-lookup';

export const metadata: Metadata = { title: 'Collection' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<{ [key: string]: string | string[] | undefined }> };

/** `/collection?address=tz1…` goes to that collection; without one, the signed-in address's (or a lookup form). */
export default async function Page({ searchParams }: Props) {
  const query = await searchParams;
  const raw = (Array.isArray(query.address) ? query.address[0] : query.address)?.trim();
  if (raw && isAddress(raw)) redirect(`/collection/${encodeURIComponent(raw)}`);
  return (
    <CollectionLookup problem={raw ? `"${raw}" is not a Tezos address (tz1…, tz2…, tz3…, tz4… or KT1…).` : undefined} />
  );
}
