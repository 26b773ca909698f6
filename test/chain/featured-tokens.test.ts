/**
 * A featured token's provenance end to end on an in-process devnet with the editions contract and its TzKT API, nothing mocked: an
 * artist's token (two creators) is featured in the studio by one of them, another person builds a board with it,
 * the bank creates the game's tokens for that board, and the game token read back through the TzKT client has the
 * original creators as creators and royalty receivers (split equally) and names the original token — never the
 * importer alone, never the board's builder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAccount, type Devnet } from '../../devnet/node';
import { decodeIndexedMetadata, Fa2Editions, originalToken, PoleBridge, tileTokenMetadata } from '../../chain';
import { openPgliteStore, type GameStore } from '../../server';
import { createBoard, createPiece, EVENT_PALETTE } from '../../server/studio';
import { devnetWithContract } from '../../scripts/lib/devnet-contract';
import { startContentGateway, type ContentGateway } from './content-gateway';
import { indexedMetadata } from './offchain-reads';

const BANK = bootstrapAccount(2);
const RAFA = bootstrapAccount(3).address;
const MIO = bootstrapAccount(4).address;
const BUILDER = bootstrapAccount(5).address;

let devnet: Devnet;
let gateway: ContentGateway;
let store: GameStore;
let kt = '';
let bankClient: Fa2Editions;

beforeAll(async () => {
  store = await openPgliteStore();
  gateway = await startContentGateway();
  const started = await devnetWithContract({
    admin: bootstrapAccount(1),
    minter: BANK.address,
    metadataGateway: gateway.url,
  });
  devnet = started.devnet;
  kt = started.contract.address;
  const bank = (bankClient = Fa2Editions.at(started.toolkit(BANK.secretKey), kt));
  // The artists' earlier work, token 0: made by Rafa and Mio.
  const metadata = tileTokenMetadata({
    title: 'Sunfold',
    artist: 'Rafa Quintero',
    creators: [RAFA, MIO],
    listPrice: 120,
    multiplier: 2,
    editionSize: 3,
    gameId: 'an-earlier-game',
    artifact: { uri: 'ipfs://bafkreisunfold/sunfold.png', mimeType: 'image/png' },
  });
  await bank.send(bank.createTokens([{ maxSupply: 3, creator: RAFA, metadata }]));
  await bank.send(bank.mint([{ tokenId: 0, to: RAFA, amount: 1 }]));
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
  await gateway?.close();
  await store?.close();
});

describe('a game token of a featured piece', () => {
  it('has the original token’s creators and royalties, not the importer’s, and points back to the original token', async () => {
    // Mio features it (a creator, so allowed); someone else builds the board and starts the game.
    const piece = await createPiece(
      store.sql,
      MIO,
      {
        title: 'Sunfold',
        artistName: 'Rafa Quintero',
        source: { contract: kt, tokenId: '0' },
        editionSize: 3,
        price: 120,
        multiplier: 2,
      },
      { tzktUrl: devnet.tzktUrl },
    );
    const { board, extras } = await createBoard(store.sql, BUILDER, {
      name: 'Featured ring',
      slots: [{ kind: 'piece', pieceId: piece.id }, ...EVENT_PALETTE.slice(0, 3)],
    });
    const bridge = await PoleBridge.create({
      network: { rpcUrl: devnet.rpcUrl, tzktUrl: devnet.tzktUrl },
      bank: { secretKey: BANK.secretKey },
      contract: kt,
    });
    // As the server prepares an on-chain game of a studio board: the stored extras go along (chain-games.ts).
    await gateway.hold(bridge.planContent(board, 'featured-game', { ...extras, royaltyBps: 1000 }));
    const created = await bridge.createGameTokens(
      bridge.planTokens(board, 'featured-game', { ...extras, royaltyBps: 1000 }),
    );
    const tokenId = created.plan.tokens[0]!.tokenId!;
    expect(tokenId).toBe('1');
    // A purchase mints the first copy: from then on the indexer lists the token.
    await bankClient.send(bankClient.mint([{ tokenId, to: BUILDER, amount: 1 }]));

    // As objkt reads it: TzKT shows the metadata it fetched from IPFS.
    const meta = decodeIndexedMetadata(await indexedMetadata(devnet.tzktUrl, kt, tokenId));
    expect(meta.creators).toEqual([RAFA, MIO]);
    expect(meta.royalties).toEqual({ decimals: 4, shares: { [RAFA]: 500, [MIO]: 500 } });
    expect(originalToken(meta)).toEqual({ contract: kt, tokenId: '0' });
    expect(meta.attributes).toContainEqual({ name: 'Original token', value: `${kt}/0`, type: 'string' });
    expect(JSON.stringify(meta)).not.toContain(BUILDER);
    // The contract's own record of the token names the first creator.
    expect((await bankClient.token(tokenId))?.creator).toBe(RAFA);
  });
});
