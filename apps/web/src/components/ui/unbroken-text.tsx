import { Fragment, type ReactNode } from 'react';

/**
 * An identifier a person reads whole, such as an invoice number (`WTIA-INV-000123`): kept on one
 * line, not broken at its dashes or mid-word in a narrow column (issue 45 item 10).
 */
export function WholeIdentifier({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}

/**
 * An email address that may go onto a second line only before its @ or one of its dots, never
 * mid-word (issue 45 item 10): `annabel.arc` / `@example.com.au` in a narrow column.
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        // The parts of one address never move: their place is their key.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
