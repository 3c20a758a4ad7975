import { describe, expect, it } from 'vitest';
import { chartHeightFor, countAxisOf, LABEL_CHARS_PER_LINE, wrapLabel } from './chart-axes';

describe('chart axes (issue 45 item 15)', () => {
  it.each([
    [0, 1, 1],
    [1, 1, 1],
    [2, 2, 1],
    [3, 3, 1],
    [5, 6, 2],
    [9, 10, 5],
    [36, 40, 10],
    [37, 40, 10],
    [130, 150, 50],
    [1234, 1500, 500],
  ])('runs the count axis of a largest count %i to %i in whole steps of %i, four at most', (largest, end, step) => {
    expect(countAxisOf(largest)).toEqual({ end, step });
    expect(end / step).toBeLessThanOrEqual(4);
  });

  it('keeps a short label on one line', () => {
    expect(wrapLabel('Payment requested')).toEqual(['Payment requested']);
  });

  it('wraps a long label at word boundaries within the label column', () => {
    const lines = wrapLabel('Welder confirmations and revalidations due in 60 days');
    expect(lines).toEqual(['Welder confirmations and', 'revalidations due in 60', 'days']);
    expect(lines.every((line) => line.length <= LABEL_CHARS_PER_LINE)).toBe(true);
  });

  it('cuts a word longer than a line rather than letting it run out of the column', () => {
    expect(wrapLabel('Qualification-certification-revalidation').every((line) => line.length <= LABEL_CHARS_PER_LINE)).toBe(true);
  });

  it('gives every bar a row tall enough for the longest label', () => {
    expect(chartHeightFor(['A', 'B'])).toBe(160);
    // Six rows of one line: 28 px each.
    expect(chartHeightFor(['Assessment', 'Payment requested', 'Payment completed', 'Exam scheduled', 'Exam completed', 'Result recorded'])).toBe(6 * 28 + 40);
    // Three-line labels need three lines of 12 px text per row.
    expect(chartHeightFor(Array.from({ length: 4 }, () => 'Welder confirmations and revalidations due in 60 days'))).toBe(4 * 54 + 40);
  });
});
