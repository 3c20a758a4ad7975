/**
 * A program code as one word: "C-WELD-SUP" never breaks after a hyphen in a narrow cell, card or
 * line (issue 21 item 9). Codes are at most 18 characters (spec section 5), so one line fits a
 * 390 px phone.
 */
export function ProgramCode({ code }: { code: string }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }} data-testid="program-code">
      {code}
    </span>
  );
}
