// safe-stable-stringify: deterministic key order (a stable serialisation on every machine and engine),
// well kept and fast; the digest itself is @noble/hashes' SHA-256.
import { configure } from 'safe-stable-stringify';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

const stableStringify = configure({ deterministic: true, bigint: true, circularValue: Error });

/** The canonical serialisation of a value: object keys sorted, no whitespace. */
export function canonicalJson(value: unknown): string {
  const json = stableStringify(value);
  if (json === undefined) throw new TypeError('value has no JSON form');
  return json;
}

/** SHA-256 (hex) of the canonical serialisation: equal states give equal hashes on any machine. */
export function stateHash(state: unknown): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalJson(state))));
}
