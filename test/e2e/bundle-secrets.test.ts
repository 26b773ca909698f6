/**
 * Secrets stay on the server: the production build's client bundle (everything under `.next/static`, what browsers
 * download) holds no secret key and none of the server-only settings' names, i.e. no server module leaked into it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../devnet/node';
import { ensureBuild, NEXT_DIR } from '../../scripts/lib/app-server';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

let bundle: { file: string; text: string }[] = [];

beforeAll(async () => {
  await ensureBuild();
  bundle = filesUnder(path.join(NEXT_DIR, 'static'))
    .filter((f) => /\.(js|css|html|json|map)$/.test(f))
    .map((file) => ({ file: path.relative(NEXT_DIR, file), text: readFileSync(file, 'utf8') }));
}, 600_000);

const found = (pattern: RegExp | string) =>
  bundle
    .filter(({ text }) => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text)))
    .map(({ file }) => file);

describe('the client bundle', () => {
  it('is there to scan: the app shell and the play page', () => {
    expect(bundle.length).toBeGreaterThan(5);
    expect(found('Pass the device').length + found('Your decision').length).toBeGreaterThan(0);
  });

  it('holds no unencrypted Tezos secret key (ed25519, secp256k1, p256), the devnet bank key included', () => {
    expect(found(/\b(edsk|spsk|p2sk)[1-9A-HJ-NP-Za-km-z]{50,}/)).toEqual([]);
    for (const account of [1, 2, 3, 4, 5]) expect(found(bootstrapAccount(account).secretKey)).toEqual([]);
  });

  it('holds neither the text the devnet keys are derived from nor the bots’ wallet derivation (the browser fetches devnet keys at run time)', () => {
    expect(found('tezos-pole devnet bootstrap')).toEqual([]);
    expect(found('tezos-pole bot wallet')).toEqual([]);
  });

  it('names none of the server-only settings (the bank key, the deploy key, the database)', () => {
    for (const name of [
      'POLE_BANK_SECRET_KEY',
      'TEZOS_SECRET_KEY',
      'DATABASE_URL',
      'GAMES_DATA_DIR',
      'TEST_DATABASE_URL',
    ]) {
      expect({ name, files: found(name) }).toEqual({ name, files: [] });
    }
  });

  it("carries none of the game server's storage code (token hashes, SQL)", () => {
    expect(found('host_token_hash')).toEqual([]);
    expect(found(/create table/i)).toEqual([]);
  });
});
