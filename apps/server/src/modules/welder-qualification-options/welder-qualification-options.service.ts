import { createHash } from 'node:crypto';
import {
  ADDITIONAL_JOINT_TYPES,
  BACKING_TYPES,
  BRANCH_TYPES,
  CURRENT_TYPES,
  DIRECTIONS_OF_WELDING,
  FILLER_GROUPS,
  FILLER_TYPES_BY_PROCESS,
  JOINT_TYPES,
  LAYER_TECHNIQUES,
  MATERIAL_GROUPS,
  NO_FILLER,
  PRODUCT_TYPES,
  SUPPLEMENTARY_FILLET_POSITIONS,
  TEST_METHODS,
  TEST_POSITIONS,
  TRANSFER_MODES,
  TRANSFER_MODE_PROCESSES,
  VALIDITY_OPTIONS,
  WELDING_POSITIONS,
  WELDING_POSITION_CODES,
  WELD_PROCESSES,
  WPQ_STANDARDS,
  GAS_WELDING_PROCESS,
  fillerTypeOptions,
  inReferenceOrder,
  subgroupsOf,
  type AdditionalJointType,
  type JointType,
  type MaterialGroup,
  type ProductType,
  type WeldProcess,
  type WeldingPosition,
  type WpqOption,
} from '@certs/shared/wpq/wpq-reference';
import { calculateRange } from '@certs/shared/wpq/wpq-range';
import { rulesFor } from '@certs/shared/wpq/wpq-rules';
import { validityDates } from '@certs/shared/wpq/wpq-validity';
import type {
  AdditionalJointTypeOptionsResponse,
  FillerMaterialTypesResponse,
  JointOptionsResponse,
  MaterialSubgroupsResponse,
  ProcessOptionsResponse,
  RangeRequestValues,
  RangeResponse,
  WeldProcessesResponse,
  WeldingPositionsResponse,
  WpqReferenceResponse,
} from '@certs/shared/wpq/wpq.contract';
import { AppError } from '../../platform/app-error';

/** An option answer with the entity tag of its content, so that a client can revalidate it cheaply. */
export interface CachedAnswer<T> {
  body: T;
  etag: string;
}

const asOptions = <V extends string | number>(list: readonly { value: V; label: string; description?: string }[]): WpqOption<string>[] =>
  list.map((item) => ({ value: String(item.value), label: item.label, ...(item.description ? { description: item.description } : {}) }));

function positionOptions(positions: readonly WeldingPosition[]): WpqOption<string>[] {
  return asOptions(WELDING_POSITIONS.filter((p) => positions.includes(p.value)));
}

function positionsFor(productType: ProductType, jointType: JointType): WeldingPosition[] {
  const byWeld = TEST_POSITIONS[productType];
  // A special joint is not ranged, but the record still names where it was welded.
  const positions = jointType === 'Special' ? [...byWeld.BW, ...byWeld.FW] : byWeld[jointType];
  return inReferenceOrder(WELDING_POSITION_CODES, positions);
}

/**
 * The option lists of spec section 7 and the range of qualification. Everything comes from the
 * shared reference data and engine, so nothing touches the database; each option answer is built
 * once per process and kept.
 */
export class WelderQualificationOptionsService {
  private readonly answers = new Map<string, CachedAnswer<unknown>>();

  private memo<T>(key: string, build: () => T): CachedAnswer<T> {
    let answer = this.answers.get(key) as CachedAnswer<T> | undefined;
    if (!answer) {
      const body = build();
      const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
      answer = { body, etag };
      this.answers.set(key, answer);
    }
    return answer;
  }

  reference(): CachedAnswer<WpqReferenceResponse> {
    return this.memo('reference', () => ({
      standards: WPQ_STANDARDS.map((standard) => ({ value: standard, label: standard })),
      weldProcesses: this.weldProcesses().body.weldProcesses,
      transferModes: asOptions(TRANSFER_MODES),
      directionsOfWelding: asOptions(DIRECTIONS_OF_WELDING),
      productTypes: asOptions(PRODUCT_TYPES),
      jointTypes: asOptions(JOINT_TYPES),
      branchTypes: asOptions(BRANCH_TYPES),
      additionalJointTypes: asOptions(ADDITIONAL_JOINT_TYPES),
      backingTypes: asOptions(BACKING_TYPES),
      layerTechniques: asOptions(LAYER_TECHNIQUES),
      currentTypes: asOptions(CURRENT_TYPES),
      fillerMaterialGroups: asOptions(FILLER_GROUPS.map((g) => ({ ...g, label: `${g.value}: ${g.description}` }))),
      weldingPositions: asOptions(WELDING_POSITIONS),
      materialGroups: MATERIAL_GROUPS.map((group) => ({
        value: String(group.value),
        label: `Group ${group.value}`,
        description: group.description,
        subgroups: group.subgroups.map((s) => ({ value: s.value, label: s.value, description: s.description })),
      })),
      testMethods: TEST_METHODS.map((m) => ({ value: m.value, label: m.label, description: m.standard })),
      validityOptions: asOptions(VALIDITY_OPTIONS),
    }));
  }

  weldProcesses(): CachedAnswer<WeldProcessesResponse> {
    return this.memo('weld-processes', () => ({
      weldProcesses: WELD_PROCESSES.map((p) => ({ value: p.value, label: `${p.value}: ${p.name}` })),
    }));
  }

  materialSubgroups(materialGroup: MaterialGroup): CachedAnswer<MaterialSubgroupsResponse> {
    return this.memo(`subgroups:${materialGroup}`, () => ({
      materialGroup,
      description: MATERIAL_GROUPS.find((g) => g.value === materialGroup)?.description ?? '',
      materialSubgroups: subgroupsOf(materialGroup).map((s) => ({ value: s.value, label: `${s.value}: ${s.description}`, description: s.description })),
    }));
  }

  jointOptions(productType: ProductType, jointType: JointType): CachedAnswer<JointOptionsResponse> {
    return this.memo(`joint:${productType}:${jointType}`, () => ({
      productType,
      jointType,
      weldingPositions: positionOptions(positionsFor(productType, jointType)),
      branchTypes: asOptions(productType === 'Pipe' ? BRANCH_TYPES : BRANCH_TYPES.filter((b) => b.value === 'Not-applicable')),
      backingTypes: jointType === 'FW' ? [] : asOptions(BACKING_TYPES),
      layerTechniques: asOptions(LAYER_TECHNIQUES),
      additionalJointTypes: asOptions(jointType === 'BW' ? ADDITIONAL_JOINT_TYPES : ADDITIONAL_JOINT_TYPES.filter((a) => a.value === 'Not-applicable')),
      isPipeODRequired: productType === 'Pipe',
      isDepositThicknessUsed: jointType === 'BW',
      isBackingRequired: jointType === 'BW',
      isLayerTechniqueRequired: jointType === 'FW',
      canCombinePositions: productType === 'Pipe' && jointType !== 'Special',
    }));
  }

  processOptions(weldingProcess: WeldProcess): CachedAnswer<ProcessOptionsResponse> {
    return this.memo(`process:${weldingProcess}`, () => {
      const usesFiller = FILLER_TYPES_BY_PROCESS[weldingProcess].some((type) => type !== NO_FILLER);
      const hasTransferModes = TRANSFER_MODE_PROCESSES.includes(weldingProcess);
      const isGasWelding = weldingProcess === GAS_WELDING_PROCESS;
      return {
        weldingProcess,
        transferModes: hasTransferModes ? asOptions(TRANSFER_MODES) : [],
        directionsOfWelding: isGasWelding ? asOptions(DIRECTIONS_OF_WELDING) : [],
        fillerMaterialGroups: usesFiller ? asOptions(FILLER_GROUPS.map((g) => ({ ...g, label: `${g.value}: ${g.description}` }))) : [],
        fillerMaterialTypes: fillerTypeOptions(weldingProcess),
        canWeldWithoutFiller: FILLER_TYPES_BY_PROCESS[weldingProcess].includes(NO_FILLER),
        isTransferModeRequired: hasTransferModes,
        isDirectionRequired: isGasWelding,
      };
    });
  }

  fillerMaterialTypes(weldingProcess: WeldProcess): CachedAnswer<FillerMaterialTypesResponse> {
    return this.memo(`filler-types:${weldingProcess}`, () => ({
      weldingProcess,
      fillerMaterialGroup: 'FM1' as const,
      fillerMaterialTypes: fillerTypeOptions(weldingProcess),
    }));
  }

  additionalJointTypeOptions(additionalJointTypeTest: AdditionalJointType): CachedAnswer<AdditionalJointTypeOptionsResponse> {
    return this.memo(`additional:${additionalJointTypeTest}`, () => ({
      additionalJointTypeTest,
      productTypes: additionalJointTypeTest === 'FW' ? asOptions(PRODUCT_TYPES) : [],
      weldingPositions: additionalJointTypeTest === 'FW' ? positionOptions(SUPPLEMENTARY_FILLET_POSITIONS) : [],
    }));
  }

  weldingPositions(productType: ProductType, jointType: JointType): CachedAnswer<WeldingPositionsResponse> {
    return this.memo(`positions:${productType}:${jointType}`, () => ({
      productType,
      jointType,
      weldingPositions: positionOptions(positionsFor(productType, jointType)),
    }));
  }

  /** The range of qualification; the request schema has already refused what cannot be ranged. */
  range(request: RangeRequestValues): RangeResponse {
    const rules = rulesFor(request.standard);
    const { testDate, ...input } = request;
    const outcome = calculateRange(input, rules);
    if (!outcome.ok) {
      const [message = 'The test variables cannot be ranged'] = Object.values(outcome.fieldErrors);
      throw new AppError('BAD_REQUEST', message, outcome.fieldErrors);
    }
    return { ...outcome.range, validity: testDate ? validityDates(testDate, rules) : null };
  }
}
