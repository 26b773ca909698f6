/**
 * The balance lab's progress while it runs, rendered with react-dom/server: a progress bar screen readers read as
 * games played of the total, and the games done and the time left in words.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LabProgressBar } from '../../ui/studio/lab-panel';

/** The progress bar's ARIA attributes and the line of text under it. */
function render(
  done: number,
  total: number,
  secondsLeft: number | null,
): { bar: Record<string, string>; text: string } {
  const markup = renderToStaticMarkup(createElement(LabProgressBar, { done, total, secondsLeft }));
  const tag = /<div[^>]* role="progressbar"[^>]*>/.exec(markup)?.[0] ?? '';
  const bar = Object.fromEntries([...tag.matchAll(/ (aria-[a-z]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  const text = /data-testid="lab-progress">([^<]*)</.exec(markup)?.[1] ?? '';
  return { bar, text };
}

describe('the balance lab’s progress', () => {
  it('is a progress bar of the games played, with the count and the time left', () => {
    const { bar, text } = render(1200, 5000, 2.6);
    expect(bar).toEqual({
      'aria-label': 'Balance lab games played',
      'aria-valuemin': '0',
      'aria-valuemax': '5000',
      'aria-valuenow': '1200',
      'aria-valuetext': '1,200 of 5,000 games',
    });
    expect(text).toBe('1,200 / 5,000 games · about 3 s left');
  });

  it('says it is estimating before the first games are done, and minutes for a long wait', () => {
    expect(render(0, 2000, null).text).toBe('0 / 2,000 games · estimating the time left…');
    expect(render(100, 5000, 150).text).toBe('100 / 5,000 games · about 3 min left');
    expect(render(4990, 5000, 0.2).text).toBe('4,990 / 5,000 games · under a second left');
  });
});
