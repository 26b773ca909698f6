/**
 * Provably fair games played in an in-process host: people whose browsers hold hash chains (or, for the
 * seats `withChain` leaves out, none) take their first legal action with their next link; the bots play between.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { HashChain, parseRecord, type GameId, type GameRecord } from '../../engine';
import type { GameHost, ManualClock } from '../../server/host';
import type { CreateGameRequest, GameSnapshot } from '../../server/protocol';
import { drive } from './helpers';
import { onlineWithBot } from './requests';

const OPTIONS: Record<GameId, Record<string, unknown>> = { pole: { laps: 1 }, gotopoly: { maxTerms: 3 }, ten: {} };

/** Two people and a bot, online, bots at pace 0: a game the server draws the seed of, so a provably fair one. */
export function fairRequest(game: GameId, extra: Partial<CreateGameRequest> = {}): CreateGameRequest {
  return onlineWithBot({ game, options: OPTIONS[game], ...extra });
}

/** A person at a seat: their invite token and, unless they never made one, their browser's chain. */
export interface Person {
  readonly seat: number;
  readonly token: string;
  readonly chain: HashChain | null;
  used: number;
}

/** The people at the invites' seats, each registering a chain when `withChain` says so. */
export async function seatPeople(
  host: GameHost,
  id: string,
  invites: readonly { seat: number; token: string }[],
  withChain: (seat: number) => boolean,
): Promise<Person[]> {
  const people: Person[] = [];
  for (const { seat, token } of invites) {
    const chain = withChain(seat) ? new HashChain(randomBytes(32).toString('hex'), 600) : null;
    if (chain)
      expect(await host.seats.registerChain(id, { token, seat, head: chain.head })).toMatchObject({
        seat,
        head: chain.head,
      });
    people.push({ seat, token, chain, used: 0 });
  }
  return people;
}

/** The person who must move now, having let the bots play; null when nobody must (the game is over). */
export async function personToMove(
  host: GameHost,
  clock: ManualClock,
  id: string,
  people: readonly Person[],
): Promise<{ person: Person; snap: GameSnapshot } | null> {
  await drive(host, clock);
  const snap = await host.views.snapshot(id);
  if (snap.outcome) return null;
  const person = people.find((p) => snap.pending.some((d) => d.seat === p.seat));
  if (!person) throw new Error(`nobody to move at seq ${snap.seq}`);
  return { person, snap: await host.views.snapshot(id, person.token, person.seat) };
}

/** The person plays their first legal action, with their next link when they hold a chain. */
export async function playFirstLegal(host: GameHost, id: string, person: Person, snap: GameSnapshot): Promise<void> {
  const contribution = person.chain ? person.chain.link(person.used + 1) : undefined;
  await host.moves.act(id, {
    token: person.token,
    seat: person.seat,
    seq: snap.seq,
    action: snap.legal[0],
    contribution,
  });
  if (person.chain) person.used++;
}

/** A whole fair game, played out, and its record as "Export record" gives it. */
export async function playFairGame(
  host: GameHost,
  clock: ManualClock,
  game: GameId,
  withChain: (seat: number) => boolean = () => true,
) {
  const created = await host.create(fairRequest(game));
  const people = await seatPeople(host, created.id, created.invites, withChain);
  const opening = await host.views.snapshot(created.id);
  for (let moves = 0; moves < 20_000; moves++) {
    const next = await personToMove(host, clock, created.id, people);
    if (!next) {
      const record: GameRecord = parseRecord(JSON.parse(JSON.stringify(await host.records.record(created.id))));
      return { id: created.id, record, opening, people };
    }
    await playFirstLegal(host, created.id, next.person, next.snap);
  }
  throw new Error('the game did not end');
}
