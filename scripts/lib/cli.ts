import { isConfigError } from '../../engine/core/errors';

/** A failure the user can fix from the message alone: printed as one line, exit code 1, no stack trace. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/** A malformed command line: printed like a CliError, followed by the usage text. */
export class UsageError extends CliError {}

/**
 * Runs a script's main function and turns expected failures into `name: message` on stderr with exit code 1.
 * An engine ConfigError (a bad board or option) is expected too: its message names the tile and field at fault.
 * Sets `process.exitCode` instead of calling `process.exit`, so piped stdout (large JSON) is flushed first.
 */
export async function runCli(name: string, usage: string, main: () => void | Promise<void>): Promise<void> {
  try {
    await main();
  } catch (err) {
    if (!(err instanceof CliError) && !isConfigError(err)) throw err;
    process.stderr.write(`${name}: ${err.message}\n`);
    if (err instanceof UsageError) process.stderr.write(`\n${usage}`);
    process.exitCode = 1;
  }
}
