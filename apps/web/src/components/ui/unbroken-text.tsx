import { Fragment, type ReactNode } from 'react';

/**
 * An identifier a person reads whole, such as an invoice number (`WTIA-INV-000123`): kept on one
 * line, not broken at its dashes or mid-word in a narrow column (issue 45 item 10).
 */
export function WholeIdentifier({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}

/** A part with one break opportunity inside each run of ten or more digits (a number, not a word), after its sixth digit. */
function withDigitBreaks(part: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const token of part.split(/(\d{10,})/)) {
    if (/^\d{10,}$/.test(token)) {
      pieces.push(current + token.slice(0, 6));
      current = token.slice(6);
    } else current += token;
  }
  return current ? [...pieces, current] : pieces;
}

/**
 * An email address that may go onto a second line only before its @ or one of its dots, never
 * mid-word (issue 45 item 10): `annabel.arc` / `@example.com.au` in a narrow column. A long run of
 * digits (`payer.1796620997061@…`) may also break, so that it does not widen a table past a screen.
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/).flatMap(withDigitBreaks);
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
