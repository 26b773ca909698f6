/** Reading tokens' off-chain metadata the ways wallets and indexers do: through TzKT, and through Taquito TZIP-16. */
import { MetadataProvider, type Handler } from '@taquito/tzip16';
import { expect } from 'vitest';

/** A token's metadata as the TzKT API shows it, once TzKT has fetched it (it does so in the background). */
export async function indexedMetadata(tzktUrl: string, contract: string, tokenId: string): Promise<unknown> {
  const read = async (): Promise<Record<string, unknown> | undefined> => {
    const answer = await fetch(`${tzktUrl}/v1/tokens?contract=${contract}&tokenId=${tokenId}`);
    return ((await answer.json()) as { metadata?: Record<string, unknown> }[])[0]?.metadata;
  };
  await expect.poll(async () => (await read())?.['name'], { timeout: 15_000, interval: 50 }).toBeDefined();
  return read();
}

/**
 * Taquito's metadata provider with an `ipfs` handler that reads through `gateway` (Taquito's own IPFS handler
 * only speaks https to a public gateway): TZIP-16's documented way to resolve URIs differently.
 */
export function ipfsHandler(gateway: string): MetadataProvider {
  const ipfs: Handler = {
    async getMetadata(_contract, { location }) {
      const answer = await fetch(`${gateway}/ipfs/${location.replace(/^\/\//, '')}`);
      if (!answer.ok) throw new Error(`gateway answered ${answer.status}`);
      return answer.text();
    },
  };
  return new MetadataProvider(new Map([['ipfs', ipfs]]));
}
