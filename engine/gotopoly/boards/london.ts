import type { BoardData } from '../board';
import { boardWithLookups, type Board, type Colour } from '../ring';

const property = (id: string, name: string, colour: Colour, price: number, rent: number[], houseCost: number) =>
  ({ kind: 'property', id, name, colour, price, rent, houseCost }) as const;
const station = (id: string, name: string) => ({ kind: 'station', id, name, price: 200 }) as const;

/**
 * G1: the classic London board, clockwise from GO as printed. Prices, rents (no house … 4 houses, hotel) and house
 * costs are the published UK edition's figures. Stations and utilities keep their printed prices, though in
 * Gotopoly only colour-coded properties are ever auctioned. Typed data, read as it is (a browser shows it without
 * loading zod); setupGotopoly validates it when a game is set up, and test/engine/shipped-data.test.ts checks that it
 * passes the board's schema.
 */
export const londonBoardData = {
  id: 'london',
  name: 'Classic London',
  spaces: [
    { kind: 'go', id: 'go', name: 'GO' },
    property('old-kent-road', 'Old Kent Road', 'brown', 60, [2, 10, 30, 90, 160, 250], 50),
    { kind: 'card', id: 'community-chest-1', name: 'Community Chest', deck: 'chest' },
    property('whitechapel-road', 'Whitechapel Road', 'brown', 60, [4, 20, 60, 180, 320, 450], 50),
    { kind: 'tax', id: 'income-tax', name: 'Income Tax', amount: 200 },
    station('kings-cross', "King's Cross Station"),
    property('the-angel-islington', 'The Angel Islington', 'light-blue', 100, [6, 30, 90, 270, 400, 550], 50),
    { kind: 'card', id: 'chance-1', name: 'Chance', deck: 'chance' },
    property('euston-road', 'Euston Road', 'light-blue', 100, [6, 30, 90, 270, 400, 550], 50),
    property('pentonville-road', 'Pentonville Road', 'light-blue', 120, [8, 40, 100, 300, 450, 600], 50),
    { kind: 'jail', id: 'jail', name: 'Jail / Just Visiting' },
    property('pall-mall', 'Pall Mall', 'pink', 140, [10, 50, 150, 450, 625, 750], 100),
    { kind: 'utility', id: 'electric-company', name: 'Electric Company', price: 150, billPerPip: 11 },
    property('whitehall', 'Whitehall', 'pink', 140, [10, 50, 150, 450, 625, 750], 100),
    property('northumberland-avenue', 'Northumberland Avenue', 'pink', 160, [12, 60, 180, 500, 700, 900], 100),
    station('marylebone', 'Marylebone Station'),
    property('bow-street', 'Bow Street', 'orange', 180, [14, 70, 200, 550, 750, 950], 100),
    { kind: 'card', id: 'community-chest-2', name: 'Community Chest', deck: 'chest' },
    property('marlborough-street', 'Marlborough Street', 'orange', 180, [14, 70, 200, 550, 750, 950], 100),
    property('vine-street', 'Vine Street', 'orange', 200, [16, 80, 220, 600, 800, 1000], 100),
    { kind: 'free-parking', id: 'free-parking', name: 'Free Parking' },
    property('strand', 'Strand', 'red', 220, [18, 90, 250, 700, 875, 1050], 150),
    { kind: 'card', id: 'chance-2', name: 'Chance', deck: 'chance' },
    property('fleet-street', 'Fleet Street', 'red', 220, [18, 90, 250, 700, 875, 1050], 150),
    property('trafalgar-square', 'Trafalgar Square', 'red', 240, [20, 100, 300, 750, 925, 1100], 150),
    station('fenchurch-street', 'Fenchurch St. Station'),
    property('leicester-square', 'Leicester Square', 'yellow', 260, [22, 110, 330, 800, 975, 1150], 150),
    property('coventry-street', 'Coventry Street', 'yellow', 260, [22, 110, 330, 800, 975, 1150], 150),
    { kind: 'utility', id: 'water-works', name: 'Water Works', price: 150, billPerPip: 4 },
    property('piccadilly', 'Piccadilly', 'yellow', 280, [24, 120, 360, 850, 1025, 1200], 150),
    { kind: 'go-to-jail', id: 'go-to-jail', name: 'Go To Jail' },
    property('regent-street', 'Regent Street', 'green', 300, [26, 130, 390, 900, 1100, 1275], 200),
    property('oxford-street', 'Oxford Street', 'green', 300, [26, 130, 390, 900, 1100, 1275], 200),
    { kind: 'card', id: 'community-chest-3', name: 'Community Chest', deck: 'chest' },
    property('bond-street', 'Bond Street', 'green', 320, [28, 150, 450, 1000, 1200, 1400], 200),
    station('liverpool-street', 'Liverpool St. Station'),
    { kind: 'card', id: 'chance-3', name: 'Chance', deck: 'chance' },
    property('park-lane', 'Park Lane', 'dark-blue', 350, [35, 175, 500, 1100, 1300, 1500], 200),
    { kind: 'tax', id: 'super-tax', name: 'Super Tax', amount: 100 },
    property('mayfair', 'Mayfair', 'dark-blue', 400, [50, 200, 600, 1400, 1700, 2000], 200),
  ],
} satisfies BoardData;

/** The London board with its lookups, the only board the rules play on. */
export const LONDON: Board = boardWithLookups(londonBoardData);
