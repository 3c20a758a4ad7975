/**
 * Requests and answers of `api/welderqualificationoptions/...` (spec section 7): the dependent
 * option lists and the range of qualification. The same schemas check the calculator's form.
 */
import { z } from 'zod';
import { WPQ_MESSAGES } from './wpq-messages';
import { RANGE_PARTS, REQUIRED_TEST_RULES, validateRangeInput } from './wpq-range';
import {
  ADDITIONAL_JOINT_TYPE_CODES,
  BACKING_TYPE_CODES,
  BRANCH_TYPE_CODES,
  CURRENT_TYPE_CODES,
  DIRECTION_OF_WELDING_CODES,
  FILLER_GROUP_CODES,
  FILLER_TYPE_CODES,
  JOINT_TYPE_CODES,
  LAYER_TECHNIQUE_CODES,
  MATERIAL_GROUP_NUMBERS,
  MATERIAL_SUBGROUP_CODES,
  PRODUCT_TYPE_CODES,
  TEST_METHOD_CODES,
  TRANSFER_MODE_CODES,
  WELDING_POSITION_CODES,
  WELD_PROCESS_CODES,
  WPQ_STANDARDS,
} from './wpq-reference';

export { WPQ_MESSAGES };

// ---------------------------------------------------------------------------------------------
// Option lists

export const WpqOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  description: z.string().optional(),
});
export type WpqOptionItem = z.infer<typeof WpqOptionSchema>;
const options = z.array(WpqOptionSchema);

export const WeldProcessParams = z.strictObject({ weldingProcess: z.enum(WELD_PROCESS_CODES, { error: WPQ_MESSAGES.unknownProcess }) });
export const MaterialGroupParams = z.strictObject({
  materialGroup: z.coerce.number({ error: WPQ_MESSAGES.unknownMaterialGroup }).pipe(z.literal(MATERIAL_GROUP_NUMBERS, { error: WPQ_MESSAGES.unknownMaterialGroup })),
});
export const ProductJointParams = z.strictObject({
  productType: z.enum(PRODUCT_TYPE_CODES, { error: WPQ_MESSAGES.unknownProductType }),
  jointType: z.enum(JOINT_TYPE_CODES, { error: WPQ_MESSAGES.unknownJointType }),
});
export const AdditionalJointTypeParams = z.strictObject({
  additionalJointTypeTest: z.enum(ADDITIONAL_JOINT_TYPE_CODES, { error: WPQ_MESSAGES.unknownAdditionalJointType }),
});

export const MaterialGroupOption = WpqOptionSchema.extend({ subgroups: options });

/** Every fixed list in one answer, for forms that need them all. */
export const WpqReferenceResponse = z.object({
  standards: options,
  weldProcesses: options,
  transferModes: options,
  directionsOfWelding: options,
  productTypes: options,
  jointTypes: options,
  branchTypes: options,
  additionalJointTypes: options,
  backingTypes: options,
  layerTechniques: options,
  currentTypes: options,
  fillerMaterialGroups: options,
  weldingPositions: options,
  materialGroups: z.array(MaterialGroupOption),
  testMethods: options,
  validityOptions: options,
});
export type WpqReferenceResponse = z.infer<typeof WpqReferenceResponse>;

export const WeldProcessesResponse = z.object({ weldProcesses: options });
export type WeldProcessesResponse = z.infer<typeof WeldProcessesResponse>;

export const MaterialSubgroupsResponse = z.object({
  materialGroup: z.number().int(),
  description: z.string(),
  materialSubgroups: options,
});
export type MaterialSubgroupsResponse = z.infer<typeof MaterialSubgroupsResponse>;

/** What a product type and joint type allow or need. */
export const JointOptionsResponse = z.object({
  productType: z.enum(PRODUCT_TYPE_CODES),
  jointType: z.enum(JOINT_TYPE_CODES),
  weldingPositions: options,
  branchTypes: options,
  backingTypes: options,
  layerTechniques: options,
  additionalJointTypes: options,
  isPipeODRequired: z.boolean(),
  isDepositThicknessUsed: z.boolean(),
  isBackingRequired: z.boolean(),
  isLayerTechniqueRequired: z.boolean(),
  canCombinePositions: z.boolean(),
});
export type JointOptionsResponse = z.infer<typeof JointOptionsResponse>;

/** What a welding process allows or needs. */
export const ProcessOptionsResponse = z.object({
  weldingProcess: z.enum(WELD_PROCESS_CODES),
  transferModes: options,
  directionsOfWelding: options,
  fillerMaterialGroups: options,
  fillerMaterialTypes: options,
  canWeldWithoutFiller: z.boolean(),
  isTransferModeRequired: z.boolean(),
  isDirectionRequired: z.boolean(),
});
export type ProcessOptionsResponse = z.infer<typeof ProcessOptionsResponse>;

/** Filler material types of a process; the spec fixes the filler group to FM1 for this list. */
export const FillerMaterialTypesResponse = z.object({
  weldingProcess: z.enum(WELD_PROCESS_CODES),
  fillerMaterialGroup: z.literal('FM1'),
  fillerMaterialTypes: options,
});
export type FillerMaterialTypesResponse = z.infer<typeof FillerMaterialTypesResponse>;

export const AdditionalJointTypeOptionsResponse = z.object({
  additionalJointTypeTest: z.enum(ADDITIONAL_JOINT_TYPE_CODES),
  productTypes: options,
  weldingPositions: options,
});
export type AdditionalJointTypeOptionsResponse = z.infer<typeof AdditionalJointTypeOptionsResponse>;

export const WeldingPositionsResponse = z.object({
  productType: z.enum(PRODUCT_TYPE_CODES),
  jointType: z.enum(JOINT_TYPE_CODES),
  weldingPositions: options,
});
export type WeldingPositionsResponse = z.infer<typeof WeldingPositionsResponse>;

// ---------------------------------------------------------------------------------------------
// The range of qualification

const millimetres = (messages: { number: string; positive: string; max: string }, max: number) =>
  z.number({ error: messages.number }).positive(messages.positive).max(max, messages.max);
const thicknessMessages = { number: WPQ_MESSAGES.thicknessNumber, positive: WPQ_MESSAGES.thicknessPositive, max: WPQ_MESSAGES.thicknessMax };
const depositMessages = { number: WPQ_MESSAGES.depositNumber, positive: WPQ_MESSAGES.depositPositive, max: WPQ_MESSAGES.depositMax };
const pipeODMessages = { number: WPQ_MESSAGES.pipeODNumber, positive: WPQ_MESSAGES.pipeODPositive, max: WPQ_MESSAGES.pipeODMax };

const weldingProcess = z.enum(WELD_PROCESS_CODES, { error: WPQ_MESSAGES.weldingProcessRequired });
const transferMode = z.enum(TRANSFER_MODE_CODES, { error: WPQ_MESSAGES.transferModeRequired }).nullish();
const fillerMaterialType = z.enum(FILLER_TYPE_CODES, { error: WPQ_MESSAGES.fillerMaterialTypeRequired });
const productType = z.enum(PRODUCT_TYPE_CODES, { error: WPQ_MESSAGES.productTypeRequired });
const weldingPosition = z.enum(WELDING_POSITION_CODES, { error: WPQ_MESSAGES.weldingPositionRequired });

export const SecondProcessRequest = z
  .strictObject({
    weldingProcess,
    transferMode,
    fillerMaterialType,
    depositThickness: millimetres(depositMessages, 500),
  })
  .meta({ description: 'A second process, or a second filler type, that filled a butt joint after the root' });

const testPieceShape = {
  weldingProcess,
  transferMode,
  directionOfWelding: z.enum(DIRECTION_OF_WELDING_CODES, { error: WPQ_MESSAGES.directionRequired }).nullish(),
  productType,
  jointType: z.enum(JOINT_TYPE_CODES, { error: WPQ_MESSAGES.jointTypeRequired }),
  branch: z.enum(BRANCH_TYPE_CODES, { error: WPQ_MESSAGES.branchRequired }).nullish(),
  testPieceThickness: millimetres(thicknessMessages, 500).meta({ description: 'Material thickness t, mm' }),
  depositThickness: millimetres(depositMessages, 500)
    .nullish()
    .meta({ description: 'Deposited thickness s of the (root) process, mm; butt welds only; equals t for one process' }),
  pipeOD: millimetres(pipeODMessages, 5000).nullish().meta({ description: 'Pipe outside diameter D, mm (for hollow sections the smaller side)' }),
  weldingPosition,
  combinedPositionTest: z
    .boolean()
    .optional()
    .meta({ description: 'One pipe of D 150 mm or more welded two-thirds in PH (or PJ) and one-third in PC' }),
  fillerMaterialGroup: z.enum(FILLER_GROUP_CODES, { error: WPQ_MESSAGES.fillerMaterialGroupRequired }).nullish(),
  fillerMaterialType,
  backingAndConsumableInsert: z.enum(BACKING_TYPE_CODES, { error: WPQ_MESSAGES.backingRequired }).nullish(),
  layerTechnique: z.enum(LAYER_TECHNIQUE_CODES, { error: WPQ_MESSAGES.layerTechniqueRequired }).nullish(),
  parentMaterialGroup: z.literal(MATERIAL_GROUP_NUMBERS, { error: WPQ_MESSAGES.parentGroupInvalid }).nullish(),
  parentMaterialSubgroup: z.enum(MATERIAL_SUBGROUP_CODES, { error: WPQ_MESSAGES.parentSubgroupInvalid }).nullish(),
  typeOfCurrentAndPolarity: z.enum(CURRENT_TYPE_CODES, { error: WPQ_MESSAGES.currentTypeInvalid }).nullish(),
  additionalJointTypeTest: z.enum(ADDITIONAL_JOINT_TYPE_CODES, { error: WPQ_MESSAGES.additionalJointTypeInvalid }).nullish(),
  productTypeForAdditionalJointType: z.enum(PRODUCT_TYPE_CODES, { error: WPQ_MESSAGES.supplementaryProductRequired }).nullish(),
  weldingPositionForAdditionalJointType: z.enum(WELDING_POSITION_CODES, { error: WPQ_MESSAGES.supplementaryPositionRequired }).nullish(),
  secondProcess: SecondProcessRequest.nullish(),
};

export const TestPieceRequest = z.strictObject(testPieceShape);
export type TestPieceRequest = z.input<typeof TestPieceRequest>;

/** Path segments of the engine's field keys, so that issues land where the form shows them. */
function pathOf(field: string): (string | number)[] {
  return field.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

export const RangeRequest = z
  .strictObject({
    standard: z.enum(WPQ_STANDARDS, { error: WPQ_MESSAGES.standardRequired }).default('ISO 9606-1:2017'),
    ...testPieceShape,
    furtherTestPieces: z.array(TestPieceRequest).max(10, WPQ_MESSAGES.furtherPiecesMax).optional(),
    testDate: z.iso.date('Test date must be a date (YYYY-MM-DD)').optional().meta({ description: 'When given, the answer carries the validity dates' }),
  })
  .superRefine((input, ctx) => {
    for (const [field, message] of Object.entries(validateRangeInput(input))) {
      ctx.addIssue({ code: 'custom', path: pathOf(field), message });
    }
  });
export type RangeRequest = z.input<typeof RangeRequest>;
export type RangeRequestValues = z.output<typeof RangeRequest>;

const ThicknessRangeSchema = z.object({
  min: z.number(),
  max: z.number().nullable().meta({ description: 'null: no upper limit' }),
});

export const RangeResponse = z.object({
  standard: z.enum(WPQ_STANDARDS),
  designations: z.array(z.string()),
  processes: z.array(z.enum(WELD_PROCESS_CODES)),
  processRanges: z.array(
    z.object({
      testPiece: z.number().int(),
      testedProcess: z.enum(WELD_PROCESS_CODES),
      fillerMaterialType: z.enum(FILLER_TYPE_CODES),
      depositThickness: z.number().nullable(),
      processes: z.array(z.enum(WELD_PROCESS_CODES)),
      transferModes: z.array(z.enum(TRANSFER_MODE_CODES)),
      fillerTypes: z.array(z.enum(FILLER_TYPE_CODES)),
      thickness: ThicknessRangeSchema,
      isRootOnly: z.boolean(),
    }),
  ),
  transferModes: z.array(z.enum(TRANSFER_MODE_CODES)),
  directionsOfWelding: z.array(z.enum(DIRECTION_OF_WELDING_CODES)),
  productTypes: z.array(z.enum(PRODUCT_TYPE_CODES)),
  diameter: z.object({
    min: z.number().nullable(),
    max: z.number().nullable().meta({ description: 'null: no upper limit' }),
    plate: z.boolean(),
    fixedPipeMin: z.number().nullable(),
    rotatingPipeMin: z.number().nullable(),
    rotatingPipePositions: z.array(z.enum(WELDING_POSITION_CODES)),
  }),
  weldTypes: z.array(z.enum(['BW', 'FW'])),
  branchConnections: z.boolean(),
  thickness: ThicknessRangeSchema,
  fillerGroups: z.array(z.enum(FILLER_GROUP_CODES)),
  fillerTypes: z.array(z.enum(FILLER_TYPE_CODES)),
  parentGroups: z.array(z.number().int()),
  positions: z.array(z.enum(WELDING_POSITION_CODES)),
  weldDetails: z.array(z.enum([...BACKING_TYPE_CODES, ...LAYER_TECHNIQUE_CODES])),
  layerTechniques: z.array(z.enum(LAYER_TECHNIQUE_CODES)),
  supplementaryFillet: z
    .object({
      positions: z.array(z.enum(WELDING_POSITION_CODES)),
      layerTechniques: z.array(z.enum(LAYER_TECHNIQUE_CODES)),
      thickness: ThicknessRangeSchema,
    })
    .nullable(),
  requiredTests: z.array(
    z.object({
      testPiece: z.number().int(),
      appliesTo: z.enum(['test piece', 'supplementary fillet test']),
      rule: z.enum(REQUIRED_TEST_RULES),
      methods: z.array(z.enum(TEST_METHOD_CODES)),
      note: z.string(),
      clause: z.string(),
    }),
  ),
  reasons: z.array(
    z.object({
      testPiece: z.number().int().nullable(),
      part: z.enum(RANGE_PARTS),
      text: z.string(),
      clause: z.string(),
      table: z.string().nullable(),
    }),
  ),
  validity: z
    .object({
      testDate: z.string(),
      firstConfirmation: z.string(),
      retestBy: z.string(),
      revalidationBy: z.string(),
      confirmationBy: z.string(),
    })
    .nullable()
    .meta({ description: 'From testDate: the first confirmation and the 9.3 a), b) and c) dates' }),
});
export type RangeResponse = z.infer<typeof RangeResponse>;
