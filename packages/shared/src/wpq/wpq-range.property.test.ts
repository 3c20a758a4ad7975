import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buttThicknessRange,
  calculateRange,
  filletThicknessRange,
  fillerTypesQualified,
  pipeDiameterRange,
  positionsQualified,
  processesQualified,
  weldDetailsQualified,
  type RangeInput,
  type ThicknessRange,
} from './wpq-range';
import { BACKING_TYPE_CODES, FILLER_TYPES_BY_PROCESS, TEST_POSITIONS, WELD_PROCESS_CODES, type WeldProcess } from './wpq-reference';
import { ISO_9606_1_RULES, rulesFor } from './wpq-rules';
import { confirmationDueDate, validityDates } from './wpq-validity';

const rules = ISO_9606_1_RULES;
// Hundredths of a millimetre, as a gauge would read them.
const millimetres = (max: number) => fc.integer({ min: 1, max: max * 100 }).map((n) => n / 100);
const process = fc.constantFrom(...WELD_PROCESS_CODES);

const contains = (range: ThicknessRange, value: number) => range.min <= value && (range.max === null || value <= range.max);
const maxOf = (range: ThicknessRange) => range.max ?? Number.POSITIVE_INFINITY;

describe('thickness ranges', () => {
  it('a butt range always contains the tested s', () => {
    fc.assert(fc.property(millimetres(60), process, (s, p) => contains(buttThicknessRange(s, p, rules), s)));
  });

  it('a larger butt test thickness never qualifies a smaller maximum', () => {
    fc.assert(
      fc.property(millimetres(60), millimetres(60), process, (a, b, p) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        return maxOf(buttThicknessRange(large, p, rules)) >= maxOf(buttThicknessRange(small, p, rules));
      }),
    );
  });

  it('a fillet range always contains t, and grows with t', () => {
    fc.assert(
      fc.property(millimetres(60), millimetres(60), (a, b) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        return contains(filletThicknessRange(a, rules), a) && maxOf(filletThicknessRange(large, rules)) >= maxOf(filletThicknessRange(small, rules));
      }),
    );
  });

  it('a range never starts above 3 mm', () => {
    fc.assert(fc.property(millimetres(60), process, (s, p) => buttThicknessRange(s, p, rules).min <= 3 && filletThicknessRange(s, rules).min <= 3));
  });
});

describe('diameter ranges', () => {
  it('contain the tested D and never qualify below 25 mm for a larger pipe', () => {
    fc.assert(
      fc.property(millimetres(1000), (d) => {
        const range = pipeDiameterRange(d, rules);
        const hasD = range.min <= d && (range.max === null || d <= range.max);
        return hasD && (d <= 25 || range.min >= 25);
      }),
    );
  });

  it('a larger pipe never qualifies a smaller maximum diameter', () => {
    fc.assert(
      fc.property(millimetres(1000), millimetres(1000), (a, b) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        return (pipeDiameterRange(large, rules).max ?? Infinity) >= (pipeDiameterRange(small, rules).max ?? Infinity);
      }),
    );
  });
});

describe('every table qualifies what was tested', () => {
  it('processes, filler types, positions and weld details contain the tested value', () => {
    fc.assert(
      fc.property(process, (p) => {
        const processes = processesQualified(p);
        return processes.includes(p) && FILLER_TYPES_BY_PROCESS[p].every((type) => fillerTypesQualified(p, type, processes).includes(type));
      }),
    );
    for (const product of ['Plate', 'Pipe'] as const) {
      for (const weld of ['BW', 'FW'] as const) {
        for (const position of TEST_POSITIONS[product][weld]) {
          const qualified = positionsQualified(weld, position);
          // PH and PJ are qualified as PF and PG, their names in the production positions.
          const named = position === 'PH' ? 'PF' : position === 'PJ' ? 'PG' : position;
          expect(qualified, `${product} ${weld} ${position}`).toContain(named);
        }
      }
    }
    for (const backing of BACKING_TYPE_CODES) expect(weldDetailsQualified(backing)).toContain(backing);
  });
});

/** A valid test piece of any process, product, weld type and size. */
const validPiece: fc.Arbitrary<RangeInput> = fc
  .record({
    weldingProcess: process,
    productType: fc.constantFrom('Plate' as const, 'Pipe' as const),
    jointType: fc.constantFrom('BW' as const, 'FW' as const),
    t: millimetres(40),
    d: millimetres(800),
    positionIndex: fc.nat(),
    fillerIndex: fc.nat(),
    multiLayer: fc.boolean(),
    standard: fc.constantFrom('ISO 9606-1:2017' as const, 'AS/NZS 2980:2018' as const),
  })
  .map(({ weldingProcess, productType, jointType, t, d, positionIndex, fillerIndex, multiLayer, standard }) => {
    const positions = TEST_POSITIONS[productType][jointType];
    const fillers = FILLER_TYPES_BY_PROCESS[weldingProcess as WeldProcess];
    const fillerMaterialType = fillers[fillerIndex % fillers.length] ?? 'S';
    const hasFiller = fillerMaterialType !== 'nm';
    return {
      standard,
      weldingProcess,
      transferMode: ['131', '135', '138'].includes(weldingProcess) ? 'spray' : null,
      directionOfWelding: weldingProcess === '311' ? 'lw' : null,
      productType,
      jointType,
      testPieceThickness: t,
      pipeOD: productType === 'Pipe' ? d : null,
      weldingPosition: positions[positionIndex % positions.length] ?? 'PA',
      fillerMaterialGroup: hasFiller ? 'FM1' : null,
      fillerMaterialType,
      parentMaterialGroup: 1,
      backingAndConsumableInsert: jointType === 'BW' ? 'ss nb' : null,
      layerTechnique: multiLayer || (jointType === 'BW' && t >= 12) ? 'ml' : 'sl',
    } satisfies RangeInput;
  });

describe('the whole engine', () => {
  it('ranges every valid piece, containing its own thickness, diameter, position and process', () => {
    fc.assert(
      fc.property(validPiece, (piece) => {
        const outcome = calculateRange(piece);
        if (!outcome.ok) throw new Error(JSON.stringify({ piece, errors: outcome.fieldErrors }));
        const { range } = outcome;
        expect(contains(range.thickness, piece.testPieceThickness)).toBe(true);
        expect(range.processes).toContain(piece.weldingProcess);
        expect(range.reasons.length).toBeGreaterThan(0);
        if (piece.productType === 'Pipe' && piece.pipeOD) {
          expect(range.diameter.min ?? Infinity).toBeLessThanOrEqual(piece.pipeOD);
          expect(range.diameter.max ?? Infinity).toBeGreaterThanOrEqual(piece.pipeOD);
        }
        return true;
      }),
    );
  });

  it('gives field errors, never a range, for a zero or missing dimension it needs', () => {
    fc.assert(
      fc.property(validPiece, (piece) => {
        const withoutD = calculateRange({ ...piece, productType: 'Pipe', pipeOD: null, weldingPosition: 'PA' });
        return !withoutD.ok && withoutD.fieldErrors.pipeOD !== undefined;
      }),
    );
  });

  it('adding a test piece never narrows the range', () => {
    fc.assert(
      fc.property(validPiece, millimetres(40), (piece, otherT) => {
        const single = calculateRange(piece);
        const other = { ...piece, testPieceThickness: otherT, layerTechnique: piece.jointType === 'BW' && otherT >= 12 ? ('ml' as const) : piece.layerTechnique };
        const both = calculateRange({ ...piece, furtherTestPieces: [other] });
        if (!single.ok || !both.ok) return true;
        return both.range.thickness.min <= single.range.thickness.min && maxOf(both.range.thickness) >= maxOf(single.range.thickness);
      }),
    );
  });
});

describe('validity dates', () => {
  const testDate = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

  it('order the first confirmation before b) before a), always after the test', () => {
    fc.assert(
      fc.property(testDate, (date) => {
        const dates = validityDates(date);
        return date < dates.firstConfirmation && dates.firstConfirmation < dates.revalidationBy && dates.revalidationBy < dates.retestBy;
      }),
    );
  });

  it('space confirmations by the configured months, in order', () => {
    fc.assert(
      fc.property(testDate, fc.integer({ min: 1, max: 12 }), (date, months) => {
        const configured = rulesFor('ISO 9606-1:2017', { validity: { confirmationMonths: months } });
        const first = confirmationDueDate(date, 1, configured);
        const second = confirmationDueDate(date, 2, configured);
        return date < first && first < second;
      }),
    );
  });
});
