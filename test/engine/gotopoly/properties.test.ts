/** Properties over ≥ 1,000 seeded bot games: the money ledger, building, ownership, hidden information, endings, replay. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRuleError, playToEnd, replay, stateHash, type SeatId } from '../../../engine';
import {
  COLOURS,
  LONDON,
  gotopoly,
  gotopolyBots,
  gotopolyView,
  nmrAction,
  type GotopolyBot,
  type GotopolyConfigInput,
  type GotopolyEvent,
  type GotopolyState,
  type Purse,
} from '../../../engine/gotopoly';

const purseKey = (p: Purse) => (p === 'bank' ? 'bank' : 'student' in p ? `s${p.student}` : `u${p.uncle}`);

/** Every invariant of one applied action, as a list of violations (plain checks keep 1,000 games fast). */
function violations(before: GotopolyState, after: GotopolyState, events: readonly GotopolyEvent[]): string[] {
  const out: string[] = [];
  // Cash conservation: every £ moves between a student, an uncle and the bank in one transfer with a reason, and
  // every purse changes by exactly its transfers.
  const net = new Map<string, number>();
  for (const e of events) {
    if (e.type !== 'transfer') continue;
    if (!(e.amount > 0) || !Number.isInteger(e.amount)) out.push(`transfer of ${e.amount}`);
    if (!e.reason) out.push('transfer without a reason');
    // G2: "Money never moves between a student and their own uncle."
    if (e.from !== 'bank' && e.to !== 'bank') {
      const a = 'student' in e.from ? e.from.student : e.from.uncle;
      const b = 'student' in e.to ? e.to.student : e.to.uncle;
      if (a === b && 'student' in e.from !== 'student' in e.to)
        out.push(`seat ${a}: money moved between student and uncle`);
    }
    net.set(purseKey(e.from), (net.get(purseKey(e.from)) ?? 0) - e.amount);
    net.set(purseKey(e.to), (net.get(purseKey(e.to)) ?? 0) + e.amount);
  }
  after.students.forEach((s, seat) => {
    const delta = s.cash - before.students[seat]!.cash;
    if (delta !== (net.get(`s${seat}`) ?? 0))
      out.push(`student ${seat}: cash moved by ${delta}, transfers say ${net.get(`s${seat}`) ?? 0}`);
    // G6: six tokens, each 1–6.
    if (s.tokens.length !== 6 || s.tokens.some((t) => t < 1 || t > 6))
      out.push(`student ${seat}: tokens ${s.tokens.join(',')}`);
    // G15: nobody stays in the red once their decision is made.
    const deciding =
      after.stage.kind === 'movement' &&
      after.stage.decision.kind === 'bankrupt' &&
      after.stage.order[after.stage.index] === seat;
    if (s.cash < 0 && !deciding) out.push(`student ${seat}: £${s.cash} without a bankruptcy decision`);
  });
  after.uncles.forEach((u, seat) => {
    const delta = u.cash - before.uncles[seat]!.cash;
    if (delta !== (net.get(`u${seat}`) ?? 0))
      out.push(`uncle ${seat}: cash moved by ${delta}, transfers say ${net.get(`u${seat}`) ?? 0}`);
    if (u.cash < 0) out.push(`uncle ${seat}: £${u.cash}`);
  });
  // Ownership: only colour-coded properties have an owner (one seat, or none) or houses.
  after.estates.forEach((e, space) => {
    const isProperty = LONDON.spaces[space]!.kind === 'property';
    if (!isProperty && (e.owner !== null || e.houses !== 0))
      out.push(`space ${space} is not a property but has an owner or houses`);
    if (e.owner !== null && !(Number.isInteger(e.owner) && e.owner >= 0 && e.owner < after.uncles.length))
      out.push(`space ${space}: owner ${e.owner}`);
    if (e.houses < 0 || e.houses > 5) out.push(`space ${space}: ${e.houses} houses`);
  });
  // G5: houses only on a whole colour group owned by one uncle, built evenly.
  for (const colour of COLOURS) {
    const group = LONDON.groups[colour].map((s) => after.estates[s]!);
    const houses = group.map((e) => e.houses);
    if (Math.max(...houses) === 0) continue;
    if (new Set(group.map((e) => e.owner)).size !== 1 || group[0]!.owner === null)
      out.push(`${colour}: houses without the whole group`);
    if (Math.max(...houses) - Math.min(...houses) > 1) out.push(`${colour}: uneven houses ${houses.join(',')}`);
  }
  // G5: at most one house per uncle per term.
  const built = events.filter((e) => e.type === 'built');
  if (built.length > 1) out.push('two houses in one action');
  return out;
}

/**
 * G4: sealed bids never leak. Each seat's view shows its own bids only; the view is the same whatever the other
 * uncles bid; no view carries the PRNG state or the order of a draw pile.
 */
function leaks(state: GotopolyState): string[] {
  const out: string[] = [];
  const seats = state.uncles.length;
  for (let seat = 0; seat < seats; seat++) {
    const view = gotopolyView(state, seat);
    const json = JSON.stringify(view);
    if ('rng' in view || json.includes('"draw"')) out.push(`seat ${seat}: view shows the PRNG or a draw pile`);
    if (state.stage.kind !== 'auction' || view.stage.kind !== 'auction') continue;
    view.stage.bids.forEach((b, other) => {
      if (other !== seat && b !== null) out.push(`seat ${seat} sees uncle ${other}'s bids`);
    });
    const stage = state.stage;
    const otherBids = stage.bids.map((b, other) => (other === seat || b === null ? b : b.map((x) => x + 1)));
    const altered = gotopolyView({ ...state, stage: { ...stage, bids: otherBids } }, seat);
    if (JSON.stringify(altered) !== json) out.push(`seat ${seat}'s view depends on other uncles' bids`);
  }
  return out;
}

const configArb: fc.Arbitrary<GotopolyConfigInput> = fc.record({
  players: fc.integer({ min: 2, max: 6 }),
  maxTerms: fc.constantFrom(150, 150, 40, 12),
  creditsToWin: fc.constantFrom(9, 9, 6, 14),
  jailClearsRisk: fc.boolean(),
  tradeOffersPerTerm: fc.integer({ min: 0, max: 3 }),
  studentGrant: fc.constantFrom(200, 200, 60),
});

const BOTS: Record<string, GotopolyBot> = gotopolyBots;

describe('Gotopoly properties over 1,000 seeded bot games', () => {
  it('ledger balances with reasons, purses never mix, building is even on whole groups, bids never leak, every game ends, replays match', () => {
    let games = 0;
    let timeLimit = 0;
    let degrees = 0;
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(
        configArb,
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.array(fc.constantFrom('random', 'heuristic'), { minLength: 6, maxLength: 6 }),
        (config, seed, botNames) => {
          const found: string[] = [];
          const bots = botNames.slice(0, config.players).map((name) => BOTS[name]!);
          let actions = 0;
          const result = playToEnd(gotopoly, config, seed, bots, {
            maxActions: 50_000,
            onAction: (before, after, _seat, events) => {
              actions++;
              for (const e of events) seen.set(e.type, (seen.get(e.type) ?? 0) + 1);
              if (found.length < 5) found.push(...violations(before, after, events));
              if (found.length < 5 && (after.stage.kind === 'auction' || actions % 25 === 0))
                found.push(...leaks(after));
            },
          });
          expect(found).toEqual([]);
          // Every game ends: a degree (G16), the time limit (G18) or every student retired (G15).
          const { stage } = result.state;
          expect(stage.kind).toBe('over');
          if (stage.kind === 'over') {
            if (stage.reason === 'timeLimit') timeLimit++;
            if (stage.reason === 'degree') degrees++;
            expect(result.state.term).toBeLessThanOrEqual(config.maxTerms ?? 150);
          }
          expect(result.outcome.winners.length).toBeGreaterThan(0);
          // Replaying the record reproduces the state exactly.
          expect(stateHash(replay(result.record).state)).toBe(stateHash(result.state));
          games++;
        },
      ),
      { numRuns: 1000, seed: 20261130 },
    );
    expect(games).toBe(1000);
    // The sample reaches both kinds of ending, and every kind of money movement the invariants are about.
    expect(timeLimit).toBeGreaterThan(0);
    expect(degrees).toBeGreaterThan(0);
    for (const type of [
      'built',
      'tradeAccepted',
      'auctionResolved',
      'bankrupt',
      'restarted',
      'sentToJail',
      'wentHome',
      'paidBill',
      'cardDrawn',
    ]) {
      expect(seen.get(type) ?? 0, type).toBeGreaterThan(10);
    }
  });

  it('every action legal() lists, and every NMR default (G17), is accepted by apply', () => {
    const bots = [gotopolyBots.random, gotopolyBots.heuristic, gotopolyBots.random, gotopolyBots.heuristic];
    let checked = 0;
    for (const seed of ['legal-1', 'legal-2', 'legal-3']) {
      playToEnd(gotopoly, { players: 4, maxTerms: 30 }, seed, bots, {
        onAction: (_before, after) => {
          for (const { seat } of gotopoly.pending(after)) {
            const options = [...gotopoly.legal(after, seat), nmrAction(after, seat)!];
            for (const action of options) {
              try {
                gotopoly.apply(after, seat, action);
                checked++;
              } catch (err) {
                if (isRuleError(err)) {
                  throw new Error(
                    `seat ${seat}: legal action ${JSON.stringify(action)} refused: ${err.code} ${err.message}`,
                    { cause: err },
                  );
                }
                throw err;
              }
            }
          }
        },
      });
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('a seat with nothing pending has no legal actions, and acting is refused', () => {
    const state = gotopoly.setup({ players: 3 }, 'idle');
    const first = gotopoly.apply(state, 0, {
      type: 'bid',
      bids: state.stage.kind === 'auction' ? state.stage.lot.map(() => 0) : [],
    }).state;
    const pendingSeats = new Set<SeatId>(gotopoly.pending(first).map((d) => d.seat));
    expect(pendingSeats).toEqual(new Set([1, 2]));
    expect(gotopoly.legal(first, 0)).toEqual([]);
    expect(nmrAction(first, 0)).toBeNull();
  });
});
