/**
 * How the browser's Beacon client reaches wallets, from the server's environment: the relay nodes it uses
 * (POLE_BEACON_RELAYS, `host[:port]` separated by commas; unset: Beacon's own public nodes) and how long it waits
 * for a wallet to acknowledge a request before saying the wallet did not answer (POLE_BEACON_TIMEOUT_S; unset:
 * Beacon's own 60 s). The browser reads them from GET /api/chain/config.
 */
export const RELAYS_VAR = 'POLE_BEACON_RELAYS';
export const TIMEOUT_VAR = 'POLE_BEACON_TIMEOUT_S';

export interface BeaconSettings {
  /** The relay nodes, `host` or `host:port` (Beacon's `matrixNodes`, reached over HTTPS), or null for Beacon's own. */
  readonly relays: readonly string[] | null;
  /** Beacon's `requestTimeoutMs`, or null for its default. */
  readonly requestTimeoutMs: number | null;
}

export type BeaconSettingsResult =
  | ({ readonly ok: true } & BeaconSettings)
  | { readonly ok: false; readonly problem: 'BAD_BEACON_SETTINGS'; readonly explanation: string };

// A DNS name or an IPv4 address, then an optional port: what Beacon puts after `https://` (no scheme, no path).
const NODE = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::(\d{1,5}))?$/i;

type Env = Readonly<Record<string, string | undefined>>;

export function beaconSettings(env: Env): BeaconSettingsResult {
  const bad = (explanation: string): BeaconSettingsResult => ({
    ok: false,
    problem: 'BAD_BEACON_SETTINGS',
    explanation,
  });
  const rawRelays = env[RELAYS_VAR]?.trim();
  let relays: string[] | null = null;
  if (rawRelays) {
    relays = rawRelays.split(',').map((r) => r.trim());
    for (const relay of relays) {
      const match = NODE.exec(relay);
      const port = match?.[1] === undefined ? 443 : Number(match[1]);
      if (!match || port < 1 || port > 65_535) {
        return bad(
          `${RELAYS_VAR} lists “${relay.slice(0, 100)}”, which is not a relay node: expected host or host:port (no https://), separated by commas.`,
        );
      }
    }
  }
  const rawTimeout = env[TIMEOUT_VAR]?.trim();
  let requestTimeoutMs: number | null = null;
  if (rawTimeout) {
    const seconds = Number(rawTimeout);
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3_600)
      return bad(`${TIMEOUT_VAR} is “${rawTimeout.slice(0, 20)}”: expected a whole number of seconds from 1 to 3600.`);
    requestTimeoutMs = seconds * 1000;
  }
  return { ok: true, relays, requestTimeoutMs };
}
