import { DraftBase } from '../core/draft';
import type { SeatId } from '../core/types';
import { LONDON } from './boards/london';
import type { DeckName } from './cards';
import type { GotopolyRules } from './config';
import type { Board } from './ring';
import type {
  DeckState,
  Estate,
  GotopolyEvent,
  GotopolyState,
  Purse,
  Stage,
  Student,
  TransferReason,
  Uncle,
} from './state';

/**
 * A mutable working copy of a GotopolyState for one `apply`. The input state is never touched: arrays are copied
 * here and their elements replaced, not mutated. `commit` returns the new state.
 */
export class Draft extends DraftBase<GotopolyState, GotopolyEvent> {
  readonly rules: GotopolyRules;
  readonly board: Board = LONDON;
  readonly seats: number;
  students: Student[];
  uncles: Uncle[];
  estates: Estate[];
  decks: Record<DeckName, DeckState>;
  stage: Stage;
  term: number;
  /** G7's drawn order for level students (absent in a version-1 game). */
  tieOrder: readonly SeatId[] | undefined;

  constructor(base: GotopolyState) {
    super(base);
    this.rules = base.config;
    this.seats = base.students.length;
    this.students = base.students.slice();
    this.uncles = base.uncles.slice();
    this.estates = base.estates.slice();
    this.decks = { ...base.decks };
    this.stage = base.stage;
    this.term = base.term;
    this.tieOrder = base.tieOrder;
  }

  student(seat: SeatId): Student {
    return this.students[seat]!;
  }

  updateStudent(seat: SeatId, patch: Partial<Student>): void {
    this.students[seat] = { ...this.students[seat]!, ...patch };
  }

  updateEstate(space: number, patch: Partial<Estate>): void {
    this.estates[space] = { ...this.estates[space]!, ...patch };
  }

  /**
   * The only way money moves: each movement is one `transfer` event, so the ledger always balances. A student may be
   * taken into the red by a forced payment (G15 deals with it); an uncle never can.
   */
  transfer(from: Purse, to: Purse, amount: number, reason: TransferReason, space?: number): void {
    if (amount <= 0) return;
    if (from !== 'bank' && to !== 'bank' && 'student' in from !== 'student' in to) {
      const a = 'student' in from ? from.student : from.uncle;
      const b = 'student' in to ? to.student : to.uncle;
      if (a === b) throw new Error(`internal: money may not move between student ${a} and their own uncle (G2)`);
    }
    this.adjust(from, -amount);
    this.adjust(to, amount);
    this.emit(
      space === undefined
        ? { type: 'transfer', from, to, amount, reason }
        : { type: 'transfer', from, to, amount, reason, space },
    );
  }

  private adjust(purse: Purse, delta: number): void {
    if (purse === 'bank') return;
    if ('student' in purse) {
      this.updateStudent(purse.student, { cash: this.student(purse.student).cash + delta });
    } else {
      const cash = this.uncles[purse.uncle]!.cash + delta;
      if (cash < 0) throw new Error(`internal: uncle ${purse.uncle} cannot pay ${-delta}`);
      this.uncles[purse.uncle] = { cash };
    }
  }

  commit(): GotopolyState {
    return this.next({
      term: this.term,
      stage: this.stage,
      students: this.students,
      uncles: this.uncles,
      estates: this.estates,
      decks: this.decks,
      ...(this.tieOrder ? { tieOrder: this.tieOrder } : {}),
    });
  }
}
