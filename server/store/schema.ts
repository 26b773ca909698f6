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
  {
    version: 2,
    sql: `
      -- Wallet sign-in (server/auth): one-time sign-in messages and the sessions they open. Hashes only.
      CREATE TABLE sign_in_challenges (
        nonce      text PRIMARY KEY,
        message    text NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE TABLE sessions (
        token_hash text PRIMARY KEY,
        address    text NOT NULL,
        public_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      -- On-chain Tezos Pole games (server/chain): where the tokens live, the token plan, the seats' wallets.
      CREATE TABLE chain_games (
        game_id      text PRIMARY KEY REFERENCES games (id),
        network      text NOT NULL,
        contract     text NOT NULL,
        bank         text NOT NULL,
        -- chain/pole-bridge TokenPlan: token ids, retired copies, the last engine step sent.
        plan         jsonb NOT NULL,
        -- [{ address, approval: { opHash, status } | null }] by seat; address null until the seat is claimed.
        seats        jsonb NOT NULL,
        -- Level of the last confirmed bank operation: holdings reads wait for the indexer to reach it.
        last_level   integer NOT NULL DEFAULT 0,
        updated_at   timestamptz NOT NULL DEFAULT now()
      );
      -- Every operation of an on-chain game, pending → confirmed | failed, with the engine step it carries.
      CREATE TABLE chain_ops (
        id         bigserial PRIMARY KEY,
        game_id    text NOT NULL REFERENCES games (id),
        -- The engine seq the operation makes final (null: token creation, a seat's approval, a bot's funding).
        seq        integer,
        kind       text NOT NULL,
        seat       integer,
        -- The action waiting for this operation (a pending purchase), so nothing a player did is lost on a restart.
        action     jsonb,
        op_hash    text,
        status     text NOT NULL,
        level      integer,
        error      text,
        detail     jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX chain_ops_game ON chain_ops (game_id, id);
      -- The artist studio (server/studio): featured pieces and the boards built from them.
      CREATE TABLE pieces (
        id           text PRIMARY KEY,
        artist       text NOT NULL,
        -- { title, description?, imageUri?, source?: { contract, tokenId } , editionSize, price, multiplier }
        piece        jsonb NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX pieces_artist ON pieces (artist);
      CREATE TABLE boards (
        id         text PRIMARY KEY,
        owner      text NOT NULL,
        name       text NOT NULL,
        -- The engine board (validated with parseBoard) plus the artists' wallets and images by tile id.
        board      jsonb NOT NULL,
        extras     jsonb NOT NULL DEFAULT '{}',
        -- The balance lab's last report, if any.
        lab        jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX boards_owner ON boards (owner);
    `,
  },
  {
    version: 3,
    sql: `
      -- One live chain step per game and seq: of two app instances putting different moves at one seq on-chain,
      -- the second is refused before anything is sent (a failed step frees the seq).
      CREATE UNIQUE INDEX chain_ops_one_step ON chain_ops (game_id, seq) WHERE kind = 'step' AND status <> 'failed';
    `,
  },
  {
    version: 4,
    sql: `
      -- The signed-in wallet that created an on-chain game: its live games and bot seats are limited,
      -- since the bank pays for each. Null for games created before.
      ALTER TABLE chain_games ADD COLUMN creator text;
      CREATE INDEX chain_games_creator ON chain_games (creator);
    `,
  },
  {
    version: 5,
    sql: `
      -- An online game's chat, numbered per game; no part of the action log or the game record. kind:
      -- 'text' | 'emote' (body: the message or the emote's name) by seat, or 'mute' | 'unmute' of seat, by the host.
      -- The primary key orders posts from several app instances as the actions' does.
      CREATE TABLE chat_messages (
        game_id    text NOT NULL REFERENCES games (id),
        n          integer NOT NULL CHECK (n >= 1),
        seat       integer NOT NULL,
        kind       text NOT NULL,
        body       text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (game_id, n)
      );
    `,
  },
  {
    version: 6,
    sql: `
      -- Who holds a seat ("My games"): a browser ('browser:' and the SHA-256 of its httpOnly tp_browser
      -- cookie) or a signed-in wallet ('wallet:' and its address). seat -1 is the game's host token. An entry counts
      -- only while token_hash is the seat's current token hash: a seat whose token is rotated is no longer held.
      CREATE TABLE seat_holders (
        holder     text NOT NULL,
        game_id    text NOT NULL REFERENCES games (id),
        seat       integer NOT NULL CHECK (seat >= -1),
        token_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (holder, game_id, seat)
      );
      CREATE INDEX seat_holders_game ON seat_holders (game_id);
    `,
  },
  {
    version: 7,
    sql: `
      -- An online game's grace period (seconds an away seat keeps its place before its bot plays; null in
      -- hot-seat), and the seats' changes its log tells ([{ n, afterSeq, seat, mark }]), no part of the record.
      ALTER TABLE games ADD COLUMN grace_seconds integer;
      ALTER TABLE games ADD COLUMN seat_marks jsonb NOT NULL DEFAULT '[]';
    `,
  },
  {
    version: 8,
    sql: `
      -- Rematch and lobby. listed: a public game, shown in the lobby while it has free human seats.
      -- rematch_of: the game this one is the rematch of; unique, so two people pressing "Play again" at once (on one
      -- app instance or two) make one rematch: the second insert fails and reads the first's.
      ALTER TABLE games ADD COLUMN listed boolean NOT NULL DEFAULT false;
      ALTER TABLE games ADD COLUMN rematch_of text REFERENCES games (id);
      CREATE UNIQUE INDEX games_rematch_of ON games (rematch_of);
      CREATE INDEX games_listed ON games (created_at) WHERE listed AND NOT finished;
      -- The studio board an on-chain game was created from: its rematch takes the board's artists from it again.
      ALTER TABLE games ADD COLUMN studio_board text;
    `,
  },
  {
    version: 9,
    sql: `
      -- Provably fair games (FAIRNESS.md). fair: every action's roll mixes the seed with the acting seat's
      -- link. contribution: that link, as given with the action. fair_chains: each seat's chain head, registered
      -- once when the game was at seq at_seq; its links count from the next action.
      ALTER TABLE games ADD COLUMN fair boolean NOT NULL DEFAULT false;
      ALTER TABLE actions ADD COLUMN contribution text;
      CREATE TABLE fair_chains (
        game_id text NOT NULL REFERENCES games (id),
        seat    integer NOT NULL CHECK (seat >= 0),
        head    text NOT NULL,
        at_seq  integer NOT NULL,
        PRIMARY KEY (game_id, seat)
      );
    `,
  },
  {
    version: 10,
    sql: `
      -- Deposits: a person's transfer to the bank that pays for their on-chain game beyond the daily allowance
      -- (server/chain/deposits.ts). One row per operation and the wallet that named it; only the transfer's own
      -- source can hold it. game_id: the game it pays for (unique: a deposit pays for one game); no foreign key, as
      -- it is claimed just before its game is stored. The rest of it returns to the source: refund_mutez, refund_op.
      CREATE TABLE chain_deposits (
        op_hash      text NOT NULL,
        source       text NOT NULL,
        bank         text NOT NULL,
        from_level   integer NOT NULL,
        status       text NOT NULL,
        amount_mutez bigint NOT NULL DEFAULT 0,
        level        integer,
        error        text,
        game_id      text UNIQUE,
        refund_mutez bigint,
        refund_op    text,
        refund_level integer,
        created_at   timestamptz NOT NULL DEFAULT now(),
        updated_at   timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (op_hash, source)
      );
      CREATE INDEX chain_deposits_open ON chain_deposits (status) WHERE status IN ('pending', 'held', 'refunding');
    `,
  },
  {
    version: 11,
    sql: `
      -- Waiting rooms (server/host/waiting-room.ts). waiting: an online game created to wait for its people; nothing
      -- moves in it until it starts. auto_start: it starts by itself once every human seat is taken. room_code: the
      -- secret of its one room link (/r/<code>), which seats a newcomer in a free seat while it waits.
      ALTER TABLE games ADD COLUMN waiting boolean NOT NULL DEFAULT false;
      ALTER TABLE games ADD COLUMN auto_start boolean NOT NULL DEFAULT false;
      ALTER TABLE games ADD COLUMN room_code text;
      CREATE UNIQUE INDEX games_room_code ON games (room_code);
      -- The lobby lists finished games too (to watch): its newest listed games, whatever their state.
      CREATE INDEX games_listed_recent ON games (created_at) WHERE listed;
    `,
  },
  {
    version: 12,
    sql: `
      -- Ratings (server/ratings, docs/ratings.md). rated_seats: the seats a game rates and the wallet signed in on
      -- each when it started ([{ seat, address }]); null when it started unrated or has not started.
      ALTER TABLE games ADD COLUMN rated_seats jsonb;
      -- Why a game is not rated, in words (hot-seat, too few signed-in people, a seat's bot played too much…).
      ALTER TABLE games ADD COLUMN rating_note text;
      -- A player is a signed-in wallet. name: the display name they chose (null until then); name_key: the name as
      -- compared (case, width and look-alike letters folded), unique, so no two players read alike.
      CREATE TABLE players (
        address         text PRIMARY KEY,
        name            text,
        name_key        text UNIQUE,
        name_changed_at timestamptz,
        created_at      timestamptz NOT NULL DEFAULT now()
      );
      -- Each player's skill per game (Weng-Lin: mu, sigma) and their rated games, wins and games left.
      CREATE TABLE ratings (
        game       text NOT NULL,
        address    text NOT NULL,
        mu         double precision NOT NULL,
        sigma      double precision NOT NULL,
        games      integer NOT NULL DEFAULT 0,
        wins       integer NOT NULL DEFAULT 0,
        left_games integer NOT NULL DEFAULT 0,
        PRIMARY KEY (game, address)
      );
      CREATE INDEX ratings_board ON ratings (game, (mu - 3 * sigma) DESC, address);
      -- The rated games in the order their ratings were applied (n): the list anyone recomputes the ratings from.
      CREATE TABLE rated_games (
        n           bigserial PRIMARY KEY,
        game_id     text NOT NULL UNIQUE REFERENCES games (id),
        game        text NOT NULL,
        final_hash  text NOT NULL,
        finished_at timestamptz NOT NULL DEFAULT now()
      );
      -- Each rated person's place in a rated game and their skill before and after it.
      CREATE TABLE rating_changes (
        n            bigint NOT NULL REFERENCES rated_games (n),
        address      text NOT NULL,
        seat         integer NOT NULL,
        rank         integer NOT NULL,
        leaver       boolean NOT NULL,
        mu_before    double precision NOT NULL,
        sigma_before double precision NOT NULL,
        mu_after     double precision NOT NULL,
        sigma_after  double precision NOT NULL,
        PRIMARY KEY (n, address)
      );
      CREATE INDEX rating_changes_player ON rating_changes (address, n DESC);
    `,
  },
  {
    version: 13,
    sql: `
      -- A rated game's end in one statement (server/store/ratings-book.ts): the game finished, numbered in the list,
      -- each change written and each skill set, provided every skill is still the one the ratings were computed from
      -- (in_games_before: a player's rated games so far, which only grows). A skill changed since by another game
      -- raises serialization_failure and nothing is written; the caller reads again and retries. False: the game was
      -- finished already. The skills are set through the primary key (ON CONFLICT), never a scan of a board.
      CREATE FUNCTION apply_rated_game(
        in_game_id text, in_game text, in_final_hash text, in_address text[], in_seat integer[], in_rank integer[],
        in_leaver boolean[], in_mu_before float8[], in_sigma_before float8[], in_games_before integer[],
        in_mu_after float8[], in_sigma_after float8[]
      ) RETURNS boolean LANGUAGE plpgsql AS $$
      DECLARE
        rated_n bigint;
        applied integer;
      BEGIN
        UPDATE games SET finished = true WHERE id = in_game_id AND NOT finished;
        IF NOT FOUND THEN RETURN false; END IF;
        INSERT INTO rated_games (game_id, game, final_hash) VALUES (in_game_id, in_game, in_final_hash)
          RETURNING n INTO rated_n;
        INSERT INTO rating_changes (n, address, seat, rank, leaver, mu_before, sigma_before, mu_after, sigma_after)
          SELECT rated_n, c.* FROM unnest(in_address, in_seat, in_rank, in_leaver, in_mu_before, in_sigma_before,
                                          in_mu_after, in_sigma_after) AS c;
        INSERT INTO ratings AS r (game, address, mu, sigma, games, wins, left_games)
          SELECT in_game, c.address, c.mu, c.sigma, c.games_before + 1, (c.rank = 1 AND NOT c.leaver)::integer,
                 c.leaver::integer
            FROM unnest(in_address, in_mu_after, in_sigma_after, in_games_before, in_rank, in_leaver)
              AS c (address, mu, sigma, games_before, rank, leaver)
           ORDER BY c.address -- every end locks its people's rows in one order: two ends never deadlock
          ON CONFLICT (game, address) DO UPDATE
            SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = r.wins + excluded.wins,
                left_games = r.left_games + excluded.left_games
            WHERE r.games + 1 = excluded.games;
        GET DIAGNOSTICS applied = ROW_COUNT;
        IF applied <> cardinality(in_address) THEN
          RAISE EXCEPTION 'a rating of game % changed since it was read', in_game_id
            USING ERRCODE = 'serialization_failure';
        END IF;
        RETURN true;
      END $$;
    `,
  },
];

/** Serialises concurrent migrators (two app instances starting at once) on one database. */
export const MIGRATION_LOCK_KEY = 7_346_521;

export const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version    integer PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;
