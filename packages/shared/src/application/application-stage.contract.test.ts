import { describe, expect, it } from 'vitest';
import {
  ApplicationQueueQuery,
  AssessmentSaveRequest,
  AssessorSubmitRequest,
  FileNoteRequest,
  STAGE_MESSAGES,
  assessmentCriteriaOf,
  assessmentSubmitErrors,
  knownSelections,
} from './application-stage.contract';

const criteria = assessmentCriteriaOf([{ requirementId: 'r1', requirementCode: 'EXP-2Y', requirementDescription: 'Two years' }]);
const allYes = criteria.map((c) => ({ criterion: c.criterion, answer: 'Yes' as const }));
const errorsOf = (input: object) => assessmentSubmitErrors(AssessmentSaveRequest.parse(input), criteria);

describe('the assessment rules (spec section 5)', () => {
  it('lists the general criteria, then one per requirement', () => {
    expect(criteria.map((c) => c.criterion)).toEqual(['identity', 'evidence', 'declaration', 'requirement:r1']);
    expect(criteria[3]?.label).toBe('EXP-2Y: Two years');
  });

  it('requires the report, one option per criterion and an outcome', () => {
    expect(errorsOf({})).toEqual({
      assessmentReport: STAGE_MESSAGES.assessmentReportRequired,
      'selections.identity': STAGE_MESSAGES.selectOne,
      'selections.evidence': STAGE_MESSAGES.selectOne,
      'selections.declaration': STAGE_MESSAGES.selectOne,
      'selections.requirement:r1': STAGE_MESSAGES.selectOne,
      outcome: STAGE_MESSAGES.selectOne,
    });
    expect(STAGE_MESSAGES.assessmentReportRequired).toBe('Assessment report is required');
    expect(STAGE_MESSAGES.selectOne).toBe('Please select one option');
  });

  it('treats a blank report as missing', () => {
    expect(errorsOf({ assessmentReport: '   ', selections: allYes, outcome: 'accept' })).toEqual({ assessmentReport: STAGE_MESSAGES.assessmentReportRequired });
  });

  it('accepts a complete assessment, and refuses to accept with an unmet criterion', () => {
    expect(errorsOf({ assessmentReport: 'Fine.', selections: allYes, outcome: 'accept' })).toEqual({});
    const withNo = allYes.map((s, i) => (i === 0 ? { ...s, answer: 'No' } : s));
    expect(errorsOf({ assessmentReport: 'Fine.', selections: withNo, outcome: 'accept' })).toEqual({ outcome: STAGE_MESSAGES.unmetCriterion });
    const withNa = allYes.map((s, i) => (i === 0 ? { ...s, answer: 'N/A' } : s));
    expect(errorsOf({ assessmentReport: 'Fine.', selections: withNa, outcome: 'accept' })).toEqual({});
  });

  it('needs a message to the applicant to ask for more information or to reject', () => {
    expect(errorsOf({ assessmentReport: 'x', selections: allYes, outcome: 'moreInformation' })).toEqual({ messageToApplicant: STAGE_MESSAGES.messageRequired });
    expect(errorsOf({ assessmentReport: 'x', selections: allYes, outcome: 'reject', messageToApplicant: 'No evidence.' })).toEqual({});
  });

  it('refuses answers other than Yes, No and N/A, with the spec message', () => {
    const result = AssessmentSaveRequest.safeParse({ selections: [{ criterion: 'identity', answer: 'Maybe' }] });
    expect(result.error?.issues[0]?.message).toBe(STAGE_MESSAGES.selectOne);
  });

  it('keeps only the first answer of each known criterion', () => {
    const kept = knownSelections(
      [
        { criterion: 'identity', answer: 'Yes' },
        { criterion: 'identity', answer: 'No' },
        { criterion: 'unknown', answer: 'Yes' },
      ],
      criteria,
    );
    expect(kept).toEqual([{ criterion: 'identity', answer: 'Yes' }]);
  });
});

describe('the assessor review', () => {
  it('requires the review and a recommendation on submit', () => {
    const result = AssessorSubmitRequest.safeParse({ review: ' ' });
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({ review: STAGE_MESSAGES.reviewRequired, recommendation: STAGE_MESSAGES.selectOne });
  });
});

describe('the queue query', () => {
  it('defaults to page 1 of 10, by applicationNumber, descending', () => {
    const query = ApplicationQueueQuery.parse({ programId: '6d1f3e1c-58a4-4d5f-9a55-0a3f3cf6a1b2' });
    expect(query).toMatchObject({ page: 1, pageSize: 10, orderBy: 'applicationNumber', ascending: false });
    expect(ApplicationQueueQuery.parse({ programId: '6d1f3e1c-58a4-4d5f-9a55-0a3f3cf6a1b2', ascending: 'true' }).ascending).toBe(true);
  });
});

describe('file notes', () => {
  it('are required and at most 4000 characters', () => {
    expect(FileNoteRequest.safeParse({ note: '  ' }).error?.issues[0]?.message).toBe(STAGE_MESSAGES.fileNoteRequired);
    expect(FileNoteRequest.safeParse({ note: 'x'.repeat(4001) }).error?.issues[0]?.message).toBe(STAGE_MESSAGES.fileNoteMax);
  });
});
