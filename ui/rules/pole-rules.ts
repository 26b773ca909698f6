import type { RulesDoc } from './rules-doc';

/** Tezos Pole in plain words, retold from the user's rules v1.0 and decided by rulings P1–P13. */
export const POLE_RULES: RulesDoc = {
  game: 'pole',
  title: 'How to play Tezos Pole',
  intro:
    'Walk your pawn round a gallery of artists’ works, buy one-of-a-kind pieces and edition copies, collect royalties when others land on what you own, and hope the final appraisal is kind to your collection.',
  source: 'The Tezos Pole Monopoly rules v1.0, with the table’s rulings',
  sections: [
    {
      id: 'p1',
      title: 'Players and money',
      body: [
        'Two to six players. Everyone starts on GO with 1,000 Tz from the Bank.',
        'Money is always whole Tz and never goes below zero.',
      ],
      rulings: [{ id: 'P1', text: '2–6 players, 1,000 Tz each, whole Tz, never negative.' }],
    },
    {
      id: 'p2',
      title: 'Who goes first',
      body: ['Everyone rolls the movement die and the highest roll starts. Play then goes clockwise round the table.'],
      rulings: [
        {
          id: 'P2',
          text: 'Players who tie for highest roll again among themselves until the order is settled; clockwise means by increasing seat.',
        },
      ],
    },
    {
      id: 'p3',
      title: 'The board',
      body: [
        'The board is a ring of tiles starting at GO. Artist tiles show a work: its artist, title, list price, a multiplier used at the end, and whether it is a one-of-a-kind piece (a 1/1) or an edition of several copies.',
        'Event tiles carry an instruction — pay or collect, move, roll and see, or receive a free copy of a named edition.',
      ],
      rulings: [
        {
          id: 'P3',
          text: 'The default board always has the Scorpion Dagger and Pipi Universel editions and the Unusual Artist Generosity event.',
        },
      ],
    },
    {
      id: 'p4',
      title: 'Your turn: roll, move, and one-of-a-kind pieces',
      body: [
        'Roll one die and move that many tiles, then do what your landing tile says.',
        'Landing on a 1/1 nobody owns lets you buy it at its list price. If you decline, nothing happens — there are no auctions. Once it is owned, it only earns royalties for its owner.',
      ],
      rulings: [
        { id: 'P4', text: 'Only the first player to land on an unowned 1/1 may buy it; declining does nothing.' },
      ],
    },
    {
      id: 'p5',
      title: 'Editions: buying a copy',
      body: [
        'Landing on an edition with copies left lets you buy one copy at its list price. Many players may own the same edition.',
        'You are not offered a copy when the edition is sold out, when you already hold your copy of it, or when you cannot pay its price in full.',
        'If others already own copies, you pay their royalty first and are offered your copy after.',
      ],
      rulings: [
        {
          id: 'P5',
          text: 'One copy per landing; at most one copy of each edition per player (a table option); royalty first, then the offer.',
        },
      ],
    },
    {
      id: 'p6',
      title: 'Royalties',
      body: [
        'Landing on a work someone else owns costs a royalty: 10 % of the list price rounded down to 10 Tz, and never less than 5 Tz.',
        'The royalty is shared between the owners. You never pay a royalty on a work only you own.',
      ],
      rulings: [
        {
          id: 'P6',
          text: 'The royalty is split equally between the other owners; each share is rounded down and the remainder stays with the lander (a table may instead pay each owner in full).',
        },
        {
          id: 'P6a',
          text: 'The 5 Tz minimum is the whole royalty, not each share: two owners of a 5 Tz royalty get 2 Tz each and the lander keeps 1.',
        },
      ],
    },
    {
      id: 'p7',
      title: 'Out of cash',
      body: [
        'If you owe more than you have, you must flip edition copies back to the Bank, one at a time and of your choice, each for half its list price rounded down to 10 Tz. The copy goes back on sale. A 1/1 cannot be flipped.',
        'Still short with no copy left to flip, you pay all your cash and lose your cheapest piece: it leaves the game, and the rest of the debt is cancelled. Nobody is ever knocked out.',
      ],
      rulings: [
        {
          id: 'P7',
          text: 'The cheapest piece forfeited is the lowest list price, then the lowest tile; a forfeited 1/1 tile stops charging; bots flip their cheapest copy first.',
        },
        { id: 'P7a', text: 'A debtor short of several creditors pays them in proportion to what each is owed.' },
      ],
    },
    {
      id: 'p8',
      title: 'Passing GO',
      body: ['Each time you pass or land on GO you collect 300 Tz, even on the move that finishes your last lap.'],
      rulings: [
        { id: 'P8', text: 'GO pays 300 Tz, including on the final lap.' },
        { id: 'P8a', text: 'Only forward moves pass GO; moving back onto GO pays the bonus but completes no lap.' },
      ],
    },
    {
      id: 'p9',
      title: 'The end of the game',
      body: [
        'The moment a pawn completes its fifth lap, that player’s landing tile is played out and the game ends. Nobody else moves.',
      ],
      rulings: [{ id: 'P9', text: 'Five laps by default; the number of laps is a table option.' }],
    },
    {
      id: 'p10',
      title: 'Appraisal and scoring',
      body: [
        'Every piece you own — each 1/1 and each edition copy — is appraised with a roll of the die. Even: the roll × list price × multiplier. Odd: list price × multiplier ÷ the roll. Each value is rounded down to 10 Tz.',
        'Your score is your appraised pieces plus your cash. Highest wins; a tie goes to the player with the most pieces, and a tie after that is a shared win.',
      ],
      rulings: [{ id: 'P10', text: 'The appraisal rolls are part of the game record, like every roll.' }],
    },
    {
      id: 'p11',
      title: 'Unusual Artist Generosity',
      body: ['Roll the die: a 6 gives you a free Scorpion Dagger copy, 1 to 5 a free Pipi Universel copy.'],
      rulings: [
        { id: 'P11', text: 'Nothing is given if that edition is sold out or you already hold your copy of it.' },
      ],
    },
    {
      id: 'p12',
      title: 'Optional house rules',
      body: [
        'A table may turn on: a 10 Tz floor for every appraisal; a 20 % royalty in three-player games; and the “L2 move”, which lets each player once per game roll three dice instead of one.',
      ],
      rulings: [{ id: 'P12', text: 'All off by default; the L2 move is declared before rolling.' }],
    },
    {
      id: 'p13',
      title: 'Playing on Tezos',
      body: [
        'In an on-chain game the works are real tokens: a player owns a piece when their wallet holds its token, as the indexer reports.',
        'Players may trade copies by plain transfers between their wallets. A copy sent to anyone outside the game leaves the game for good, even if it comes back later.',
      ],
      rulings: [
        {
          id: 'P13',
          text: 'Only the game’s players count as holders; a copy that leaves the players’ wallets pays nothing, scores nothing and cannot be flipped.',
        },
      ],
    },
  ],
};
