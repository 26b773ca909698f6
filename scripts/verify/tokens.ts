/**
 * The tokens half of `npm run verify` for an on-chain game: each of the game's tokens read as objkt reads it — its
 * on-chain `token_info` through the TzKT API, the `ipfs://` URI there, the JSON at that CID through an IPFS gateway —
 * and checked: the URI is the one the record names, the bytes hash to the CID, the JSON is TZIP-21 metadata, and it
 * credits the work's creators, never the bank that minted it (the game's minter in the contract).
 */
import { isIndexerError } from '../../chain/errors';
import { readGameInfo, readTokenMetadataUri } from '../../chain/indexer';
import { cidOfUri, isContentOf } from '../../chain/ipfs/content';
import type { Network } from '../../chain/networks';
import { tokenMetadataSchema } from '../../chain/token-metadata';

export interface TokensVerdict {
  readonly ok: boolean;
  readonly message: string;
}

export interface GameTokens {
  readonly contract: string;
  readonly gameId: string;
  readonly tokens: readonly { tile: number; tokenId: string | null; metadataUri: string | null }[];
}

/** The JSON bytes at an `ipfs://` URI through `gateway` (path style), at most 1 MiB. */
async function fetchContent(gateway: string, uri: string): Promise<Uint8Array> {
  const answer = await fetch(`${gateway.replace(/\/+$/, '')}/ipfs/${uri.slice('ipfs://'.length)}`, {
    signal: AbortSignal.timeout(15_000),
  });
  if (!answer.ok) throw new Error(`the gateway ${gateway} answered ${answer.status} for ${uri}`);
  const bytes = new Uint8Array(await answer.arrayBuffer());
  if (bytes.length > 1_048_576) throw new Error(`${uri} is larger than token metadata may be`);
  return bytes;
}

/** One token: a problem in words, or null when it is as it should be. */
async function tokenProblem(
  network: Network,
  game: GameTokens,
  token: GameTokens['tokens'][number],
  minter: string | null,
  gateway: string,
): Promise<string | null> {
  const name = `the token of tile ${token.tile}`;
  if (token.tokenId === null) return `${name} was never created`;
  const onChain = await readTokenMetadataUri(network.tzktUrl, game.contract, token.tokenId);
  if (onChain === undefined) return `${name} (${token.tokenId}) has no metadata in the contract`;
  if (token.metadataUri === null) return null; // a game from before metadata went to IPFS: nothing to hash
  if (onChain !== token.metadataUri)
    return `${name} (${token.tokenId}) points to ${String(onChain)} on-chain, the record says ${token.metadataUri}`;
  const cid = cidOfUri(onChain);
  if (!cid) return `${name} (${token.tokenId}) points to ${onChain}, not an ipfs:// CID`;
  const bytes = await fetchContent(gateway, onChain);
  if (!(await isContentOf(cid, bytes))) return `the metadata of ${name} (${token.tokenId}) does not hash to ${onChain}`;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return `the metadata of ${name} (${token.tokenId}) is not JSON`;
  }
  const parsed = tokenMetadataSchema.safeParse(json);
  if (!parsed.success)
    return `the metadata of ${name} (${token.tokenId}) is not TZIP-21 metadata: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  const meta = parsed.data;
  if (minter !== null && meta.creators.includes(minter))
    return `${name} (${token.tokenId}) names the bank ${minter} among its creators`;
  const outsider = Object.keys(meta.royalties?.shares ?? {}).find((a) => !meta.creators.includes(a));
  if (outsider !== undefined)
    return `${name} (${token.tokenId}) pays royalties to ${outsider}, not one of its creators`;
  return null;
}

/** Checks every token of the game (see the module's comment). */
export async function checkTokens(game: GameTokens, network: Network, gateway: string): Promise<TokensVerdict> {
  try {
    const minter = (await readGameInfo(network.tzktUrl, game.contract, game.gameId))?.minter ?? null;
    for (const token of game.tokens) {
      const problem = await tokenProblem(network, game, token, minter, gateway);
      if (problem !== null) return { ok: false, message: problem };
    }
  } catch (err) {
    if (isIndexerError(err))
      return { ok: false, message: `the TzKT API at ${network.tzktUrl} could not be read: ${err.message}` };
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  return {
    ok: true,
    message: `${game.tokens.length} tokens: each one's metadata is the record's, hashes to its CID, is TZIP-21 and credits its creators, not the bank`,
  };
}
