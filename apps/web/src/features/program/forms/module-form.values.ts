import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { UpdateModuleRequest, type ProgramModule } from '@certs/shared/program/program-module.contract';
import { formatFee } from '@certs/shared/program/program-rules';
import type { UpdateModuleValues } from '../api/update-program-module';
import { withCrossFieldErrors } from './cross-field-errors';

/** What the module form edits: fees and the pass mark as typed, switches as booleans. */
export interface ModuleFormValues {
  moduleCode: string;
  moduleTitle: string;
  moduleDescription: string;
  assessmentRequirements: string;
  examinationType: string;
  invigilated: boolean;
  memberFee: string;
  nonMemberFee: string;
  reviewAllowed: boolean;
  reSitAllowed: boolean;
  reSitMemberFee: string;
  reSitNonMemberFee: string;
  passPercentage: string;
  isInactive: boolean;
}

export function emptyModuleValues(): ModuleFormValues {
  return {
    moduleCode: '',
    moduleTitle: '',
    moduleDescription: '',
    assessmentRequirements: '',
    examinationType: '',
    invigilated: false,
    memberFee: '',
    nonMemberFee: '',
    reviewAllowed: false,
    reSitAllowed: false,
    reSitMemberFee: '',
    reSitNonMemberFee: '',
    passPercentage: '',
    isInactive: false,
  };
}

const feeText = (value: number | null) => (value === null ? '' : formatFee(value));

export function moduleValuesOf(module: ProgramModule): ModuleFormValues {
  return {
    moduleCode: module.moduleCode,
    moduleTitle: module.moduleTitle,
    moduleDescription: module.moduleDescription,
    assessmentRequirements: module.assessmentRequirements,
    examinationType: module.examinationType,
    invigilated: module.invigilated,
    memberFee: feeText(module.memberFee),
    nonMemberFee: feeText(module.nonMemberFee),
    reviewAllowed: module.reviewAllowed,
    reSitAllowed: module.reSitAllowed,
    reSitMemberFee: feeText(module.reSitMemberFee),
    reSitNonMemberFee: feeText(module.reSitNonMemberFee),
    passPercentage: String(module.passPercentage),
    isInactive: module.isInactive,
  };
}

function requestShapeOf(values: ModuleFormValues): Record<string, unknown> {
  return {
    ...values,
    // Re-sit fees mean nothing when re-sits are not allowed; they are not kept.
    reSitMemberFee: values.reSitAllowed ? values.reSitMemberFee : '',
    reSitNonMemberFee: values.reSitAllowed ? values.reSitNonMemberFee : '',
  };
}

/** The shared contract's own messages, at each field, before anything is sent. */
export function validateModuleValues(values: ModuleFormValues): FormErrors {
  return withCrossFieldErrors(
    zod4Resolver(UpdateModuleRequest, { errorPriority: 'first' }),
    requestShapeOf(values),
    { moduleCode: 'M', moduleTitle: 'M', examinationType: 'Online', memberFee: '0', nonMemberFee: '0', passPercentage: '0' },
    ['reSitMemberFee', 'reSitNonMemberFee'],
  );
}

export function toModuleRequest(values: ModuleFormValues): UpdateModuleValues {
  return UpdateModuleRequest.parse(requestShapeOf(values));
}
