/**
 * A balance lab worker thread (started by lab-pool.ts): it keeps the plans of the runs it serves and answers each
 * stretch of games with its LabPart. Messages are handled in order, so a plan always arrives before its games.
 */
import { parentPort } from 'node:worker_threads';
import { playLabGames, type LabPlan } from './lab-games';
import type { LabReply, LabRequest } from './lab-pool';

const port = parentPort;
if (!port) throw new Error('lab-worker.ts runs as a worker thread of lab-pool.ts');

const plans = new Map<number, LabPlan>();

port.on('message', (request: LabRequest) => {
  if (request.type === 'plan') plans.set(request.run, request.plan);
  else if (request.type === 'forget') plans.delete(request.run);
  else {
    let reply: LabReply;
    try {
      const plan = plans.get(request.run);
      if (!plan) throw new Error(`no plan for lab run ${request.run}`);
      reply = { task: request.task, part: playLabGames(plan, request.from, request.to) };
    } catch (err) {
      reply = { task: request.task, failure: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(reply);
  }
});
