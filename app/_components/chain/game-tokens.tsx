import { accountHref, type LinkNetwork } from '../../_lib/explorer-links';
import { isTzktReadError } from '../../_lib/tzkt/errors';
import { holdersOf, type Owner } from '../../_lib/tzkt/reader';
import { tokenHref } from './collection-grid';
import { Address, ReadProblem } from './format';
import './chain.css';

export interface GameToken {
  /** The tile's index on the board. */
  readonly tile: number;
  readonly tileTitle: string;
  readonly tokenId: string;
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
    holders = await holdersOf(tzktUrl, contract, tokens.map((t) => t.tokenId));
  } catch (e) {
    if (!isTzktReadError(e)) throw e;
    return <ReadProblem error={e} title="The game's token holders could not be read." />;
  }
  return <GameTokensTable contract={contract} tokens={tokens} seats={seats} holders={holders} network={network} />;
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
  return (
    <section className="panel game-tokens" aria-labelledby="game-tokens-heading" data-testid="game-tokens">
      <h2 id="game-tokens-heading" className="panel-title">
        Tokens on chain
      </h2>
      <div className="table-scroll">
        <table className="chain-table">
          <thead>
            <tr>
              <th scope="col">Tile</th>
              <th scope="col" className="num">
                Edition
              </th>
              <th scope="col">Held by</th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => {
              const h = holders.get(t.tokenId);
              return (
                <tr key={t.tokenId} data-token-id={t.tokenId}>
                  <td>
                    {/* The indexer lists a token from its first mint on: before that there is no page to open. */}
                    {h ? <a href={tokenHref(contract, t.tokenId)}>{t.tileTitle}</a> : t.tileTitle} <span className="muted small">#{t.tokenId}</span>
                  </td>
                  <td className="num">{h?.edition ?? <span className="muted">not minted yet</span>}</td>
                  <td>
                    {h && h.owners.length > 0 ? (
                      <ul className="holder-list">
                        {h.owners.map((o) => (
                          <li key={o.address}>
                            <Address address={o.address} href={accountHref(network, o.address)} name={seatOf.get(o.address) ?? null} />
                            {o.balance !== '1' && <span className="muted small"> ×{o.balance}</span>}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="muted">nobody</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
