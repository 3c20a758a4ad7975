import type { WeldProcess, WeldingPosition, WpqStandard } from './wpq-reference';

/**
 * The figures of the ISO 9606-1 rules that a standard may set differently. There is one engine;
 * a standard is a set of these values. AS/NZS 2980:2018 is used together with ISO 9606-1 and its
 * own tables are not public, so its entry starts from the ISO values and names only what is known
 * to differ (the designation); a program's settings can override any figure.
 */
export interface WpqRules {
  standard: WpqStandard;
  /** Opens the designation on the certificate. */
  designationPrefix: string;
  /** The standard whose clause numbers the reasons cite. */
  clauseSource: string;
  buttThickness: {
    /** Below this s the range starts at s; from it the range starts here. */
    lowerLimit: number;
    /** From this s (with at least three layers) there is no upper limit. */
    unlimitedFrom: number;
    factor: number;
    /** Gas welding gets a narrower factor. */
    gasWeldingFactor: number;
    gasWeldingProcesses: readonly WeldProcess[];
  };
  filletThickness: { lowerLimit: number; factor: number };
  diameter: {
    /** Up to and including this D the range is D to factor x D. */
    smallPipeLimit: number;
    smallPipeFactor: number;
    largePipeFactor: number;
    /** A pipe test of this D or more also qualifies plate. */
    plateFromPipeD: number;
    fixedPipeFromPlateMin: number;
    rotatingPipeFromPlateMin: number;
    rotatingPipeFromPlatePositions: readonly WeldingPosition[];
  };
  branchMinAngleDegrees: number;
  supplementaryFillet: { maxThickness: number; positions: readonly WeldingPosition[] };
  /** Minimum D of the one-piece test welded two-thirds PH (or PJ) and one-third PC. */
  combinedPositionMinD: number;
  tests: {
    ultrasonicMinThickness: number;
    processesNeedingBendOrFractureWithRadiography: readonly WeldProcess[];
    notchedTensileMaxD: number;
    sideBendFromThickness: number;
  };
  validity: {
    confirmationMonths: number;
    retestYears: number;
    revalidationYears: number;
    /** Option b): the two welds are made in this last part of the validity. */
    revalidationWindowMonths: number;
    isOptionCAllowed: boolean;
  };
}

export const ISO_9606_1_RULES: WpqRules = {
  standard: 'ISO 9606-1:2017',
  designationPrefix: 'ISO 9606-1',
  clauseSource: 'ISO 9606-1',
  buttThickness: { lowerLimit: 3, unlimitedFrom: 12, factor: 2, gasWeldingFactor: 1.5, gasWeldingProcesses: ['311'] },
  filletThickness: { lowerLimit: 3, factor: 2 },
  diameter: {
    smallPipeLimit: 25,
    smallPipeFactor: 2,
    largePipeFactor: 0.5,
    plateFromPipeD: 25,
    fixedPipeFromPlateMin: 500,
    rotatingPipeFromPlateMin: 75,
    rotatingPipeFromPlatePositions: ['PA', 'PB', 'PC', 'PD'],
  },
  branchMinAngleDegrees: 60,
  supplementaryFillet: { maxThickness: 10, positions: ['PA', 'PB'] },
  combinedPositionMinD: 150,
  tests: {
    ultrasonicMinThickness: 8,
    processesNeedingBendOrFractureWithRadiography: ['131', '135', '138', '311'],
    notchedTensileMaxD: 25,
    sideBendFromThickness: 12,
  },
  validity: { confirmationMonths: 6, retestYears: 3, revalidationYears: 2, revalidationWindowMonths: 6, isOptionCAllowed: true },
};

export const AS_NZS_2980_RULES: WpqRules = {
  ...ISO_9606_1_RULES,
  standard: 'AS/NZS 2980:2018',
  designationPrefix: 'AS/NZS 2980',
};

export const WPQ_RULES: Record<WpqStandard, WpqRules> = {
  'ISO 9606-1:2017': ISO_9606_1_RULES,
  'AS/NZS 2980:2018': AS_NZS_2980_RULES,
};

export interface WpqRulesOverrides {
  designationPrefix?: string;
  buttThickness?: Partial<WpqRules['buttThickness']>;
  filletThickness?: Partial<WpqRules['filletThickness']>;
  diameter?: Partial<WpqRules['diameter']>;
  branchMinAngleDegrees?: number;
  supplementaryFillet?: Partial<WpqRules['supplementaryFillet']>;
  combinedPositionMinD?: number;
  tests?: Partial<WpqRules['tests']>;
  validity?: Partial<WpqRules['validity']>;
}

/** The rules of a standard, with a program's settings laid over them. */
export function rulesFor(standard: WpqStandard, overrides: WpqRulesOverrides = {}): WpqRules {
  const base = WPQ_RULES[standard];
  return {
    ...base,
    ...(overrides.designationPrefix ? { designationPrefix: overrides.designationPrefix } : {}),
    buttThickness: { ...base.buttThickness, ...overrides.buttThickness },
    filletThickness: { ...base.filletThickness, ...overrides.filletThickness },
    diameter: { ...base.diameter, ...overrides.diameter },
    branchMinAngleDegrees: overrides.branchMinAngleDegrees ?? base.branchMinAngleDegrees,
    supplementaryFillet: { ...base.supplementaryFillet, ...overrides.supplementaryFillet },
    combinedPositionMinD: overrides.combinedPositionMinD ?? base.combinedPositionMinD,
    tests: { ...base.tests, ...overrides.tests },
    validity: { ...base.validity, ...overrides.validity },
  };
}
