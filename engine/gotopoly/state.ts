import type { RngState } from '../core/rng';
import type { SeatId } from '../core/types';
import type { DeckName } from './cards';
import type { GotopolyRules } from './config';

/** The student half of a seat (G2). */
export interface Student {
  readonly cash: number;
  /** Spaces travelled anticlockwise since GO (since the last restart); laps = floor(progress / 40). */
  readonly progress: number;
  readonly credits: number;
  /** G6: the six move tokens held, sorted ascending. */
  readonly tokens: readonly number[];
  /** G14: RISK cards held. */
  readonly risk: number;
  /** Cards kept from the decks (Get Out Of Jail Free, the Student Railcard), by deck and card id. */
  readonly kept: readonly KeptCard[];
  /** G14: turns already spent in jail, or null when free. */
  readonly jailed: number | null;
  /** G15: retired students no longer move. */
  readonly retired: boolean;
  /** G15: times thrown off the course and restarted. */
  readonly restarts: number;
}

export interface KeptCard {
  readonly deck: DeckName;
  readonly card: string;
}

/** The landlord-uncle half of a seat (G2). */
export interface Uncle {
  readonly cash: number;
}

/** The state of one board space; only colour-coded properties ever have an owner or houses. */
export interface Estate {
  readonly owner: SeatId | null;
  /** 0–4 houses; 5 = a B&B (G5). */
  readonly houses: number;
  /** G9: the term in which a student last landed here first (0 = never); later landers that term pay nothing. */
  readonly visited: number;
}

export interface DeckState {
  /** Card ids in draw order — hidden from every seat (view.ts). */
  readonly draw: readonly string[];
  /** Drawn cards not kept, in the order they were discarded; reshuffled into `draw` when it runs out (G13). */
  readonly discard: readonly string[];
}

/** G5: an offer between uncles, of unimproved properties and/or cash. */
export interface TradeOffer {
  readonly from: SeatId;
  readonly to: SeatId;
  /** Properties (space indices) the offering uncle hands over. */
  readonly give: readonly number[];
  /** Properties the offering uncle asks for. */
  readonly take: readonly number[];
  /** Cash the offering uncle pays. */
  readonly giveCash: number;
  /** Cash the offering uncle asks for. */
  readonly takeCash: number;
}

/** What the student whose turn it is in the Movement phase must decide now. */
export type MoveDecision =
  | { readonly kind: 'jail' }
  | { readonly kind: 'token' }
  | { readonly kind: 'study'; readonly space: number }
  | { readonly kind: 'station'; readonly space: number; readonly fare: number }
  | { readonly kind: 'utility'; readonly space: number; readonly bill: number }
  | { readonly kind: 'bankrupt' };

export type EndReason = 'degree' | 'timeLimit' | 'noStudents';

/** Where the term is (G3), and who decides next. */
export type Stage =
  /** Build/Trade: uncles take turns in seat order; `offer` awaits the answer of `offer.to`. */
  | {
      readonly kind: 'build';
      readonly uncle: SeatId;
      readonly built: boolean;
      readonly offers: number;
      readonly offer: TradeOffer | null;
    }
  /** G4: every uncle bids at once; `bids` stay sealed until all are in. */
  | {
      readonly kind: 'auction';
      readonly lot: readonly number[];
      readonly submitted: readonly boolean[];
      /** One bid per lot property per uncle; hidden from other seats (view.ts). */
      readonly bids: readonly (readonly number[] | null)[];
    }
  /** G7: students move one at a time in `order`; `token` is the token the current student used this turn. */
  | {
      readonly kind: 'movement';
      readonly order: readonly SeatId[];
      readonly index: number;
      readonly decision: MoveDecision;
      readonly token: number | null;
    }
  | { readonly kind: 'over'; readonly reason: EndReason; readonly winners: readonly SeatId[] };

/** Everything every seat may see. */
export interface GotopolyPublic {
  readonly game: 'gotopoly';
  /** Number of actions applied so far. */
  readonly seq: number;
  readonly config: GotopolyRules;
  /** 0 during the opening auction (G3), then 1, 2, … */
  readonly term: number;
  readonly stage: Stage;
  readonly students: readonly Student[];
  readonly uncles: readonly Uncle[];
  /** One entry per board space. */
  readonly estates: readonly Estate[];
  /**
   * G7 (amended 2026-12-05): the order students exactly level move in, drawn once at setup, first to last; shown on
   * the table. Absent in a game of engine version 1, where level students moved in seat order.
   */
  readonly tieOrder?: readonly SeatId[];
}

export interface GotopolyState extends GotopolyPublic {
  readonly rng: RngState;
  readonly decks: Readonly<Record<DeckName, DeckState>>;
}

/** A seat's (or a spectator's) view: no PRNG state, no deck order, no other uncle's sealed bids. */
export interface GotopolyView extends GotopolyPublic {
  /** Whose view this is; null for a spectator. */
  readonly viewer: SeatId | null;
  readonly decks: Readonly<Record<DeckName, { readonly drawCount: number; readonly discard: readonly string[] }>>;
}

/** Somebody's purse (G2: a student's and their own uncle's never mix) or the bank. */
export type Purse = 'bank' | { readonly student: SeatId } | { readonly uncle: SeatId };

export type TransferReason =
  | 'fare'
  | 'rent'
  | 'wage'
  | 'tax'
  | 'railFare'
  | 'handout'
  | 'utility'
  | 'card'
  | 'bail'
  | 'auction'
  | 'house'
  | 'trade'
  | 'writeOff'
  | 'grant';

export type GotopolyAction =
  | { readonly type: 'build'; readonly space: number }
  | {
      readonly type: 'offerTrade';
      readonly to: SeatId;
      readonly give: readonly number[];
      readonly take: readonly number[];
      readonly giveCash: number;
      readonly takeCash: number;
    }
  | { readonly type: 'acceptTrade' }
  | { readonly type: 'rejectTrade' }
  | { readonly type: 'endBuild' }
  | { readonly type: 'bid'; readonly bids: readonly number[] }
  | { readonly type: 'serve' }
  | { readonly type: 'payBail' }
  | { readonly type: 'useJailCard' }
  | { readonly type: 'move'; readonly token: number }
  | { readonly type: 'study' }
  | { readonly type: 'work' }
  | { readonly type: 'goHome' }
  | { readonly type: 'sleepRough' }
  | { readonly type: 'payBill' }
  | { readonly type: 'takeRisk' }
  | { readonly type: 'restart' }
  | { readonly type: 'retire' };

export interface AuctionResult {
  readonly space: number;
  /** Every uncle's bid on this property, by seat (0 = no bid), revealed once all bids were in. */
  readonly bids: readonly number[];
  readonly winner: SeatId | null;
  readonly price: number;
}

export interface GotopolyStanding {
  readonly seat: SeatId;
  readonly rank: number;
  /** Term credits (the first ranking key of G18). */
  readonly score: number;
  readonly credits: number;
  readonly cash: number;
  readonly uncleCash: number;
  readonly properties: number;
}

/** Everything the log, the UI and the simulator need; nobody diffs states. */
export type GotopolyEvent =
  | { type: 'termStarted'; term: number }
  | { type: 'phaseStarted'; term: number; phase: 'build' | 'auction' | 'movement' }
  | { type: 'transfer'; from: Purse; to: Purse; amount: number; reason: TransferReason; space?: number }
  | { type: 'built'; seat: SeatId; space: number; houses: number; cost: number }
  | { type: 'tradeOffered'; offer: TradeOffer }
  | { type: 'tradeAccepted'; offer: TradeOffer }
  | { type: 'tradeRejected'; offer: TradeOffer }
  | { type: 'buildTradeDone'; seat: SeatId }
  | { type: 'auctionOpened'; term: number; lot: number[] }
  | { type: 'bidSubmitted'; seat: SeatId }
  | { type: 'auctionResolved'; results: AuctionResult[] }
  | { type: 'moveOrder'; order: SeatId[] }
  | { type: 'turnStarted'; seat: SeatId }
  | { type: 'jailTurnServed'; seat: SeatId; turns: number }
  | { type: 'leftJail'; seat: SeatId; how: 'served' | 'bail' | 'card' }
  | { type: 'tokenUsed'; seat: SeatId; token: number; replacement: number }
  | { type: 'moved'; seat: SeatId; from: number; to: number; steps: number; by: 'token' | 'card' }
  | { type: 'landed'; seat: SeatId; space: number }
  | { type: 'rent'; seat: SeatId; space: number; amount: number; to: SeatId | 'bank'; doubled: boolean }
  | { type: 'rentFree'; seat: SeatId; space: number; why: 'alreadyVisited' | 'ownUncle' }
  | { type: 'studied'; seat: SeatId; space: number; credits: number }
  | { type: 'worked'; seat: SeatId; space: number; wage: number }
  | { type: 'wentHome'; seat: SeatId; space: number; fare: number; dice: number[]; handout: number }
  | { type: 'sleptRough'; seat: SeatId; space: number }
  | { type: 'paidBill'; seat: SeatId; space: number; bill: number }
  | { type: 'tookRisk'; seat: SeatId; space: number; risk: number }
  | { type: 'cardDrawn'; seat: SeatId; deck: DeckName; card: string; text: string }
  | { type: 'deckReshuffled'; deck: DeckName }
  | { type: 'riskChanged'; seat: SeatId; risk: number }
  | { type: 'sentToJail'; seat: SeatId; cause: 'space' | 'card' | 'risk'; risk: number }
  | { type: 'passedGo'; seat: SeatId; laps: number }
  | { type: 'bankrupt'; seat: SeatId; cash: number }
  | { type: 'restarted'; seat: SeatId }
  | { type: 'retired'; seat: SeatId }
  | { type: 'chainLimit'; seat: SeatId; space: number }
  | { type: 'termEnded'; term: number }
  | { type: 'gameEnded'; reason: EndReason; winners: SeatId[]; standings: GotopolyStanding[] };
