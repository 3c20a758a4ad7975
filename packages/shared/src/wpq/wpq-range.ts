/**
 * The range-of-qualification engine: a pure function from a welder's test variables to what they
 * may weld in production, each part with the rule (clause and table of ISO 9606-1) behind it.
 * One engine serves every standard; a standard's differences are its `WpqRules`.
 */
import { type FieldErrors, WPQ_MESSAGES } from './wpq-messages';
import {
  BACKING_TYPE_CODES,
  FILLER_GROUP_CODES,
  FILLER_TYPE_CODES,
  FILLER_TYPES_BY_PROCESS,
  GAS_WELDING_PROCESS,
  LAYER_TECHNIQUE_CODES,
  MATERIAL_GROUP_NUMBERS,
  NO_FILLER,
  PRODUCT_TYPES,
  PRODUCT_TYPE_CODES,
  TEST_POSITIONS,
  TRANSFER_MODE_CODES,
  TRANSFER_MODE_PROCESSES,
  WELDING_POSITION_CODES,
  WELD_PROCESS_CODES,
  FERRITIC_MATERIAL_GROUPS,
  groupOfSubgroup,
  inReferenceOrder,
  type AdditionalJointType,
  type BackingType,
  type BranchType,
  type CurrentType,
  type DirectionOfWelding,
  type FillerGroup,
  type FillerType,
  type JointType,
  type LayerTechnique,
  type MaterialGroup,
  type MaterialSubgroup,
  type ProductType,
  type TestMethod,
  type TransferMode,
  type WeldDetail,
  type WeldProcess,
  type WeldType,
  type WeldingPosition,
  type WpqStandard,
} from './wpq-reference';
import { rulesFor, type WpqRules } from './wpq-rules';

// ---------------------------------------------------------------------------------------------
// Input and result

/** A second process (or a second filler type) that filled a butt joint after the root. */
export interface SecondProcessInput {
  weldingProcess: WeldProcess;
  transferMode?: TransferMode | null;
  fillerMaterialType: FillerType;
  depositThickness: number;
}

/** One test piece, with the spec's field names (section 3, welder qualification record). */
export interface TestPieceInput {
  weldingProcess: WeldProcess;
  transferMode?: TransferMode | null;
  directionOfWelding?: DirectionOfWelding | null;
  productType: ProductType;
  jointType: JointType;
  branch?: BranchType | null;
  /** Material thickness t, mm. */
  testPieceThickness: number;
  /** Deposited thickness s of the (root) process, mm; butt welds only. */
  depositThickness?: number | null;
  /** Pipe outside diameter D, mm; for hollow sections the smaller side. */
  pipeOD?: number | null;
  weldingPosition: WeldingPosition;
  /** One pipe welded two-thirds in PH (or PJ) and one-third in PC. */
  combinedPositionTest?: boolean;
  fillerMaterialGroup?: FillerGroup | null;
  fillerMaterialType: FillerType;
  backingAndConsumableInsert?: BackingType | null;
  layerTechnique?: LayerTechnique | null;
  parentMaterialGroup?: MaterialGroup | null;
  parentMaterialSubgroup?: MaterialSubgroup | null;
  typeOfCurrentAndPolarity?: CurrentType | null;
  additionalJointTypeTest?: AdditionalJointType | null;
  productTypeForAdditionalJointType?: ProductType | null;
  weldingPositionForAdditionalJointType?: WeldingPosition | null;
  secondProcess?: SecondProcessInput | null;
}

export interface RangeInput extends TestPieceInput {
  standard?: WpqStandard;
  /** Further test pieces of the same qualification; the range combines them all. */
  furtherTestPieces?: TestPieceInput[];
}

export interface ThicknessRange {
  min: number;
  /** null: no upper limit. */
  max: number | null;
}

export interface DiameterRange {
  /** The smallest pipe outside diameter qualified in any condition; null when no pipe is. */
  min: number | null;
  /** null: no upper limit. */
  max: number | null;
  /** Whether plate is qualified. */
  plate: boolean;
  fixedPipeMin: number | null;
  rotatingPipeMin: number | null;
  /** Positions in which rotating pipe is qualified (a plate test limits them). */
  rotatingPipePositions: WeldingPosition[];
}

export interface ProcessRange {
  testPiece: number;
  testedProcess: WeldProcess;
  fillerMaterialType: FillerType;
  depositThickness: number | null;
  processes: WeldProcess[];
  transferModes: TransferMode[];
  fillerTypes: FillerType[];
  thickness: ThicknessRange;
  /** A process that made the root without backing is qualified for the root only. */
  isRootOnly: boolean;
}

export interface SupplementaryFilletRange {
  positions: WeldingPosition[];
  layerTechniques: LayerTechnique[];
  thickness: ThicknessRange;
}

export const REQUIRED_TEST_RULES = ['always', 'one of', 'also after radiography', 'may replace', 'bend specimens', 'recommended'] as const;
export type RequiredTestRule = (typeof REQUIRED_TEST_RULES)[number];

export interface RequiredTest {
  testPiece: number;
  appliesTo: 'test piece' | 'supplementary fillet test';
  rule: RequiredTestRule;
  methods: TestMethod[];
  note: string;
  clause: string;
}

export const RANGE_PARTS = [
  'standard',
  'processes',
  'transferModes',
  'directionsOfWelding',
  'productTypes',
  'diameter',
  'weldTypes',
  'thickness',
  'fillerGroups',
  'fillerTypes',
  'parentGroups',
  'positions',
  'weldDetails',
  'layerTechniques',
  'supplementaryFillet',
  'requiredTests',
  'acceptance',
  'recorded',
  'combined',
] as const;
export type RangePart = (typeof RANGE_PARTS)[number];

export interface RangeReason {
  /** 1-based; null for what the pieces give together. */
  testPiece: number | null;
  part: RangePart;
  text: string;
  clause: string;
  table: string | null;
}

export interface RangeResult {
  standard: WpqStandard;
  designations: string[];
  processes: WeldProcess[];
  processRanges: ProcessRange[];
  transferModes: TransferMode[];
  directionsOfWelding: DirectionOfWelding[];
  productTypes: ProductType[];
  diameter: DiameterRange;
  weldTypes: WeldType[];
  /** Branch connections at 60° or more, ranged on the branch's outside diameter. */
  branchConnections: boolean;
  thickness: ThicknessRange;
  fillerGroups: FillerGroup[];
  fillerTypes: FillerType[];
  parentGroups: MaterialGroup[];
  positions: WeldingPosition[];
  weldDetails: WeldDetail[];
  layerTechniques: LayerTechnique[];
  supplementaryFillet: SupplementaryFilletRange | null;
  requiredTests: RequiredTest[];
  reasons: RangeReason[];
}

export type RangeOutcome = { ok: true; range: RangeResult } | { ok: false; fieldErrors: FieldErrors };

// ---------------------------------------------------------------------------------------------
// The tables

/** Table titles the reasons cite, beside the clause. */
export const RULE_TABLES = {
  processes: 'Range of qualification for welding processes',
  fillerGroups: 'Range of qualification for filler material groups',
  fillerTypes: 'Range of qualification for filler material types',
  buttThickness: 'Range of qualification for deposited thickness of butt welds',
  filletThickness: 'Range of qualification for material thickness of fillet welds',
  diameter: 'Range of qualification for outside pipe diameter',
  positions: 'Range of qualification for welding positions',
  buttDetails: 'Range of qualification for weld details of butt welds',
  filletDetails: 'Range of qualification for layer technique of fillet welds',
  testMethods: 'Test methods',
} as const;

const PROCESS_TABLE: Record<WeldProcess, readonly WeldProcess[]> = {
  '111': ['111'],
  '114': ['114'],
  '121': ['121', '125'],
  '125': ['121', '125'],
  '131': ['131'],
  '135': ['135', '138'],
  '136': ['136'],
  '138': ['135', '138'],
  '141': ['141', '142', '143', '145'],
  '142': ['142'],
  '143': ['141', '142', '143', '145'],
  '145': ['141', '142', '143', '145'],
  '15': ['15'],
  '311': ['311'],
};

const FILLER_GROUP_TABLE: Record<FillerGroup, readonly FillerGroup[]> = {
  FM1: ['FM1', 'FM2'],
  FM2: ['FM1', 'FM2'],
  FM3: ['FM1', 'FM2', 'FM3'],
  FM4: ['FM1', 'FM2', 'FM3', 'FM4'],
  FM5: ['FM5'],
  FM6: ['FM5', 'FM6'],
};

const COVERED_ELECTRODE_FAMILY: readonly FillerType[] = ['A', 'RA', 'RB', 'RC', 'RR', 'R'];
const SOLID_AND_METAL_CORED: readonly FillerType[] = ['S', 'M'];
const FLUX_CORED_NON_BASIC: readonly FillerType[] = ['R', 'P', 'V', 'W', 'Y', 'Z'];

const BUTT_POSITION_TABLE: Partial<Record<WeldingPosition, readonly WeldingPosition[]>> = {
  PA: ['PA'],
  PC: ['PA', 'PC'],
  PE: ['PA', 'PC', 'PE'],
  PF: ['PA', 'PF'],
  PH: ['PA', 'PE', 'PF'],
  PG: ['PG'],
  PJ: ['PA', 'PE', 'PG'],
  // The rules list PA, PC, PE and PF (PG); the tested inclined position is qualified too, as every
  // other row qualifies its own test position and the two-pipe rule treats H-L045 as a position to qualify.
  'H-L045': ['PA', 'PC', 'PE', 'PF', 'H-L045'],
  'J-L045': ['PA', 'PC', 'PE', 'PG', 'J-L045'],
};

const FILLET_POSITION_TABLE: Partial<Record<WeldingPosition, readonly WeldingPosition[]>> = {
  PA: ['PA'],
  PB: ['PA', 'PB'],
  PC: ['PA', 'PB', 'PC'],
  PD: ['PA', 'PB', 'PC', 'PD', 'PE'],
  PE: ['PA', 'PB', 'PC', 'PD', 'PE'],
  PF: ['PA', 'PB', 'PF'],
  PH: ['PA', 'PB', 'PC', 'PD', 'PE', 'PF'],
  PG: ['PG'],
  PJ: ['PA', 'PB', 'PD', 'PE', 'PG'],
};

const BUTT_DETAIL_TABLE: Record<BackingType, readonly BackingType[]> = {
  'ss nb': ['ss nb', 'ss mb', 'bs', 'ss gb', 'ss fb'],
  'ss mb': ['ss mb', 'bs'],
  bs: ['ss mb', 'bs'],
  'ss gb': ['ss mb', 'bs', 'ss gb'],
  'ss fb': ['ss mb', 'bs', 'ss fb'],
  ci: ['ss mb', 'bs', 'ci'],
};

const FILLET_DETAIL_TABLE: Record<LayerTechnique, readonly LayerTechnique[]> = {
  sl: ['sl'],
  ml: ['sl', 'ml'],
};

const WELD_DETAIL_ORDER: readonly WeldDetail[] = [...BACKING_TYPE_CODES, ...LAYER_TECHNIQUE_CODES];

// ---------------------------------------------------------------------------------------------
// Each essential variable

/** Thickness and diameter figures are shown to 0.01 mm, so 1.5 x 2.2 reads 3.3, not 3.3000000000000003. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}

export function processesQualified(process: WeldProcess): WeldProcess[] {
  return inReferenceOrder(WELD_PROCESS_CODES, PROCESS_TABLE[process]);
}

/** A short-circuit test qualifies the other modes; the other modes do not qualify short-circuit. */
export function transferModesQualified(process: WeldProcess, mode: TransferMode | null | undefined): TransferMode[] {
  if (!TRANSFER_MODE_PROCESSES.includes(process) || !mode) return [];
  if (mode === 'short-circuit') return [...TRANSFER_MODE_CODES];
  return TRANSFER_MODE_CODES.filter((m) => m !== 'short-circuit');
}

export function fillerGroupsQualified(group: FillerGroup | null | undefined): FillerGroup[] {
  return group ? inReferenceOrder(FILLER_GROUP_CODES, FILLER_GROUP_TABLE[group]) : [];
}

export function canWeldWithoutFiller(process: WeldProcess): boolean {
  return FILLER_TYPES_BY_PROCESS[process].includes(NO_FILLER);
}

/**
 * Filler types a tested type qualifies, kept to the types that exist for the qualified
 * processes: welding with filler qualifies welding without it only where a qualified process
 * can weld without filler (141 qualifies 142; 311 with a rod qualifies 311 without).
 */
export function fillerTypesQualified(process: WeldProcess, type: FillerType, qualifiedProcesses: readonly WeldProcess[]): FillerType[] {
  let qualified: readonly FillerType[];
  if (type === NO_FILLER) qualified = [NO_FILLER];
  else if (process === '111') {
    if (COVERED_ELECTRODE_FAMILY.includes(type)) qualified = COVERED_ELECTRODE_FAMILY;
    else if (type === 'B') qualified = [...COVERED_ELECTRODE_FAMILY, 'B'];
    else qualified = [type];
  } else if (SOLID_AND_METAL_CORED.includes(type)) qualified = SOLID_AND_METAL_CORED;
  else if (type === 'B') qualified = ['B', ...FLUX_CORED_NON_BASIC];
  else if (FLUX_CORED_NON_BASIC.includes(type)) qualified = FLUX_CORED_NON_BASIC;
  else qualified = [type];
  const withoutFiller = type !== NO_FILLER ? [NO_FILLER] : [];
  const existing = new Set(qualifiedProcesses.flatMap((p) => FILLER_TYPES_BY_PROCESS[p]));
  return inReferenceOrder(FILLER_TYPE_CODES, [...qualified, ...withoutFiller]).filter((t) => existing.has(t));
}

/** Butt welds, by the deposited thickness s of one process. */
export function buttThicknessRange(s: number, process: WeldProcess, rules: WpqRules): ThicknessRange {
  const { lowerLimit, unlimitedFrom, factor, gasWeldingFactor, gasWeldingProcesses } = rules.buttThickness;
  const isGasWelding = gasWeldingProcesses.includes(process);
  if (s >= unlimitedFrom) return { min: lowerLimit, max: null };
  if (s >= lowerLimit) return { min: lowerLimit, max: round(s * (isGasWelding ? gasWeldingFactor : factor)) };
  return { min: round(s), max: round(isGasWelding ? s * gasWeldingFactor : Math.max(lowerLimit, s * factor)) };
}

/** Fillet welds, by the material thickness t. */
export function filletThicknessRange(t: number, rules: WpqRules): ThicknessRange {
  const { lowerLimit, factor } = rules.filletThickness;
  if (t >= lowerLimit) return { min: lowerLimit, max: null };
  return { min: round(t), max: round(Math.max(lowerLimit, t * factor)) };
}

/** Outside pipe diameter D: up to 25 mm, D to 2D; above, 0.5D and up but never below 25 mm. */
export function pipeDiameterRange(d: number, rules: WpqRules): { min: number; max: number | null } {
  const { smallPipeLimit, smallPipeFactor, largePipeFactor } = rules.diameter;
  if (d <= smallPipeLimit) return { min: round(d), max: round(d * smallPipeFactor) };
  return { min: round(Math.max(d * largePipeFactor, smallPipeLimit)), max: null };
}

/** On pipe the spec's PF and PG are PH and PJ. */
export function testPosition(productType: ProductType, position: WeldingPosition): WeldingPosition {
  if (productType === 'Pipe' && position === 'PF') return 'PH';
  if (productType === 'Pipe' && position === 'PG') return 'PJ';
  return position;
}

export function positionsQualified(weldType: WeldType, position: WeldingPosition): WeldingPosition[] {
  const table = weldType === 'BW' ? BUTT_POSITION_TABLE : FILLET_POSITION_TABLE;
  return inReferenceOrder(WELDING_POSITION_CODES, table[position] ?? []);
}

/** One pipe welded two-thirds PH (or PJ) and one-third PC: every position of that direction. */
export function combinedPositionsQualified(weldType: WeldType, position: 'PH' | 'PJ'): WeldingPosition[] {
  const inclined: WeldingPosition[] = weldType === 'BW' ? [position === 'PH' ? 'H-L045' : 'J-L045'] : [];
  return inReferenceOrder(WELDING_POSITION_CODES, [...positionsQualified(weldType, position), ...positionsQualified(weldType, 'PC'), ...inclined]);
}

export function weldDetailsQualified(detail: BackingType): BackingType[];
export function weldDetailsQualified(detail: LayerTechnique): LayerTechnique[];
export function weldDetailsQualified(detail: WeldDetail): WeldDetail[] {
  const qualified = (BUTT_DETAIL_TABLE as Record<string, readonly WeldDetail[]>)[detail] ?? (FILLET_DETAIL_TABLE as Record<string, readonly WeldDetail[]>)[detail] ?? [];
  return inReferenceOrder(WELD_DETAIL_ORDER, qualified);
}

// ---------------------------------------------------------------------------------------------
// Validation: impossible input gets a message at its field, never a guessed range

function isButtPosition(position: WeldingPosition): boolean {
  return BUTT_POSITION_TABLE[position] !== undefined;
}

function validatePosition(piece: TestPieceInput, add: (field: string, message: string) => void): void {
  if (piece.jointType === 'Special') return;
  const weld = piece.jointType === 'BW' ? 'butt' : 'fillet';
  const position = testPosition(piece.productType, piece.weldingPosition);
  if (piece.jointType === 'BW' && !isButtPosition(position)) {
    add('weldingPosition', WPQ_MESSAGES.notButtPosition(piece.weldingPosition));
    return;
  }
  if (piece.jointType === 'FW' && FILLET_POSITION_TABLE[position] === undefined) {
    add('weldingPosition', WPQ_MESSAGES.notFilletPosition(piece.weldingPosition));
    return;
  }
  if (!TEST_POSITIONS[piece.productType][piece.jointType].includes(position)) {
    const isPipeOnly = TEST_POSITIONS.Pipe.BW.includes(position) && !TEST_POSITIONS.Plate.FW.includes(position);
    add(
      'weldingPosition',
      piece.productType === 'Plate' && isPipeOnly ? WPQ_MESSAGES.pipePositionOnPlate(piece.weldingPosition) : WPQ_MESSAGES.notPipePosition(piece.weldingPosition, weld),
    );
  }
}

function validateProcessVariables(
  prefix: string,
  process: WeldProcess,
  transferMode: TransferMode | null | undefined,
  fillerType: FillerType,
  add: (field: string, message: string) => void,
): void {
  const needsTransferMode = TRANSFER_MODE_PROCESSES.includes(process);
  if (needsTransferMode && !transferMode) add(`${prefix}transferMode`, WPQ_MESSAGES.transferModeRequiredFor(process));
  if (!needsTransferMode && transferMode) add(`${prefix}transferMode`, WPQ_MESSAGES.transferModeNotApplicable);
  if (!FILLER_TYPES_BY_PROCESS[process].includes(fillerType)) add(`${prefix}fillerMaterialType`, WPQ_MESSAGES.fillerTypeNotForProcess(fillerType, process));
}

/** Every field of one test piece that cannot be ranged, with why. */
export function validateTestPiece(piece: TestPieceInput, rules: WpqRules, prefix = ''): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    const key = `${prefix}${field}`;
    if (!(key in errors)) errors[key] = message;
  };
  const t = piece.testPieceThickness;
  const second = piece.secondProcess ?? null;

  if (piece.jointType === 'Special') add('jointType', WPQ_MESSAGES.specialJoint);

  // Product type and diameter.
  if (piece.productType === 'Pipe' && (piece.pipeOD === null || piece.pipeOD === undefined)) add('pipeOD', WPQ_MESSAGES.pipeODRequired);
  if (piece.productType === 'Plate' && piece.pipeOD !== null && piece.pipeOD !== undefined) add('pipeOD', WPQ_MESSAGES.pipeODForPlate);
  if (piece.productType === 'Plate' && piece.branch && piece.branch !== 'Not-applicable') add('branch', WPQ_MESSAGES.branchOnPlate);

  validatePosition(piece, add);
  if (piece.combinedPositionTest) {
    const position = testPosition(piece.productType, piece.weldingPosition);
    if (piece.productType !== 'Pipe' || (position !== 'PH' && position !== 'PJ')) add('combinedPositionTest', WPQ_MESSAGES.combinedPositionNeedsPipe);
    else if (piece.pipeOD && piece.pipeOD < rules.combinedPositionMinD) add('combinedPositionTest', WPQ_MESSAGES.combinedPositionDiameter(rules.combinedPositionMinD));
  }

  // Process, transfer mode, direction, filler.
  validateProcessVariables('', piece.weldingProcess, piece.transferMode, piece.fillerMaterialType, add);
  const usesGasWelding = piece.weldingProcess === GAS_WELDING_PROCESS;
  if (usesGasWelding && !piece.directionOfWelding) add('directionOfWelding', WPQ_MESSAGES.directionRequired);
  if (!usesGasWelding && piece.directionOfWelding) add('directionOfWelding', WPQ_MESSAGES.directionNotApplicable);

  if (second) {
    if (piece.jointType === 'FW') add('secondProcess', WPQ_MESSAGES.secondProcessForFillet);
    if (usesGasWelding || second.weldingProcess === GAS_WELDING_PROCESS) add('secondProcess.weldingProcess', WPQ_MESSAGES.secondProcessGasWelding);
    if (second.weldingProcess === piece.weldingProcess && second.fillerMaterialType === piece.fillerMaterialType) {
      add('secondProcess.weldingProcess', WPQ_MESSAGES.secondProcessSame);
    }
    validateProcessVariables('secondProcess.', second.weldingProcess, second.transferMode, second.fillerMaterialType, add);
  }

  const fillerTypes = [piece.fillerMaterialType, ...(second ? [second.fillerMaterialType] : [])];
  const usesFiller = fillerTypes.some((type) => type !== NO_FILLER);
  const isWithoutFiller = fillerTypes.some((type) => type === NO_FILLER);
  if (usesFiller && !piece.fillerMaterialGroup) add('fillerMaterialGroup', WPQ_MESSAGES.fillerMaterialGroupRequired);
  if (!usesFiller && piece.fillerMaterialGroup) add('fillerMaterialGroup', WPQ_MESSAGES.fillerGroupWithoutFiller);

  // Parent material: recorded, but without filler it limits the range to the tested group.
  if (isWithoutFiller && !piece.parentMaterialGroup) add('parentMaterialGroup', WPQ_MESSAGES.parentGroupRequiredWithoutFiller);
  if (piece.parentMaterialSubgroup) {
    if (!piece.parentMaterialGroup) add('parentMaterialGroup', WPQ_MESSAGES.parentGroupRequiredWithSubgroup);
    else if (groupOfSubgroup(piece.parentMaterialSubgroup) !== piece.parentMaterialGroup) {
      add('parentMaterialSubgroup', WPQ_MESSAGES.subgroupNotInGroup(piece.parentMaterialSubgroup, piece.parentMaterialGroup));
    }
  }

  // Weld details and thickness.
  if (piece.jointType === 'BW') {
    if (!piece.backingAndConsumableInsert) add('backingAndConsumableInsert', WPQ_MESSAGES.backingRequired);
    const s = piece.depositThickness ?? null;
    if (second) {
      if (s === null) add('depositThickness', WPQ_MESSAGES.depositRequiredTwoProcesses);
      else if (round(s + second.depositThickness) > t) add('depositThickness', WPQ_MESSAGES.depositsOverThickness);
    } else if (s !== null && s > t) add('depositThickness', WPQ_MESSAGES.depositOverThickness);
    else if (s !== null && s !== t) add('depositThickness', WPQ_MESSAGES.depositNotThickness);
    const wholeS = second ? (s ?? 0) + second.depositThickness : (s ?? t);
    if (wholeS >= rules.buttThickness.unlimitedFrom && piece.layerTechnique === 'sl') add('layerTechnique', WPQ_MESSAGES.threeLayersNeeded);
  }
  if (piece.jointType === 'FW') {
    if (piece.backingAndConsumableInsert) add('backingAndConsumableInsert', WPQ_MESSAGES.backingForFillet);
    if (!piece.layerTechnique) add('layerTechnique', WPQ_MESSAGES.layerTechniqueRequired);
    if (piece.depositThickness !== null && piece.depositThickness !== undefined) add('depositThickness', WPQ_MESSAGES.depositForFillet);
  }

  // The supplementary fillet test.
  if (piece.additionalJointTypeTest === 'FW') {
    if (piece.jointType !== 'BW') add('additionalJointTypeTest', WPQ_MESSAGES.supplementaryNeedsButt);
    if (!piece.productTypeForAdditionalJointType) add('productTypeForAdditionalJointType', WPQ_MESSAGES.supplementaryProductRequired);
    if (!piece.weldingPositionForAdditionalJointType) add('weldingPositionForAdditionalJointType', WPQ_MESSAGES.supplementaryPositionRequired);
    else if (piece.weldingPositionForAdditionalJointType !== 'PB') add('weldingPositionForAdditionalJointType', WPQ_MESSAGES.supplementaryPosition);
    if (piece.jointType === 'BW' && !piece.layerTechnique) add('layerTechnique', WPQ_MESSAGES.layerTechniqueForSupplementary);
  } else {
    if (piece.productTypeForAdditionalJointType) add('productTypeForAdditionalJointType', WPQ_MESSAGES.onlyWithSupplementary);
    if (piece.weldingPositionForAdditionalJointType) add('weldingPositionForAdditionalJointType', WPQ_MESSAGES.onlyWithSupplementary);
  }
  return errors;
}

/** Every field of a request that cannot be ranged; empty when the range can be given. */
export function validateRangeInput(input: RangeInput, rules: WpqRules = rulesFor(input.standard ?? 'ISO 9606-1:2017')): FieldErrors {
  const errors: FieldErrors = { ...validateTestPiece(input, rules) };
  (input.furtherTestPieces ?? []).forEach((piece, index) => {
    const prefix = `furtherTestPieces.${index}.`;
    Object.assign(errors, validateTestPiece(piece, rules, prefix));
    const sameProcesses =
      piece.weldingProcess === input.weldingProcess && (piece.secondProcess?.weldingProcess ?? null) === (input.secondProcess?.weldingProcess ?? null);
    if (!sameProcesses && !(`${prefix}weldingProcess` in errors)) errors[`${prefix}weldingProcess`] = WPQ_MESSAGES.furtherPieceProcess;
    if (piece.jointType !== input.jointType && !(`${prefix}jointType` in errors)) errors[`${prefix}jointType`] = WPQ_MESSAGES.furtherPieceJointType;
  });
  return errors;
}

// ---------------------------------------------------------------------------------------------
// The range of one test piece

const letterOf = (productType: ProductType) => PRODUCT_TYPES.find((p) => p.value === productType)?.letter ?? productType;

function numberText(value: number): string {
  return String(round(value));
}

export function thicknessText(range: ThicknessRange): string {
  return range.max === null ? `${numberText(range.min)} mm and up` : `${numberText(range.min)} mm to ${numberText(range.max)} mm`;
}

/** The designation of the standard: standard, process, product, weld, filler group and type, dimensions, position, details. */
function designationOf(piece: TestPieceInput, rules: WpqRules): string {
  const second = piece.secondProcess ?? null;
  const processes = second ? `${piece.weldingProcess}/${second.weldingProcess}` : piece.weldingProcess;
  const fillerTypes = second ? `${piece.fillerMaterialType}/${second.fillerMaterialType}` : piece.fillerMaterialType;
  const s = piece.depositThickness ?? piece.testPieceThickness;
  const dimension =
    piece.jointType === 'FW'
      ? `t${numberText(piece.testPieceThickness)}`
      : second
        ? `s${numberText(s)}/s${numberText(second.depositThickness)}`
        : `s${numberText(s)}`;
  const diameter = piece.productType === 'Pipe' && piece.pipeOD ? ` D${numberText(piece.pipeOD)}` : '';
  const details = piece.jointType === 'FW' ? piece.layerTechnique : piece.backingAndConsumableInsert;
  const direction = piece.directionOfWelding ? ` ${piece.directionOfWelding}` : '';
  const parts = [
    rules.designationPrefix,
    processes,
    letterOf(piece.productType),
    piece.jointType,
    piece.fillerMaterialGroup ?? '',
    fillerTypes,
    `${dimension}${diameter}`,
    testPosition(piece.productType, piece.weldingPosition),
    `${details ?? ''}${direction}`,
  ];
  return parts.filter((part) => part.trim() !== '').join(' ');
}

function requiredTestsOf(piece: TestPieceInput, rules: WpqRules, index: number, clause: (c: string) => string): RequiredTest[] {
  const tests: RequiredTest[] = [];
  const push = (test: Omit<RequiredTest, 'testPiece'>) => tests.push({ testPiece: index, ...test });
  const processes = [piece.weldingProcess, ...(piece.secondProcess ? [piece.secondProcess.weldingProcess] : [])];
  const t = piece.testPieceThickness;
  push({ appliesTo: 'test piece', rule: 'always', methods: ['visual'], note: 'Visual testing always comes first; the other tests only after it passes.', clause: clause('6.4') });
  if (piece.jointType === 'BW') {
    const group = piece.parentMaterialGroup ?? null;
    const isUltrasonicAllowed = t >= rules.tests.ultrasonicMinThickness && (group === null || FERRITIC_MATERIAL_GROUPS.includes(group));
    const ultrasonicNote = isUltrasonicAllowed
      ? ` Ultrasonic testing may replace radiography at t ${rules.tests.ultrasonicMinThickness} mm and more${group === null ? ' on ferritic steels only' : ''}.`
      : '';
    push({
      appliesTo: 'test piece',
      rule: 'one of',
      methods: isUltrasonicAllowed ? ['radiographic', 'ultrasonic', 'bend', 'fracture'] : ['radiographic', 'bend', 'fracture'],
      note: `Radiography, or bend tests, or fracture tests.${ultrasonicNote}`,
      clause: clause('6.4'),
    });
    const needing = processes.filter((p) => rules.tests.processesNeedingBendOrFractureWithRadiography.includes(p));
    if (needing.length > 0) {
      push({
        appliesTo: 'test piece',
        rule: 'also after radiography',
        methods: ['bend', 'fracture'],
        note: `With radiography${isUltrasonicAllowed ? ' or ultrasonic testing' : ''}, process ${needing.join(' and ')} also needs bend or fracture tests.`,
        clause: clause('6.5.2.4'),
      });
    }
    if (piece.productType === 'Pipe' && piece.pipeOD && piece.pipeOD <= rules.tests.notchedTensileMaxD) {
      push({
        appliesTo: 'test piece',
        rule: 'may replace',
        methods: ['notched-tensile'],
        note: `On pipe of D ${rules.tests.notchedTensileMaxD} mm or less, a notched tensile test of the complete test piece may replace the bend or fracture tests.`,
        clause: clause('6.4'),
      });
    }
    push({
      appliesTo: 'test piece',
      rule: 'bend specimens',
      methods: ['bend'],
      note:
        t < rules.tests.sideBendFromThickness
          ? `With bend tests only: two root and two face bends (t below ${rules.tests.sideBendFromThickness} mm).`
          : `With bend tests only: four side bends (t ${rules.tests.sideBendFromThickness} mm and more).`,
      clause: clause('6.5.2.3'),
    });
  } else {
    push({
      appliesTo: 'test piece',
      rule: 'one of',
      methods: piece.productType === 'Pipe' ? ['fracture', 'macro', 'radiographic'] : ['fracture', 'macro'],
      note: `Fracture tests, or macroscopic examination of at least two sections (one at a stop and start)${piece.productType === 'Pipe' ? '; on pipe, radiography may replace the fracture tests' : ''}.`,
      clause: clause('6.5.3'),
    });
  }
  if (piece.additionalJointTypeTest === 'FW') {
    push({
      appliesTo: 'supplementary fillet test',
      rule: 'always',
      methods: ['visual'],
      note: 'The supplementary fillet test piece is tested visually first.',
      clause: clause('6.4'),
    });
    push({
      appliesTo: 'supplementary fillet test',
      rule: 'one of',
      methods: ['fracture', 'macro'],
      note: 'Fracture tests, or macroscopic examination of at least two sections (one at a stop and start).',
      clause: clause('6.5.3'),
    });
  }
  push({
    appliesTo: 'test piece',
    rule: 'recommended',
    methods: ['job-knowledge'],
    note: `Job knowledge is recommended, limited to process ${processes.join(' and ')}, and recorded as Acceptable or Not tested.`,
    clause: clause('Annex B'),
  });
  return tests;
}

/** The range of one valid test piece (call validateTestPiece first). */
export function rangeOfTestPiece(piece: TestPieceInput, rules: WpqRules, index = 1): RangeResult {
  const reasons: RangeReason[] = [];
  const clause = (c: string) => `${rules.clauseSource} ${c}`;
  const because = (part: RangePart, text: string, c: string, table: string | null = null) =>
    reasons.push({ testPiece: index, part, text, clause: clause(c), table });
  const weldType: WeldType = piece.jointType === 'FW' ? 'FW' : 'BW';
  const position = testPosition(piece.productType, piece.weldingPosition);
  const t = piece.testPieceThickness;
  const second = piece.secondProcess ?? null;

  if (rules.standard !== 'ISO 9606-1:2017') {
    reasons.push({
      testPiece: index,
      part: 'standard',
      text: `${rules.standard} is used together with ISO 9606-1: the same rules apply, with this standard's differences set as configuration.`,
      clause: rules.standard,
      table: null,
    });
  }

  // Processes, each with its own thickness and filler type range.
  const rootIsUnbacked = piece.backingAndConsumableInsert === 'ss nb';
  const tested = [
    { process: piece.weldingProcess, transferMode: piece.transferMode ?? null, fillerType: piece.fillerMaterialType, s: second ? (piece.depositThickness ?? 0) : (piece.depositThickness ?? t) },
    ...(second ? [{ process: second.weldingProcess, transferMode: second.transferMode ?? null, fillerType: second.fillerMaterialType, s: second.depositThickness }] : []),
  ];
  const processRanges: ProcessRange[] = tested.map((entry, order) => {
    const processes = processesQualified(entry.process);
    const thickness = weldType === 'BW' ? buttThicknessRange(entry.s, entry.process, rules) : filletThicknessRange(t, rules);
    return {
      testPiece: index,
      testedProcess: entry.process,
      fillerMaterialType: entry.fillerType,
      depositThickness: weldType === 'BW' ? round(entry.s) : null,
      processes,
      transferModes: transferModesQualified(entry.process, entry.transferMode),
      fillerTypes: fillerTypesQualified(entry.process, entry.fillerType, processes),
      thickness,
      isRootOnly: !!second && order === 0 && rootIsUnbacked,
    };
  });
  processRanges.forEach((range, order) => {
    because('processes', `Process ${range.testedProcess} qualifies ${range.processes.join(', ')}.`, '5.2', RULE_TABLES.processes);
    const mode = tested[order]?.transferMode;
    if (mode) {
      because(
        'transferModes',
        mode === 'short-circuit'
          ? `A short-circuit (dip) transfer test with ${range.testedProcess} qualifies the other transfer modes too.`
          : `A ${mode} transfer test with ${range.testedProcess} does not qualify short-circuit (dip) transfer.`,
        '5.2',
      );
    }
  });
  const processes = inReferenceOrder(WELD_PROCESS_CODES, processRanges.flatMap((r) => r.processes));
  const transferModes = inReferenceOrder(TRANSFER_MODE_CODES, processRanges.flatMap((r) => r.transferModes));
  const directionsOfWelding: DirectionOfWelding[] = piece.directionOfWelding ? [piece.directionOfWelding] : [];
  if (piece.directionOfWelding) {
    because('directionsOfWelding', `Gas welding qualifies leftward and rightward welding separately: only ${piece.directionOfWelding === 'lw' ? 'leftward (lw)' : 'rightward (rw)'} welding is qualified.`, '5.2');
  }

  // Positions (before product type: a plate test's pipe range stays within them).
  let positions: WeldingPosition[];
  if (piece.combinedPositionTest && (position === 'PH' || position === 'PJ')) {
    positions = combinedPositionsQualified(weldType, position);
    because(
      'positions',
      `One pipe of D ${rules.combinedPositionMinD} mm or more welded two-thirds in ${position} and one-third in PC qualifies every position welded ${position === 'PH' ? 'upwards' : 'downwards'}: ${positions.join(', ')}.`,
      '5.8',
      RULE_TABLES.positions,
    );
  } else {
    positions = positionsQualified(weldType, position);
    because(
      'positions',
      `A ${weldType === 'BW' ? 'butt' : 'fillet'} weld in ${position} qualifies ${positions.join(', ')}.${position !== piece.weldingPosition ? ` On pipe, ${piece.weldingPosition} is read as ${position}.` : ''}`,
      '5.8',
      RULE_TABLES.positions,
    );
  }

  // Product type and diameter.
  let productTypes: ProductType[];
  let diameter: DiameterRange;
  if (piece.productType === 'Pipe' && piece.pipeOD) {
    const d = piece.pipeOD;
    const pipe = pipeDiameterRange(d, rules);
    const plate = d >= rules.diameter.plateFromPipeD;
    productTypes = plate ? ['Plate', 'Pipe'] : ['Pipe'];
    diameter = { min: pipe.min, max: pipe.max, plate, fixedPipeMin: pipe.min, rotatingPipeMin: pipe.min, rotatingPipePositions: positions };
    because(
      'diameter',
      d <= rules.diameter.smallPipeLimit
        ? `A pipe of D ${numberText(d)} mm (${rules.diameter.smallPipeLimit} mm or less) qualifies D to ${rules.diameter.smallPipeFactor}D: ${numberText(pipe.min)} mm to ${numberText(pipe.max ?? 0)} mm.`
        : `A pipe of D ${numberText(d)} mm qualifies ${rules.diameter.largePipeFactor}D and up, never below ${rules.diameter.smallPipeLimit} mm: ${numberText(pipe.min)} mm and up.`,
      '5.7',
      RULE_TABLES.diameter,
    );
    because(
      'productTypes',
      plate
        ? `A pipe test of D ${rules.diameter.plateFromPipeD} mm or more also qualifies plate.`
        : `A pipe test below D ${rules.diameter.plateFromPipeD} mm does not qualify plate.`,
      '5.3',
    );
  } else {
    const rotatingPositions = positions.filter((p) => rules.diameter.rotatingPipeFromPlatePositions.includes(p));
    const rotatingPipeMin = rotatingPositions.length > 0 ? rules.diameter.rotatingPipeFromPlateMin : null;
    productTypes = ['Plate', 'Pipe'];
    diameter = {
      min: rotatingPipeMin ?? rules.diameter.fixedPipeFromPlateMin,
      max: null,
      plate: true,
      fixedPipeMin: rules.diameter.fixedPipeFromPlateMin,
      rotatingPipeMin,
      rotatingPipePositions: rotatingPositions,
    };
    because(
      'productTypes',
      `A plate test qualifies fixed pipe of D ${rules.diameter.fixedPipeFromPlateMin} mm or more${
        rotatingPipeMin === null
          ? '; rotating pipe is qualified only in PA, PB, PC or PD, none of which this test qualifies'
          : `, and rotating pipe of D ${rules.diameter.rotatingPipeFromPlateMin} mm or more in ${rotatingPositions.join(', ')}`
      }, always within the positions qualified.`,
      '5.3',
    );
  }

  // Type of weld.
  const weldTypes: WeldType[] = piece.additionalJointTypeTest === 'FW' ? ['BW', 'FW'] : [weldType];
  const branchConnections = weldType === 'BW' && piece.productType === 'Pipe';
  because('weldTypes', 'Butt welds and fillet welds are qualified separately.', '5.4');
  if (branchConnections) {
    because(
      'weldTypes',
      `A butt weld on pipe qualifies branch connections at ${rules.branchMinAngleDegrees}° or more: the diameter range applies to the branch's outside diameter, the thickness range to the branch thickness for set-on and to the main pipe thickness for set-in and set-through.`,
      '5.4',
    );
  }

  // Thickness.
  let thickness: ThicknessRange;
  if (weldType === 'FW') {
    thickness = filletThicknessRange(t, rules);
    because(
      'thickness',
      t < rules.filletThickness.lowerLimit
        ? `A fillet weld on t ${numberText(t)} mm (below ${rules.filletThickness.lowerLimit} mm) qualifies t to the larger of ${rules.filletThickness.factor}t and ${rules.filletThickness.lowerLimit} mm: ${thicknessText(thickness)}.`
        : `A fillet weld on t ${numberText(t)} mm (${rules.filletThickness.lowerLimit} mm or more) qualifies ${thicknessText(thickness)}.`,
      '5.7',
      RULE_TABLES.filletThickness,
    );
  } else {
    for (const range of processRanges) {
      because('thickness', buttThicknessReason(range.testedProcess, range.depositThickness ?? 0, range.thickness, rules), '5.7', RULE_TABLES.buttThickness);
      if (range.isRootOnly) because('thickness', `Process ${range.testedProcess} made the root without backing, so it is qualified for the root only.`, '5.7');
    }
    if (second) {
      const wholeS = round((piece.depositThickness ?? 0) + second.depositThickness);
      thickness = buttThicknessRange(wholeS, piece.weldingProcess, rules);
      because('thickness', `The whole joint, s1 + s2 = ${numberText(wholeS)} mm, qualifies ${thicknessText(thickness)}.`, '5.7', RULE_TABLES.buttThickness);
    } else {
      thickness = processRanges[0]?.thickness ?? { min: t, max: t };
      because('thickness', 'With one process and one filler type, s equals t.', '5.7');
    }
  }

  // Filler material group and type.
  const fillerGroups = fillerGroupsQualified(piece.fillerMaterialGroup);
  if (piece.fillerMaterialGroup) {
    because('fillerGroups', `Filler group ${piece.fillerMaterialGroup} qualifies ${fillerGroups.join(', ')}.`, '5.5', RULE_TABLES.fillerGroups);
  } else {
    because('fillerGroups', 'Welding without filler qualifies no filler material group.', '5.5');
  }
  const fillerTypes = inReferenceOrder(FILLER_TYPE_CODES, processRanges.flatMap((r) => r.fillerTypes));
  for (const range of processRanges) {
    because('fillerTypes', fillerTypeReason(range), '5.6', RULE_TABLES.fillerTypes);
  }

  // Parent material.
  const isWithoutFiller = tested.some((entry) => entry.fillerType === NO_FILLER);
  const parentGroups: MaterialGroup[] = isWithoutFiller && piece.parentMaterialGroup ? [piece.parentMaterialGroup] : [...MATERIAL_GROUP_NUMBERS];
  because(
    'parentGroups',
    isWithoutFiller
      ? `Welding without filler qualifies only the tested parent material group ${piece.parentMaterialGroup}.`
      : `A test with filler qualifies parent materials of groups 1 to 11${piece.parentMaterialGroup ? ` (tested: group ${piece.parentMaterialGroup}${piece.parentMaterialSubgroup ? `, subgroup ${piece.parentMaterialSubgroup}` : ''})` : ''}.`,
    '5.5',
  );

  // Weld details and layer technique.
  let weldDetails: WeldDetail[];
  let layerTechniques: LayerTechnique[] = [];
  if (weldType === 'BW' && piece.backingAndConsumableInsert) {
    weldDetails = weldDetailsQualified(piece.backingAndConsumableInsert);
    because('weldDetails', `Butt weld detail ${piece.backingAndConsumableInsert} qualifies ${weldDetails.join(', ')}.`, '5.9', RULE_TABLES.buttDetails);
  } else if (piece.layerTechnique) {
    layerTechniques = weldDetailsQualified(piece.layerTechnique);
    weldDetails = layerTechniques;
    because('weldDetails', `A ${piece.layerTechnique === 'ml' ? 'multi-layer' : 'single-layer'} fillet weld qualifies ${layerTechniques.join(', ')}.`, '5.9', RULE_TABLES.filletDetails);
  } else {
    weldDetails = [];
  }

  // The supplementary fillet test.
  let supplementaryFillet: SupplementaryFilletRange | null = null;
  if (piece.additionalJointTypeTest === 'FW' && weldType === 'BW') {
    const filletT = Math.min(rules.supplementaryFillet.maxThickness, t);
    const filletLayers: LayerTechnique[] = piece.layerTechnique === 'ml' ? ['sl', 'ml'] : ['sl'];
    supplementaryFillet = {
      positions: inReferenceOrder(WELDING_POSITION_CODES, rules.supplementaryFillet.positions),
      layerTechniques: filletLayers,
      thickness: filletThicknessRange(filletT, rules),
    };
    layerTechniques = filletLayers;
    because(
      'supplementaryFillet',
      `A supplementary single-layer fillet test in PB (t ${numberText(filletT)} mm: ${rules.supplementaryFillet.maxThickness} mm, or the butt test's if thinner) qualifies fillet welds in ${supplementaryFillet.positions.join(' and ')} with the butt test's other variables; ${
        piece.layerTechnique === 'ml' ? 'as the butt test was multi-layer, single and multi-layer fillets' : 'single-layer fillets'
      }, ${thicknessText(supplementaryFillet.thickness)}.`,
      '5.4',
      RULE_TABLES.filletThickness,
    );
  }

  // Recorded, not limiting.
  const recorded = [
    piece.typeOfCurrentAndPolarity ? `type of current and polarity ${piece.typeOfCurrentAndPolarity}` : null,
    piece.parentMaterialGroup && !isWithoutFiller ? 'parent material group' : null,
    piece.branch && piece.branch !== 'Not-applicable' ? `branch connection ${piece.branch}` : null,
  ].filter((text): text is string => text !== null);
  if (recorded.length > 0) because('recorded', `Recorded on the certificate, not limiting the range: ${recorded.join('; ')}.`, '5.1');

  const requiredTests = requiredTestsOf(piece, rules, index, clause);
  because(
    'acceptance',
    'Acceptance: ISO 5817 level B, except imperfections 501, 502, 503, 504 and 5214 at level C. Bend specimens: no open discontinuity over 3 mm, and those of 1 mm to 3 mm add up to at most 10 mm. One retest is allowed.',
    '7',
  );

  return {
    standard: rules.standard,
    designations: [designationOf(piece, rules)],
    processes,
    processRanges,
    transferModes,
    directionsOfWelding,
    productTypes: inReferenceOrder(PRODUCT_TYPE_CODES, productTypes),
    diameter,
    weldTypes,
    branchConnections,
    thickness,
    fillerGroups,
    fillerTypes,
    parentGroups,
    positions,
    weldDetails,
    layerTechniques,
    supplementaryFillet,
    requiredTests,
    reasons,
  };
}

function buttThicknessReason(process: WeldProcess, s: number, range: ThicknessRange, rules: WpqRules): string {
  const { lowerLimit, unlimitedFrom, factor, gasWeldingFactor, gasWeldingProcesses } = rules.buttThickness;
  const f = gasWeldingProcesses.includes(process) ? gasWeldingFactor : factor;
  const head = `Process ${process} with s ${numberText(s)} mm`;
  if (s >= unlimitedFrom) return `${head} (${unlimitedFrom} mm or more, at least three layers) qualifies ${thicknessText(range)}.`;
  if (s >= lowerLimit) return `${head} (${lowerLimit} mm to below ${unlimitedFrom} mm) qualifies ${lowerLimit} mm to ${f}s: ${thicknessText(range)}.`;
  return gasWeldingProcesses.includes(process)
    ? `${head} (below ${lowerLimit} mm) qualifies s to ${f}s: ${thicknessText(range)}.`
    : `${head} (below ${lowerLimit} mm) qualifies s to the larger of ${lowerLimit} mm and ${f}s: ${thicknessText(range)}.`;
}

function fillerTypeReason(range: ProcessRange): string {
  const type = range.fillerMaterialType;
  const qualified = range.fillerTypes.join(', ');
  if (type === NO_FILLER) return `Welding without filler (nm) with ${range.testedProcess} qualifies only welding without filler.`;
  const withoutFiller = range.fillerTypes.includes(NO_FILLER) ? ' Welding with filler also qualifies welding without it.' : '';
  if (range.testedProcess === '111') {
    if (type === 'C') return `Cellulosic electrodes (C) qualify only C.`;
    if (type === 'B') return `Basic electrodes (B) qualify B and the A, RA, RB, RC, RR and R electrodes: ${qualified}.`;
    return `Electrode type ${type} qualifies the A, RA, RB, RC, RR and R electrodes: ${qualified}.`;
  }
  if (type === 'S' || type === 'M') return `Solid (S) and metal-cored (M) wires qualify each other: ${qualified}.${withoutFiller}`;
  if (type === 'B') return `Basic flux-cored wire (B) qualifies B, R, P, V, W, Y and Z: ${qualified}.${withoutFiller}`;
  return `Flux-cored wire ${type} qualifies R, P, V, W, Y and Z: ${qualified}.${withoutFiller}`;
}

// ---------------------------------------------------------------------------------------------
// Several test pieces

function unionThickness(ranges: ThicknessRange[]): ThicknessRange {
  const min = Math.min(...ranges.map((r) => r.min));
  const max = ranges.some((r) => r.max === null) ? null : Math.max(...ranges.map((r) => r.max ?? 0));
  return { min, max };
}

function smallest(values: (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length > 0 ? Math.min(...present) : null;
}

/** Several test pieces together qualify from the smallest to the largest of their ranges. */
export function combineRanges(pieces: readonly TestPieceInput[], ranges: readonly RangeResult[], rules: WpqRules): RangeResult {
  const [first] = ranges;
  if (!first) throw new Error('combineRanges needs at least one range');
  if (ranges.length === 1) return first;
  const reasons: RangeReason[] = ranges.flatMap((r) => r.reasons);
  const combined = (part: RangePart, text: string, c: string, table: string | null = null) =>
    reasons.push({ testPiece: null, part, text, clause: `${rules.clauseSource} ${c}`, table });

  let positions = inReferenceOrder(WELDING_POSITION_CODES, ranges.flatMap((r) => r.positions));
  // Two pipes of the same D, one in PH and one in PC, also qualify H-L045 (PJ and PC: J-L045).
  const buttPipes = pieces.filter((p) => p.jointType === 'BW' && p.productType === 'Pipe' && p.pipeOD);
  for (const [upOrDown, inclined] of [
    ['PH', 'H-L045'],
    ['PJ', 'J-L045'],
  ] as const) {
    const pair = buttPipes.some(
      (a) => testPosition(a.productType, a.weldingPosition) === upOrDown && buttPipes.some((b) => b.weldingPosition === 'PC' && b.pipeOD === a.pipeOD),
    );
    if (pair && !positions.includes(inclined)) {
      positions = inReferenceOrder(WELDING_POSITION_CODES, [...positions, inclined]);
      combined('positions', `Two pipes of the same D, one in ${upOrDown} and one in PC, also qualify ${inclined}.`, '5.8', RULE_TABLES.positions);
    }
  }

  const diameters = ranges.map((r) => r.diameter);
  const diameter: DiameterRange = {
    min: smallest(diameters.map((d) => d.min)),
    max: diameters.some((d) => d.min !== null && d.max === null) ? null : Math.max(...diameters.map((d) => d.max ?? 0)),
    plate: diameters.some((d) => d.plate),
    fixedPipeMin: smallest(diameters.map((d) => d.fixedPipeMin)),
    rotatingPipeMin: smallest(diameters.map((d) => d.rotatingPipeMin)),
    rotatingPipePositions: inReferenceOrder(WELDING_POSITION_CODES, diameters.flatMap((d) => d.rotatingPipePositions)),
  };
  const thickness = unionThickness(ranges.map((r) => r.thickness));
  combined(
    'combined',
    `The ${ranges.length} test pieces together qualify from the smallest to the largest of their ranges: thickness ${thicknessText(thickness)}${
      diameter.min !== null ? `, pipe D ${numberText(diameter.min)} mm ${diameter.max === null ? 'and up' : `to ${numberText(diameter.max)} mm`}` : ''
    }.`,
    '5.7',
  );

  const supplementary = ranges.map((r) => r.supplementaryFillet).filter((s): s is SupplementaryFilletRange => s !== null);
  return {
    standard: rules.standard,
    designations: ranges.flatMap((r) => r.designations),
    processes: inReferenceOrder(WELD_PROCESS_CODES, ranges.flatMap((r) => r.processes)),
    processRanges: ranges.flatMap((r) => r.processRanges),
    transferModes: inReferenceOrder(TRANSFER_MODE_CODES, ranges.flatMap((r) => r.transferModes)),
    directionsOfWelding: inReferenceOrder(['lw', 'rw'] as DirectionOfWelding[], ranges.flatMap((r) => r.directionsOfWelding)),
    productTypes: inReferenceOrder(PRODUCT_TYPE_CODES, ranges.flatMap((r) => r.productTypes)),
    diameter,
    weldTypes: inReferenceOrder(['BW', 'FW'] as WeldType[], ranges.flatMap((r) => r.weldTypes)),
    branchConnections: ranges.some((r) => r.branchConnections),
    thickness,
    fillerGroups: inReferenceOrder(FILLER_GROUP_CODES, ranges.flatMap((r) => r.fillerGroups)),
    fillerTypes: inReferenceOrder(FILLER_TYPE_CODES, ranges.flatMap((r) => r.fillerTypes)),
    parentGroups: inReferenceOrder(MATERIAL_GROUP_NUMBERS, ranges.flatMap((r) => r.parentGroups)),
    positions,
    weldDetails: inReferenceOrder(WELD_DETAIL_ORDER, ranges.flatMap((r) => r.weldDetails)),
    layerTechniques: inReferenceOrder(LAYER_TECHNIQUE_CODES, ranges.flatMap((r) => r.layerTechniques)),
    supplementaryFillet:
      supplementary.length === 0
        ? null
        : {
            positions: inReferenceOrder(WELDING_POSITION_CODES, supplementary.flatMap((s) => s.positions)),
            layerTechniques: inReferenceOrder(LAYER_TECHNIQUE_CODES, supplementary.flatMap((s) => s.layerTechniques)),
            thickness: unionThickness(supplementary.map((s) => s.thickness)),
          },
    requiredTests: ranges.flatMap((r) => r.requiredTests),
    reasons,
  };
}

/** The range of qualification of a test (one or more pieces), or the fields that prevent one. */
export function calculateRange(input: RangeInput, rules: WpqRules = rulesFor(input.standard ?? 'ISO 9606-1:2017')): RangeOutcome {
  const fieldErrors = validateRangeInput(input, rules);
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  const pieces: TestPieceInput[] = [input, ...(input.furtherTestPieces ?? [])];
  const ranges = pieces.map((piece, index) => rangeOfTestPiece(piece, rules, index + 1));
  return { ok: true, range: combineRanges(pieces, ranges, rules) };
}
