/** "Your turn" in the tab's title: a player with games in other tabs sees from the tab strip where they are awaited. */
export const titleWithTurns = (title: string, yourTurns: number): string =>
  yourTurns > 0 ? `(${yourTurns}) ${title.replace(/^\(\d+\) /, '')}` : title.replace(/^\(\d+\) /, '');
