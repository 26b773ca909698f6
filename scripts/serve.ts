/**
 * The app's HTTP server, as `npm start` runs it (after `next build`): Next's own request handler behind a plain Node
 * server that writes each request's socket address into server/limits' PEER_HEADER, over any value the client sent.
 * The rate limits and stream caps then count real clients: a route handler sees no socket, and `next start` passes on
 * an X-Forwarded-For the client wrote itself. Behind a reverse proxy, set POLE_TRUSTED_PROXY_HEADER to the header it
 * sets instead.
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { PEER_HEADER, PEER_STAMP_VAR } from '../server/limits/client';
import { runCli, type CommandLine } from './lib/cli';
import { intFlag } from './lib/flag-values';

const FLAGS = {
  port: { type: 'string', value: 'N', help: 'the port to listen on (default 3000)' },
  host: { type: 'string', value: 'ADDRESS', help: 'the address to listen on (default: every interface)' },
} as const;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function serve({ flags }: CommandLine<typeof FLAGS>): Promise<void> {
  const port = intFlag('port', flags.port, 3000, 1, 65_535);
  // The route handlers run in this process: this tells them PEER_HEADER is this server's, not the client's.
  process.env[PEER_STAMP_VAR] = '1';
  const app = next({ dev: false, dir: ROOT, port, ...(flags.host ? { hostname: flags.host } : {}) });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = createServer((req, res) => {
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? 'unknown';
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, flags.host, resolve));
  process.stdout.write(`serving the app on http://${flags.host ?? 'localhost'}:${port}\n`);
}

await runCli({
  name: 'serve',
  synopsis: 'tsx scripts/serve.ts [flags]',
  flags: FLAGS,
  notes: '`npm start` runs it, after `next build`, with the chain settings in its environment.',
  main: serve,
});
