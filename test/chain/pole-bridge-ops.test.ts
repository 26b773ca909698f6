/**
 * The chain bridge's pure parts (chain/pole-bridge): the token plan of a board, the FA2 operations the engine's
 * events require (chainOpsFor), the plan after a confirmed batch, and the P13 holdings action built from
 * indexer rows. No chain needed: these are functions of their arguments.
 */
import { describe, expect, it } from 'vitest';
import { parseBoard, pole, type PoleEvent } from '../../engine/pole';
import { bootstrapAccount } from '../../devnet/node';
import {
  BridgeError,
  chainOpsFor,
  holdingsActionFrom,
  planAfter,
  planContent,
  planGameTokens,
  TILE_ID_ATTRIBUTE,
  type TokenPlan,
} from '../../chain';
import { ipfsUri, smallContentCid } from '../../chain/ipfs/content';
import { artworkFor, artworkSvg } from '../../chain/tile-art';
import { metadataBytes } from '../../chain/token-metadata';
import { art, board, event } from '../engine/pole/boards';
import { thrown } from '../engine/thrown';

const bank = bootstrapAccount(2).address;
const [alice, bob, carol, outsider, artist] = [3, 4, 5, 6, 7].map((i) => bootstrapAccount(i).address) as [
  string,
  string,
  string,
  string,
  string,
];
const BOARD = parseBoard({
  ...board(
    art('dagger', 100, 3, 1.5),
    event('tax', { kind: 'pay', amount: 50 }),
    art('solo', 200, 1, 2),
    art('pipi', 60, 2),
  ),
  id: 'bridge-board',
});
const DAGGER = 1;
const SOLO = 3;
const PIPI = 4;

/** The plan as `createGameTokens` leaves it: ids 10, 11, 12. */
const created = (plan: TokenPlan): TokenPlan => ({
  ...plan,
  contract: 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi',
  created: { opHash: 'ooTest', level: 5 },
  tokens: plan.tokens.map((t, i) => ({ ...t, tokenId: String(10 + i) })),
});
const PLAN = created(
  planGameTokens(BOARD, 'game-42', {
    bank,
    artists: { solo: artist },
    images: {
      pipi: {
        artifact: { uri: 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi', mimeType: 'image/png' },
      },
    },
  }),
);
const SEATS = [alice, bob, carol];

const bridgeError = (run: () => unknown): BridgeError => thrown(run, BridgeError);

describe('planGameTokens', () => {
  it('plans one token per artist tile: max supply = edition size, TZIP-21 metadata with the tile facts', () => {
    const plan = planGameTokens(BOARD, 'game-42', { bank, artists: { solo: artist } });
    expect(plan).toMatchObject({ gameId: 'game-42', contract: null, created: null, appliedSeq: null });
    expect(plan.tokens.map((t) => [t.tile, t.tileId, t.maxSupply, t.tokenId, t.retiredCopies, t.retired])).toEqual([
      [DAGGER, 'dagger', 3, null, 0, false],
      [SOLO, 'solo', 1, null, 0, false],
      [PIPI, 'pipi', 2, null, 0, false],
    ]);
    const [dagger, solo] = plan.tokens as [TokenPlan['tokens'][number], TokenPlan['tokens'][number]];
    // The artist's address when the board (or the options) give one; else the contract's record names the bank…
    expect([dagger.creator, solo.creator]).toEqual([bank, artist]);
    expect(solo.metadata).toMatchObject({
      name: 'Work solo — Artist solo',
      decimals: 0,
      creators: [artist],
      royalties: { decimals: 4, shares: { [artist]: 1000 } },
      minter: bank,
      isBooleanAmount: true,
    });
    // …but the token credits the artist by name, never the bank, and carries no royalty nobody could receive.
    expect(dagger.metadata).toMatchObject({
      name: 'Work dagger — Artist dagger',
      decimals: 0,
      creators: ['Artist dagger'],
    });
    expect(dagger.metadata.royalties).toBeUndefined();
    expect(dagger.metadata.description).toContain('Artist dagger');
    expect(dagger.metadata.attributes.map((a) => [a.name, a.value])).toEqual([
      [TILE_ID_ATTRIBUTE, 'dagger'],
      ['Artist', 'Artist dagger'],
      ['Collection', BOARD.name],
      ['List price', '100'],
      ['Multiplier', '1.5'],
      ['Edition size', '3'],
      ['Game', 'game-42'],
    ]);
    // A tile without an image gets its generated art, on IPFS by CID; one with an image uses it.
    const svg = new TextEncoder().encode(artworkSvg(artworkFor('dagger'), 'Work dagger'));
    expect(dagger.metadata.artifactUri).toBe(ipfsUri(smallContentCid(svg)));
    expect(dagger.metadata.formats).toEqual([
      {
        uri: dagger.metadata.artifactUri,
        mimeType: 'image/svg+xml',
        fileSize: svg.length,
        dimensions: { value: '1000x1000', unit: 'px' },
      },
    ]);
    expect(PLAN.tokens[2]!.metadata.artifactUri).toBe(
      'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
    );
    // On-chain, a token holds only where its metadata is: the CID of the metadata's canonical bytes.
    expect(dagger.metadataUri).toBe(ipfsUri(smallContentCid(metadataBytes(dagger.metadata))));
    // The plan is JSON.
    expect(JSON.parse(JSON.stringify(PLAN))).toEqual(PLAN);
  });

  it("lists every byte the plan names by CID, once: the generated art and each token's metadata", () => {
    const plan = planGameTokens(BOARD, 'game-42', { bank, artists: { solo: artist } });
    const content = planContent(BOARD, 'game-42', { bank, artists: { solo: artist } });
    for (const { uri, bytes } of content) expect(uri).toBe(ipfsUri(smallContentCid(bytes)));
    const uris = new Set(content.map((c) => c.uri));
    expect(uris.size).toBe(content.length);
    for (const t of plan.tokens) {
      expect(uris.has(t.metadataUri!)).toBe(true);
      // Art this app made or holds inline is content it provides; an image already on IPFS is someone else's.
      expect(uris.has(t.metadata.artifactUri)).toBe(!t.metadata.artifactUri.startsWith('ipfs://bafybeigdyrzt5'));
    }
  });

  it('a featured work’s token has the tile’s creators (the original token’s, not the importer’s from the extras), their royalty split, its image and the original token', () => {
    const origin = { contract: 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi', tokenId: '11' };
    const featured = parseBoard({
      ...board(
        {
          ...(art('sunfold', 120, 3, 2) as Extract<ReturnType<typeof art>, { kind: 'artist' }>),
          artist: 'Rafa Quintero',
          creators: [carol, artist],
          origin,
          image: { uri: 'ipfs://bafkreisunfold', mimeType: 'image/jpeg' },
        },
        event('tax', { kind: 'pay', amount: 50 }),
        art('solo', 200, 1, 2),
      ),
      id: 'featured-board',
    });
    // The extras name the importer as the tile's artist, as the studio's stored boards did: the tile's creators win.
    const plan = planGameTokens(featured, 'game-43', { bank, artists: { sunfold: outsider, solo: artist } });
    const [sunfold, solo] = plan.tokens as [TokenPlan['tokens'][number], TokenPlan['tokens'][number]];
    expect(sunfold.creator).toBe(carol);
    expect(sunfold.metadata).toMatchObject({
      creators: [carol, artist],
      royalties: { decimals: 4, shares: { [carol]: 500, [artist]: 500 } },
      artifactUri: 'ipfs://bafkreisunfold',
    });
    expect(sunfold.metadata.formats).toEqual([{ uri: 'ipfs://bafkreisunfold', mimeType: 'image/jpeg' }]);
    expect(sunfold.metadata.attributes).toContainEqual({
      name: 'Original token',
      value: `${origin.contract}/11`,
      type: 'string',
    });
    expect(JSON.stringify(sunfold.metadata)).not.toContain(outsider);
    // A tile without creators still takes the extras' artist; without either, the bank.
    expect(solo.metadata).toMatchObject({ creators: [artist], royalties: { decimals: 4, shares: { [artist]: 1000 } } });
    expect(solo.metadata.attributes.map((a) => a.name)).not.toContain('Original token');
  });

  it('refuses a bad game id, bank or artist address with BRIDGE_BAD_INPUT', () => {
    expect(bridgeError(() => planGameTokens(BOARD, '', { bank })).code).toBe('BRIDGE_BAD_INPUT');
    expect(bridgeError(() => planGameTokens(BOARD, 'g', { bank: 'tz1nope' })).code).toBe('BRIDGE_BAD_INPUT');
    const e = bridgeError(() => planGameTokens(BOARD, 'g', { bank, artists: { solo: 'tz1nope' } }));
    expect([e.code, e.detail.tile]).toEqual(['BRIDGE_BAD_INPUT', SOLO]);
    expect(
      bridgeError(() =>
        planGameTokens(BOARD, 'g', { bank, images: { solo: { artifact: { uri: 'ftp://x', mimeType: 'image/png' } } } }),
      ).code,
    ).toBe('BRIDGE_BAD_INPUT');
  });
});

describe('chainOpsFor', () => {
  it('bought and freeCopy mint one copy to the seat; flipped burns the seat’s copy; other events need nothing', () => {
    const events: PoleEvent[] = [
      { type: 'turnStarted', seat: 0, turn: 1 },
      { type: 'transfer', from: 0, to: 'bank', amount: 100, reason: 'purchase', tile: DAGGER },
      { type: 'bought', seat: 0, tile: DAGGER, price: 100, copy: 1, of: 3 },
      { type: 'freeCopy', seat: 2, tile: PIPI, copy: 1, of: 2 },
      { type: 'flipped', seat: 1, tile: PIPI, amount: 30 },
      { type: 'holdingsUpdated', tiles: [DAGGER] },
      { type: 'valued', seat: 0, tile: DAGGER, die: 2, value: 300 },
    ];
    expect(chainOpsFor(PLAN, events, SEATS)).toEqual([
      { kind: 'mint', tile: DAGGER, tokenId: '10', seat: 0, to: alice, reason: 'bought' },
      { kind: 'mint', tile: PIPI, tokenId: '12', seat: 2, to: carol, reason: 'freeCopy' },
      { kind: 'burn', tile: PIPI, tokenId: '12', seat: 1, from: bob, reason: 'flipped' },
    ]);
    expect(chainOpsFor(PLAN, [{ type: 'rolled', seat: 0, dice: [3], l2: false }], SEATS)).toEqual([]);
  });

  it('forfeited burns and retires: a 1/1 is retired on-chain; an edition copy is recorded, the last one retires the token', () => {
    expect(chainOpsFor(PLAN, [{ type: 'forfeited', seat: 1, tile: SOLO }], SEATS)).toEqual([
      { kind: 'burn', tile: SOLO, tokenId: '11', seat: 1, from: bob, reason: 'forfeited' },
      { kind: 'retire', tile: SOLO, tokenId: '11' },
    ]);
    const forfeitDagger: PoleEvent = { type: 'forfeited', seat: 0, tile: DAGGER };
    const first = chainOpsFor(PLAN, [forfeitDagger], SEATS);
    expect(first).toEqual([
      { kind: 'burn', tile: DAGGER, tokenId: '10', seat: 0, from: alice, reason: 'forfeited' },
      { kind: 'retireCopy', tile: DAGGER, tokenId: '10' },
    ]);
    // Pure: the plan is unchanged until planAfter records the confirmed batch.
    expect(PLAN.tokens[0]!.retiredCopies).toBe(0);
    const after = planAfter(PLAN, first, 7);
    expect(after.tokens[0]).toMatchObject({ retiredCopies: 1, retired: false });
    expect(after.appliedSeq).toBe(7);
    expect(PLAN.tokens[0]!.retiredCopies).toBe(0);
    // Two more forfeits in one step: the second of them is the edition's last copy.
    const last = chainOpsFor(after, [forfeitDagger, { ...forfeitDagger, seat: 2 }], SEATS);
    expect(last.map((o) => o.kind)).toEqual(['burn', 'retireCopy', 'burn', 'retire']);
    expect(planAfter(after, last, 8).tokens[0]).toMatchObject({ retiredCopies: 3, retired: true });
    // A retired token is never minted again.
    const bought: PoleEvent = { type: 'bought', seat: 2, tile: DAGGER, price: 100, copy: 1, of: 3 };
    expect(bridgeError(() => chainOpsFor(planAfter(after, last, 8), [bought], SEATS)).code).toBe('BRIDGE_BAD_INPUT');
  });

  it('refuses unusable addresses, unknown tiles and a plan without token ids, with coded errors', () => {
    const bought: PoleEvent = { type: 'bought', seat: 2, tile: DAGGER, price: 100, copy: 1, of: 3 };
    expect(bridgeError(() => chainOpsFor(PLAN, [bought], [alice, bob])).code).toBe('BRIDGE_BAD_INPUT');
    expect(bridgeError(() => chainOpsFor(PLAN, [bought], [alice, 'tz1nope', carol])).detail.seat).toBe(1);
    expect(bridgeError(() => chainOpsFor(PLAN, [bought], [alice, alice, carol])).code).toBe('BRIDGE_BAD_INPUT');
    expect(bridgeError(() => chainOpsFor(PLAN, [{ ...bought, tile: 2 }], SEATS)).code).toBe('BRIDGE_BAD_INPUT');
    expect(bridgeError(() => chainOpsFor(planGameTokens(BOARD, 'g', { bank }), [bought], SEATS)).code).toBe(
      'BRIDGE_NOT_CREATED',
    );
  });

  it('maps a real engine step: a purchase on the board mints to the buyer', () => {
    // Play seeded rolls until somebody is offered a tile, then buy.
    let s = pole.setup({ players: 3, onChainHoldings: true, board: BOARD }, 'ops');
    for (let i = 0; i < 20 && s.phase !== 'buy'; i++) s = pole.apply(s, s.current, { type: 'roll' }).state;
    expect(s.phase).toBe('buy');
    const buyer = (s.queue[0] as { seat: number }).seat;
    const { events } = pole.apply(s, buyer, { type: 'buy' });
    const ops = chainOpsFor(PLAN, events, SEATS);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ kind: 'mint', seat: buyer, to: SEATS[buyer], reason: 'bought' });
  });
});

describe('holdingsActionFrom', () => {
  const row = (owner: string, tokenId: number, balance: number) => ({
    owner,
    tokenId: BigInt(tokenId),
    balance: BigInt(balance),
    lastLevel: 3,
  });

  it('holders are the seats holding a balance, one entry per copy; non-players count as elsewhere', () => {
    const rows = [
      row(carol, 10, 1),
      row(alice, 10, 2),
      row(outsider, 10, 1),
      row(bob, 11, 1),
      row(bank, 12, 1),
      row(alice, 12, 0),
    ];
    expect(holdingsActionFrom(PLAN, [DAGGER, SOLO, PIPI], SEATS, rows)).toEqual({
      type: 'holdings',
      tiles: [
        { tile: DAGGER, holders: [0, 0, 2], elsewhere: 1 },
        { tile: SOLO, holders: [1], elsewhere: 0 },
        { tile: PIPI, holders: [], elsewhere: 1 },
      ],
    });
    // Every listed tile is in the action even when nobody holds it (so the engine clears stale holders).
    expect(holdingsActionFrom(PLAN, [SOLO, SOLO], SEATS, [])).toEqual({
      type: 'holdings',
      tiles: [{ tile: SOLO, holders: [], elsewhere: 0 }],
    });
    expect(bridgeError(() => holdingsActionFrom(PLAN, [2], SEATS, rows)).code).toBe('BRIDGE_BAD_INPUT');
  });
});
