import { z } from 'zod';
import { pagingShape, pagedResponse } from '../common/paging';
import { Attachment } from '../attachment/attachment.contract';
import { APPLICATION_STATUSES } from './application-status';

export const APPLICATION_MESSAGES = {
  notFound: 'Application not found',
  programNotOpen: 'This program is not open for applications',
  wrongType: 'This program does not take this type of application',
  alreadyOpen: 'You already have an application for this program',
  notEditable: 'A submitted application cannot be changed',
  declarationRequired: 'Please accept the declaration',
  answerRequired: 'Please answer this requirement',
  answerMax: 'An answer must be at most 4000 characters',
  unknownRequirement: 'This requirement does not belong to the program',
  unknownAttachment: 'One of the attached files is not yours or does not exist',
} as const;

export const RequirementAnswerInput = z.strictObject({
  requirementId: z.uuid(),
  answerText: z.string().max(4000, APPLICATION_MESSAGES.answerMax).default(''),
  attachmentIds: z.array(z.uuid()).max(20).default([]),
});

/** Saving a draft: every field may still be incomplete. */
export const SaveApplicationRequest = z.strictObject({
  programId: z.uuid(),
  answers: z.array(RequirementAnswerInput).max(100).default([]),
  declarationAccepted: z.boolean().default(false),
});
export type SaveApplicationRequest = z.input<typeof SaveApplicationRequest>;

export const RequirementAnswer = z.object({
  requirementId: z.string(),
  requirementCode: z.string(),
  requirementDescription: z.string(),
  answerText: z.string(),
  attachments: z.array(Attachment),
});

export const Application = z.object({
  id: z.string(),
  applicationNumber: z.string(),
  applicantId: z.string(),
  programId: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  programType: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  declarationAccepted: z.boolean(),
  answers: z.array(RequirementAnswer),
  createdOn: z.string(),
  submittedOn: z.string().nullable(),
  modifiedOn: z.string(),
  /** Staff's request for more information while the application is back with the applicant; null otherwise. */
  informationRequest: z.object({ message: z.string(), requestedOn: z.string() }).nullable().optional(),
});
export type Application = z.infer<typeof Application>;

export const CurrentApplicationResponse = z.object({ application: Application.nullable() });

/** The applications table of spec section 2. */
export const ApplicationRow = Application.pick({
  id: true,
  applicationNumber: true,
  programCode: true,
  programTitle: true,
  programType: true,
  status: true,
  createdOn: true,
  submittedOn: true,
});
export const ApplicationPage = pagedResponse(ApplicationRow);
export type ApplicationPage = z.infer<typeof ApplicationPage>;
export const ApplicationListQuery = z.strictObject({ ...pagingShape });

/**
 * The applicant's view of their application's history (`{type}/{id}/history`): when it moved and
 * from which status and exam stage to which. Staff notes and names stay with staff.
 */
export const ApplicantHistoryEntry = z.object({
  id: z.string(),
  changedOn: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  fromStage: z.string().nullable(),
  toStage: z.string().nullable(),
});
export type ApplicantHistoryEntry = z.infer<typeof ApplicantHistoryEntry>;
export const ApplicantHistory = z.array(ApplicantHistoryEntry);
