import type { Board, Party, PoleDecision, PoleEvent, PoleState } from '../../engine/pole';
import { formatTz, listNames } from '../lib/seats';

/**
 * The running log of a Tezos Pole game in plain English, built only from the engine's events (nobody diffs states).
 * One action's events become a few sentences: "Ada rolled 4 → Glass Orchard", "Ada bought Glass Orchard (1/1) for
 * 120 Tz", "Bao paid Ada a 12 Tz royalty"…
 */

export type LogTone = 'move' | 'buy' | 'gain' | 'pay' | 'event' | 'trouble' | 'info' | 'end';

export interface LogLine {
  readonly text: string;
  readonly tone: LogTone;
}

export interface LogContext {
  readonly names: readonly string[];
  readonly board: Board;
}

/** The name printed for a tile: the work's title, the event's name, or Start. */
export function tileLabel(board: Board, index: number): string {
  const tile = board.tiles[index];
  if (!tile) return `tile ${index}`;
  return tile.kind === 'artist' ? tile.title : tile.name;
}

/** "1/1" for a one-of-one, "x/y" for an edition copy. */
export const editionLabel = (copy: number, of: number): string => (of === 1 ? '1/1' : `${copy}/${of}`);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Sentences for the events of one action, in order. */
export function describeEvents(events: readonly PoleEvent[], ctx: LogContext): LogLine[] {
  const lines: { text: string; tone: LogTone }[] = [];
  const who = (party: Party) => (party === 'bank' ? 'the bank' : (ctx.names[party] ?? `Seat ${party + 1}`));
  const tile = (index: number) => tileLabel(ctx.board, index);
  const say = (text: string, tone: LogTone) => lines.push({ text, tone });
  /** The line of a roll still waiting for its destination ("Ada rolled 4" → "Ada rolled 4 → Glass Orchard"). */
  let rollLine: { text: string } | null = null;
  let lastMoveTo: number | null = null;

  events.forEach((e, i) => {
    const next = events[i + 1];
    switch (e.type) {
      case 'turnStarted':
      case 'landed':
        break;
      case 'rolled': {
        const total = e.dice.reduce((a, b) => a + b, 0);
        const dice = e.dice.length > 1 ? `${e.dice.join(' + ')} = ${total}` : String(total);
        say(e.l2 ? `${who(e.seat)} used the L2 move: rolled ${dice}` : `${who(e.seat)} rolled ${dice}`, 'move');
        rollLine = lines[lines.length - 1]!;
        break;
      }
      case 'moved':
        lastMoveTo = e.to;
        if (rollLine) {
          rollLine.text += ` → ${tile(e.to)}`;
          rollLine = null;
        } else if (e.steps < 0) {
          say(`${who(e.seat)} moved back ${plural(-e.steps, 'tile')} → ${tile(e.to)}`, 'move');
        } else {
          say(`${who(e.seat)} advanced ${plural(e.steps, 'tile')} → ${tile(e.to)}`, 'move');
        }
        break;
      case 'lapCompleted':
        say(`${who(e.seat)} completed lap ${e.laps}`, 'info');
        break;
      case 'transfer':
        switch (e.reason) {
          case 'goBonus': {
            const verb =
              lastMoveTo === 0 && !events.slice(i + 1).some((x) => x.type === 'transfer' && x.reason === 'goBonus')
                ? 'landed on'
                : 'passed';
            say(`${who(e.to)} ${verb} ${tile(0)}: +${formatTz(e.amount)}`, 'gain');
            break;
          }
          case 'royalty':
            say(`${who(e.from)} paid ${who(e.to)} a ${formatTz(e.amount)} royalty`, 'pay');
            break;
          case 'event': {
            const where = e.tile === undefined ? '' : ` (${tile(e.tile)})`;
            if (e.from === 'bank') say(`${who(e.to)} collected ${formatTz(e.amount)}${where}`, 'gain');
            else if (e.to === 'bank') say(`${who(e.from)} paid ${formatTz(e.amount)} to the bank${where}`, 'pay');
            else say(`${who(e.from)} paid ${who(e.to)} ${formatTz(e.amount)}${where}`, 'pay');
            break;
          }
          case 'purchase':
          case 'flip':
            break; // told by `bought` and `flipped`
        }
        break;
      case 'offered':
        say(`${who(e.seat)} may buy ${tile(e.tile)} for ${formatTz(e.price)}`, 'info');
        break;
      case 'cannotAfford':
        say(`${who(e.seat)} cannot afford ${tile(e.tile)} (${formatTz(e.price)})`, 'info');
        break;
      case 'bought':
        say(`${who(e.seat)} bought ${tile(e.tile)} (${editionLabel(e.copy, e.of)}) for ${formatTz(e.price)}`, 'buy');
        break;
      case 'declined':
        say(`${who(e.seat)} passed on ${tile(e.tile)}`, 'info');
        break;
      case 'inertTile':
        say(`${tile(e.tile)} was removed from play: nothing happens`, 'info');
        break;
      case 'royaltyDue': {
        const paidAtOnce = e.owners.length === 1 && next?.type === 'transfer' && next.reason === 'royalty';
        if (paidAtOnce) break;
        const owners = listNames(e.owners.map(who));
        const how =
          e.owners.length === 1 ? `to ${owners}` : e.mode === 'split' ? `shared by ${owners}` : `to each of ${owners}`;
        say(`${who(e.seat)} owes a ${formatTz(e.royalty)} royalty on ${tile(e.tile)}, ${how}`, 'pay');
        break;
      }
      case 'eventTile':
        say(`${tile(e.tile)}: “${e.text}”`, 'event');
        break;
      case 'eventRoll':
        say(`${who(e.seat)} rolled ${e.die}: ${e.text}`, 'event');
        break;
      case 'freeCopy':
        say(`${who(e.seat)} received a free copy of ${tile(e.tile)} (${editionLabel(e.copy, e.of)})`, 'buy');
        break;
      case 'freeCopyUnavailable':
        say(
          e.reason === 'soldOut'
            ? `No free copy of ${tile(e.tile)} for ${who(e.seat)}: sold out`
            : `No free copy of ${tile(e.tile)} for ${who(e.seat)}: already holds one`,
          'info',
        );
        break;
      case 'outOfCash':
        say(`${who(e.seat)} is short: owes ${formatTz(e.owed)} with ${formatTz(e.cash)}`, 'trouble');
        break;
      case 'flipped':
        say(`${who(e.seat)} flipped ${tile(e.tile)} back to the bank for ${formatTz(e.amount)}`, 'trouble');
        break;
      case 'forfeited':
        say(`${who(e.seat)} forfeited ${tile(e.tile)}: removed from play`, 'trouble');
        break;
      case 'debtCancelled':
        say(`The remaining ${formatTz(e.amount)} of ${who(e.seat)}’s debt is cancelled`, 'trouble');
        break;
      case 'chainLimit':
        say(`Too many moves in one turn: ${who(e.seat)} stops on ${tile(e.tile)}`, 'info');
        break;
      case 'holdingsUpdated':
        say(`Holdings updated from the chain (${plural(e.tiles.length, 'tile')})`, 'info');
        break;
      case 'copyLeftGame': {
        const art = ctx.board.tiles[e.tile];
        const inert =
          art?.kind === 'artist' && art.editionSize === 1
            ? ` ${tile(e.tile)} is now out of play, as after a forfeit.`
            : '';
        say(
          e.copies === 1
            ? `${who(e.seat)}’s copy of ${tile(e.tile)} left the game: it was sent to a wallet outside this game, so it no longer pays royalties, is not scored and cannot be flipped, even if it comes back (P13).${inert}`
            : `${who(e.seat)}’s ${e.copies} copies of ${tile(e.tile)} left the game: they were sent to wallets outside this game, so they no longer pay royalties, are not scored and cannot be flipped, even if they come back (P13).`,
          'trouble',
        );
        break;
      }
      case 'gameEnded':
        say(`Game over: ${who(e.seat)} completed lap ${e.laps}`, 'end');
        break;
      case 'valued':
        say(`${who(e.seat)}’s ${tile(e.tile)}: die ${e.die} → ${formatTz(e.value)}`, 'info');
        break;
      case 'finalScores': {
        const top = e.scores.find((s) => s.seat === e.winners[0]);
        const score = top ? ` with ${formatTz(top.score)}` : '';
        say(
          e.winners.length === 1
            ? `${who(e.winners[0]!)} wins${score}`
            : `Shared win: ${listNames(e.winners.map(who))}${score} each`,
          'end',
        );
        break;
      }
    }
  });
  return lines;
}

/** The setup as a sentence: the P2 turn-order rolls, round by round, and who goes first. */
export function describeSetup(
  state: Pick<PoleState, 'turnOrderRolls' | 'firstSeat'>,
  names: readonly string[],
): LogLine[] {
  const name = (seat: number) => names[seat] ?? `Seat ${seat + 1}`;
  const rounds = state.turnOrderRolls.map(
    (round, r) => `${r === 0 ? 'Turn order' : 'Re-roll'}: ${round.map((x) => `${name(x.seat)} ${x.die}`).join(', ')}`,
  );
  return [
    ...rounds.map((text) => ({ text, tone: 'move' as const })),
    { text: `${name(state.firstSeat)} goes first`, tone: 'info' as const },
  ];
}

/** What the game waits for, in words ("Ada to roll", "Ada may buy Glass Orchard for 120 Tz"…). */
export function describeDecision(decision: PoleDecision | null, ctx: LogContext): string {
  if (!decision) return 'The game is over';
  const name = ctx.names[decision.seat] ?? `Seat ${decision.seat + 1}`;
  switch (decision.kind) {
    case 'roll':
      return decision.l2Available ? `${name} to roll (L2 move available)` : `${name} to roll`;
    case 'buy':
      return `${name} may buy ${tileLabel(ctx.board, decision.tile)} for ${formatTz(decision.price)}`;
    case 'flip':
      return `${name} owes ${formatTz(decision.owed)} with ${formatTz(decision.cash)}: must flip an edition`;
  }
}
