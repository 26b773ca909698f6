/** What one client may cost the server (docs/security-and-limits.md): request rates, event streams, idle games, the bank's tez. */
export { RateLimits, type Requester } from './rate-limits';
export { clientAddress, fromLoopback, PEER_HEADER, PEER_STAMP_VAR, UNKNOWN_CLIENT } from './client';
export {
  limitSettingsFromEnv,
  DEFAULT_LIMITS,
  LIMIT_VARS,
  RATE_VARS,
  LimitConfigError,
  type LimitSettings,
  type Rate,
  type RateKind,
} from './settings';
