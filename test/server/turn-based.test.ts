/**
 * Turn-based play at the host: a decision may be given days (up to a week), and the game waits as long as its
 * deadline allows — then the rules' default move plays for the seat, as with a live timer.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/host';
import { drive, refusal, useTestServer } from './helpers';
import { humans } from './requests';

const clock = new ManualClock();
const server = useTestServer({ clock });
const DAY = 86_400_000;

describe('a turn-based game', () => {
  it('gives a seat two days to decide, waits through them, then plays the default move', async () => {
    const { host } = server;
    const created = await host.create({
      game: 'ten',
      seats: humans('Ada', 'Bea'),
      mode: 'online',
      turnSeconds: 2 * 86_400,
      botPaceMs: 0,
    });
    const first = await host.views.snapshot(created.id);
    expect(first.deadline).toBe(clock.now() + 2 * DAY);
    clock.advance(DAY);
    await drive(host, clock);
    expect((await host.views.snapshot(created.id)).seq).toBe(first.seq);
    clock.advance(DAY + 1000);
    await drive(host, clock);
    expect((await host.views.snapshot(created.id)).seq).toBeGreaterThan(first.seq);
  });

  it('takes at most a week a decision (400 MALFORMED_REQUEST beyond)', async () => {
    const request = { game: 'ten' as const, seats: humans('Ada', 'Bea'), mode: 'online' as const };
    expect(await refusal(server.host.create({ ...request, turnSeconds: 7 * 86_400 + 1 }))).toEqual({
      status: 400,
      code: 'MALFORMED_REQUEST',
    });
    await server.host.create({ ...request, turnSeconds: 7 * 86_400 });
  });
});
