/**
 * A strong bot's thread (started by strong-pool.ts): it searches one seat's move from that seat's view alone, within
 * the time it is given, and answers the action. Searching here keeps the server's event loop free for every other
 * table while a strong bot thinks.
 */
import { parentPort } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { rngFromSeed, strongPlayers } from '../../engine';
import type { StrongReply, StrongRequest } from './strong-pool';

const port = parentPort;
if (!port) throw new Error('strong-worker.ts runs as a worker thread of strong-pool.ts');

port.on('message', (request: StrongRequest) => {
  let reply: StrongReply;
  try {
    const player = strongPlayers[request.game];
    // The deadline counts from the request's arrival: a queue behind another table's search is not this move's.
    const deadline = performance.now() + request.budgetMs;
    const action = player.choose(request.view, request.seat, rngFromSeed(request.seed), {
      iterations: request.iterations ?? player.defaultIterations,
      shouldStop: () => performance.now() >= deadline,
    });
    reply = { id: request.id, action };
  } catch (err) {
    reply = { id: request.id, failure: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
