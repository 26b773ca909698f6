import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PoleState } from '../../engine/pole';
import { GameHost } from '../../server/host';
import { PlayLog } from '../../ui/play/play-game';
import { createTestServer } from '../server/helpers';

let host: GameHost;
beforeAll(async () => {
  const server = await createTestServer();
  host = server.host;
  return server.close;
});

/**
 * Live Tezos Pole's log once said "Nothing has happened yet" while the turn order had been rolled. P2: "Everyone
 * rolls the movement die; highest goes first; tied players re-roll among themselves until the order is strict."
 */
describe('the live Tezos Pole log', () => {
  it('opens with the turn-order roll and who goes first, before anyone has moved', async () => {
    const created = await host.create({
      game: 'pole',
      seats: ['Ada', 'Bao', 'Cleo'].map((name) => ({ kind: 'human', name })),
      seed: 'play-log',
      mode: 'online',
    });
    const snapshot = await host.views.snapshot(created.id);
    expect(snapshot.seq).toBe(0);
    const { turnOrderRolls, firstSeat } = snapshot.view as PoleState;
    const html = renderToStaticMarkup(createElement(PlayLog, { snapshot }));
    expect(html).not.toContain('Nothing has happened yet');
    expect(html).toContain(
      `Turn order: ${turnOrderRolls[0]!.map((r) => `${['Ada', 'Bao', 'Cleo'][r.seat]} ${r.die}`).join(', ')}`,
    );
    expect(html).toContain(`${['Ada', 'Bao', 'Cleo'][firstSeat]} goes first`);
  });
});
