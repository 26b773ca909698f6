/**
 * The Tezos Pole editions contract (contracts/fa2-editions.arl) as the client uses it: its
 * compiled code (the committed artifact from `npm run contracts:build`) and its error strings.
 */
import { readFileSync } from 'node:fs';

/** Micheline JSON of the compiled contract (parameter, storage, code and views), read on each call. */
export function fa2EditionsCode(): object[] {
  return JSON.parse(readFileSync(new URL('./build/fa2-editions.json', import.meta.url), 'utf8')) as object[];
}

/** The contract's MAX_GAME_DURATION: `open_game` refuses an end date further away (GAME_TOO_LONG). */
export const MAX_GAME_DAYS = 30;

/** Every FAILWITH string of the contract: TZIP-12's standard errors, then its own. */
export const FA2_ERRORS = {
  tokenUndefined: 'FA2_TOKEN_UNDEFINED',
  insufficientBalance: 'FA2_INSUFFICIENT_BALANCE',
  notOperator: 'FA2_NOT_OPERATOR',
  notOwner: 'FA2_NOT_OWNER',
  notAdmin: 'NOT_ADMIN',
  notMinter: 'NOT_MINTER',
  noAdminCandidate: 'NO_ADMIN_CANDIDATE',
  notAdminCandidate: 'NOT_ADMIN_CANDIDATE',
  maxSupplyExceeded: 'MAX_SUPPLY_EXCEEDED',
  tokenRetired: 'TOKEN_RETIRED',
  mintPaused: 'MINT_PAUSED',
  zeroMaxSupply: 'ZERO_MAX_SUPPLY',
  tezNotAccepted: 'TEZ_NOT_ACCEPTED',
  gameExists: 'GAME_EXISTS',
  gameNotFound: 'GAME_NOT_FOUND',
  gameClosed: 'GAME_CLOSED',
  gameExpired: 'GAME_EXPIRED',
  gameTooLong: 'GAME_TOO_LONG',
  notGameMinter: 'NOT_GAME_MINTER',
  notGameToken: 'NOT_GAME_TOKEN',
  noGameGrant: 'NO_GAME_GRANT',
  badCommitment: 'BAD_COMMITMENT',
  seedCommitted: 'SEED_COMMITTED',
  noSeedCommitment: 'NO_SEED_COMMITMENT',
  seedRevealed: 'SEED_REVEALED',
  badFinalHash: 'BAD_FINAL_HASH',
  badSeedReveal: 'BAD_SEED_REVEAL',
} as const;
export type Fa2Error = (typeof FA2_ERRORS)[keyof typeof FA2_ERRORS];

/** What each error means, for TZIP-16's `errors` field (wallets and explorers show the expansion). */
const ERROR_TEXT: Record<Fa2Error, string> = {
  FA2_TOKEN_UNDEFINED: 'No token with this id',
  FA2_INSUFFICIENT_BALANCE: 'The owner holds fewer tokens than requested',
  FA2_NOT_OPERATOR: 'The sender is neither the owner nor an operator of the owner for this token',
  FA2_NOT_OWNER: 'Only the owner can add or remove its operators',
  NOT_ADMIN: 'Only the admin can do this',
  NOT_MINTER: 'Only a minter can do this',
  NO_ADMIN_CANDIDATE: 'No admin transfer is pending',
  NOT_ADMIN_CANDIDATE: 'Only the proposed admin can accept the admin role',
  MAX_SUPPLY_EXCEEDED: 'Minting this would exceed the edition size',
  TOKEN_RETIRED: 'This token is retired and can no longer be minted',
  MINT_PAUSED: 'Minting and token creation are paused',
  ZERO_MAX_SUPPLY: 'An edition needs a max supply of at least 1',
  TEZ_NOT_ACCEPTED: 'This contract does not accept tez',
  GAME_EXISTS: 'A game with this id was already opened',
  GAME_NOT_FOUND: 'No game with this id',
  GAME_CLOSED: 'The game is closed: its minter can no longer create or burn its tokens, nor can anyone join it',
  GAME_EXPIRED: 'The game is past its end date (or the end date given is not in the future)',
  GAME_TOO_LONG: `A game may end at most ${MAX_GAME_DAYS} days after it is opened`,
  NOT_GAME_MINTER: 'Only the minter who opened the game (or the admin, to close it) can do this',
  NOT_GAME_TOKEN: 'This token does not belong to this game',
  NO_GAME_GRANT: 'The owner did not join this game: its minter cannot burn their tokens',
  BAD_COMMITMENT: 'A seed commitment is a SHA-256 hash: exactly 32 bytes',
  SEED_COMMITTED: "The game's seed is already committed: its commitment cannot change",
  NO_SEED_COMMITMENT: "The game's seed was never committed: there is nothing to check a reveal against",
  SEED_REVEALED: "The game's seed is already revealed",
  BAD_FINAL_HASH: 'A final state hash is a SHA-256 hash: exactly 32 bytes',
  BAD_SEED_REVEAL:
    'This seed does not match the game\'s commitment (SHA-256 of "tezos-pole seed commitment:" and the seed)',
};

/**
 * The on-chain views, also listed in the TZIP-16 document as off-chain `michelsonStorageView`s with the same code
 * (an on-chain view and a storage view both take `pair input storage`), so wallets and explorers can run them.
 */
const VIEW_TEXT: Record<string, string> = {
  get_balance: "An owner's balance of a token",
  get_total_supply: 'The copies of a token minted and not burnt',
  get_max_supply: "A token's edition size",
  is_operator: 'Whether an address is an FA2 operator of an owner for a token',
  game_grant:
    "Whether the game's minter may burn the owner's copies of the game's tokens now: the owner joined the game, and it is neither closed nor past its end date",
  game_info: "A game's minter, end date and whether it is closed (fails with GAME_NOT_FOUND for no such game)",
};

function tzip16Views(): object[] {
  return fa2EditionsCode().flatMap((section) => {
    const s = section as { prim?: string; args?: [{ string: string }, object, object, object] };
    if (s.prim !== 'view' || !s.args) return [];
    const [name, parameter, returnType, code] = s.args;
    return [
      {
        name: name.string,
        description: VIEW_TEXT[name.string] ?? name.string,
        pure: name.string !== 'game_grant',
        implementations: [{ michelsonStorageView: { parameter, returnType, code } }],
      },
    ];
  });
}

/** The contract's TZIP-16 metadata document, stored on-chain under `%metadata["contents"]`. */
export function fa2EditionsMetadata(version = '1.0.0'): Record<string, unknown> {
  return {
    name: 'Tezos Pole editions',
    description:
      'Limited-edition artworks of Tezos Pole, Gotopoly and Ten: FA2 tokens minted by the game bank within a fixed edition size.',
    version,
    license: { name: 'MIT' },
    interfaces: ['TZIP-012', 'TZIP-016', 'TZIP-021'],
    errors: Object.entries(ERROR_TEXT).map(([error, text]) => ({
      error: { string: error },
      expansion: { string: text },
      languages: ['en'],
    })),
    views: tzip16Views(),
  };
}

const hex = (s: string): string =>
  Array.from(new TextEncoder().encode(s), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The origination storage in Michelson, parenthesised as Taquito's `init` wants it: `admin` as admin,
 * no minters nor tokens, minting not paused, and the metadata document on-chain (`tezos-storage:contents`).
 */
export function fa2EditionsInit(admin: string, metadata: Record<string, unknown> = fa2EditionsMetadata()): string {
  // admin, admin_candidate, paused, next_token_id, minters, ledger, operators, token_metadata, tokens, games, grants,
  // seed_commits, metadata
  const md = `{ Elt "" 0x${hex('tezos-storage:contents')} ; Elt "contents" 0x${hex(JSON.stringify(metadata))} }`;
  return `(Pair "${admin}" None False 0 {} {} {} {} {} {} {} {} ${md})`;
}
