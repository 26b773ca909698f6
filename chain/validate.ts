/**
 * Tezos identifiers, checked one way in every layer: shape and checksum by Taquito's validators, with the prefixes
 * this app accepts. Taquito's `validateAddress` also takes smart-rollup addresses (sr1…), which hold no tokens here,
 * so an "address" means an account (tz1…tz4) or a contract (KT1). Plain predicates, not type guards: a string
 * that fails a check is still a string to quote in the refusal. Safe for the browser (no I/O), but it brings
 * Taquito's utils: pages that only show an address use `shortAddress` (chain/explorer.ts).
 */
import {
  validateAddress,
  validateContractAddress,
  validateKeyHash,
  validateOperation,
  validatePublicKey,
  validateSignature,
  ValidationResult,
} from '@taquito/utils';

const valid = (result: ValidationResult): boolean => result === ValidationResult.VALID;
const text = (s: unknown): s is string => typeof s === 'string';

/** An account (tz1, tz2, tz3, tz4) or a contract (KT1), checksum included. */
export const isAddress = (s: unknown): boolean => text(s) && /^(tz[1-4]|KT1)/.test(s) && valid(validateAddress(s));

/** An account that holds a key and can sign (tz1, tz2, tz3, tz4). */
export const isAccountAddress = (s: unknown): boolean => text(s) && valid(validateKeyHash(s));

/** A contract (KT1). */
export const isContractAddress = (s: unknown): boolean => text(s) && valid(validateContractAddress(s));

/** An operation group's hash (o…). */
export const isOperationHash = (s: unknown): boolean => text(s) && valid(validateOperation(s));

/** A public key (edpk, sppk, p2pk, BLpk). */
export const isPublicKey = (s: unknown): boolean => text(s) && valid(validatePublicKey(s));

/** A signature (edsig, spsig1, p2sig, BLsig, or the generic sig). */
export const isSignature = (s: unknown): boolean => text(s) && valid(validateSignature(s));

/** A token id: a natural number, in decimal, at most 40 digits (a Michelson nat as TzKT and the RPC print it). */
export const isTokenId = (s: unknown): boolean => text(s) && /^\d{1,40}$/.test(s);
