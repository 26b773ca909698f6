/**
 * The balance lab: complete bot games of a board, summed per artist tile, per seat and by length, reproducibly, on
 * any number of worker threads.
 */
import { describe, expect, it } from 'vitest';
import { GENESIS, parseBoard } from '../../engine/pole';
import { isHostError, openPgliteStore } from '../../server';
import {
  createBoard,
  createPiece,
  EVENT_PALETTE,
  getBoard,
  labPool,
  runBalanceLab,
  saveLabReport,
  startBalanceLab,
  type BalanceLabReport,
  type LabOptions,
  type LabProgress,
} from '../../server/studio';
import { bootstrapAccount } from '../../devnet/node';
import { art, board, event } from '../engine/pole/boards';

const GAMES = 200;

const refusalCode = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
  } catch (e) {
    if (isHostError(e)) return `${e.status} ${e.code}`;
    throw e;
  }
  throw new Error('expected a HostError');
};

/** A small studio board: three pieces and two events after GO. */
const SMALL = parseBoard({
  ...board(
    art('cheap', 40),
    event('airdrop', { kind: 'collect', amount: 100 }),
    art('edition', 120, 4, 1.5),
    event('tax', { kind: 'pay', amount: 50 }),
    art('dear', 400, 1, 3),
  ),
  id: 'lab-small',
  name: 'Lab Small',
});

describe('runBalanceLab', () => {
  /** The reference report on Genesis, played once by whichever test needs it first. */
  let reference: Promise<BalanceLabReport> | undefined;
  const genesisReport = (): Promise<BalanceLabReport> => (reference ??= runBalanceLab(GENESIS, { games: GAMES }));

  it('plays every game to the end: win rates sum to 1, every artist tile has a figure, lengths add up to the games', async () => {
    const genesis = await genesisReport();
    expect(genesis).toMatchObject({
      games: GAMES,
      players: 4,
      bots: ['normal', 'normal', 'normal', 'normal'],
      board: { id: 'genesis', name: 'Genesis' },
    });
    expect(genesis.winRateBySeat).toHaveLength(4);
    expect(genesis.winRateBySeat.reduce((s, r) => s + r, 0)).toBeCloseTo(1, 9);
    expect(genesis.winRateByTurnOrder.reduce((s, r) => s + r, 0)).toBeCloseTo(1, 9);

    const artistTiles = GENESIS.tiles.flatMap((t, i) => (t.kind === 'artist' ? [[i, t.id]] : []));
    expect(genesis.tiles.map((t) => [t.index, t.id])).toEqual(artistTiles);
    for (const t of genesis.tiles) {
      expect(t.bought).toBeGreaterThan(0);
      expect(t.spent).toBe(t.bought * t.price);
      expect(t.royaltyPerTz).toBeCloseTo(t.royalties / t.spent, 12);
    }

    const { histogram, min, max, mean } = genesis.length;
    expect(histogram.reduce((s, b) => s + b.count, 0)).toBe(GAMES);
    expect(histogram[0]!.from).toBe(min);
    expect(histogram.at(-1)!.to).toBe(max);
    expect(histogram.length).toBeLessThanOrEqual(20);
    for (let i = 1; i < histogram.length; i++) expect(histogram[i]!.from).toBe(histogram[i - 1]!.to + 1);
    expect(mean).toBeGreaterThanOrEqual(min);
    expect(mean).toBeLessThanOrEqual(max);
    // Five laps of a 24-tile ring at 3.5 tiles a roll take a few dozen rounds, never a handful.
    expect(min).toBeGreaterThan(10);
  });

  it('gives the same report for the same board and games, and another for another seed', async () => {
    const genesis = await genesisReport();
    expect(await runBalanceLab(GENESIS, { games: GAMES })).toEqual(genesis);
    const other = await runBalanceLab(GENESIS, { games: GAMES, seed: 'another' });
    expect(other.seed).toBe('another');
    expect(other.tiles).not.toEqual(genesis.tiles);
  });

  it('gives the same report, byte for byte, in this thread and on 1, 2 or 3 worker threads', async () => {
    const here = await runBalanceLab(GENESIS, { games: GAMES, workers: 0 });
    expect(here).toEqual(await genesisReport());
    for (const workers of [1, 2, 3]) {
      // Stretches of 7 games, so every worker plays several and they finish out of order.
      const threaded = await runBalanceLab(GENESIS, { games: GAMES, workers, chunk: 7 });
      expect(JSON.stringify(threaded), `${workers} workers`).toBe(JSON.stringify(here));
    }
    // Another board, table size and bots: win rates in thirds, whose sums are not exact in floating point.
    const options: LabOptions = { games: 120, players: 3, bots: ['random', 'heuristic', 'random'], seed: 'thirds' };
    const single = await runBalanceLab(SMALL, { ...options, workers: 0 });
    expect(JSON.stringify(await runBalanceLab(SMALL, { ...options, workers: 2, chunk: 11 }))).toBe(
      JSON.stringify(single),
    );
  });

  it('tells its progress in order, every stretch of games, ending at the total', async () => {
    const here: LabProgress[] = [];
    await runBalanceLab(SMALL, { games: 100, chunk: 10, workers: 0 }, (p) => here.push(p));
    expect(here).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((done) => ({ done, total: 100 })));
    // On workers the stretches are at most `chunk` games, shorter towards the end.
    const threaded: LabProgress[] = [];
    await runBalanceLab(SMALL, { games: 100, chunk: 10, workers: 2 }, (p) => threaded.push(p));
    const done = threaded.map((p) => p.done);
    expect(done.at(-1)).toBe(100);
    const stretches = done.map((d, i) => d - (done[i - 1] ?? 0));
    expect(
      stretches.every((n) => n >= 1 && n <= 10),
      `stretches ${stretches.join(' ')}`,
    ).toBe(true);
    expect(threaded.every((p) => p.total === 100)).toBe(true);
  });

  it('fails a run whose workers stop with a coded 500, and the next run starts new ones', async () => {
    let stopped: Promise<void> | null = null;
    const run = startBalanceLab(GENESIS, { games: 2000, workers: 2, chunk: 5 }, () => {
      stopped ??= labPool().stop();
    });
    expect(await refusalCode(run.report)).toBe('500 LAB_FAILED');
    await stopped;
    expect(await runBalanceLab(GENESIS, { games: GAMES, workers: 2 })).toEqual(await genesisReport());
  });

  it('runs small boards, other table sizes and random bots; a tile nobody bought has no figure but zero spent', async () => {
    const r = await runBalanceLab(SMALL, { games: 50, players: 3, bots: ['random', 'heuristic', 'random'] });
    expect(r.winRateBySeat).toHaveLength(3);
    expect(r.tiles.map((t) => t.id)).toEqual(['cheap', 'edition', 'dear']);
    for (const t of r.tiles) expect(t.royaltyPerTz === null ? t.spent === 0 : t.spent > 0).toBe(true);
    expect(r.length.histogram.reduce((s, b) => s + b.count, 0)).toBe(50);
  });

  it('refuses a bad board or bad options with a coded 422', async () => {
    expect(await refusalCode(runBalanceLab({ ...SMALL, tiles: SMALL.tiles.slice(0, 2) }))).toBe('422 BAD_BOARD');
    expect(await refusalCode(runBalanceLab(SMALL, { games: 5001 }))).toBe('422 BAD_LAB_OPTIONS');
    expect(await refusalCode(runBalanceLab(SMALL, { players: 3, bots: ['random', 'random'] }))).toBe(
      '422 BAD_LAB_OPTIONS',
    );
    expect(await refusalCode(runBalanceLab(SMALL, { workers: 9 }))).toBe('422 BAD_LAB_OPTIONS');
    // Bots by level: strong ones think too long a move for thousands of games.
    expect(await refusalCode(runBalanceLab(SMALL, { bots: 'strong' }))).toBe('422 BAD_LAB_OPTIONS');
  });

  it('keeps the report with a stored board', async () => {
    const store = await openPgliteStore();
    try {
      const artist = bootstrapAccount(5).address;
      const piece = await createPiece(store.sql, artist, {
        title: 'Lab Piece',
        editionSize: 2,
        price: 90,
        multiplier: 1.25,
      });
      const stored = await createBoard(store.sql, artist, {
        name: 'Lab',
        slots: [{ kind: 'piece', pieceId: piece.id }, ...EVENT_PALETTE.slice(0, 3)],
      });
      const report = await runBalanceLab(stored.board, { games: 20 });
      await saveLabReport(store.sql, stored.id, report);
      expect((await getBoard(store.sql, stored.id)).lab).toEqual(report);
      expect(await refusalCode(saveLabReport(store.sql, 'nope', report))).toBe('404 BOARD_NOT_FOUND');
    } finally {
      await store.close();
    }
  });
});
