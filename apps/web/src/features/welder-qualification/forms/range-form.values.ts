import { RangeRequest, WPQ_MESSAGES } from '@certs/shared/wpq/wpq.contract';
import { GAS_WELDING_PROCESS, TRANSFER_MODE_PROCESSES, type WeldProcess } from '@certs/shared/wpq/wpq-reference';

/** The calculator's fields as the inputs hold them: selects as strings, numbers as number or ''. */
export interface RangeFormValues {
  standard: string;
  weldingProcess: string;
  transferMode: string;
  directionOfWelding: string;
  productType: string;
  jointType: string;
  branch: string;
  testPieceThickness: number | '';
  depositThickness: number | '';
  pipeOD: number | '';
  weldingPosition: string;
  combinedPositionTest: boolean;
  fillerMaterialGroup: string;
  fillerMaterialType: string;
  backingAndConsumableInsert: string;
  layerTechnique: string;
  parentMaterialGroup: string;
  parentMaterialSubgroup: string;
  typeOfCurrentAndPolarity: string;
  additionalJointTypeTest: string;
  productTypeForAdditionalJointType: string;
  weldingPositionForAdditionalJointType: string;
  hasSecondProcess: boolean;
  secondWeldingProcess: string;
  secondTransferMode: string;
  secondFillerMaterialType: string;
  secondDepositThickness: number | '';
  testDate: string;
}

export const EMPTY_RANGE_FORM: RangeFormValues = {
  standard: 'ISO 9606-1:2017',
  weldingProcess: '',
  transferMode: '',
  directionOfWelding: '',
  productType: '',
  jointType: '',
  branch: '',
  testPieceThickness: '',
  depositThickness: '',
  pipeOD: '',
  weldingPosition: '',
  combinedPositionTest: false,
  fillerMaterialGroup: '',
  fillerMaterialType: '',
  backingAndConsumableInsert: '',
  layerTechnique: '',
  parentMaterialGroup: '',
  parentMaterialSubgroup: '',
  typeOfCurrentAndPolarity: '',
  additionalJointTypeTest: '',
  productTypeForAdditionalJointType: '',
  weldingPositionForAdditionalJointType: '',
  hasSecondProcess: false,
  secondWeldingProcess: '',
  secondTransferMode: '',
  secondFillerMaterialType: '',
  secondDepositThickness: '',
  testDate: '',
};

/** Names of the form fields that the request's field paths map to. */
const FORM_FIELD_OF: Record<string, keyof RangeFormValues> = {
  secondProcess: 'secondWeldingProcess',
  'secondProcess.weldingProcess': 'secondWeldingProcess',
  'secondProcess.transferMode': 'secondTransferMode',
  'secondProcess.fillerMaterialType': 'secondFillerMaterialType',
  'secondProcess.depositThickness': 'secondDepositThickness',
};

export function formFieldOf(requestPath: string): keyof RangeFormValues | null {
  if (requestPath in FORM_FIELD_OF) return FORM_FIELD_OF[requestPath] ?? null;
  return requestPath in EMPTY_RANGE_FORM ? (requestPath as keyof RangeFormValues) : null;
}

const text = (value: string) => (value.trim() === '' ? undefined : value);
const number = (value: number | '') => (value === '' ? undefined : value);
const usesTransferMode = (process: string) => TRANSFER_MODE_PROCESSES.includes(process as WeldProcess);

/**
 * The request for the values as they stand. Only the fields that apply go in: a hidden field
 * (a pipe diameter after switching to plate, say) keeps its value on screen but is not sent.
 */
export function toRangeRequestInput(values: RangeFormValues): Record<string, unknown> {
  const isPipe = values.productType === 'Pipe';
  const isButt = values.jointType === 'BW';
  const isFillet = values.jointType === 'FW';
  const hasSupplementary = isButt && values.additionalJointTypeTest === 'FW';
  const hasSecond = isButt && values.hasSecondProcess;
  const input: Record<string, unknown> = {
    standard: text(values.standard),
    weldingProcess: text(values.weldingProcess),
    transferMode: usesTransferMode(values.weldingProcess) ? text(values.transferMode) : undefined,
    directionOfWelding: values.weldingProcess === GAS_WELDING_PROCESS ? text(values.directionOfWelding) : undefined,
    productType: text(values.productType),
    jointType: text(values.jointType),
    branch: isPipe ? text(values.branch) : undefined,
    testPieceThickness: number(values.testPieceThickness),
    depositThickness: isButt ? number(values.depositThickness) : undefined,
    pipeOD: isPipe ? number(values.pipeOD) : undefined,
    weldingPosition: text(values.weldingPosition),
    combinedPositionTest: isPipe && values.combinedPositionTest ? true : undefined,
    fillerMaterialGroup: values.fillerMaterialType === 'nm' && !hasSecond ? undefined : text(values.fillerMaterialGroup),
    fillerMaterialType: text(values.fillerMaterialType),
    backingAndConsumableInsert: isFillet ? undefined : text(values.backingAndConsumableInsert),
    layerTechnique: text(values.layerTechnique),
    parentMaterialGroup: values.parentMaterialGroup ? Number(values.parentMaterialGroup) : undefined,
    parentMaterialSubgroup: values.parentMaterialGroup ? text(values.parentMaterialSubgroup) : undefined,
    typeOfCurrentAndPolarity: text(values.typeOfCurrentAndPolarity),
    additionalJointTypeTest: isButt ? text(values.additionalJointTypeTest) : undefined,
    productTypeForAdditionalJointType: hasSupplementary ? text(values.productTypeForAdditionalJointType) : undefined,
    weldingPositionForAdditionalJointType: hasSupplementary ? text(values.weldingPositionForAdditionalJointType) : undefined,
    secondProcess: hasSecond
      ? {
          weldingProcess: text(values.secondWeldingProcess),
          transferMode: usesTransferMode(values.secondWeldingProcess) ? text(values.secondTransferMode) : undefined,
          fillerMaterialType: text(values.secondFillerMaterialType),
          depositThickness: number(values.secondDepositThickness),
        }
      : undefined,
    testDate: text(values.testDate),
  };
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

export interface RangeFormCheck {
  /** The request to send, when every variable is there and can be ranged. */
  request: RangeRequest | null;
  /** Messages per form field, from the same schema the server checks with. */
  fieldErrors: Partial<Record<keyof RangeFormValues, string>>;
}

/**
 * Fields that only some choices need. The schema checks them after the basic fields are well
 * formed; saying so at once lets the form list everything still needed in one go.
 */
function conditionallyRequired(values: RangeFormValues): Partial<Record<keyof RangeFormValues, string>> {
  const needed: Partial<Record<keyof RangeFormValues, string>> = {};
  const isButt = values.jointType === 'BW';
  if (usesTransferMode(values.weldingProcess) && !values.transferMode) needed.transferMode = WPQ_MESSAGES.transferModeRequiredFor(values.weldingProcess);
  if (values.weldingProcess === GAS_WELDING_PROCESS && !values.directionOfWelding) needed.directionOfWelding = WPQ_MESSAGES.directionRequired;
  if (values.productType === 'Pipe' && values.pipeOD === '') needed.pipeOD = WPQ_MESSAGES.pipeODRequired;
  if (values.fillerMaterialType && values.fillerMaterialType !== 'nm' && !values.fillerMaterialGroup) needed.fillerMaterialGroup = WPQ_MESSAGES.fillerMaterialGroupRequired;
  if (isButt && !values.backingAndConsumableInsert) needed.backingAndConsumableInsert = WPQ_MESSAGES.backingRequired;
  if (values.jointType === 'FW' && !values.layerTechnique) needed.layerTechnique = WPQ_MESSAGES.layerTechniqueRequired;
  if (isButt && values.additionalJointTypeTest === 'FW') {
    if (!values.productTypeForAdditionalJointType) needed.productTypeForAdditionalJointType = WPQ_MESSAGES.supplementaryProductRequired;
    if (!values.weldingPositionForAdditionalJointType) needed.weldingPositionForAdditionalJointType = WPQ_MESSAGES.supplementaryPositionRequired;
  }
  return needed;
}

export function checkRangeForm(values: RangeFormValues): RangeFormCheck {
  const input = toRangeRequestInput(values);
  const parsed = RangeRequest.safeParse(input);
  if (parsed.success) return { request: input as RangeRequest, fieldErrors: {} };
  const fieldErrors: RangeFormCheck['fieldErrors'] = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path.join('.'));
    if (field && !(field in fieldErrors)) fieldErrors[field] = issue.message;
  }
  return { request: null, fieldErrors: { ...conditionallyRequired(values), ...fieldErrors } };
}

/** Whether a field is still empty, so that its "required" message waits until it has been visited. */
export function isEmptyField(values: RangeFormValues, field: keyof RangeFormValues): boolean {
  const value = values[field];
  return value === '' || value === false;
}
