/**
 * The axes of a horizontal bar chart of counts (issue 45 item 15). Every bar keeps its label,
 * wrapped onto as many lines as it needs within the label column, and each bar's row is tall
 * enough for its label's lines, so that no label is skipped or drawn over another. The count axis
 * runs to a round figure in at most four whole steps (it was ticked in quarters).
 */

/** The label column's width in CSS pixels, and the characters of 12 px text that fit on one line there (an average letter is under 6.5 px). */
export const LABEL_COLUMN_WIDTH = 170;
export const LABEL_CHARS_PER_LINE = 24;
/** 12 px text at a line height of 1.2. */
const LINE_HEIGHT_PX = 14.4;
/** Room above and below a label's lines, and the least a bar's row takes. */
const ROW_PADDING_PX = 10;
const MIN_ROW_HEIGHT_PX = 28;
/** The count axis under the bars and the chart's own margins. */
const AXIS_AND_MARGINS_PX = 40;

/** The label's lines: whole words while they fit, a word longer than a line cut where it must be. */
export function wrapLabel(label: string, charsPerLine = LABEL_CHARS_PER_LINE): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of label.trim().split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > charsPerLine) {
      if (line) lines.push(line);
      line = '';
      lines.push(rest.slice(0, charsPerLine));
      rest = rest.slice(charsPerLine);
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= charsPerLine) line = `${line} ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** The chart's height: one row per bar, each as tall as the longest label needs. */
export function chartHeightFor(labels: readonly string[]): number {
  const mostLines = Math.max(1, ...labels.map((label) => wrapLabel(label).length));
  const rowHeight = Math.max(MIN_ROW_HEIGHT_PX, Math.ceil(mostLines * LINE_HEIGHT_PX + ROW_PADDING_PX));
  return Math.max(160, labels.length * rowHeight + AXIS_AND_MARGINS_PX);
}

/**
 * The count axis: whole steps of a round size (1, 2 or 5 times a power of ten), at most four of
 * them, to the least multiple of the step that covers the largest count; 0 to 1 for an all-zero chart.
 */
export function countAxisOf(largest: number): { end: number; step: number } {
  if (largest <= 1) return { end: 1, step: 1 };
  const least = largest / 4;
  const power = 10 ** Math.floor(Math.log10(least));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= least && Number.isInteger(candidate)) ?? Math.ceil(least);
  return { end: Math.ceil(largest / step) * step, step };
}
