/**
 * What a collector sees: the collection grid, a token's page, a game's token list and the devnet explorer's
 * pages, rendered with react-dom/server from the reader's results, and where their links go on the devnet (the
 * app's own explorer) and on Shadownet (TzKT's explorer).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CollectionGrid } from '../../ui/chain/collection-grid';
import { AccountPanel, BlockPanel, OperationPanel } from '../../ui/chain/explorer-views';
import { shortAddress } from '../../chain/explorer';
import { formatTez, ReadProblem } from '../../ui/chain/format';
import { GameTokensTable, type GameToken, type TokenHolders } from '../../ui/chain/game-tokens';
import { TokenView } from '../../ui/chain/token-view';
import { WalletProvider } from '../../ui/wallet';
import { accountHref, blockHref, opHref } from '../../ui/chain/explorer-links';
import { IndexerError } from '../../chain/errors';
import type {
  AccountSummary,
  BlockSummary,
  Collection,
  OperationGroup,
  TokenDetail,
  TokenSummary,
} from '../../chain/indexer';

const KT = 'KT1AoHyFwA8B91BKksnLfZAXNfb4ZN9wrU3s';
const ALICE = 'tz1iHk2aqh1DMmuuRZ2pbcsP3Wn7iLyUZE6i';
const BOB = 'tz1XefVSjrKXHLQUTcLZoEJU8kowXqnFMV6c';
const ARTIST = 'tz1iRCPCgyzNxaE9TbApUUFpvyDJekcooE9o';
const MINT_OP = 'ooJcwjmyxNHBAW8pUwh6LaYVCskJzYbTgkPuDs8pQ5ERoqNjRmB';
const BURN_OP = 'opNjQvE8P6FQzPLgSpLYrdiHoMmB4TdkzVAcYHRB1v3Yh3CXaSs';
const DEVNET = { explorerUrl: null };
const SHADOWNET = { explorerUrl: 'https://shadownet.tzkt.io' };

/** The token page's owner form asks who is signed in: nobody, when rendered on the server. */
const signedOut = (page: React.ReactElement) => createElement(WalletProvider, null, page);

const html = (el: Parameters<typeof renderToStaticMarkup>[0]): string => renderToStaticMarkup(el);

const token = (over: Partial<TokenSummary>): TokenSummary => ({
  contract: KT,
  tokenId: '1',
  title: 'Plum Park in Kameido',
  artist: null,
  description: '“Plum Park in Kameido” by Hiroshige: an edition of 5 on the Tezos Pole board of game g1.',
  creators: [ARTIST],
  royalties: [{ address: ARTIST, percent: 7.5 }],
  attributes: [
    { name: 'Tile', value: 'hiroshige-plum' },
    { name: 'List price', value: '200' },
    { name: 'Multiplier', value: '3' },
    { name: 'Edition size', value: '5' },
    { name: 'Game', value: 'g1' },
  ],
  tileId: 'hiroshige-plum',
  facts: { listPrice: 200, multiplier: 3, editionSize: 5, gameId: 'g1' },
  image: '/ipfs/bafyplum/plum.png',
  artifact: '/ipfs/bafyplum/plum.png',
  supply: '3',
  maxSupply: '5',
  retired: false,
  edition: '3/5',
  metadataProblem: null,
  ...over,
});

describe('explorer links', () => {
  it("go to TzKT's explorer on Shadownet and to the app's own pages on the devnet", () => {
    expect(opHref(SHADOWNET, MINT_OP)).toBe(`https://shadownet.tzkt.io/${MINT_OP}`);
    expect(blockHref(SHADOWNET, 42)).toBe('https://shadownet.tzkt.io/42');
    expect(accountHref(SHADOWNET, ALICE)).toBe(`https://shadownet.tzkt.io/${ALICE}`);
    expect(opHref(DEVNET, MINT_OP)).toBe(`/explorer/op/${MINT_OP}`);
    expect(blockHref(DEVNET, 42)).toBe('/explorer/block/42');
    expect(accountHref(DEVNET, ALICE)).toBe(`/explorer/account/${ALICE}`);
  });

  it('short addresses keep the first six and last four characters', () => {
    expect(shortAddress(ALICE)).toBe('tz1iHk…ZE6i');
    expect(formatTez(1_500_000)).toBe('1.5 ꜩ');
    expect(formatTez(2_000_000)).toBe('2 ꜩ');
  });
});

describe('collection grid', () => {
  const collection: Collection = {
    address: ALICE,
    contract: KT,
    items: [
      {
        token: token({
          tokenId: '0',
          title: 'Sudden Shower',
          edition: '1/1',
          supply: '1',
          maxSupply: '1',
          image: null,
          tileId: 'hiroshige-bridge',
        }),
        balance: '1',
        lastLevel: 5,
      },
      { token: token({ artist: 'Hiroshige' }), balance: '2', lastLevel: 6 },
    ],
  };

  it('shows each token as a card: artwork, title, artist, x/y, balance, price and multiplier, linking to its page', () => {
    const out = html(createElement(CollectionGrid, { collection, network: DEVNET }));
    expect(out).toContain('Sudden Shower');
    expect(out).toContain('>1/1<');
    expect(out).toContain('>3/5<');
    expect(out).toContain('owned ×2');
    expect(out).toContain('list 200 Tz');
    expect(out).toContain('×3');
    expect(out).toContain(`href="/token/${KT}/0"`);
    expect(out).toContain(`href="/token/${KT}/1"`);
    // A token without a loadable image shows its tile's generated art; one with an image shows it.
    expect(out).toContain('aria-label="Generated artwork for Sudden Shower"');
    expect(out).toContain('src="/ipfs/bafyplum/plum.png"');
    // The artist by name when the token says it, else the creator's short address with the full one on hover.
    expect(out).toContain('Hiroshige');
    expect(out).toContain(`title="${ARTIST}"`);
    expect(out).toContain('tz1iRC…oE9o');
    expect(out).toContain(`href="/explorer/account/${ALICE}"`);
  });

  it('says so when the address holds nothing', () => {
    const out = html(createElement(CollectionGrid, { collection: { ...collection, items: [] }, network: DEVNET }));
    expect(out).toContain('holds no Tezos Pole tokens yet');
  });
});

describe('token page', () => {
  const detail: TokenDetail = {
    token: token({}),
    totalMinted: '4',
    totalBurned: '1',
    firstLevel: 5,
    owners: [
      { address: BOB, balance: '2' },
      { address: ALICE, balance: '1' },
    ],
    history: [
      {
        kind: 'mint',
        from: null,
        to: ALICE,
        amount: '3',
        level: 5,
        timestamp: '2026-11-30T06:00:05Z',
        opHash: MINT_OP,
      },
      {
        kind: 'transfer',
        from: ALICE,
        to: BOB,
        amount: '2',
        level: 6,
        timestamp: '2026-11-30T06:00:06Z',
        opHash: null,
      },
      { kind: 'burn', from: BOB, to: null, amount: '1', level: 7, timestamp: '2026-11-30T06:00:07Z', opHash: BURN_OP },
    ],
  };

  it('shows metadata, royalties as %, attributes, the game, x/y, owners and history with operation links', () => {
    const out = html(signedOut(createElement(TokenView, { detail, network: DEVNET })));
    expect(out).toContain('<h1 id="token-heading">Plum Park in Kameido</h1>');
    expect(out).toContain('3/5');
    expect(out).toContain('an edition of 5');
    expect(out).toContain('7.5% to');
    expect(out).toContain('data-testid="token-game">g1<');
    expect(out).toContain('4 minted, 1 burnt');
    expect(out).toMatch(/<th scope="row">Multiplier<\/th><td>3<\/td>/);
    // Owners, largest first, linked to their accounts.
    expect(out.indexOf(`title="${BOB}"`)).toBeLessThan(out.indexOf(`title="${ALICE}"`));
    const history = out.slice(out.indexOf('data-testid="token-history"'));
    expect([...history.matchAll(/data-kind="(\w+)"/g)].map((m) => m[1])).toEqual(['mint', 'transfer', 'burn']);
    expect(history).toContain(`href="/explorer/op/${MINT_OP}"`);
    expect(history).toContain(`href="/explorer/op/${BURN_OP}"`);
    expect(history).toContain('href="/explorer/block/7"');
    expect(history).toContain('2026-11-30 06:00:05 UTC');
  });

  it('a game token of a featured work says which token it was featured from, linking to its page', () => {
    const ORIGIN = 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi';
    const featured = token({
      attributes: [...token({}).attributes, { name: 'Original token', value: `${ORIGIN}/11` }],
    });
    const out = html(signedOut(createElement(TokenView, { detail: { ...detail, token: featured }, network: DEVNET })));
    expect(out).toContain(
      `data-testid="token-origin">Featured from <a href="/token/${ORIGIN}/11" title="${ORIGIN}/11">KT1BEq…fDLi/11</a>`,
    );
    expect(html(signedOut(createElement(TokenView, { detail, network: DEVNET })))).not.toContain('token-origin');
  });

  it("links operations to TzKT's explorer on Shadownet", () => {
    const out = html(signedOut(createElement(TokenView, { detail, network: SHADOWNET })));
    expect(out).toContain(`href="https://shadownet.tzkt.io/${MINT_OP}"`);
    expect(out).not.toContain('/explorer/op/');
  });

  it('a 1/1 reads "1/1"; metadata it cannot read is said, not hidden', () => {
    const out = html(
      signedOut(
        createElement(TokenView, {
          detail: {
            ...detail,
            token: token({
              edition: '1/1',
              maxSupply: '1',
              supply: '0',
              metadataProblem: 'indexed token metadata is not valid TZIP-21 token metadata',
            }),
          },
          network: DEVNET,
        }),
      ),
    );
    expect(out).toContain('data-testid="token-edition" title="Copies in existence / edition size">1/1<');
    expect(out).toContain('Metadata: indexed token metadata is not valid TZIP-21 token metadata.');
  });
});

describe("a game's tokens", () => {
  /** The game's token list on the devnet: seats Ada and Bao bound to `wallets` (null: not yet), holders by token id. */
  const gameTokens = (
    tokens: readonly GameToken[],
    wallets: readonly [string | null, string | null],
    holders: readonly (readonly [string, TokenHolders])[],
  ): string =>
    html(
      createElement(GameTokensTable, {
        contract: KT,
        tokens,
        seats: wallets.map((address, seat) => ({ seat, name: ['Ada', 'Bao'][seat]!, address })),
        holders: new Map(holders),
        network: DEVNET,
      }),
    );

  it('lists each tile with x/y and its holders, by seat name when the address is a seat', () => {
    const out = gameTokens(
      [
        { tile: 3, tileTitle: 'Plum Park', tokenId: '1' },
        { tile: 8, tileTitle: 'Sudden Shower', tokenId: '0' },
      ],
      [ALICE, null],
      [
        [
          '1',
          {
            edition: '3/5',
            owners: [
              { address: ALICE, balance: '1' },
              { address: BOB, balance: '2' },
            ],
          },
        ],
        ['0', { edition: '1/1', supply: '0', owners: [] }],
      ],
    );
    expect(out).toContain('Plum Park');
    expect(out).toContain('>Ada<');
    expect(out).toContain('tz1Xef…MV6c');
    expect(out).toContain('×2');
    expect(out).toContain('>3/5<');
    expect(out).toContain('>1/1<');
    // A 1/1 the bank has not sold yet is never "1/1 · nobody".
    expect(out).toContain('not minted yet');
    expect(out).not.toContain('nobody');
  });

  it("P13: says which copies the game sells, and which left the game (even when back in a player's wallet)", () => {
    const none = { left: 0, returned: [], removed: 0 };
    const out = gameTokens(
      [
        { tile: 3, tileTitle: 'Plum Park', tokenId: '1', inGame: { ...none, forSale: 2, left: 1, returned: [0] } },
        { tile: 8, tileTitle: 'Sudden Shower', tokenId: '0', inGame: { ...none, forSale: 1 } },
        { tile: 9, tileTitle: 'Sunfold', tokenId: '2', inGame: { ...none, forSale: 0, left: 1 } },
      ],
      [ALICE, BOB],
      [
        [
          '1',
          {
            edition: '2/5',
            supply: '2',
            owners: [
              { address: ALICE, balance: '1' },
              { address: BOB, balance: '1' },
            ],
          },
        ],
        ['0', { edition: '1/1', supply: '0', owners: [] }],
        ['2', { edition: '1/1', supply: '1', owners: [{ address: ARTIST, balance: '1' }] }],
      ],
    );
    const row = (id: string) =>
      out.slice(out.indexOf(`data-token-id="${id}"`), out.indexOf('</tr>', out.indexOf(`data-token-id="${id}"`)));
    expect(row('1')).toContain('>Ada<');
    expect(row('1')).toContain('(left the game: not in play)');
    expect(row('1').match(/left the game: not in play/g)).toHaveLength(1); // Bao's copy is in play
    expect(row('1')).toContain('1 copy left the game (P13)');
    expect(row('0')).toContain('not minted yet — for sale');
    expect(row('2')).toContain('(outside the game: not in play)');
    expect(out).not.toContain('nobody');
  });
});

describe('when a read fails', () => {
  it('shows the sentence, with the indexer address, never a stack trace', () => {
    const e = new IndexerError(
      'INDEXER_UNREACHABLE',
      'The indexer at http://127.0.0.1:8732/tzkt did not answer: is it running?',
    );
    const out = html(createElement(ReadProblem, { error: e }));
    expect(out).toContain('role="alert"');
    expect(out).toContain('The indexer at http://127.0.0.1:8732/tzkt did not answer: is it running?');
    expect(out).not.toContain('IndexerError');
    expect(out).not.toMatch(/\bat \S+\.[jt]s:\d+/);
  });
});

describe('devnet explorer pages', () => {
  const group: OperationGroup = {
    hash: MINT_OP,
    level: 5,
    timestamp: '2026-11-30T06:00:05Z',
    block: 'BLockHash',
    status: 'applied',
    contents: [
      {
        type: 'transaction',
        id: 9,
        internal: false,
        sender: ALICE,
        target: KT,
        originatedContract: null,
        entrypoint: 'mint',
        parameters: [{ to_: BOB, token_id: '1', amount: '1' }],
        amount: 0,
        status: 'applied',
        fee: 1234,
        gasUsed: 2500,
        storageUsed: 67,
        storageFee: 16750,
        errors: [],
      },
    ],
  };

  it('operation: status, block, sender, target, entrypoint, parameters as JSON, fee, gas, storage', () => {
    const out = html(createElement(OperationPanel, { group, network: DEVNET }));
    expect(out).toContain('data-status="applied"');
    expect(out).toContain('href="/explorer/block/5"');
    expect(out).toContain('<code>mint</code>');
    expect(out).toContain(`href="/explorer/account/${KT}"`);
    expect(out).toContain('0.001234 ꜩ');
    expect(out).toContain('2,500');
    expect(out).toContain('67 bytes (0.01675 ꜩ burnt)');
    expect(out).toContain('&quot;token_id&quot;: &quot;1&quot;');
  });

  it('block: level, hash, time and its operations linking to their pages', () => {
    const b: BlockSummary = {
      level: 5,
      hash: 'BLockHash',
      timestamp: '2026-11-30T06:00:05Z',
      fees: 1234,
      operations: [{ ...group.contents[0]!, hash: MINT_OP }],
    };
    const out = html(createElement(BlockPanel, { block: b, network: DEVNET }));
    expect(out).toContain('Block 5');
    expect(out).toContain(`href="/explorer/op/${MINT_OP}"`);
    expect(out).toContain('href="/explorer/block/4"');
    expect(out).toContain('href="/explorer/block/6"');
  });

  it('account: balance and tokens, linking to the collection', () => {
    const a: AccountSummary = {
      address: ALICE,
      type: 'user',
      balance: 3_999_500_000,
      kind: null,
      tzips: [],
      numTransactions: 4,
      firstActivityTime: '2026-11-30T06:00:01Z',
      lastActivityTime: '2026-11-30T06:00:07Z',
      tokens: [{ contract: KT, tokenId: '1', name: 'Plum Park in Kameido', balance: '1' }],
    };
    const out = html(createElement(AccountPanel, { account: a, network: DEVNET }));
    expect(out).toContain('3,999.5 ꜩ');
    expect(out).toContain(`href="/collection/${ALICE}"`);
    expect(out).toContain(`href="/token/${KT}/1"`);
    expect(out).toContain('Plum Park in Kameido');
  });
});
