/**
 * The balance lab's answer while it runs: NDJSON (`application/x-ndjson`), one JSON object a line, so the page can
 * draw its progress from an ordinary POST that any proxy or phone passes through. A refusal before the run starts is
 * a plain JSON answer with its status, like every route's.
 */
import { errorResponse } from '../errors';
import type { ErrorBody } from '../protocol';
import { refusalResponse } from '../http/respond';
import type { BalanceLabReport, LabRun } from './balance-lab';
import type { LabProgress } from './lab-pool';

/**
 * A line of the answer: progress first (`done` 0) and then at most every PROGRESS_MS and at the total, then the
 * report, or the failure of a run that had started (with the status a plain answer would have had).
 */
export type LabLine =
  | { readonly progress: LabProgress }
  | { readonly report: BalanceLabReport }
  | (ErrorBody & { readonly status: number });

/** Progress lines come at most this often (a run tells of each stretch of games, hundreds a second). */
const PROGRESS_MS = 100;

/**
 * Answers a lab run: `start` checks the request and starts the run with a progress listener; its refusal is the
 * answer, else the run streams. Closing the answer early leaves the run going (its report is kept with the board).
 */
export async function labStreamResponse(
  start: (onProgress: (progress: LabProgress) => void) => Promise<LabRun>,
): Promise<Response> {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: () => {
      open = false;
    },
  });
  const send = (line: LabLine): void => {
    if (open) controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
  };
  const end = (): void => {
    if (open) controller.close();
    open = false;
  };
  let lastSent = -Infinity;
  let lab: LabRun;
  try {
    lab = await start((progress) => {
      const now = performance.now();
      if (progress.done < progress.total && now - lastSent < PROGRESS_MS) return;
      lastSent = now;
      send({ progress });
    });
  } catch (err) {
    return refusalResponse(err);
  }
  send({ progress: { done: 0, total: lab.games } });
  lab.report.then(
    (report) => {
      send({ report });
      end();
    },
    (err: unknown) => {
      const { status, body: refusal } = errorResponse(err);
      if (status === 500) console.error('[api]', err);
      send({ ...refusal, status });
      end();
    },
  );
  return new Response(body, {
    headers: {
      'content-type': 'application/x-ndjson; charset=utf-8',
      // No proxy or compression may hold the lines back (gzip would wait for a full block).
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}
