/**
 * The schema, in one place, as numbered migrations. Both stores run exactly this SQL. A migration is never edited
 * once released: a change is a new entry.
 */
export interface Migration {
  readonly version: number;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE games (
        id              text PRIMARY KEY,
        game            text NOT NULL,
        version         integer NOT NULL,
        config          jsonb NOT NULL,
        seed            text NOT NULL,
        -- [{ name, kind, tokenHash, botTakeover }]: SHA-256 of the seat tokens, never the tokens.
        seats           jsonb NOT NULL,
        host_token_hash text NOT NULL,
        mode            text NOT NULL,
        turn_seconds    integer,
        bot_pace_ms     integer NOT NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        finished        boolean NOT NULL DEFAULT false
      );
      -- The append-only log. The primary key is the optimistic lock: of two appends of one seq exactly one succeeds.
      CREATE TABLE actions (
        game_id    text NOT NULL REFERENCES games (id),
        seq        integer NOT NULL CHECK (seq >= 1),
        seat       text NOT NULL,
        action     jsonb NOT NULL,
        -- Derived (replay gives the same), kept so a restart rebuilds the event log from a snapshot without replaying.
        events     jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (game_id, seq)
      );
      CREATE TABLE snapshots (
        game_id text NOT NULL REFERENCES games (id),
        seq     integer NOT NULL,
        state   jsonb NOT NULL,
        PRIMARY KEY (game_id, seq)
      );
    `,
  },
];

/** Serialises concurrent migrators (two app instances starting at once) on one database. */
export const MIGRATION_LOCK_KEY = 7_346_521;

export const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version    integer PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;
