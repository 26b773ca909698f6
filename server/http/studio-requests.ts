import { z } from 'zod';
import { plainText } from '../../engine';
import { getHost, RequestError, type SqlDriver } from '..';
import { isAddress } from '../../chain/validate';

/** The database the studio's tables live in: the host's store. */
export const studioSql = async (): Promise<SqlDriver> => (await getHost()).store.sql;

/** A query parameter that must look like a Tezos address when given. */
export function addressParam(request: Request, name: string): string | undefined {
  const value = new URL(request.url).searchParams.get(name);
  if (value === null || value === '') return undefined;
  if (!isAddress(value)) throw new RequestError('MALFORMED_REQUEST', `${name} must be a Tezos address, not "${value}"`);
  return value;
}

const importSchema = z
  .object({ contract: plainText(z.string().max(64)), tokenId: z.union([plainText(z.string().max(64)), z.number()]) })
  .strict();

/** `{ contract, tokenId }` of an import request (their values are checked by readFa2Token). */
export function importRequest(body: unknown): { contract: string; tokenId: string | number } {
  const parsed = importSchema.safeParse(body);
  if (!parsed.success) throw new RequestError('MALFORMED_REQUEST', 'send { "contract": "KT1…", "tokenId": "0" }');
  return parsed.data;
}
