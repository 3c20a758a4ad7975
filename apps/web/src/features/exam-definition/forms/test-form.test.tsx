import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_MESSAGES, type LinkableModule } from '@certs/shared/exam-definition/exam-definition.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { TestForm } from './test-form';
import { emptyTestValues, toTestRequest, validateTestValues, type TestFormValues } from './test-form.values';

const MODULES: LinkableModule[] = [
  { id: '5b0c6a5e-3f4d-4c1b-8a2e-9d7f6e5c4b3a', moduleCode: 'IWI-M1', moduleTitle: 'Welding processes', programId: 'p1', programCode: 'Q-WELD-INSP', programType: 1 },
  { id: '6c1d7b6f-4a5e-4d2c-9b3f-0e8a7f6d5c4b', moduleCode: 'AP-M1', moduleTitle: 'Pipelines', programId: 'p4', programCode: 'AICIP-PIPE', programType: 4 },
];
const OTHER_TEST_ID = '00000000-0000-4000-8000-0000000000aa';

function field(label: string) {
  return screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));
}

const complete = (overrides: Partial<TestFormValues> = {}): TestFormValues => ({
  ...emptyTestValues(),
  title: 'IWI module 1',
  testType: 'module',
  programType: '1',
  overallTime: 90,
  minimumTime: 30,
  totalTestMarks: 20,
  description: 'Module 1 exam.',
  instruction: '<p>Answer every question.</p>',
  ...overrides,
});

function renderForm(initialValues: TestFormValues = emptyTestValues(), props: Partial<Parameters<typeof TestForm>[0]> = {}) {
  const onSubmit = vi.fn<(values: TestFormValues) => Promise<unknown>>(() => Promise.resolve());
  renderWithProviders(<TestForm mode="create" initialValues={initialValues} modules={MODULES} onSubmit={onSubmit} {...props} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('TestForm', { timeout: 15_000 }, () => {
  beforeEach(() => {
    stubFetch((call) => {
      const title = /\/api\/tests\/title\/(.+)$/.exec(call.url)?.[1];
      if (title) return jsonResponse({ test: decodeURIComponent(title) === 'Taken title' ? { id: OTHER_TEST_ID, title: 'Taken title' } : null });
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
    });
  });

  it('shows the required messages at each field', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create test' }));
    expect(await screen.findByText(TEST_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(TEST_MESSAGES.testTypeRequired)).toBeInTheDocument();
    expect(screen.getByText(TEST_MESSAGES.programTypeRequired)).toBeInTheDocument();
    expect(screen.getByText(TEST_MESSAGES.overallTimeRequired)).toBeInTheDocument();
    expect(screen.getByText(TEST_MESSAGES.descriptionRequired)).toBeInTheDocument();
    expect(screen.getByText(TEST_MESSAGES.instructionRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says "Too less" for times and marks under 1', () => {
    const errors = validateTestValues(complete({ overallTime: 0, minimumTime: 0, totalTestMarks: 0 }));
    expect([errors.overallTime, errors.minimumTime, errors.totalTestMarks]).toEqual([TEST_MESSAGES.tooLess, TEST_MESSAGES.tooLess, TEST_MESSAGES.tooLess]);
    expect(validateTestValues(complete({ minimumTime: 120 })).minimumTime).toBe(TEST_MESSAGES.minimumOverOverall);
  });

  it('shows "Too less" at the field as typed', async () => {
    const { user } = renderForm(complete({ totalTestMarks: '' }));
    await user.type(field('Total Test Marks'), '0');
    await user.click(screen.getByRole('button', { name: 'Create test' }));
    expect(await screen.findByText(TEST_MESSAGES.tooLess)).toBeInTheDocument();
  });

  it('tells a title is taken before sending, and sends a free one', async () => {
    const { onSubmit, user } = renderForm(complete({ title: '' }));
    await user.type(field('Title'), 'Taken title');
    expect(await screen.findByText(TEST_MESSAGES.titleTaken, {}, { timeout: 3000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create test' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(field('Title'));
    await user.type(field('Title'), 'A free title');
    await waitFor(() => expect(screen.queryByText(TEST_MESSAGES.titleTaken)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Create test' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('offers the modules of the chosen program type only, and sends the link', async () => {
    const { onSubmit, user } = renderForm(complete());
    const moduleSelect = field('Program Module');
    expect([...moduleSelect.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['No module', 'Q-WELD-INSP · IWI-M1 Welding processes']);
    await user.selectOptions(moduleSelect, MODULES[0]!.id);
    await user.click(screen.getByRole('button', { name: 'Create test' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(toTestRequest(onSubmit.mock.calls[0]![0])).toMatchObject({ programModuleId: MODULES[0]!.id, programType: 1, testType: 'module', totalTestMarks: 20 });
  });

  it('sends the shuffle and partial marks settings the staff switch on', async () => {
    const { onSubmit, user } = renderForm(complete());
    await user.click(screen.getByRole('switch', { name: /Shuffle questions/ }));
    await user.click(screen.getByRole('switch', { name: /Partial marks/ }));
    await user.click(screen.getByRole('button', { name: 'Create test' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(toTestRequest(onSubmit.mock.calls[0]![0])).toMatchObject({ shuffleQuestions: true, shuffleOptions: false, partialMarks: true });
  });

  it('keeps what candidates answer fixed once published', () => {
    renderForm(complete(), { mode: 'edit', isContentLocked: true });
    expect(screen.getByRole('switch', { name: /Shuffle options/ })).toBeDisabled();
    expect(screen.getByRole('switch', { name: /Partial marks/ })).toBeDisabled();
    expect(field('Test Type')).toBeDisabled();
    expect(field('Overall Time')).toBeDisabled();
    expect(field('Total Test Marks')).toBeDisabled();
    expect(field('Title')).toBeEnabled();
    expect(field('Description')).toBeEnabled();
  });
});
