/**
 * Next bundles instrumentation.ts (which opens the game host at boot) apart from the route handlers, so the host's
 * errors can reach a route from another copy of the server's error classes. A refusal must still be the refusal it
 * is — a 403 WRONG_WALLET, not an opaque 500.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  ChainGameError,
  errorResponse,
  HostError,
  isHostError,
  isStoreError,
  RequestError,
  RuleRefusal,
  StoreError,
  StudioError,
} from '../../server/errors';

async function otherCopy(): Promise<typeof import('../../server/errors')> {
  vi.resetModules();
  return import('../../server/errors');
}

describe('server errors across copies of their module', () => {
  it('a HostError from another copy of the module is recognised, and answered with its own status and code', async () => {
    const copy = await otherCopy();
    expect(copy.HostError).not.toBe(HostError);
    const err = new copy.AccessError('WRONG_WALLET', 'seat 0 is bound to another wallet');
    expect(err instanceof HostError).toBe(false);
    expect(isHostError(err)).toBe(true);
    expect(isStoreError(err)).toBe(false);
    expect(errorResponse(err)).toEqual({
      status: 403,
      body: { error: 'WRONG_WALLET', message: 'seat 0 is bound to another wallet' },
    });
  });

  it('a StoreError from another copy is a StoreError, not a HostError; anything else stays an opaque 500', async () => {
    const copy = await otherCopy();
    const err = new copy.StoreError('LOCKED', 'held by process 42');
    expect([isStoreError(err), isHostError(err)]).toEqual([true, false]);
    expect(isStoreError(new StoreError('BAD_ROW', 'x'))).toBe(true);
    const lookalike = Object.assign(new Error('nope'), { name: 'HostError', status: 403, code: 'WRONG_WALLET' });
    expect(isHostError(lookalike)).toBe(false);
    expect(errorResponse(lookalike).status).toBe(500);
  });
});

describe('a refusal’s HTTP status follows from its code, in one table', () => {
  it('answers each branch’s refusal with its code’s status, and the engine’s refusals as 400 (malformed) or 422', () => {
    expect(errorResponse(new RequestError('BODY_TOO_LARGE', 'too big')).status).toBe(413);
    expect(errorResponse(new StudioError('LAB_RUNNING', 'busy')).status).toBe(409);
    expect(errorResponse(new ChainGameError('CHAIN_PAUSED', 'Tezos did not answer')).status).toBe(503);
    expect(errorResponse(new RuleRefusal('MALFORMED_ACTION', 'not an action')).status).toBe(400);
    expect(errorResponse(new RuleRefusal('NOT_YOUR_TURN', 'seat 1 must decide')).body).toEqual({
      error: 'NOT_YOUR_TURN',
      message: 'seat 1 must decide',
    });
    expect(errorResponse(new RuleRefusal('NOT_YOUR_TURN', 'seat 1 must decide')).status).toBe(422);
  });
});
