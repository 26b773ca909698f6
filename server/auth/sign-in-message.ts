/**
 * The text a wallet signs to prove it holds an address's key, and the bytes it actually signs: the text packed as a
 * Michelson string (`05` PACK tag, `01` string tag, 4-byte big-endian length, the bytes), which is what Beacon's
 * SigningType.MICHELINE expects and what wallets decode to show the text to the person signing.
 */

const TITLE = 'Tezos Signed Message: Tezos Pole sign-in';

export interface SignInMessageFields {
  readonly address: string;
  /** The network name (devnet, shadownet, custom). */
  readonly network: string;
  readonly nonce: string;
  /** An ISO 8601 time. */
  readonly issuedAt: string;
}

/**
 * The sign-in message. Michelson strings allow printable ASCII and newlines only, so every field must be ASCII
 * (addresses, network names, hex nonces and ISO times are). The "Tezos Signed Message:" opening is the convention
 * wallets look for before they show a signing request as readable text.
 */
export function signInMessage(fields: SignInMessageFields): string {
  return [
    TITLE,
    `Address: ${fields.address}`,
    `Network: ${fields.network}`,
    `Nonce: ${fields.nonce}`,
    `Issued: ${fields.issuedAt}`,
    'Signing proves you hold this address; it sends no operation and costs nothing.',
  ].join('\n');
}

/** The address a sign-in message names (its `Address:` line), or null when it names none. */
export function messageAddress(message: string): string | null {
  return /^Address: (\S+)$/m.exec(message)?.[1] ?? null;
}

/** The hex payload a wallet signs for `text`: the text PACKed as a Michelson string. */
export function packedStringPayload(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const hex = (b: number) => b.toString(16).padStart(2, '0');
  const length = [bytes.length >>> 24, (bytes.length >>> 16) & 0xff, (bytes.length >>> 8) & 0xff, bytes.length & 0xff];
  return `0501${length.map(hex).join('')}${Array.from(bytes, hex).join('')}`;
}
