/**
 * The little a store needs from a PostgreSQL client, so one SQL implementation (sql-store.ts and its rooms) runs
 * over PGlite and over `pg` alike. Parameters are `$1…`; json values are passed as JSON text and cast in the SQL.
 */
export interface SqlClient {
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface SqlDriver extends SqlClient {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  /**
   * LISTENs on `channel`. `onLost` is called when notifications may have been missed (the connection dropped and
   * was re-established). Returns the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** PostgreSQL's SQLSTATE of an error from either client. */
export function sqlState(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
export const SERIALIZATION_FAILURE = '40001';
