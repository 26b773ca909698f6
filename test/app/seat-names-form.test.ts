import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeSeatNameProblem, SEAT_NAME_MAX, seatNameProblems } from '../../engine';
import { isHostError } from '../../server/errors';
import { GameHost } from '../../server/host';
import { SetupForm } from '../../ui/pole/setup-form';
import { DEFAULT_OPTIONS } from '../../ui/pole/watch-session';
import { createTestServer } from '../server/helpers';

let host: GameHost;
beforeAll(async () => {
  const server = await createTestServer();
  host = server.host;
  return server.close;
});

const setupForm = (names: readonly string[]) =>
  renderToStaticMarkup(
    createElement(SetupForm, {
      initial: {
        seats: names.map((name) => ({ name, bot: 'heuristic' as const })),
        seed: 's',
        options: DEFAULT_OPTIONS,
      },
      onStart: () => undefined,
      onCancel: null,
      error: null,
    }),
  );
const notes = (html: string) =>
  [...html.matchAll(/<p id="seat-name-note-(\d)"[^>]*>([^<]*)<\/p>/g)].map((m) => [
    Number(m[1]),
    m[2]!.replace(/&#x27;/g, "'"),
  ]);

/** The forms once let two players share a name with no warning, and cut a name at the input's limit without a word. */
describe('the new-game forms judge the seats’ names as the server does', () => {
  it('what the forms stop the server refuses with the same words, and what they let through it creates', async () => {
    const tables = [
      ['Ada', 'Bao'],
      ['Ada', 'ada'],
      ['Ada', 'Bao', ' BAO'],
      ['x'.repeat(SEAT_NAME_MAX), 'y'],
      ['x'.repeat(SEAT_NAME_MAX + 1), 'y'],
      ['Éva', 'E\u0301VA'],
    ];
    for (const names of tables) {
      const [problem] = seatNameProblems(names);
      const created = host.create({
        game: 'pole',
        seats: names.map((name) => ({ kind: 'heuristic', name })),
        botPaceMs: 0,
      });
      if (!problem) {
        await expect(created).resolves.toMatchObject({ seats: names.map((name) => ({ name: name.trim() })) });
        continue;
      }
      const err: unknown = await created.then(
        () => null,
        (e: unknown) => e,
      );
      expect(isHostError(err) && [err.status, err.message]).toEqual([
        400,
        describeSeatNameProblem(
          problem,
          names.map((n) => n.trim()),
        ),
      ]);
    }
  });

  it('the watch-mode form shows a clash beside the seat at once, and a long name is counted, never cut', () => {
    const html = setupForm(['Ada', 'Bao', 'ada', 'Maximilian Alexander Wolf']);
    expect(notes(html)).toEqual([
      [2, 'Seat 3 has the same name as seat 1 (“Ada”): give each player a name of their own.'],
      [3, 'Seat 4’s name is 25 characters long: a name has at most 24, so shorten it by 1.'],
    ]);
    expect(html).toContain('value="Maximilian Alexander Wolf"');
    const nameInputs = html.match(/<input[^>]*aria-label="Name of player[^>]*>/g) ?? [];
    expect(nameInputs).toHaveLength(4);
    for (const input of nameInputs) expect(input).not.toContain('maxLength');
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(2);
    // A blank name is the seat's default: "Ada" typed for seat 2 clashes with seat 1 left blank.
    expect(notes(setupForm(['', 'Ada']))).toEqual([
      [1, 'Seat 2 has the same name as seat 1 (“Ada”): give each player a name of their own.'],
    ]);
    // Near the limit the row counts; a short name has no note.
    expect(notes(setupForm(['Ada', 'Bartholomew Fitzgerald']))).toEqual([[1, '22 / 24 characters']]);
  });
});
