/**
 * Next bundles instrumentation.ts (which opens the game host at boot) apart from the route handlers, so the host's
 * errors can reach a route from another copy of the server's error classes. A refusal must still be the refusal it
 * is — a 403 WRONG_WALLET, not an opaque 500.
 */
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, HostError, isHostError, isStoreError, StoreError } from '../../server/errors';

async function otherCopy(): Promise<typeof import('../../server/errors')> {
  vi.resetModules();
  return import('../../server/errors');
}

describe('server errors across copies of their module', () => {
  it('a HostError from another copy of the module is recognised, and answered with its own status and code', async () => {
    const copy = await otherCopy();
    expect(copy.HostError).not.toBe(HostError);
    const err = new copy.HostError(403, 'WRONG_WALLET', 'seat 0 is bound to another wallet');
    expect(err instanceof HostError).toBe(false);
    expect(isHostError(err)).toBe(true);
    expect(isStoreError(err)).toBe(false);
    expect(errorResponse(err)).toEqual({ status: 403, body: { error: 'WRONG_WALLET', message: 'seat 0 is bound to another wallet' } });
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
