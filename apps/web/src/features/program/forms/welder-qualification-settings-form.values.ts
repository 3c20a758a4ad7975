import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { formatFee } from '@certs/shared/program/program-rules';
import { WelderQualificationSettingsRequest, type WelderQualificationSettings } from '@certs/shared/program/program-settings.contract';
import type { WelderQualificationSettingsValues } from '../api/save-welder-qualification-settings';
import { withCrossFieldErrors } from './cross-field-errors';

/** Welder qualification settings as typed. */
export interface WelderQualificationSettingsFormValues {
  standard: string;
  numOfConfirmation: string;
  reValidationProlongation: boolean;
  interval: string;
  repeat: boolean;
  memberFee: string;
  nonmemberFee: string;
  revalidationMemberFee: string;
  revalidationNonmemberFee: string;
  messageConfirmation: string;
  messageProlongationReValidation: string;
  programDeclaration: string;
}

const feeText = (value: number | null | undefined) => (value === null || value === undefined ? '' : formatFee(value));

export function welderQualificationSettingsValuesOf(settings: WelderQualificationSettings | null): WelderQualificationSettingsFormValues {
  return {
    standard: settings?.standard ?? '',
    numOfConfirmation: settings ? String(settings.numOfConfirmation) : '',
    reValidationProlongation: settings?.reValidationProlongation ?? false,
    interval: settings ? String(settings.interval) : '',
    repeat: settings?.repeat ?? false,
    memberFee: feeText(settings?.memberFee),
    nonmemberFee: feeText(settings?.nonmemberFee),
    revalidationMemberFee: feeText(settings?.revalidationMemberFee),
    revalidationNonmemberFee: feeText(settings?.revalidationNonmemberFee),
    messageConfirmation: settings?.messageConfirmation ?? '',
    messageProlongationReValidation: settings?.messageProlongationReValidation ?? '',
    programDeclaration: settings?.programDeclaration ?? '',
  };
}

const blankAsMissing = (text: string) => (text.trim() === '' ? undefined : text);

function requestShapeOf(values: WelderQualificationSettingsFormValues): Record<string, unknown> {
  const isProlongation = values.reValidationProlongation;
  return {
    ...values,
    numOfConfirmation: blankAsMissing(values.numOfConfirmation),
    interval: blankAsMissing(values.interval),
    // Revalidation fees and message mean nothing without prolongation; they are not kept.
    revalidationMemberFee: isProlongation ? values.revalidationMemberFee : '',
    revalidationNonmemberFee: isProlongation ? values.revalidationNonmemberFee : '',
    messageProlongationReValidation: isProlongation ? values.messageProlongationReValidation : '',
  };
}

export function validateWelderQualificationSettingsValues(values: WelderQualificationSettingsFormValues): FormErrors {
  return withCrossFieldErrors(
    zod4Resolver(WelderQualificationSettingsRequest, { errorPriority: 'first' }),
    requestShapeOf(values),
    { standard: 'ISO 9606-1:2017', numOfConfirmation: 1, interval: 1, memberFee: '0', nonmemberFee: '0', messageConfirmation: 'x' },
    ['revalidationMemberFee', 'revalidationNonmemberFee', 'messageProlongationReValidation'],
  );
}

export function toWelderQualificationSettingsRequest(values: WelderQualificationSettingsFormValues): WelderQualificationSettingsValues {
  return WelderQualificationSettingsRequest.parse(requestShapeOf(values));
}
