/**
 * Next.js calls `register` once when the server starts. The game store opens here rather than on the first request,
 * so a second process on the same PGlite data folder refuses to start, with one line naming the process
 * that holds it and how to run another instance.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [{ getHost }, { isStoreError }] = await Promise.all([
    import('./server/host/singleton'),
    import('./server/errors'),
  ]);
  try {
    await getHost();
  } catch (err) {
    if (isStoreError(err) && err.code === 'LOCKED') {
      console.error(`tezos-pole: ${err.message}`);
      process.exit(1);
    }
    // Anything else (a PostgreSQL still starting) is tried again by the first request, as before.
    console.error('[game host] the game store did not open yet:', err instanceof Error ? err.message : err);
  }
}
