import type { RulesDoc } from './rules-doc';

/** Gotopoly in plain words, retold from Howard Bishop’s V2.1 and decided by rulings G1–G18. */
export const GOTOPOLY_RULES: RulesDoc = {
  game: 'gotopoly',
  title: 'How to play Gotopoly',
  intro:
    'Each player is a student racing round London for a degree, and also that student’s landlord uncle, who buys up the streets and makes renting as dear as he can. Get nine term credits, get back to GO, and stay out of the red.',
  source: 'Gotopoly V2.1 by Howard Bishop, with the table’s rulings',
  sections: [
    {
      id: 'g1',
      title: 'The board',
      body: [
        'The classic 40-space London board with its streets, stations, utilities and taxes. Students go round it anti-clockwise: from GO the next space is Mayfair, then Super Tax, then Park Lane.',
      ],
      rulings: [{ id: 'G1', text: 'Income Tax costs £200 and Super Tax £100.' }],
    },
    {
      id: 'g2',
      title: 'A student and an uncle',
      body: [
        'Your student starts on GO with a £200 grant; your uncle starts with £2,000. The two purses are separate: money never passes between a student and their own uncle.',
      ],
      rulings: [{ id: 'G2', text: 'Student £200, uncle £2,000, no transfers between them.' }],
    },
    {
      id: 'g3',
      title: 'A term',
      body: [
        'The game is played in terms. Each term has three phases: the uncles build and trade, the uncles bid in an auction, then the students move.',
        'Before the first term six streets are auctioned; each later term, two more.',
      ],
      rulings: [
        {
          id: 'G3',
          text: 'The streets on offer come up in a random order, fixed by the game’s seed, from those nobody owns.',
        },
      ],
    },
    {
      id: 'g4',
      title: 'Sealed-bid auctions',
      body: [
        'All uncles bid at the same time and in secret, one bid for each street on offer. Your bids together may not add up to more than your uncle’s cash.',
        'The highest bid buys the street and pays the bank. If the top bids tie, or nobody bids, the street stays unowned and goes back into the pool.',
      ],
      rulings: [
        {
          id: 'G4',
          text: 'A tie for highest leaves the street unsold; bids are revealed only once every uncle has bid.',
        },
      ],
    },
    {
      id: 'g5',
      title: 'Building and trading',
      body: [
        'An uncle who owns a whole colour group may add one house per term at the printed cost, building evenly across the group. Four houses become a B&B (a hotel) for one more house cost.',
        'Uncles may trade streets, with or without cash, by offering and accepting before the auction. There are no mortgages.',
      ],
      rulings: [
        { id: 'G5', text: 'At most one house per uncle per term, built evenly.' },
        {
          id: 'G5a',
          text: 'Only streets whose whole colour group has no buildings are traded, with at most three offers per uncle per term.',
        },
      ],
    },
    {
      id: 'g6',
      title: 'Move tokens',
      body: [
        'Each student holds move tokens 1 to 6. To move, play a token: move that many spaces and pay £1 a space. The token is replaced by its opposite face, as on a die — a 5 becomes a 2, a 3 becomes a 4.',
      ],
      rulings: [{ id: 'G6', text: 'The new token is 7 minus the one played.' }],
    },
    {
      id: 'g7',
      title: 'Who moves first',
      body: ['The student furthest round the board moves first and the one furthest behind moves last.'],
      rulings: [
        {
          id: 'G7',
          text: 'Most laps first, then furthest along the lap; students exactly level go in the order drawn at the start of the game and shown on the table (“Level students go: …”). Games played before 5 December 2026 kept the old order, lowest seat first.',
        },
      ],
    },
    {
      id: 'g8',
      title: 'Landing on a street',
      body: ['Pay the rent, then choose: study for a term credit, or work for £25.'],
      rulings: [{ id: 'G8', text: 'Rent first, then study or work.' }],
    },
    {
      id: 'g9',
      title: 'Rent',
      body: [
        'An unowned street charges its printed rent, to the bank. An owned street charges the rent for its houses, to its uncle.',
        'Only the first student to land on a street in a term pays; anyone after them that term sleeps on the floor for free (and still studies or works). When every street of a colour is owned by uncles — any uncles — the rent is doubled.',
        'Landing on your own uncle’s street costs nothing, and makes it free for everyone else that term too.',
      ],
      rulings: [
        { id: 'G9', text: 'First lander in a term pays; a whole colour owned by uncles doubles the rent.' },
        { id: 'G9a', text: 'The doubling applies to the rent with houses too.' },
      ],
    },
    {
      id: 'g10',
      title: 'Stations',
      body: [
        'Either go home: pay the rail fare and receive a handout of two dice × your term credits × £3; or sleep rough at the station and pay nothing. No term credit either way.',
        'Fares double along the route from GO: Liverpool Street £25, Fenchurch Street £50, Marylebone £100, King’s Cross £200. A Student Railcard takes 40 % off.',
      ],
      rulings: [{ id: 'G10', text: 'The fare is £25 × 2 for each station before it on the anti-clockwise route.' }],
    },
    {
      id: 'g11',
      title: 'Water Works and Electric Company',
      body: [
        'Pay 4 × your move token for the water rates or 11 × for the electric bill — or refuse to pay and take a RISK card. No term credit.',
      ],
      rulings: [{ id: 'G11', text: 'The move token used is the one just played.' }],
    },
    {
      id: 'g12',
      title: 'Taxes, Free Parking, Just Visiting and GO',
      body: [
        'Taxes come out of the student’s grant. Free Parking and Just Visiting do nothing. Passing GO pays nothing.',
      ],
      rulings: [{ id: 'G12', text: 'No money for passing GO.' }],
    },
    {
      id: 'g13',
      title: 'Chance and Community Chest',
      body: [
        'Our own student-flavoured decks of 16 cards each: money in and out, moves, Go To Jail, Get Out Of Jail Free, RISK cards and a Student Railcard.',
      ],
      rulings: [{ id: 'G13', text: 'Both decks are shuffled from the seed and reshuffled when they run out.' }],
    },
    {
      id: 'g14',
      title: 'RISK and jail',
      body: [
        'Playing a move token no higher than the number of RISK cards you hold sends you to jail instead of moving. So do the Go To Jail space and card.',
        'You leave jail after three turns, or earlier by paying £50 or using a Get Out Of Jail Free card.',
      ],
      rulings: [
        { id: 'G14', text: 'A token equal to or below your RISK count jails you.' },
        { id: 'G14a', text: 'Going to jail hands in your RISK cards; you sit out three turns and move on the fourth.' },
      ],
    },
    {
      id: 'g15',
      title: 'Going broke',
      body: [
        'A student whose cash goes below zero is thrown off the course: they start again at GO with a fresh £200 grant, fresh tokens and no credits — or retire. Their uncle plays on either way.',
      ],
      rulings: [{ id: 'G15', text: 'Restart or retire; the uncle is unaffected.' }],
    },
    {
      id: 'g16',
      title: 'Winning',
      body: ['The first student to land exactly on GO with at least nine term credits and no debt wins.'],
      rulings: [{ id: 'G16', text: 'Exactly on GO, nine credits or more, cash of zero or more.' }],
    },
    {
      id: 'g17',
      title: 'Running out of time',
      body: [
        'In an online game with a turn timer, a student who does not move in time plays the move token they hold most of (the lowest, if tied). Other late decisions take the cheapest choice: pass, no bid, sleep rough, work.',
      ],
      rulings: [{ id: 'G17', text: 'The no-move rule of the original, and the cheapest legal choice for the rest.' }],
    },
    {
      id: 'g18',
      title: 'The time limit',
      body: [
        'If nobody has won after 150 terms, the game ends: students rank by term credits, then cash; still tied, they share.',
      ],
      rulings: [
        { id: 'G18', text: 'The number of terms is a table option.' },
        { id: 'G18a', text: 'Retired students rank below every student still on the course.' },
      ],
    },
  ],
};
