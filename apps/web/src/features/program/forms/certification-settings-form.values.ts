import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { formatFee } from '@certs/shared/program/program-rules';
import {
  CertificationSettingsRequest,
  RenewalSettingsRequest,
  type CertificationSettings,
} from '@certs/shared/program/program-settings.contract';
import type { CertificationSettingsValues, RenewalSettingsValues, SettingsKind } from '../api/save-certification-settings';

/** Certification and AICIP settings as typed; the renewal form has no renewal period. */
export interface CertificationSettingsFormValues {
  memberFee: string;
  nonmemberFee: string;
  reviewAllowed: boolean;
  renewalPeriod: string;
  requiredCpdHours: string;
  assessorAssessmentInstruction: string;
  certificationTooltips: string;
  programDeclaration: string;
}

export function certificationSettingsValuesOf(settings: CertificationSettings | null): CertificationSettingsFormValues {
  return {
    memberFee: settings ? formatFee(settings.memberFee) : '',
    nonmemberFee: settings ? formatFee(settings.nonmemberFee) : '',
    reviewAllowed: settings?.reviewAllowed ?? false,
    renewalPeriod: settings?.renewalPeriod === null || settings?.renewalPeriod === undefined ? '' : String(settings.renewalPeriod),
    requiredCpdHours: String(settings?.requiredCpdHours ?? 0),
    assessorAssessmentInstruction: settings?.assessorAssessmentInstruction ?? '',
    certificationTooltips: settings?.certificationTooltips ?? '',
    programDeclaration: settings?.programDeclaration ?? '',
  };
}

function requestShapeOf(values: CertificationSettingsFormValues, kind: SettingsKind): Record<string, unknown> {
  const { renewalPeriod, requiredCpdHours, ...common } = values;
  // A blank period is missing, not zero, so that it reads as the spec's message.
  return kind === 'initial'
    ? { ...common, renewalPeriod: renewalPeriod.trim() === '' ? undefined : renewalPeriod, requiredCpdHours: requiredCpdHours.trim() === '' ? undefined : requiredCpdHours }
    : common;
}

export function validateCertificationSettingsValues(values: CertificationSettingsFormValues, kind: SettingsKind): FormErrors {
  const schema = kind === 'initial' ? CertificationSettingsRequest : RenewalSettingsRequest;
  return zod4Resolver(schema, { errorPriority: 'first' })(requestShapeOf(values, kind));
}

export function toCertificationSettingsRequest(values: CertificationSettingsFormValues): CertificationSettingsValues {
  return CertificationSettingsRequest.parse(requestShapeOf(values, 'initial'));
}

export function toRenewalSettingsRequest(values: CertificationSettingsFormValues): RenewalSettingsValues {
  return RenewalSettingsRequest.parse(requestShapeOf(values, 'renewal'));
}
