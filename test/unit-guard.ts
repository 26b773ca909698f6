/**
 * Setup of the `unit` project: a unit file opens no server and starts no process, so the project stays a matter of
 * seconds. A file that needs either belongs to the `integration` project (vitest.config.ts lists those).
 */
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

const refuse = (what: string) => () => {
  throw new Error(`a unit test may not ${what}: list this file under INTEGRATION in vitest.config.ts`);
};

net.Server.prototype.listen = refuse('listen on a port') as typeof net.Server.prototype.listen;
for (const name of ['spawn', 'exec', 'execFile', 'fork'] as const) {
  (childProcess as unknown as Record<string, unknown>)[name] = refuse(`start a process (${name})`);
}
syncBuiltinESMExports();
