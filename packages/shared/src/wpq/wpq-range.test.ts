import { describe, expect, it } from 'vitest';
import { WPQ_MESSAGES } from './wpq-messages';
import {
  buttThicknessRange,
  calculateRange,
  combinedPositionsQualified,
  fillerGroupsQualified,
  fillerTypesQualified,
  filletThicknessRange,
  pipeDiameterRange,
  positionsQualified,
  processesQualified,
  transferModesQualified,
  weldDetailsQualified,
  type RangeInput,
  type RangeResult,
  type TestPieceInput,
} from './wpq-range';
import type { BackingType, FillerGroup, FillerType, LayerTechnique, WeldProcess, WeldingPosition } from './wpq-reference';
import { AS_NZS_2980_RULES, ISO_9606_1_RULES, rulesFor } from './wpq-rules';

const iso = ISO_9606_1_RULES;

/** The example: a 135 plate butt weld of 10 mm in PF with FM1 solid wire. */
const plateButt: RangeInput = {
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
  if (!outcome.ok) throw new Error(`expected a range, got ${JSON.stringify(outcome.fieldErrors)}`);
  return outcome.range;
}

function errorsOf(input: RangeInput): Record<string, string> {
  const outcome = calculateRange(input);
  if (outcome.ok) throw new Error('expected field errors, got a range');
  return outcome.fieldErrors;
}

describe('the issue example', () => {
  it('ranges a 135 plate butt weld of 10 mm in PF with FM1 solid wire', () => {
    const range = rangeOf(plateButt);
    expect(range.thickness).toEqual({ min: 3, max: 20 });
    expect(range.positions).toEqual(['PA', 'PF']);
    expect(range.processes).toEqual(['135', '138']);
    expect(range.fillerGroups).toEqual(['FM1', 'FM2']);
    expect(range.fillerTypes).toEqual(['S', 'M']);
    expect(range.weldTypes).toEqual(['BW']);
    expect(range.designations).toEqual(['ISO 9606-1 135 P BW FM1 S s10 PF ss nb']);
    expect(range.reasons.find((r) => r.part === 'thickness')).toMatchObject({
      clause: 'ISO 9606-1 5.7',
      table: 'Range of qualification for deposited thickness of butt welds',
    });
  });

  it('gives every essential variable a reason with its clause', () => {
    const parts = new Set(rangeOf(plateButt).reasons.map((r) => r.part));
    for (const part of ['processes', 'transferModes', 'productTypes', 'weldTypes', 'thickness', 'fillerGroups', 'fillerTypes', 'parentGroups', 'positions', 'weldDetails', 'acceptance'] as const) {
      expect(parts.has(part), part).toBe(true);
    }
    expect(rangeOf(plateButt).reasons.every((r) => r.clause.startsWith('ISO 9606-1 '))).toBe(true);
  });
});

describe('process table', () => {
  const rows: [WeldProcess, WeldProcess[]][] = [
    ['111', ['111']],
    ['114', ['114']],
    ['131', ['131']],
    ['136', ['136']],
    ['15', ['15']],
    ['311', ['311']],
    ['121', ['121', '125']],
    ['125', ['121', '125']],
    ['135', ['135', '138']],
    ['138', ['135', '138']],
    ['141', ['141', '142', '143', '145']],
    ['143', ['141', '142', '143', '145']],
    ['145', ['141', '142', '143', '145']],
    ['142', ['142']],
  ];
  it.each(rows)('%s qualifies %j', (tested, qualified) => {
    expect(processesQualified(tested)).toEqual(qualified);
  });

  it('131 does not qualify 135', () => {
    expect(processesQualified('131')).not.toContain('135');
  });
});

describe('transfer mode', () => {
  it('a short-circuit test qualifies the other modes; the others do not qualify short-circuit', () => {
    for (const process of ['131', '135', '138'] as const) {
      expect(transferModesQualified(process, 'short-circuit')).toEqual(['short-circuit', 'globular', 'spray', 'pulsed']);
      for (const mode of ['globular', 'spray', 'pulsed'] as const) {
        expect(transferModesQualified(process, mode)).toEqual(['globular', 'spray', 'pulsed']);
      }
    }
  });

  it('matters only for 131, 135 and 138', () => {
    expect(transferModesQualified('111', 'spray')).toEqual([]);
    expect(errorsOf({ ...plateButt, transferMode: null })).toEqual({ transferMode: 'Transfer mode is required for process 135' });
    expect(errorsOf({ ...plateButt, weldingProcess: '111', fillerMaterialType: 'B' })).toEqual({ transferMode: WPQ_MESSAGES.transferModeNotApplicable });
  });
});

describe('gas welding direction', () => {
  const gas: RangeInput = { ...plateButt, weldingProcess: '311', transferMode: null, fillerMaterialType: 'S', directionOfWelding: 'lw' };
  it('qualifies leftward and rightward welding separately', () => {
    expect(rangeOf(gas).directionsOfWelding).toEqual(['lw']);
    expect(rangeOf({ ...gas, directionOfWelding: 'rw' }).directionsOfWelding).toEqual(['rw']);
    expect(rangeOf(gas).designations[0]).toBe('ISO 9606-1 311 P BW FM1 S s10 PF ss nb lw');
  });
  it('needs the direction for 311 and refuses it elsewhere', () => {
    expect(errorsOf({ ...gas, directionOfWelding: null })).toEqual({ directionOfWelding: WPQ_MESSAGES.directionRequired });
    expect(errorsOf({ ...plateButt, directionOfWelding: 'lw' })).toEqual({ directionOfWelding: WPQ_MESSAGES.directionNotApplicable });
  });
});

describe('product type and diameter', () => {
  const pipe = (d: number, extra: Partial<TestPieceInput> = {}): RangeInput => ({ ...plateButt, productType: 'Pipe', pipeOD: d, weldingPosition: 'PC', ...extra });

  it('D of 25 mm or less qualifies D to 2D; larger D qualifies 0.5D and up, never below 25 mm', () => {
    expect(pipeDiameterRange(10, iso)).toEqual({ min: 10, max: 20 });
    expect(pipeDiameterRange(25, iso)).toEqual({ min: 25, max: 50 });
    expect(pipeDiameterRange(25.5, iso)).toEqual({ min: 25, max: null });
    expect(pipeDiameterRange(40, iso)).toEqual({ min: 25, max: null });
    expect(pipeDiameterRange(50, iso)).toEqual({ min: 25, max: null });
    expect(pipeDiameterRange(60, iso)).toEqual({ min: 30, max: null });
    expect(pipeDiameterRange(168.3, iso)).toEqual({ min: 84.15, max: null });
  });

  it('a pipe test of D 25 mm or more also qualifies plate; below it does not', () => {
    expect(rangeOf(pipe(25)).productTypes).toEqual(['Plate', 'Pipe']);
    expect(rangeOf(pipe(25)).diameter).toMatchObject({ min: 25, max: 50, plate: true });
    expect(rangeOf(pipe(24.9)).productTypes).toEqual(['Pipe']);
    expect(rangeOf(pipe(24.9)).diameter).toMatchObject({ min: 24.9, max: 49.8, plate: false });
  });

  it('a plate test qualifies fixed pipe of D 500 mm or more and rotating pipe of D 75 mm or more in PA to PD, within the positions qualified', () => {
    expect(rangeOf(plateButt).diameter).toEqual({ min: 75, max: null, plate: true, fixedPipeMin: 500, rotatingPipeMin: 75, rotatingPipePositions: ['PA'] });
    const fillet = rangeOf({ ...plateButt, jointType: 'FW', backingAndConsumableInsert: null, layerTechnique: 'ml', weldingPosition: 'PD' });
    expect(fillet.diameter.rotatingPipePositions).toEqual(['PA', 'PB', 'PC', 'PD']);
    // PG qualifies only PG: no rotating pipe at all, fixed pipe of D 500 mm or more.
    const downhill = rangeOf({ ...plateButt, weldingPosition: 'PG' });
    expect(downhill.diameter).toMatchObject({ min: 500, rotatingPipeMin: null, fixedPipeMin: 500, rotatingPipePositions: [] });
  });

  it('applies the same diameter table to fillet welds on pipe', () => {
    const fillet = rangeOf(pipe(20, { jointType: 'FW', backingAndConsumableInsert: null, layerTechnique: 'sl', weldingPosition: 'PB' }));
    expect(fillet.diameter).toMatchObject({ min: 20, max: 40, plate: false });
  });

  it('refuses a pipe without a diameter and a plate with one', () => {
    expect(errorsOf(pipe(60, { pipeOD: null }))).toEqual({ pipeOD: WPQ_MESSAGES.pipeODRequired });
    expect(errorsOf({ ...plateButt, pipeOD: 60 })).toEqual({ pipeOD: WPQ_MESSAGES.pipeODForPlate });
  });
});

describe('type of weld', () => {
  it('qualifies butt and fillet welds separately', () => {
    expect(rangeOf(plateButt).weldTypes).toEqual(['BW']);
    expect(rangeOf({ ...plateButt, jointType: 'FW', backingAndConsumableInsert: null, layerTechnique: 'sl', weldingPosition: 'PB' }).weldTypes).toEqual(['FW']);
  });

  it('a butt weld on pipe qualifies branch connections at 60 degrees or more', () => {
    const pipe = rangeOf({ ...plateButt, productType: 'Pipe', pipeOD: 114.3, weldingPosition: 'PH' });
    expect(pipe.branchConnections).toBe(true);
    expect(pipe.reasons.some((r) => r.text.includes('branch connections at 60°') && r.text.includes('set-on'))).toBe(true);
    expect(rangeOf(plateButt).branchConnections).toBe(false);
    expect(errorsOf({ ...plateButt, branch: 'Set-on' })).toEqual({ branch: WPQ_MESSAGES.branchOnPlate });
  });

  it('refuses a special joint rather than guess', () => {
    expect(errorsOf({ ...plateButt, jointType: 'Special', backingAndConsumableInsert: null })).toEqual({ jointType: WPQ_MESSAGES.specialJoint });
  });

  describe('supplementary fillet test', () => {
    const withFillet: RangeInput = {
      ...plateButt,
      layerTechnique: 'ml',
      additionalJointTypeTest: 'FW',
      productTypeForAdditionalJointType: 'Plate',
      weldingPositionForAdditionalJointType: 'PB',
    };
    it('qualifies fillet welds in PA and PB; a multi-layer butt test gives single and multi-layer fillets', () => {
      const range = rangeOf(withFillet);
      expect(range.weldTypes).toEqual(['BW', 'FW']);
      expect(range.supplementaryFillet).toEqual({ positions: ['PA', 'PB'], layerTechniques: ['sl', 'ml'], thickness: { min: 3, max: null } });
      expect(range.positions).toEqual(['PA', 'PF']);
      expect(range.requiredTests.filter((t) => t.appliesTo === 'supplementary fillet test').map((t) => t.methods)).toEqual([['visual'], ['fracture', 'macro']]);
    });
    it('gives single-layer fillets only after a single-layer butt test, at the butt thickness when under 10 mm', () => {
      const range = rangeOf({ ...withFillet, testPieceThickness: 2, layerTechnique: 'sl' });
      expect(range.supplementaryFillet).toEqual({ positions: ['PA', 'PB'], layerTechniques: ['sl'], thickness: { min: 2, max: 4 } });
    });
    it('is welded in PB with a butt test, and needs the butt test layer technique', () => {
      expect(errorsOf({ ...withFillet, weldingPositionForAdditionalJointType: 'PA' })).toEqual({ weldingPositionForAdditionalJointType: WPQ_MESSAGES.supplementaryPosition });
      expect(errorsOf({ ...withFillet, layerTechnique: null })).toEqual({ layerTechnique: WPQ_MESSAGES.layerTechniqueForSupplementary });
      expect(errorsOf({ ...withFillet, productTypeForAdditionalJointType: null, weldingPositionForAdditionalJointType: null })).toEqual({
        productTypeForAdditionalJointType: WPQ_MESSAGES.supplementaryProductRequired,
        weldingPositionForAdditionalJointType: WPQ_MESSAGES.supplementaryPositionRequired,
      });
      expect(errorsOf({ ...plateButt, productTypeForAdditionalJointType: 'Plate' })).toEqual({ productTypeForAdditionalJointType: WPQ_MESSAGES.onlyWithSupplementary });
      const fillet = { ...withFillet, jointType: 'FW' as const, backingAndConsumableInsert: null, weldingPosition: 'PB' as const };
      expect(errorsOf(fillet)).toEqual({ additionalJointTypeTest: WPQ_MESSAGES.supplementaryNeedsButt });
    });
  });
});

describe('butt weld thickness, by s of each process', () => {
  const rows: [number, number, number | null][] = [
    [1, 1, 3],
    [1.5, 1.5, 3],
    [2, 2, 4],
    [2.9, 2.9, 5.8],
    [3, 3, 6],
    [8, 3, 16],
    [10, 3, 20],
    [11.9, 3, 23.8],
    [12, 3, null],
    [30, 3, null],
  ];
  it.each(rows)('s %s mm qualifies %s to %s mm', (s, min, max) => {
    expect(buttThicknessRange(s, '135', iso)).toEqual({ min, max });
  });

  const gasRows: [number, number, number | null][] = [
    [1, 1, 1.5],
    [2.2, 2.2, 3.3],
    [2.9, 2.9, 4.35],
    [3, 3, 4.5],
    [6, 3, 9],
    [11.9, 3, 17.85],
    [12, 3, null],
  ];
  it.each(gasRows)('for 311, s %s mm qualifies %s to %s mm', (s, min, max) => {
    expect(buttThicknessRange(s, '311', iso)).toEqual({ min, max });
  });

  it('takes s = t for one process, and refuses another s or one over t', () => {
    expect(rangeOf({ ...plateButt, depositThickness: 10 }).thickness).toEqual({ min: 3, max: 20 });
    expect(errorsOf({ ...plateButt, depositThickness: 8 })).toEqual({ depositThickness: WPQ_MESSAGES.depositNotThickness });
    expect(errorsOf({ ...plateButt, depositThickness: 12 })).toEqual({ depositThickness: WPQ_MESSAGES.depositOverThickness });
  });

  it('needs at least three layers from 12 mm', () => {
    expect(errorsOf({ ...plateButt, testPieceThickness: 12, layerTechnique: 'sl' })).toEqual({ layerTechnique: WPQ_MESSAGES.threeLayersNeeded });
    expect(rangeOf({ ...plateButt, testPieceThickness: 12, layerTechnique: 'ml' }).thickness).toEqual({ min: 3, max: null });
  });

  describe('a joint of two processes', () => {
    const twoProcess: RangeInput = {
      ...plateButt,
      weldingProcess: '141',
      transferMode: null,
      fillerMaterialType: 'S',
      productType: 'Pipe',
      pipeOD: 168.3,
      weldingPosition: 'PH',
      testPieceThickness: 13,
      depositThickness: 3,
      secondProcess: { weldingProcess: '135', transferMode: 'spray', fillerMaterialType: 'S', depositThickness: 10 },
    };
    it('ranges each process by its own s and the whole joint by s1 + s2; an unbacked root process is qualified for the root only', () => {
      const range = rangeOf(twoProcess);
      expect(range.processRanges.map((r) => [r.testedProcess, r.thickness, r.isRootOnly])).toEqual([
        ['141', { min: 3, max: 6 }, true],
        ['135', { min: 3, max: 20 }, false],
      ]);
      expect(range.thickness).toEqual({ min: 3, max: null });
      expect(range.processes).toEqual(['135', '138', '141', '142', '143', '145']);
      expect(range.transferModes).toEqual(['globular', 'spray', 'pulsed']);
      expect(range.designations).toEqual(['ISO 9606-1 141/135 T BW FM1 S/S s3/s10 D168.3 PH ss nb']);
      expect(range.reasons.some((r) => r.text.includes('made the root without backing'))).toBe(true);
    });
    it('qualifies the root process fully when the root had backing', () => {
      expect(rangeOf({ ...twoProcess, backingAndConsumableInsert: 'ss gb' }).processRanges[0]?.isRootOnly).toBe(false);
    });
    it('also ranges two filler types of one process separately', () => {
      const electrodes = rangeOf({
        ...plateButt,
        weldingProcess: '111',
        transferMode: null,
        fillerMaterialType: 'C',
        depositThickness: 2,
        testPieceThickness: 10,
        secondProcess: { weldingProcess: '111', fillerMaterialType: 'B', depositThickness: 8 },
      });
      expect(electrodes.processRanges.map((r) => r.fillerTypes)).toEqual([['C'], ['A', 'RA', 'RB', 'RC', 'RR', 'R', 'B']]);
      expect(electrodes.thickness).toEqual({ min: 3, max: 20 });
    });
    it('refuses a missing root s, deposits over t, and a fillet weld', () => {
      expect(errorsOf({ ...twoProcess, depositThickness: null })).toEqual({ depositThickness: WPQ_MESSAGES.depositRequiredTwoProcesses });
      expect(errorsOf({ ...twoProcess, depositThickness: 4 })).toEqual({ depositThickness: WPQ_MESSAGES.depositsOverThickness });
      expect(errorsOf({ ...twoProcess, secondProcess: { weldingProcess: '141', fillerMaterialType: 'S', depositThickness: 10 } })).toEqual({
        'secondProcess.weldingProcess': WPQ_MESSAGES.secondProcessSame,
      });
      expect(errorsOf({ ...twoProcess, secondProcess: { weldingProcess: '135', fillerMaterialType: 'S', depositThickness: 10 } })).toEqual({
        'secondProcess.transferMode': 'Transfer mode is required for process 135',
      });
    });
  });
});

describe('fillet weld thickness, by t', () => {
  const rows: [number, number, number | null][] = [
    [1, 1, 3],
    [1.5, 1.5, 3],
    [2, 2, 4],
    [2.9, 2.9, 5.8],
    [3, 3, null],
    [10, 3, null],
  ];
  it.each(rows)('t %s mm qualifies %s to %s mm', (t, min, max) => {
    expect(filletThicknessRange(t, iso)).toEqual({ min, max });
  });

  it('refuses a deposited thickness and a backing on a fillet weld, and needs a layer technique', () => {
    const fillet: RangeInput = { ...plateButt, jointType: 'FW', backingAndConsumableInsert: null, layerTechnique: 'ml', weldingPosition: 'PB' };
    expect(rangeOf(fillet).designations).toEqual(['ISO 9606-1 135 P FW FM1 S t10 PB ml']);
    expect(errorsOf({ ...fillet, depositThickness: 10 })).toEqual({ depositThickness: WPQ_MESSAGES.depositForFillet });
    expect(errorsOf({ ...fillet, backingAndConsumableInsert: 'ss nb' })).toEqual({ backingAndConsumableInsert: WPQ_MESSAGES.backingForFillet });
    expect(errorsOf({ ...fillet, layerTechnique: null })).toEqual({ layerTechnique: WPQ_MESSAGES.layerTechniqueRequired });
  });
});

describe('filler material group', () => {
  const rows: [FillerGroup, FillerGroup[]][] = [
    ['FM1', ['FM1', 'FM2']],
    ['FM2', ['FM1', 'FM2']],
    ['FM3', ['FM1', 'FM2', 'FM3']],
    ['FM4', ['FM1', 'FM2', 'FM3', 'FM4']],
    ['FM5', ['FM5']],
    ['FM6', ['FM5', 'FM6']],
  ];
  it.each(rows)('%s qualifies %j', (tested, qualified) => {
    expect(fillerGroupsQualified(tested)).toEqual(qualified);
  });

  it('a test with filler qualifies parent groups 1 to 11; without filler only the tested group', () => {
    expect(rangeOf({ ...plateButt, parentMaterialGroup: 8, parentMaterialSubgroup: '8.1' }).parentGroups).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const autogenous: RangeInput = { ...plateButt, weldingProcess: '142', transferMode: null, fillerMaterialGroup: null, fillerMaterialType: 'nm', testPieceThickness: 2, parentMaterialGroup: 8 };
    const range = rangeOf(autogenous);
    expect(range.parentGroups).toEqual([8]);
    expect(range.fillerGroups).toEqual([]);
    expect(range.fillerTypes).toEqual(['nm']);
    expect(errorsOf({ ...autogenous, parentMaterialGroup: null })).toEqual({ parentMaterialGroup: WPQ_MESSAGES.parentGroupRequiredWithoutFiller });
    expect(errorsOf({ ...autogenous, fillerMaterialGroup: 'FM5' })).toEqual({ fillerMaterialGroup: WPQ_MESSAGES.fillerGroupWithoutFiller });
    expect(errorsOf({ ...plateButt, fillerMaterialGroup: null })).toEqual({ fillerMaterialGroup: WPQ_MESSAGES.fillerMaterialGroupRequired });
  });

  it('311 without filler qualifies only the tested group and only welding without filler', () => {
    const range = rangeOf({ ...plateButt, weldingProcess: '311', transferMode: null, directionOfWelding: 'rw', fillerMaterialGroup: null, fillerMaterialType: 'nm', parentMaterialGroup: 1 });
    expect(range.parentGroups).toEqual([1]);
    expect(range.fillerTypes).toEqual(['nm']);
  });

  it('checks that a subgroup belongs to its group', () => {
    expect(errorsOf({ ...plateButt, parentMaterialGroup: 1, parentMaterialSubgroup: '2.1' })).toEqual({ parentMaterialSubgroup: 'Subgroup 2.1 is not in material group 1' });
    expect(errorsOf({ ...plateButt, parentMaterialSubgroup: '1.2' })).toEqual({ parentMaterialGroup: WPQ_MESSAGES.parentGroupRequiredWithSubgroup });
  });
});

describe('filler material type', () => {
  const electrodes: [FillerType, FillerType[]][] = [
    ['A', ['A', 'RA', 'RB', 'RC', 'RR', 'R']],
    ['RA', ['A', 'RA', 'RB', 'RC', 'RR', 'R']],
    ['RB', ['A', 'RA', 'RB', 'RC', 'RR', 'R']],
    ['RC', ['A', 'RA', 'RB', 'RC', 'RR', 'R']],
    ['RR', ['A', 'RA', 'RB', 'RC', 'RR', 'R']],
    ['R', ['A', 'RA', 'RB', 'RC', 'RR', 'R']],
    ['B', ['A', 'RA', 'RB', 'RC', 'RR', 'R', 'B']],
    ['C', ['C']],
  ];
  it.each(electrodes)('covered electrode %s qualifies %j', (tested, qualified) => {
    expect(fillerTypesQualified('111', tested, ['111'])).toEqual(qualified);
  });

  it('solid and metal-cored wires qualify each other', () => {
    expect(fillerTypesQualified('135', 'S', ['135', '138'])).toEqual(['S', 'M']);
    expect(fillerTypesQualified('138', 'M', ['135', '138'])).toEqual(['S', 'M']);
  });

  it('basic flux-cored B qualifies B, R, P, V, W, Y, Z; the others qualify R, P, V, W, Y, Z', () => {
    expect(fillerTypesQualified('136', 'B', ['136'])).toEqual(['B', 'P', 'V', 'W', 'Y', 'Z', 'R'].sort(byCode));
    for (const type of ['R', 'P', 'V', 'W', 'Y', 'Z'] as const) {
      expect(fillerTypesQualified('136', type, ['136']), type).toEqual(['R', 'P', 'V', 'W', 'Y', 'Z'].sort(byCode));
    }
  });

  it('welding with filler qualifies welding without filler, not the reverse', () => {
    expect(fillerTypesQualified('141', 'S', processesQualified('141'))).toEqual(['S', 'M', 'nm']);
    expect(fillerTypesQualified('311', 'S', ['311'])).toEqual(['S', 'nm']);
    expect(fillerTypesQualified('311', 'nm', ['311'])).toEqual(['nm']);
    expect(fillerTypesQualified('142', 'nm', ['142'])).toEqual(['nm']);
    // 135 and 138 cannot weld without filler, so nothing is added for them.
    expect(fillerTypesQualified('135', 'S', ['135', '138'])).not.toContain('nm');
  });

  it('refuses a filler type that does not exist for the process', () => {
    expect(errorsOf({ ...plateButt, fillerMaterialType: 'B' })).toEqual({ fillerMaterialType: 'Filler material type B does not exist for process 135' });
    expect(errorsOf({ ...plateButt, weldingProcess: '111', transferMode: null, fillerMaterialType: 'S' })).toEqual({
      fillerMaterialType: 'Filler material type S does not exist for process 111',
    });
  });
});

function byCode(a: string, b: string): number {
  const order = ['A', 'RA', 'RB', 'RC', 'RR', 'R', 'B', 'C', 'S', 'M', 'P', 'V', 'W', 'Y', 'Z', 'nm'];
  return order.indexOf(a) - order.indexOf(b);
}

describe('positions', () => {
  const rows: [WeldingPosition, WeldingPosition[] | null, WeldingPosition[] | null][] = [
    ['PA', ['PA'], ['PA']],
    ['PB', null, ['PA', 'PB']],
    ['PC', ['PA', 'PC'], ['PA', 'PB', 'PC']],
    ['PD', null, ['PA', 'PB', 'PC', 'PD', 'PE']],
    ['PE', ['PA', 'PC', 'PE'], ['PA', 'PB', 'PC', 'PD', 'PE']],
    ['PF', ['PA', 'PF'], ['PA', 'PB', 'PF']],
    ['PH', ['PA', 'PE', 'PF'], ['PA', 'PB', 'PC', 'PD', 'PE', 'PF']],
    ['PG', ['PG'], ['PG']],
    ['PJ', ['PA', 'PE', 'PG'], ['PA', 'PB', 'PD', 'PE', 'PG']],
    ['H-L045', ['PA', 'PC', 'PE', 'PF', 'H-L045'], null],
    ['J-L045', ['PA', 'PC', 'PE', 'PG', 'J-L045'], null],
  ];
  it.each(rows)('%s: butt %j, fillet %j', (tested, butt, fillet) => {
    if (butt) expect(positionsQualified('BW', tested)).toEqual(butt);
    if (fillet) expect(positionsQualified('FW', tested)).toEqual(fillet);
  });

  it('refuses butt welds in PB and PD, and fillet welds in the inclined pipe positions', () => {
    expect(errorsOf({ ...plateButt, weldingPosition: 'PB' })).toEqual({ weldingPosition: 'PB is not a butt weld position' });
    expect(errorsOf({ ...plateButt, weldingPosition: 'PD' })).toEqual({ weldingPosition: 'PD is not a butt weld position' });
    const pipeFillet: RangeInput = { ...plateButt, productType: 'Pipe', pipeOD: 60, jointType: 'FW', backingAndConsumableInsert: null, layerTechnique: 'sl' };
    expect(errorsOf({ ...pipeFillet, weldingPosition: 'H-L045' })).toEqual({ weldingPosition: 'H-L045 is not a fillet weld position' });
    expect(errorsOf({ ...pipeFillet, weldingPosition: 'PC' })).toEqual({ weldingPosition: 'PC is not a fillet weld position on pipe' });
  });

  it('refuses pipe positions on plate, and reads PF and PG on pipe as PH and PJ', () => {
    expect(errorsOf({ ...plateButt, weldingPosition: 'PH' })).toEqual({ weldingPosition: 'PH is a pipe position: choose a plate position' });
    expect(errorsOf({ ...plateButt, weldingPosition: 'J-L045' })).toEqual({ weldingPosition: 'J-L045 is a pipe position: choose a plate position' });
    const pipe: RangeInput = { ...plateButt, productType: 'Pipe', pipeOD: 60 };
    expect(rangeOf({ ...pipe, weldingPosition: 'PF' }).positions).toEqual(['PA', 'PE', 'PF']);
    expect(rangeOf({ ...pipe, weldingPosition: 'PG' }).positions).toEqual(['PA', 'PE', 'PG']);
    expect(rangeOf({ ...pipe, weldingPosition: 'PF' }).designations[0]).toContain(' PH ');
    expect(errorsOf({ ...pipe, weldingPosition: 'PE' })).toEqual({ weldingPosition: 'PE is not a butt weld position on pipe' });
  });

  it('one pipe of D 150 mm or more welded two-thirds PH and one-third PC qualifies every upward position', () => {
    const combined: RangeInput = { ...plateButt, productType: 'Pipe', pipeOD: 168.3, weldingPosition: 'PH', combinedPositionTest: true };
    expect(rangeOf(combined).positions).toEqual(['PA', 'PC', 'PE', 'PF', 'H-L045']);
    expect(rangeOf({ ...combined, weldingPosition: 'PJ' }).positions).toEqual(['PA', 'PC', 'PE', 'PG', 'J-L045']);
    expect(combinedPositionsQualified('FW', 'PH')).toEqual(['PA', 'PB', 'PC', 'PD', 'PE', 'PF']);
    expect(errorsOf({ ...combined, pipeOD: 149 })).toEqual({ combinedPositionTest: 'The two-thirds/one-third test needs a pipe of D 150 mm or more' });
    expect(errorsOf({ ...combined, weldingPosition: 'PC' })).toEqual({ combinedPositionTest: WPQ_MESSAGES.combinedPositionNeedsPipe });
  });
});

describe('weld details', () => {
  const butt: [BackingType, BackingType[]][] = [
    ['ss nb', ['ss nb', 'ss mb', 'bs', 'ss gb', 'ss fb']],
    ['ss mb', ['ss mb', 'bs']],
    ['bs', ['ss mb', 'bs']],
    ['ss gb', ['ss mb', 'bs', 'ss gb']],
    ['ss fb', ['ss mb', 'bs', 'ss fb']],
    ['ci', ['ss mb', 'bs', 'ci']],
  ];
  it.each(butt)('butt weld %s qualifies %j', (tested, qualified) => {
    expect(weldDetailsQualified(tested)).toEqual(qualified);
  });
  const fillet: [LayerTechnique, LayerTechnique[]][] = [
    ['sl', ['sl']],
    ['ml', ['sl', 'ml']],
  ];
  it.each(fillet)('fillet %s qualifies %j', (tested, qualified) => {
    expect(weldDetailsQualified(tested)).toEqual(qualified);
  });

  it('needs the backing of a butt weld', () => {
    expect(errorsOf({ ...plateButt, backingAndConsumableInsert: null })).toEqual({ backingAndConsumableInsert: WPQ_MESSAGES.backingRequired });
  });
});

describe('tests required', () => {
  const methodsOf = (range: RangeResult, rule: string) => range.requiredTests.find((t) => t.rule === rule)?.methods;

  it('visual testing always, first; then radiography, bend or fracture; 135 also needs bend or fracture with radiography', () => {
    const range = rangeOf({ ...plateButt, testPieceThickness: 6 });
    expect(range.requiredTests[0]).toMatchObject({ rule: 'always', methods: ['visual'] });
    expect(methodsOf(range, 'one of')).toEqual(['radiographic', 'bend', 'fracture']);
    expect(methodsOf(range, 'also after radiography')).toEqual(['bend', 'fracture']);
    expect(range.requiredTests.find((t) => t.rule === 'bend specimens')?.note).toContain('two root and two face bends');
    expect(methodsOf(range, 'recommended')).toEqual(['job-knowledge']);
  });

  it('lets ultrasonic testing replace radiography from t 8 mm on ferritic steels only', () => {
    expect(methodsOf(rangeOf({ ...plateButt, testPieceThickness: 8, parentMaterialGroup: 1 }), 'one of')).toContain('ultrasonic');
    expect(methodsOf(rangeOf({ ...plateButt, testPieceThickness: 7.9, parentMaterialGroup: 1 }), 'one of')).not.toContain('ultrasonic');
    expect(methodsOf(rangeOf({ ...plateButt, testPieceThickness: 10, parentMaterialGroup: 8 }), 'one of')).not.toContain('ultrasonic');
  });

  it('does not add bend or fracture tests after radiography for 111', () => {
    const range = rangeOf({ ...plateButt, weldingProcess: '111', transferMode: null, fillerMaterialType: 'B' });
    expect(methodsOf(range, 'also after radiography')).toBeUndefined();
  });

  it('asks for four side bends from 12 mm, and offers the notched tensile test on pipe of D 25 mm or less', () => {
    expect(rangeOf({ ...plateButt, testPieceThickness: 12, layerTechnique: 'ml' }).requiredTests.find((t) => t.rule === 'bend specimens')?.note).toContain('four side bends');
    expect(methodsOf(rangeOf({ ...plateButt, productType: 'Pipe', pipeOD: 25, weldingPosition: 'PC', testPieceThickness: 3 }), 'may replace')).toEqual(['notched-tensile']);
    expect(methodsOf(rangeOf({ ...plateButt, productType: 'Pipe', pipeOD: 26, weldingPosition: 'PC', testPieceThickness: 3 }), 'may replace')).toBeUndefined();
  });

  it('fillet welds: fracture or macro; on pipe radiography may replace fracture', () => {
    const fillet: RangeInput = { ...plateButt, jointType: 'FW', backingAndConsumableInsert: null, layerTechnique: 'sl', weldingPosition: 'PB' };
    expect(methodsOf(rangeOf(fillet), 'one of')).toEqual(['fracture', 'macro']);
    expect(methodsOf(rangeOf({ ...fillet, productType: 'Pipe', pipeOD: 60 }), 'one of')).toEqual(['fracture', 'macro', 'radiographic']);
  });
});

describe('several test pieces', () => {
  it('qualify from the smallest to the largest of their ranges', () => {
    const range = rangeOf({
      ...plateButt,
      testPieceThickness: 2,
      furtherTestPieces: [{ ...plateButt, testPieceThickness: 8, weldingPosition: 'PC' }],
    });
    expect(range.thickness).toEqual({ min: 2, max: 16 });
    expect(range.positions).toEqual(['PA', 'PC', 'PF']);
    expect(range.designations).toHaveLength(2);
    expect(range.requiredTests.filter((t) => t.rule === 'always').map((t) => t.testPiece)).toEqual([1, 2]);
    expect(range.reasons.some((r) => r.part === 'combined' && r.testPiece === null)).toBe(true);
  });

  it('two pipes of the same D in PH and PC also qualify H-L045; PJ and PC qualify J-L045', () => {
    const pipe: RangeInput = { ...plateButt, productType: 'Pipe', pipeOD: 114.3, weldingPosition: 'PH' };
    const upwards = rangeOf({ ...pipe, furtherTestPieces: [{ ...pipe, weldingPosition: 'PC' }] });
    expect(upwards.positions).toEqual(['PA', 'PC', 'PE', 'PF', 'H-L045']);
    const downwards = rangeOf({ ...pipe, weldingPosition: 'PJ', furtherTestPieces: [{ ...pipe, weldingPosition: 'PC' }] });
    expect(downwards.positions).toEqual(['PA', 'PC', 'PE', 'PG', 'J-L045']);
    const differentD = rangeOf({ ...pipe, furtherTestPieces: [{ ...pipe, pipeOD: 60.3, weldingPosition: 'PC' }] });
    expect(differentD.positions).not.toContain('H-L045');
    expect(differentD.diameter).toMatchObject({ min: 30.15, max: null });
  });

  it('must share the process and the weld type', () => {
    expect(errorsOf({ ...plateButt, furtherTestPieces: [{ ...plateButt, weldingProcess: '138', fillerMaterialType: 'M' }] })).toEqual({
      'furtherTestPieces.0.weldingProcess': WPQ_MESSAGES.furtherPieceProcess,
    });
    expect(
      errorsOf({ ...plateButt, furtherTestPieces: [{ ...plateButt, jointType: 'FW', backingAndConsumableInsert: null, layerTechnique: 'sl', weldingPosition: 'PB' }] }),
    ).toEqual({ 'furtherTestPieces.0.jointType': WPQ_MESSAGES.furtherPieceJointType });
    expect(errorsOf({ ...plateButt, furtherTestPieces: [{ ...plateButt, weldingPosition: 'PD' }] })).toEqual({
      'furtherTestPieces.0.weldingPosition': 'PD is not a butt weld position',
    });
  });
});

describe('AS/NZS 2980 as configuration of the same engine', () => {
  it('gives the ISO range with its own designation and says why', () => {
    const range = rangeOf({ ...plateButt, standard: 'AS/NZS 2980:2018' });
    const isoRange = rangeOf(plateButt);
    expect(range.standard).toBe('AS/NZS 2980:2018');
    expect(range.designations).toEqual(['AS/NZS 2980 135 P BW FM1 S s10 PF ss nb']);
    expect({ ...range, standard: null, designations: null, reasons: null }).toEqual({ ...isoRange, standard: null, designations: null, reasons: null });
    expect(range.reasons[0]).toMatchObject({ part: 'standard', clause: 'AS/NZS 2980:2018' });
    expect(AS_NZS_2980_RULES.buttThickness).toEqual(ISO_9606_1_RULES.buttThickness);
  });

  it('reads changed figures from the configuration', () => {
    const stricter = rulesFor('AS/NZS 2980:2018', { buttThickness: { factor: 1.5 }, diameter: { fixedPipeFromPlateMin: 600 } });
    const outcome = calculateRange({ ...plateButt, standard: 'AS/NZS 2980:2018' }, stricter);
    expect(outcome.ok && outcome.range.thickness).toEqual({ min: 3, max: 15 });
    expect(outcome.ok && outcome.range.diameter.fixedPipeMin).toBe(600);
  });
});
