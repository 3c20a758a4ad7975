import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { DAY, pendingPayment } from '../model/test-data';
import { PayAction } from './next-step-details';

describe('PayAction', () => {
  it.each([
    ['NZD', /^NZ\$1,197\.00 NZD, pay by/],
    ['AUD', /^\$1,197\.00 AUD, pay by/],
  ])("writes the amount in the invoice's currency (%s)", (currency, text) => {
    renderWithProviders(<PayAction payment={{ ...pendingPayment, currency, expiresOn: new Date(Date.now() + 7 * DAY).toISOString() }} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});
