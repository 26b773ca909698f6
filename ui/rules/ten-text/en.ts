/** Ten's rules page in English: next-intl messages, retold from docs/rules/ten.md and its rulings T1–T10. */
export const tenRulesEn = {
  title: 'How to play Ten',
  intro:
    'Draw cards one at a time and stop before your running total reaches 11. Keep the number cards or the currency they show, bid for jokers, buy from the market, and build the longest run of numbers in each colour.',
  source: 'The English rendering of the user’s Hungarian rules summary, with the table’s rulings',
  chrome: {
    contents: 'Contents',
    ruling: 'Ruling',
    play: 'Start a game of Ten',
    sectionLink: 'Link to this section',
  },
  sections: {
    t1: {
      title: 'The cards',
      body: {
        p1: 'Each of the four colours — red, blue, orange and green — has three cards each of 1 to 6, one each of 7, 8 and 9, and two colour jokers (#) that can be any number of their colour.',
        p2: 'White wild cards can be any colour: nine of them show a fixed number from 1 to 9, and one # card can be any colour and any number. There are also 27 currency cards worth 1 to 5. Everyone starts with 5 currency tokens.',
      },
      rulings: { T1: '23 cards per colour, 10 white wild cards, 27 currency cards: 129 cards in all.' },
    },
    t2: {
      title: 'Fewer players, fewer cards',
      body: {
        p1: 'With four or five players every card is used. With three, the cards marked 4+ come out; with two, the cards marked 3 come out as well. Solo play uses the two-player deck.',
      },
      rulings: {
        T2: 'The 4+ cards are the third copy of each 1–6 of every colour and one currency card of each value; the 3 cards are the second copy of each 1–3 and one more currency card of each value.',
      },
    },
    t3: {
      title: 'Drawing and busting',
      body: {
        p1: 'On your turn you draw cards one at a time and lay them in a row, the tableau. Number cards add to your running total; currency cards take their value off it. After each card, stop and take a reward, or draw on.',
        p2: 'You bust when the running total reaches 11 or more — or when the currency cards alone add up to 11 or more. A bust ends your turn: you take a bust token and the number cards go to the market. If the numbers bust you, the other players collect the tableau’s currency; if the currency busts you, it is discarded and nobody collects.',
        p3: 'The table shows the chance that the next card busts you, worked out from the cards nobody has seen yet.',
      },
      rulings: {
        T3: 'The total is checked after every card; jokers do not count toward it; the first card of a turn is always drawn.',
      },
    },
    t4: {
      title: 'Taking a reward',
      body: {
        p1: 'Stopping before a bust, you choose one: take all the number cards of the tableau — and then every other player collects the tableau’s currency value in tokens — or take the currency value yourself, which sends the number cards to the market and skips your buy phase.',
        p2: 'Nobody may hold more than ten currency tokens; what would go above ten is lost. Bust tokens do not count toward the ten.',
      },
      rulings: { T4: 'The cap of ten applies to every gain, and the excess is lost.' },
    },
    t5: {
      title: 'Paying',
      body: {
        p1: 'A price is paid with any mix of currency tokens (worth 1 each), bust tokens (worth 3 each) and cards from your collection (worth 1 each; they go to the discard pile). No change is given: what you pay above the price is lost.',
      },
      rulings: { T5: 'Tokens 1, bust tokens 3, collected cards 1; overpayment is lost.' },
    },
    t6: {
      title: 'The buy phase',
      body: {
        p1: 'After taking the number cards you may buy one card from the market, paying its number. You may not buy a card whose colour and number you already hold.',
      },
      rulings: {
        T6: 'One market card per buy phase, and none with the colour and number of a card you hold.',
        T6a: 'Stopping with no number card in the tableau counts as taking the numbers (none), so the buy phase follows.',
      },
    },
    t7: {
      title: 'Joker auctions',
      body: {
        p1: 'Drawing any joker stops the drawing for an auction. Starting with the player on the left of the one who drew it, each player bids once — more than the high bid so far — or passes; the player who drew it bids last. The highest bidder pays and takes the joker, then the turn goes on.',
      },
      rulings: { T7: 'A bid is at least 1; if everyone passes the joker is discarded.' },
    },
    t8: {
      title: 'The end of the game',
      body: {
        p1: 'When the last card is drawn, that turn finishes without further draws. Then everyone has one last buy phase, starting on the left of that player and ending with them.',
      },
      rulings: { T8: 'One final buy phase each, in that order.' },
    },
    t9: {
      title: 'Scoring and winning',
      body: {
        p1: 'Each colour scores the length of its longest run of consecutive numbers; a complete run from 1 to 9 scores 10. A player with blue 1, 2, 3, 5 and 7 scores 3 for blue. Jokers fill gaps in runs; each is used once.',
        p2: 'Most points wins. A tie goes to the player with more currency tokens (bust tokens do not count), then to the one with fewer cards; after that the win is shared.',
      },
      rulings: {
        T9: 'Jokers are placed at the end for each player’s best score: the table finds the best placement for you.',
      },
    },
    t10: {
      title: 'Playing solo',
      body: {
        p1: 'Alone, you play against your own best score. Gains meant for other players are skipped, and a joker you draw may be bought for 1 or discarded.',
      },
      rulings: { T10: 'The score is compared with your previous best.' },
    },
  },
};

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Every locale's rules text has these keys. */
export type TenRulesMessages = Shape<typeof tenRulesEn>;
