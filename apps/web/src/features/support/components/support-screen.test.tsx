import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AccountState } from './support-screen';

const stateOf = (user: { active: boolean; isActivated: boolean; hasTemporaryPassword?: boolean }) => {
  const { unmount } = renderWithProviders(
    <div data-testid="state">
      <AccountState user={{ hasTemporaryPassword: false, ...user }} />
    </div>,
  );
  const text = screen.getByTestId('state').textContent;
  unmount();
  return text;
};

describe('AccountState: where an account stands (issue 45 item 10)', () => {
  it('never says "Active" beside "Not activated"', () => {
    expect(stateOf({ active: true, isActivated: false })).toBe('Not activated');
    expect(stateOf({ active: true, isActivated: true })).toBe('Active');
    expect(stateOf({ active: false, isActivated: true })).toBe('Inactive');
    expect(stateOf({ active: false, isActivated: false })).toBe('InactiveNot activated');
  });

  it('says a temporary password beside the state', () => {
    renderWithProviders(<AccountState user={{ active: true, isActivated: true, hasTemporaryPassword: true }} />);
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Temporary password')).toBeInTheDocument();
  });
});
