import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUS_OPTIONS, WORKFLOW_STAGE_OPTIONS, stageLabelOf, statusLabelOf } from './application-labels';
import { APPLICATION_STATUSES } from './application-status';
import { WORKFLOW_STAGES } from './application-workflow';

describe('application labels', () => {
  it('gives every stored status and stage a label in plain words (no run-together or camel-case names)', () => {
    for (const label of [...APPLICATION_STATUSES.map(statusLabelOf), ...WORKFLOW_STAGES.map(stageLabelOf)]) {
      expect(label).not.toMatch(/[a-z][A-Z]/);
      expect(label).toMatch(/^[A-Z]/);
    }
    expect(statusLabelOf('Awarded OnHold')).toBe('Award On Hold');
    expect(stageLabelOf('preExamination Completed')).toBe('Pre-examination completed');
    expect(stageLabelOf(null)).toBe('No stage yet');
  });

  it('filters by the stored value and shows the label', () => {
    expect(APPLICATION_STATUS_OPTIONS.map((option) => option.value)).toEqual([...APPLICATION_STATUSES]);
    expect(WORKFLOW_STAGE_OPTIONS).toContainEqual({ value: 'Exam Initialization Completed', label: 'Exams scheduled' });
  });
});
