/**
 * Welder qualification reference data (spec section 9 and the ISO 9606-1 rules document):
 * the lists every WPQ form, the options endpoints and the range engine read.
 */
import { WPQ_STANDARDS } from '../program/program-settings.contract';

export { WPQ_STANDARDS };
export type WpqStandard = (typeof WPQ_STANDARDS)[number];

/** A choice as the option endpoints answer it. */
export interface WpqOption<V extends string | number = string> {
  value: V;
  label: string;
  description?: string;
}

/** Welding processes by ISO 4063 reference number. */
export const WELD_PROCESSES = [
  { value: '111', name: 'Manual metal arc welding (covered electrode)' },
  { value: '114', name: 'Self-shielded tubular cored arc welding' },
  { value: '121', name: 'Submerged arc welding with one solid wire electrode' },
  { value: '125', name: 'Submerged arc welding with tubular cored electrode' },
  { value: '131', name: 'MIG welding with solid wire electrode' },
  { value: '135', name: 'MAG welding with solid wire electrode' },
  { value: '136', name: 'MAG welding with flux cored electrode' },
  { value: '138', name: 'MAG welding with metal cored electrode' },
  { value: '141', name: 'TIG welding with solid filler material (wire/rod)' },
  { value: '142', name: 'Autogenous TIG welding' },
  { value: '143', name: 'TIG welding with tubular cored filler material (wire/rod)' },
  { value: '145', name: 'TIG welding using reducing gas and solid filler material (wire/rod)' },
  { value: '15', name: 'Plasma arc welding' },
  { value: '311', name: 'Oxy-acetylene welding' },
] as const;
export type WeldProcess = (typeof WELD_PROCESSES)[number]['value'];
export const WELD_PROCESS_CODES = WELD_PROCESSES.map((p) => p.value) as [WeldProcess, ...WeldProcess[]];

/** Processes whose metal transfer mode is an essential variable. */
export const TRANSFER_MODE_PROCESSES: readonly WeldProcess[] = ['131', '135', '138'];
/** Gas welding, where leftward and rightward welding are qualified separately. */
export const GAS_WELDING_PROCESS: WeldProcess = '311';

export const TRANSFER_MODES = [
  { value: 'short-circuit', label: 'Short-circuit (dip) transfer' },
  { value: 'globular', label: 'Globular transfer' },
  { value: 'spray', label: 'Spray transfer' },
  { value: 'pulsed', label: 'Pulsed transfer' },
] as const;
export type TransferMode = (typeof TRANSFER_MODES)[number]['value'];
export const TRANSFER_MODE_CODES = TRANSFER_MODES.map((m) => m.value) as [TransferMode, ...TransferMode[]];

export const DIRECTIONS_OF_WELDING = [
  { value: 'lw', label: 'Leftward welding (lw)' },
  { value: 'rw', label: 'Rightward welding (rw)' },
] as const;
export type DirectionOfWelding = (typeof DIRECTIONS_OF_WELDING)[number]['value'];
export const DIRECTION_OF_WELDING_CODES = DIRECTIONS_OF_WELDING.map((d) => d.value) as [DirectionOfWelding, ...DirectionOfWelding[]];

/** Product types of spec section 9; P and T are the designation letters. */
export const PRODUCT_TYPES = [
  { value: 'Plate', label: 'Plate', letter: 'P' },
  { value: 'Pipe', label: 'Pipe', letter: 'T' },
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number]['value'];
export const PRODUCT_TYPE_CODES = PRODUCT_TYPES.map((p) => p.value) as [ProductType, ...ProductType[]];

export const JOINT_TYPES = [
  { value: 'BW', label: 'Butt weld (BW)' },
  { value: 'FW', label: 'Fillet weld (FW)' },
  { value: 'Special', label: 'Special joint' },
] as const;
export type JointType = (typeof JOINT_TYPES)[number]['value'];
export const JOINT_TYPE_CODES = JOINT_TYPES.map((j) => j.value) as [JointType, ...JointType[]];
/** The weld types a range can hold: butt and fillet welds are qualified separately. */
export type WeldType = Exclude<JointType, 'Special'>;

export const BRANCH_TYPES = [
  { value: 'Set-on', label: 'Set-on' },
  { value: 'Set-through', label: 'Set-through' },
  { value: 'Set-in', label: 'Set-in' },
  { value: 'Not-applicable', label: 'Not applicable' },
] as const;
export type BranchType = (typeof BRANCH_TYPES)[number]['value'];
export const BRANCH_TYPE_CODES = BRANCH_TYPES.map((b) => b.value) as [BranchType, ...BranchType[]];

/** A supplementary fillet test made together with a butt test is the one additional joint type test. */
export const ADDITIONAL_JOINT_TYPES = [
  { value: 'Not-applicable', label: 'None' },
  { value: 'FW', label: 'Supplementary fillet weld test (FW)' },
] as const;
export type AdditionalJointType = (typeof ADDITIONAL_JOINT_TYPES)[number]['value'];
export const ADDITIONAL_JOINT_TYPE_CODES = ADDITIONAL_JOINT_TYPES.map((a) => a.value) as [AdditionalJointType, ...AdditionalJointType[]];

/** Backing types and weld details of butt welds (ISO 9606-1 abbreviations). */
export const BACKING_TYPES = [
  { value: 'ss nb', label: 'ss nb: single side, no backing' },
  { value: 'ss mb', label: 'ss mb: single side, material backing' },
  { value: 'bs', label: 'bs: welding from both sides' },
  { value: 'ss gb', label: 'ss gb: single side, gas backing' },
  { value: 'ss fb', label: 'ss fb: single side, flux backing' },
  { value: 'ci', label: 'ci: consumable insert' },
] as const;
export type BackingType = (typeof BACKING_TYPES)[number]['value'];
export const BACKING_TYPE_CODES = BACKING_TYPES.map((b) => b.value) as [BackingType, ...BackingType[]];

export const LAYER_TECHNIQUES = [
  { value: 'sl', label: 'sl: single layer' },
  { value: 'ml', label: 'ml: multi-layer' },
] as const;
export type LayerTechnique = (typeof LAYER_TECHNIQUES)[number]['value'];
export const LAYER_TECHNIQUE_CODES = LAYER_TECHNIQUES.map((l) => l.value) as [LayerTechnique, ...LayerTechnique[]];

/** Weld details a range can name: the butt weld details and, for fillet welds, the layer technique. */
export type WeldDetail = BackingType | LayerTechnique;

export const CURRENT_TYPES = [
  { value: 'DC+', label: 'DC+: direct current, electrode positive' },
  { value: 'DC-', label: 'DC-: direct current, electrode negative' },
  { value: 'AC', label: 'AC: alternating current' },
] as const;
export type CurrentType = (typeof CURRENT_TYPES)[number]['value'];
export const CURRENT_TYPE_CODES = CURRENT_TYPES.map((c) => c.value) as [CurrentType, ...CurrentType[]];

export const FILLER_GROUPS = [
  { value: 'FM1', label: 'FM1', description: 'Non-alloy and fine-grain steels' },
  { value: 'FM2', label: 'FM2', description: 'High-strength steels' },
  { value: 'FM3', label: 'FM3', description: 'Creep-resisting steels, Cr below 3.75 %' },
  { value: 'FM4', label: 'FM4', description: 'Creep-resisting steels, Cr 3.75 % to 12 %' },
  { value: 'FM5', label: 'FM5', description: 'Stainless and heat-resisting steels' },
  { value: 'FM6', label: 'FM6', description: 'Nickel and nickel alloys' },
] as const;
export type FillerGroup = (typeof FILLER_GROUPS)[number]['value'];
export const FILLER_GROUP_CODES = FILLER_GROUPS.map((g) => g.value) as [FillerGroup, ...FillerGroup[]];

/**
 * Filler material types. Covered electrodes (111) and cored wires share some letters (B, R), so a
 * type's meaning, and the rule that ranges it, depends on the process.
 */
export const FILLER_TYPE_CODES = ['A', 'RA', 'RB', 'RC', 'RR', 'R', 'B', 'C', 'S', 'M', 'P', 'V', 'W', 'Y', 'Z', 'nm'] as const;
export type FillerType = (typeof FILLER_TYPE_CODES)[number];
export const NO_FILLER: FillerType = 'nm';

const COVERED_ELECTRODE_LABELS: Partial<Record<FillerType, string>> = {
  A: 'A: acid covering',
  RA: 'RA: rutile-acid covering',
  RB: 'RB: rutile-basic covering',
  RC: 'RC: rutile-cellulosic covering',
  RR: 'RR: rutile thick covering',
  R: 'R: rutile covering',
  B: 'B: basic covering',
  C: 'C: cellulosic covering',
};
const WIRE_LABELS: Partial<Record<FillerType, string>> = {
  S: 'S: solid wire or rod',
  M: 'M: metal cored',
  B: 'B: flux cored, basic',
  R: 'R: flux cored, rutile, slow-freezing slag',
  P: 'P: flux cored, rutile, fast-freezing slag',
  V: 'V: flux cored, rutile or basic/fluoride',
  W: 'W: flux cored, basic/fluoride, slow-freezing slag',
  Y: 'Y: flux cored, basic/fluoride, fast-freezing slag',
  Z: 'Z: flux cored, other types',
  nm: 'nm: no filler material',
};

const FLUX_CORED: readonly FillerType[] = ['B', 'R', 'P', 'V', 'W', 'Y', 'Z'];

/** The filler types that exist for each process (FM1 designations). */
export const FILLER_TYPES_BY_PROCESS: Record<WeldProcess, readonly FillerType[]> = {
  '111': ['A', 'RA', 'RB', 'RC', 'RR', 'R', 'B', 'C'],
  '114': FLUX_CORED,
  '121': ['S'],
  '125': ['M', ...FLUX_CORED],
  '131': ['S'],
  '135': ['S'],
  '136': FLUX_CORED,
  '138': ['M'],
  '141': ['S'],
  '142': ['nm'],
  '143': ['M', ...FLUX_CORED],
  '145': ['S'],
  '15': ['S', 'M'],
  '311': ['S', 'nm'],
};

export function fillerTypeLabel(process: WeldProcess, type: FillerType): string {
  const labels = process === '111' ? COVERED_ELECTRODE_LABELS : WIRE_LABELS;
  return labels[type] ?? type;
}

export function fillerTypeOptions(process: WeldProcess): WpqOption<FillerType>[] {
  return FILLER_TYPES_BY_PROCESS[process].map((type) => ({ value: type, label: fillerTypeLabel(process, type) }));
}

/** Welding positions (ISO 6947) as the certificate names them. */
export const WELDING_POSITIONS = [
  { value: 'PA', label: 'PA: flat' },
  { value: 'PB', label: 'PB: horizontal vertical' },
  { value: 'PC', label: 'PC: horizontal' },
  { value: 'PD', label: 'PD: horizontal overhead' },
  { value: 'PE', label: 'PE: overhead' },
  { value: 'PF', label: 'PF: vertical upwards' },
  { value: 'PG', label: 'PG: vertical downwards' },
  { value: 'PH', label: 'PH: pipe fixed, axis horizontal, welding upwards' },
  { value: 'PJ', label: 'PJ: pipe fixed, axis horizontal, welding downwards' },
  { value: 'H-L045', label: 'H-L045: pipe fixed, axis inclined 45°, welding upwards' },
  { value: 'J-L045', label: 'J-L045: pipe fixed, axis inclined 45°, welding downwards' },
] as const;
export type WeldingPosition = (typeof WELDING_POSITIONS)[number]['value'];
export const WELDING_POSITION_CODES = WELDING_POSITIONS.map((p) => p.value) as [WeldingPosition, ...WeldingPosition[]];

/**
 * Test positions per product and weld type. On pipe the spec's lists say PF and PG where the
 * standard means PH and PJ, so pipe lists name PH and PJ and the engine reads PF/PG on pipe as them.
 */
export const TEST_POSITIONS: Record<ProductType, Record<WeldType, readonly WeldingPosition[]>> = {
  Plate: {
    BW: ['PA', 'PC', 'PE', 'PF', 'PG'],
    FW: ['PA', 'PB', 'PC', 'PD', 'PE', 'PF', 'PG'],
  },
  Pipe: {
    BW: ['PA', 'PC', 'PH', 'PJ', 'H-L045', 'J-L045'],
    FW: ['PA', 'PB', 'PD', 'PH', 'PJ'],
  },
};

/** The supplementary fillet test is welded in PB on plate or pipe. */
export const SUPPLEMENTARY_FILLET_POSITIONS: readonly WeldingPosition[] = ['PB'];

/** Parent material groups and subgroups of ISO/TR 15608 (steels). */
export const MATERIAL_GROUPS = [
  {
    value: 1,
    description: 'Steels with a specified minimum yield strength ReH ≤ 460 MPa and limited alloy content',
    subgroups: [
      { value: '1.1', description: 'Specified minimum yield strength ReH ≤ 275 MPa' },
      { value: '1.2', description: 'Specified minimum yield strength 275 MPa < ReH ≤ 360 MPa' },
      { value: '1.3', description: 'Normalized fine-grain steels with ReH > 360 MPa' },
      { value: '1.4', description: 'Steels with improved atmospheric corrosion resistance (weather resistant)' },
    ],
  },
  {
    value: 2,
    description: 'Thermomechanically treated fine-grain steels and cast steels with ReH > 360 MPa',
    subgroups: [
      { value: '2.1', description: 'Thermomechanically treated fine-grain steels with 360 MPa < ReH ≤ 460 MPa' },
      { value: '2.2', description: 'Thermomechanically treated fine-grain steels with ReH > 460 MPa' },
    ],
  },
  {
    value: 3,
    description: 'Quenched and tempered steels and precipitation-hardened steels (not stainless) with ReH > 360 MPa',
    subgroups: [
      { value: '3.1', description: 'Quenched and tempered steels with 360 MPa < ReH ≤ 690 MPa' },
      { value: '3.2', description: 'Quenched and tempered steels with ReH > 690 MPa' },
      { value: '3.3', description: 'Precipitation-hardened steels except stainless steels' },
    ],
  },
  {
    value: 4,
    description: 'Low-vanadium alloyed Cr-Mo-(Ni) steels with Mo ≤ 0.7 % and V ≤ 0.1 %',
    subgroups: [
      { value: '4.1', description: 'Cr ≤ 0.3 % and Ni ≤ 0.7 %' },
      { value: '4.2', description: 'Cr ≤ 0.7 % and Ni ≤ 1.5 %' },
    ],
  },
  {
    value: 5,
    description: 'Vanadium-free Cr-Mo steels with C ≤ 0.35 %',
    subgroups: [
      { value: '5.1', description: '0.75 % ≤ Cr ≤ 1.5 % and Mo ≤ 0.7 %' },
      { value: '5.2', description: '1.5 % < Cr ≤ 3.5 % and 0.7 % < Mo ≤ 1.2 %' },
      { value: '5.3', description: '3.5 % < Cr ≤ 7.0 % and 0.4 % < Mo ≤ 0.7 %' },
      { value: '5.4', description: '7.0 % < Cr ≤ 10.0 % and 0.7 % < Mo ≤ 1.2 %' },
    ],
  },
  {
    value: 6,
    description: 'High-vanadium alloyed Cr-Mo-(Ni) steels',
    subgroups: [
      { value: '6.1', description: '0.3 % ≤ Cr ≤ 0.75 %, Mo ≤ 0.7 % and V ≤ 0.35 %' },
      { value: '6.2', description: '0.75 % < Cr ≤ 3.5 %, 0.7 % < Mo ≤ 1.2 % and V ≤ 0.35 %' },
      { value: '6.3', description: '3.5 % < Cr ≤ 7.0 %, Mo ≤ 0.7 % and 0.45 % ≤ V ≤ 0.55 %' },
      { value: '6.4', description: '7.0 % < Cr ≤ 12.5 %, 0.7 % < Mo ≤ 1.2 % and V ≤ 0.35 %' },
    ],
  },
  {
    value: 7,
    description: 'Ferritic, martensitic or precipitation-hardened stainless steels with C ≤ 0.35 % and 10.5 % ≤ Cr ≤ 30 %',
    subgroups: [
      { value: '7.1', description: 'Ferritic stainless steels' },
      { value: '7.2', description: 'Martensitic stainless steels' },
      { value: '7.3', description: 'Precipitation-hardened stainless steels' },
    ],
  },
  {
    value: 8,
    description: 'Austenitic stainless steels with Ni ≤ 35 %',
    subgroups: [
      { value: '8.1', description: 'Austenitic stainless steels with Cr ≤ 19 %' },
      { value: '8.2', description: 'Austenitic stainless steels with Cr > 19 %' },
      { value: '8.3', description: 'Manganese austenitic stainless steels with 4.0 % < Mn ≤ 12 %' },
    ],
  },
  {
    value: 9,
    description: 'Nickel-alloy steels with Ni ≤ 10 %',
    subgroups: [
      { value: '9.1', description: 'Nickel-alloy steels with Ni ≤ 3.0 %' },
      { value: '9.2', description: 'Nickel-alloy steels with 3.0 % < Ni ≤ 8.0 %' },
      { value: '9.3', description: 'Nickel-alloy steels with 8.0 % < Ni ≤ 10.0 %' },
    ],
  },
  {
    value: 10,
    description: 'Austenitic-ferritic (duplex) stainless steels',
    subgroups: [
      { value: '10.1', description: 'Duplex stainless steels with Cr ≤ 24 %' },
      { value: '10.2', description: 'Duplex stainless steels with Cr > 24 %' },
      { value: '10.3', description: 'Lean duplex stainless steels' },
    ],
  },
  {
    value: 11,
    description: 'Steels of group 1 except with 0.25 % < C ≤ 0.85 %',
    subgroups: [
      { value: '11.1', description: '0.25 % < C ≤ 0.35 %' },
      { value: '11.2', description: '0.35 % < C ≤ 0.5 %' },
      { value: '11.3', description: '0.5 % < C ≤ 0.85 %' },
    ],
  },
] as const;
export type MaterialGroup = (typeof MATERIAL_GROUPS)[number]['value'];
export const MATERIAL_GROUP_NUMBERS = MATERIAL_GROUPS.map((g) => g.value) as MaterialGroup[];
export type MaterialSubgroup = (typeof MATERIAL_GROUPS)[number]['subgroups'][number]['value'];
export const MATERIAL_SUBGROUP_CODES = MATERIAL_GROUPS.flatMap((g) => g.subgroups.map((s) => s.value)) as [MaterialSubgroup, ...MaterialSubgroup[]];

export function subgroupsOf(group: MaterialGroup): readonly { value: MaterialSubgroup; description: string }[] {
  return MATERIAL_GROUPS.find((g) => g.value === group)?.subgroups ?? [];
}

export function groupOfSubgroup(subgroup: MaterialSubgroup): MaterialGroup {
  return Number(subgroup.split('.')[0]) as MaterialGroup;
}

/**
 * Groups whose steels are ferritic for ultrasonic testing: all but the austenitic (8) and the
 * austenitic-ferritic duplex (10) stainless steels.
 */
export const FERRITIC_MATERIAL_GROUPS: readonly MaterialGroup[] = [1, 2, 3, 4, 5, 6, 7, 9, 11];

/** Test methods of the qualification test, with the standard each follows. */
export const TEST_METHODS = [
  { value: 'visual', label: 'Visual testing', standard: 'ISO 17637' },
  { value: 'radiographic', label: 'Radiographic testing', standard: 'ISO 17636-1 or ISO 17636-2' },
  { value: 'ultrasonic', label: 'Ultrasonic testing', standard: 'ISO 17640' },
  { value: 'bend', label: 'Bend test', standard: 'ISO 5173' },
  { value: 'fracture', label: 'Fracture test', standard: 'ISO 9017' },
  { value: 'macro', label: 'Macroscopic examination', standard: 'ISO 17639' },
  { value: 'notched-tensile', label: 'Notched tensile test of the complete test piece', standard: 'ISO 9606-1' },
  { value: 'job-knowledge', label: 'Job knowledge (Annex B)', standard: 'ISO 9606-1 Annex B' },
] as const;
export type TestMethod = (typeof TEST_METHODS)[number]['value'];
export const TEST_METHOD_CODES = TEST_METHODS.map((t) => t.value) as [TestMethod, ...TestMethod[]];

/** The three ways of keeping a qualification (ISO 9606-1 9.3). */
export const VALIDITY_OPTIONS = [
  { value: 'a', label: '9.3 a): a new test every 3 years' },
  { value: 'b', label: '9.3 b): two welds tested every 2 years' },
  { value: 'c', label: '9.3 c): valid while confirmed every 6 months by the same manufacturer' },
] as const;
export type ValidityOption = (typeof VALIDITY_OPTIONS)[number]['value'];
export const VALIDITY_OPTION_CODES = VALIDITY_OPTIONS.map((v) => v.value) as [ValidityOption, ...ValidityOption[]];

export function weldProcessLabel(process: WeldProcess): string {
  const found = WELD_PROCESSES.find((p) => p.value === process);
  return found ? `${found.value}: ${found.name}` : process;
}

export function weldingPositionLabel(position: WeldingPosition): string {
  return WELDING_POSITIONS.find((p) => p.value === position)?.label ?? position;
}

/** Keeps a list in the order of its reference list, without repeats. */
export function inReferenceOrder<T>(reference: readonly T[], values: Iterable<T>): T[] {
  const wanted = new Set(values);
  return reference.filter((value) => wanted.has(value));
}
