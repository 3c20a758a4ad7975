import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QUESTION_MESSAGES } from '@certs/shared/question-bank/question.contract';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { QuestionForm } from './question-form';
import { emptyQuestionValues, newOptionRow, toQuestionRequest, validateQuestionValues, type QuestionFormValues } from './question-form.values';

const SUBJECT = { id: '7d9a4c52-2d44-4b7e-9a3c-5c0b8f6a1e01', title: 'Welding processes' };
const TAG = { id: '1f3b2a10-8c7d-4e5f-a6b7-c8d9e0f1a2b3', title: 'MMAW' };

function field(label: string) {
  return screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));
}

function renderForm(initialValues: QuestionFormValues = emptyQuestionValues(), onSubmit = vi.fn<(values: QuestionFormValues) => Promise<unknown>>(() => Promise.resolve())) {
  renderWithProviders(<QuestionForm mode="create" initialValues={initialValues} subjects={[SUBJECT]} tags={[TAG]} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

const complete = (overrides: Partial<QuestionFormValues> = {}): QuestionFormValues => ({
  ...emptyQuestionValues(),
  content: '<p>Which process uses a stick electrode?</p>',
  questionType: 'General Single Answer',
  subjects: [SUBJECT.id],
  tags: [TAG.id],
  options: [newOptionRow('MMAW', true), newOptionRow('GTAW')],
  ...overrides,
});

describe('QuestionForm', { timeout: 15_000 }, () => {
  it('shows the spec messages at each field and sends nothing', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create question' }));
    expect(await screen.findByText(QUESTION_MESSAGES.contentRequired)).toBeInTheDocument();
    expect(screen.getByText(QUESTION_MESSAGES.questionTypeRequired)).toBeInTheDocument();
    expect(screen.getByText(QUESTION_MESSAGES.subjectsRequired)).toBeInTheDocument();
    expect(screen.getByText(QUESTION_MESSAGES.tagsRequired)).toBeInTheDocument();
    expect(field('Question Type')).toHaveAccessibleDescription(QUESTION_MESSAGES.questionTypeRequired);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for option text and exactly one correct option of a single-answer question', async () => {
    const { onSubmit, user } = renderForm(complete({ options: [newOptionRow(''), newOptionRow('GTAW')] }));
    await user.click(screen.getByRole('button', { name: 'Create question' }));
    expect(await screen.findByText(QUESTION_MESSAGES.optionRequired)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(QUESTION_MESSAGES.singleCorrect);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(field('Option 1'), 'MMAW');
    await user.click(screen.getByRole('radio', { name: 'Option 1 is correct' }));
    await user.click(screen.getByRole('button', { name: 'Create question' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(toQuestionRequest(onSubmit.mock.calls[0]![0]).options).toEqual([
      { option: 'MMAW', correctAnswer: true, order: 1 },
      { option: 'GTAW', correctAnswer: false, order: 2 },
    ]);
  });

  it('keeps one correct option when another radio is chosen, and lets options move', async () => {
    const { onSubmit, user } = renderForm(complete());
    await user.click(screen.getByRole('radio', { name: 'Option 2 is correct' }));
    await user.click(screen.getByRole('button', { name: 'Move option 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Create question' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(toQuestionRequest(onSubmit.mock.calls[0]![0]).options.map((o) => [o.option, o.correctAnswer])).toEqual([
      ['GTAW', true],
      ['MMAW', false],
    ]);
  });

  it('offers checkboxes for a multiple-answer question and needs one ticked', () => {
    const errors = validateQuestionValues(complete({ questionType: 'Multiple Answer', options: [newOptionRow('Crack'), newOptionRow('Porosity')] }));
    expect(errors.options).toBe(QUESTION_MESSAGES.multipleCorrect);
    renderForm(complete({ questionType: 'Multiple Answer' }));
    expect(screen.getByRole('checkbox', { name: 'Option 1 is correct' })).toBeChecked();
  });

  it('calls fill-in-the-blank options accepted answers and sends them all as correct', async () => {
    const { onSubmit, user } = renderForm(complete({ questionType: 'Fill In The Blank', options: [newOptionRow('flat')] }));
    expect(screen.getByRole('group', { name: 'Accepted answers' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add accepted answer' }));
    await user.type(field('Accepted answer 2'), 'downhand');
    await user.click(screen.getByRole('button', { name: 'Create question' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(toQuestionRequest(onSubmit.mock.calls[0]![0]).options.map((o) => [o.option, o.correctAnswer])).toEqual([
      ['flat', true],
      ['downhand', true],
    ]);
  });

  it('sends no options for a descriptive question, whatever the editor held', async () => {
    const { onSubmit, user } = renderForm(complete({ questionType: 'Descriptive', canUploadAnswerPaper: true }));
    expect(screen.queryByRole('group', { name: 'Options' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create question' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(toQuestionRequest(onSubmit.mock.calls[0]![0])).toMatchObject({ questionType: 'Descriptive', options: [], canUploadAnswerPaper: true });
  });

  it('puts the server refusal at its field and keeps what was typed', async () => {
    const onSubmit = vi.fn<(values: QuestionFormValues) => Promise<unknown>>(() =>
      Promise.reject(new ApiError(400, QUESTION_MESSAGES.unknownSubject, { subjects: QUESTION_MESSAGES.unknownSubject })),
    );
    const { user } = renderForm(complete(), onSubmit);
    await user.click(screen.getByRole('button', { name: 'Create question' }));
    expect(await screen.findByText(QUESTION_MESSAGES.unknownSubject)).toBeInTheDocument();
    expect(field('Option 1')).toHaveValue('MMAW');
  });
});
