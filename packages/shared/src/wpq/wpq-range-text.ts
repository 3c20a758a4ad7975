/**
 * The range engine's pipe diameters in words, one wording for every place that prints a range (the
 * certificate, the range sheet, the calculator). A plate test's answer has conditions (ISO 9606-1
 * 5.3): fixed pipe only from one diameter, rotating pipe from a smaller one and only in some
 * positions. Printing just the smallest D ("pipe D 75 mm and up") would claim fixed pipe the engine
 * never qualified, so the conditions are always written out.
 */
import type { DiameterRange } from './wpq-range';

const mm = (value: number) => `${Math.round(value * 100) / 100} mm`;

export function diameterRangeText(diameter: DiameterRange): string {
  const parts: string[] = [];
  if (diameter.plate) parts.push('plate');
  const upTo = diameter.max === null ? 'and up' : `to ${mm(diameter.max)}`;
  // Ranges stored before the engine named fixed and rotating pipe have neither: one pipe range then.
  const fixed = diameter.fixedPipeMin ?? null;
  const rotating = diameter.rotatingPipeMin ?? null;
  if (fixed === rotating) {
    if (diameter.min !== null) parts.push(`pipe D ${mm(diameter.min)} ${upTo}`);
  } else {
    if (fixed !== null) parts.push(`fixed pipe D ${mm(fixed)} ${upTo}`);
    if (rotating !== null) parts.push(`rotating pipe D ${mm(rotating)} ${upTo} in ${(diameter.rotatingPipePositions ?? []).join(', ')}`);
  }
  return parts.join('; ');
}
