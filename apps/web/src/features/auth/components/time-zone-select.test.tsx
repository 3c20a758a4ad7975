import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { TimeZoneSelect } from './time-zone-select';

describe('TimeZoneSelect', () => {
  it('has a visible label, not only a name for screen readers', () => {
    renderWithProviders(<TimeZoneSelect />);
    const select = screen.getByRole('combobox', { name: 'Time zone' });
    expect(select).not.toHaveAttribute('aria-label');
    const label = screen.getByText('Time zone');
    expect(label.tagName).toBe('LABEL');
    expect(label).toHaveAttribute('for', select.id);
    expect(label).toBeVisible();
    expect(select).toHaveValue('Australia/Sydney');
  });
});
