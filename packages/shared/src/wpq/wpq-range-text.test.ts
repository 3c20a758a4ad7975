import { describe, expect, it } from 'vitest';
import { calculateRange, type RangeInput, type RangeResult } from './wpq-range';
import { diameterRangeText } from './wpq-range-text';

/** Issue 45 item 20's test piece: a 135 plate butt weld of 10 mm in PF. */
const plateInPF: RangeInput = {
  weldingProcess: '135',
  transferMode: 'short-circuit',
  productType: 'Plate',
  jointType: 'BW',
  testPieceThickness: 10,
  weldingPosition: 'PF',
  fillerMaterialGroup: 'FM1',
  fillerMaterialType: 'S',
  backingAndConsumableInsert: 'ss nb',
};

function rangeOf(input: RangeInput): RangeResult {
  const outcome = calculateRange(input);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.fieldErrors));
  return outcome.range;
}

describe('the pipe diameters qualified, in words', () => {
  it("writes a plate test's conditions as the engine answers them: fixed pipe from D 500 mm, rotating pipe from D 75 mm in the flat positions qualified", () => {
    expect(diameterRangeText(rangeOf(plateInPF).diameter)).toBe('plate; fixed pipe D 500 mm and up; rotating pipe D 75 mm and up in PA');
    const filletInPD = rangeOf({ ...plateInPF, jointType: 'FW', backingAndConsumableInsert: null, layerTechnique: 'ml', weldingPosition: 'PD' });
    expect(diameterRangeText(filletInPD.diameter)).toBe('plate; fixed pipe D 500 mm and up; rotating pipe D 75 mm and up in PA, PB, PC, PD');
    // PG qualifies no position rotating pipe may be welded in: fixed pipe only.
    expect(diameterRangeText(rangeOf({ ...plateInPF, weldingPosition: 'PG' }).diameter)).toBe('plate; fixed pipe D 500 mm and up');
  });

  it("writes a pipe test's one range, with plate when it qualifies plate", () => {
    expect(diameterRangeText(rangeOf({ ...plateInPF, productType: 'Pipe', pipeOD: 60.3, weldingPosition: 'PH' }).diameter)).toBe('plate; pipe D 30.15 mm and up');
    expect(diameterRangeText(rangeOf({ ...plateInPF, productType: 'Pipe', pipeOD: 20, weldingPosition: 'PH' }).diameter)).toBe('pipe D 20 mm to 40 mm');
  });

  it('reads a range stored before the engine named fixed and rotating pipe as one pipe range', () => {
    expect(diameterRangeText({ min: 75, max: null, plate: true } as RangeResult['diameter'])).toBe('plate; pipe D 75 mm and up');
  });
});
