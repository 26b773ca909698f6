import { artistTile, supplyLeft, type Board, type PoleTile } from '../../engine/pole';
import { accountHref, type LinkNetwork } from './explorer-links';
import { isIndexerError } from '../../chain/errors';
import { holdersOf, type Owner } from '../../chain/indexer';
import { tokenHref } from './collection-grid';
import { Address, ReadProblem } from './format';
import styles from './chain.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { NumHeading, ScrollTable } from '../lib/tables';

export interface GameToken {
  /** The tile's index on the board. */
  readonly tile: number;
  readonly tileTitle: string;
  readonly tokenId: string;
  /** What the game makes of the token's copies, when known. */
  readonly inGame?: TokenInGame;
}

/** The game's side of a token (P7, P13): what the chain alone cannot say. */
export interface TokenInGame {
  /** Copies the bank can still sell. */
  readonly forSale: number;
  /** Copies that left the game for good (P13). */
  readonly left: number;
  /** Seats whose wallet holds one of those copies again, one entry per copy: still out of the game. */
  readonly returned: readonly number[];
  /** Copies forfeited (P7). */
  readonly removed: number;
}

/** The game's side of tile `tile`'s token, from the engine's state. */
export function tokenInGame(board: Board, tiles: readonly PoleTile[], tile: number): TokenInGame | undefined {
  const art = artistTile(board, tile);
  const t = tiles[tile];
  if (!art || !t) return undefined;
  return { forSale: supplyLeft(art, t), left: t.left ?? 0, returned: t.returned ?? [], removed: t.removed };
}

export interface GameSeat {
  readonly seat: number;
  readonly name: string;
  /** The seat's Tezos address, when it is bound to one. */
  readonly address: string | null;
}

export interface TokenHolders {
  readonly owners: readonly Owner[];
  readonly edition: string;
  /** Copies in existence on-chain, when known ("0": never minted, or every copy burnt). */
  readonly supply?: string;
}

export interface GameTokensProps {
  readonly tzktUrl: string;
  readonly contract: string;
  readonly tokens: readonly GameToken[];
  readonly seats: readonly GameSeat[];
  readonly network: LinkNetwork;
}

/**
 * A game's tokens with their current holders, read from the indexer when the page is rendered (server component).
 * When the indexer cannot be read, the reason is shown in place of the list.
 */
export async function GameTokens({ tzktUrl, contract, tokens, seats, network }: GameTokensProps) {
  let holders: ReadonlyMap<string, TokenHolders>;
  try {
    holders = await holdersOf(
      tzktUrl,
      contract,
      tokens.map((t) => t.tokenId),
    );
  } catch (e) {
    if (!isIndexerError(e)) throw e;
    return <ReadProblem error={e} title="The game's token holders could not be read." />;
  }
  return <GameTokensTable contract={contract} tokens={tokens} seats={seats} holders={holders} network={network} />;
}

/** When nobody holds the token: why, in the game's words (never a bare "nobody" for a 1/1 the bank still sells). */
function nobodyText(h: TokenHolders | undefined, game: TokenInGame | undefined): string {
  if (game && game.left > 0) return 'left the game (P13)';
  if (game && game.removed > 0 && game.forSale === 0) return 'removed from play (forfeited)';
  const unminted = !h || h.supply === '0';
  if (game && game.forSale > 0) return unminted ? 'not minted yet — for sale' : 'for sale';
  return unminted ? 'not minted yet' : 'nobody';
}

/** What the game says of an owner's copies: a seat's copies that left the game, or a wallet outside the game. */
function ownerNote(balance: string, seat: number | undefined, game: TokenInGame | undefined): string | null {
  if (seat === undefined) return game ? 'outside the game: not in play' : null;
  const out = game ? game.returned.filter((s) => s === seat).length : 0;
  if (out === 0) return null;
  return out >= Number(balance) ? 'left the game: not in play' : `${out} of them left the game`;
}

/** The table itself: tile, edition x/y, and holders named by seat when a seat holds the address. */
export function GameTokensTable({
  contract,
  tokens,
  seats,
  holders,
  network,
}: {
  contract: string;
  tokens: readonly GameToken[];
  seats: readonly GameSeat[];
  holders: ReadonlyMap<string, TokenHolders>;
  network: LinkNetwork;
}) {
  const seatOf = new Map(seats.flatMap((s) => (s.address ? [[s.address, s.name] as const] : [])));
  const seatIndex = new Map(seats.flatMap((s) => (s.address ? [[s.address, s.seat] as const] : [])));
  return (
    <section
      className={cx(ui.panel, styles.gameTokens)}
      aria-labelledby="game-tokens-heading"
      data-testid="game-tokens"
    >
      <h2 id="game-tokens-heading" className={ui.panelTitle}>
        Tokens on chain
      </h2>
      <ScrollTable
        head={
          <>
            <th scope="col">Tile</th>
            <NumHeading>Edition</NumHeading>
            <th scope="col">Held by</th>
          </>
        }
      >
        {tokens.map((t) => {
          const h = holders.get(t.tokenId);
          const game = t.inGame;
          return (
            <tr key={t.tokenId} data-token-id={t.tokenId}>
              <td>
                {/* The indexer lists a token from its first mint on: before that there is no page to open. */}
                {h ? <a href={tokenHref(contract, t.tokenId)}>{t.tileTitle}</a> : t.tileTitle}{' '}
                <span className={cx(ui.muted, ui.small)}>#{t.tokenId}</span>
              </td>
              <td className={ui.num}>{h?.edition ?? <span className={ui.muted}>not minted yet</span>}</td>
              <td>
                {h && h.owners.length > 0 ? (
                  <ul className={styles.holderList}>
                    {h.owners.map((o) => {
                      const note = ownerNote(o.balance, seatIndex.get(o.address), game);
                      return (
                        <li key={o.address} data-out-of-game={note ? '' : undefined}>
                          <Address
                            address={o.address}
                            href={accountHref(network, o.address)}
                            name={seatOf.get(o.address) ?? null}
                          />
                          {o.balance !== '1' && <span className={cx(ui.muted, ui.small)}> ×{o.balance}</span>}
                          {note && <span className={cx(ui.muted, ui.small)}> ({note})</span>}
                        </li>
                      );
                    })}
                  </ul>
                ) : (
                  <span className={ui.muted}>{nobodyText(h, game)}</span>
                )}
                {game && game.left > 0 && h && h.owners.length > 0 && (
                  <p className={cx(ui.muted, ui.small)}>
                    {game.left === 1 ? '1 copy' : `${game.left} copies`} left the game (P13)
                  </p>
                )}
              </td>
            </tr>
          );
        })}
      </ScrollTable>
    </section>
  );
}
