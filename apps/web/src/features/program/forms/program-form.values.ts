import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { PROGRAM_TYPES } from '@certs/shared/program/program-type';
import { ProgramRequest, type Program, type ProgramValues } from '@certs/shared/program/program.contract';
import { withCrossFieldErrors } from './cross-field-errors';

/** What the program form edits; selects hold text, the rest is as the contract names it. */
export interface ProgramFormValues {
  programCode: string;
  programTitle: string;
  programType: string;
  programManager: string;
  remarks: string;
  numberPatternCheck: boolean;
  certificateNumPattern: string;
  certificateStartNum: string;
  isIIWPublished: boolean;
  programDeclaration: string;
  programTooltips: string;
  /** Mantine's NumberInput holds '' while empty. */
  reviewWindowDays: number | string;
  /** Empty: no limit on re-sits per module. */
  maxResitsPerModule: number | string;
  /** The certification decision kept from the candidate's assessor and examiners (issue 43); null until chosen on a new program: the type's default. */
  decisionSeparation: boolean | null;
}

/** What a new program of this type separates unless told otherwise: the certification decision of Certification and AICIP. */
export function separatesByDefault(programType: string): boolean {
  return programType === String(PROGRAM_TYPES.Certification) || programType === String(PROGRAM_TYPES.AICIP);
}

export function emptyProgramValues(): ProgramFormValues {
  return {
    programCode: '',
    programTitle: '',
    programType: '',
    programManager: '',
    remarks: '',
    numberPatternCheck: false,
    certificateNumPattern: '',
    certificateStartNum: '',
    isIIWPublished: false,
    programDeclaration: '',
    programTooltips: '',
    reviewWindowDays: 30,
    maxResitsPerModule: '',
    decisionSeparation: null,
  };
}

export function programValuesOf(program: Program): ProgramFormValues {
  return {
    programCode: program.programCode,
    programTitle: program.programTitle,
    programType: String(program.programType),
    programManager: program.programManager?.id ?? '',
    remarks: program.remarks,
    numberPatternCheck: program.numberPatternCheck,
    certificateNumPattern: program.certificateNumPattern,
    certificateStartNum: program.certificateStartNum,
    isIIWPublished: program.isIIWPublished,
    programDeclaration: program.programDeclaration,
    programTooltips: program.programTooltips,
    reviewWindowDays: program.reviewWindowDays,
    maxResitsPerModule: program.maxResitsPerModule ?? '',
    decisionSeparation: program.decisionSeparation,
  };
}

function requestShapeOf(values: ProgramFormValues): Record<string, unknown> {
  return {
    ...values,
    programType: values.programType ? Number(values.programType) : undefined,
    // Left as text: a blank manager is a continuable issue, so the rules across fields still run.
    programManager: values.programManager,
    // The pattern fields mean nothing with the check off; they are not kept.
    certificateNumPattern: values.numberPatternCheck ? values.certificateNumPattern : '',
    certificateStartNum: values.numberPatternCheck ? values.certificateStartNum : '',
    // Empty is sent as null so the contract names it rather than defaulting to 30.
    reviewWindowDays: values.reviewWindowDays === '' ? null : Number(values.reviewWindowDays),
    // Empty is no limit.
    maxResitsPerModule: values.maxResitsPerModule === '' ? null : Number(values.maxResitsPerModule),
    // Not chosen on a new program: the server applies the type's default.
    decisionSeparation: values.decisionSeparation ?? undefined,
  };
}

/** The shared contract's own messages, at each field, before anything is sent. */
export function validateProgramValues(values: ProgramFormValues): FormErrors {
  // Without a type the number pattern rules are checked as for a type that needs no declaration.
  return withCrossFieldErrors(
    zod4Resolver(ProgramRequest, { errorPriority: 'first' }),
    requestShapeOf(values),
    { programType: PROGRAM_TYPES.Certification },
    ['certificateNumPattern', 'certificateStartNum'],
  );
}

export function toProgramRequest(values: ProgramFormValues): ProgramValues {
  return ProgramRequest.parse(requestShapeOf(values));
}
