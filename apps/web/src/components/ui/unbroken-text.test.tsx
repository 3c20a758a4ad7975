import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress, WholeIdentifier } from './unbroken-text';

describe('unbroken text (issue 45 item 10: no mid-word wrap)', () => {
  it('lets an email address break only before its @ and its dots', () => {
    const { container } = render(
      <p data-testid="email">
        <EmailAddress email="annabel.arc@example.com.au" />
      </p>,
    );
    expect(screen.getByTestId('email')).toHaveTextContent('annabel.arc@example.com.au');
    expect(container.querySelector('p')!.innerHTML).toBe('annabel<wbr>.arc<wbr>@example<wbr>.com<wbr>.au');
    // No style that breaks anywhere in a word.
    expect(container.innerHTML).not.toMatch(/overflow-wrap|word-break/);
  });

  it('lets a long run of digits break, every six digits, and no word', () => {
    const { container } = render(
      <p>
        <EmailAddress email="payer.1796620997061@example.test" />
      </p>,
    );
    expect(container.querySelector('p')!.innerHTML).toBe('payer<wbr>.179662<wbr>0997061<wbr>@example<wbr>.test');
  });

  it('keeps an invoice number on one line, dashes included', () => {
    render(<WholeIdentifier>WTIA-INV-000123</WholeIdentifier>);
    expect(screen.getByText('WTIA-INV-000123')).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});
