import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ResultsForm } from './results-form';
import { ID, moduleOf } from './results-form.test-data';

// The first sitting failed and was recorded by hand; the re-sit passed (issue 45 item 5).
const failedFirst = moduleOf({ moduleCode: 'IWI-M1', moduleTitle: 'Welding processes', result: 'Fail', resultPercentage: 40, canEnterResult: false, resultEnteredOn: '2026-11-21T03:00:00.000Z', resultEnteredBy: 'Eve Examiner' });
const passedOnce = moduleOf({ id: ID(2), moduleCode: 'IWI-M2', moduleTitle: 'Materials', result: 'Pass', resultPercentage: 80, canEnterResult: false });

describe("staff's results of a module sat more than once (issue 45 item 5)", () => {
  it('lists the latest sitting first, then the first sitting marked earlier; a module sat once reads as before', () => {
    renderWithProviders(
      <ResultsForm
        modules={[failedFirst, passedOnce]}
        laterAttempts={[
          { moduleCode: 'IWI-M1', attempt: 1, result: 'Fail', resultPercentage: 55 },
          { moduleCode: 'IWI-M1', attempt: 2, result: 'Pass', resultPercentage: 100 },
        ]}
        onSave={async () => undefined}
        onOpenAttachment={() => {}}
      />,
    );
    const resat = screen.getByTestId('result-row-IWI-M1');
    const sittings = within(within(resat).getByRole('list', { name: 'Sittings of IWI-M1, latest first' })).getAllByRole('listitem');
    expect(sittings.map((item) => item.textContent)).toEqual(['Re-sit 2: Pass 100.00%', 'Re-sit 1: Fail 55.00% (earlier)', 'First sitting: Fail 40.00% (earlier)']);
    expect(resat).toHaveTextContent('First sitting entered by Eve Examiner');

    const once = screen.getByTestId('result-row-IWI-M2');
    expect(within(once).queryByRole('list')).not.toBeInTheDocument();
    expect(once).toHaveTextContent('Pass (80.00%)');
  });
});
