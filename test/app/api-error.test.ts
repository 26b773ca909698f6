/**
 * The browser's reading of the app's answers (ui/api/client.ts): a refusal the server sends reaches the person
 * as the server's own code and message (every 409 used to read "The game moved on…"), and only an answer
 * with no message gets a sentence of the client's, which says so. Server answers are built by the routes' own
 * `respond` (server/http/respond.ts); the network cases use a real local HTTP server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFetch, ApiError, readAnswer, refusalOf } from '../../ui/api/client';
import { respond } from '../../server/http/respond';
import { AccessError, ChainGameError, errorResponse, GameError, RuleRefusal } from '../../server';

/** The answer a route gives when its work throws `err`. */
const refused = (err: unknown): Promise<Response> =>
  respond(async () => {
    throw err;
  });

async function thrown(work: Promise<unknown>): Promise<ApiError> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('ApiError from the server’s refusals', () => {
  it('a 409 carries the server’s code and message, whatever the code', async () => {
    const cases = [
      new ChainGameError(
        'ADDRESS_IN_GAME',
        'tz1abc already plays seat 0: each seat needs its own wallet, so holdings can tell them apart',
      ),
      new ChainGameError('SEAT_CLAIMED', 'seat 1 is bound to tz1def; sign in with that wallet to play it'),
      new ChainGameError('CHAIN_NOT_READY', "the game's tokens are still being created"),
      new GameError('STALE', 'the game is at seq 7, not 6', { seq: 7 }),
    ];
    for (const host of cases) {
      const err = await thrown(readAnswer(await refused(host)));
      expect(err).toMatchObject({ status: 409, code: host.code, message: host.message, fromServer: true });
      expect(err.message).not.toMatch(/moved on/);
    }
  });

  it('other statuses keep the server’s words too (403 WRONG_WALLET, 422 a rule, 503 a pause)', async () => {
    for (const host of [
      new AccessError('WRONG_WALLET', 'seat 0 is bound to tz1abc, not to tz1def'),
      new RuleRefusal('NOT_YOUR_TURN', 'seat 1 must decide now'),
      new ChainGameError('CHAIN_PAUSED', 'the game is paused: Tezos did not answer'),
    ]) {
      expect(await thrown(readAnswer(await refused(host)))).toMatchObject({
        status: host.status,
        code: host.code,
        message: host.message,
      });
    }
  });

  it('an unexpected server failure is the server’s opaque 500, not a guess', async () => {
    const { status, body } = errorResponse(new Error('secret'));
    const err = await thrown(readAnswer(Response.json(body, { status })));
    expect(err).toMatchObject({ status: 500, code: 'INTERNAL', message: 'the server failed; nothing was applied' });
  });

  it('a success is its JSON body, an empty one undefined', async () => {
    expect(await readAnswer(await respond(async () => ({ seq: 3 })))).toEqual({ seq: 3 });
    expect(await readAnswer(await respond(async () => undefined))).toBeUndefined();
  });
});

describe('ApiError for answers without a server message', () => {
  it('a non-JSON 502 says the server gave no explanation', async () => {
    const err = await thrown(
      readAnswer(
        new Response('<html><body>Bad Gateway</body></html>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'content-type': 'text/html' },
        }),
      ),
    );
    expect(err).toMatchObject({ status: 502, code: 'NO_EXPLANATION', fromServer: false });
    expect(err.message).toBe('The server answered 502 (Bad Gateway) and gave no explanation.');
  });

  it('JSON without the error body, or with empty fields, is no explanation either', () => {
    expect(refusalOf(404, '', { detail: 'x' })).toMatchObject({
      code: 'NO_EXPLANATION',
      message: 'The server answered 404 and gave no explanation.',
    });
    expect(refusalOf(409, '', { error: 'STALE', message: '' }).code).toBe('NO_EXPLANATION');
    expect(refusalOf(409, '', null).code).toBe('NO_EXPLANATION');
  });

  it('a success whose body is not JSON is an unreadable answer', async () => {
    const err = await thrown(readAnswer(new Response('not json', { status: 200 })));
    expect(err).toMatchObject({ status: 200, code: 'BAD_ANSWER', fromServer: false });
    expect(err.message).toMatch(/could not be read \(it is not JSON\)/);
  });
});

describe('apiFetch over HTTP', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/gateway') {
        res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>502 Bad Gateway</h1>');
        return;
      }
      res.writeHead(409, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: 'SEAT_CLAIMED',
          message: 'seat 1 is bound to tz1def; sign in with that wallet to play it',
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads the server’s refusal and its status', async () => {
    expect(await thrown(apiFetch(`${base}/claim`, { method: 'POST' }))).toMatchObject({
      status: 409,
      code: 'SEAT_CLAIMED',
      message: 'seat 1 is bound to tz1def; sign in with that wallet to play it',
    });
    expect(await thrown(apiFetch(`${base}/gateway`))).toMatchObject({
      status: 502,
      code: 'NO_EXPLANATION',
      message: 'The server answered 502 (Bad Gateway) and gave no explanation.',
    });
  });

  it('no answer at all is status 0, NO_ANSWER, and says nothing came back', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await thrown(apiFetch(`http://127.0.0.1:${port}/api/games`));
    expect(err).toMatchObject({ status: 0, code: 'NO_ANSWER', fromServer: false });
    expect(err.message).toMatch(/could not be reached \(no answer came back\)/);
  });

  it('an aborted request rejects with the AbortError, as fetch does', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(apiFetch(`${base}/claim`, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
