/**
 * The counter a certificate number carries under a pattern (`WI-{YYYY}-{N}` and WI-2019-00123
 * give 123), or null when the number does not follow the pattern. The reverse of the shared
 * `formatCertificateNumber`: a pattern without `{N}` has the counter at its end.
 */
export function counterOfNumber(pattern: string, certificateNumber: string): number | null {
  if (!pattern) return null;
  const withCounter = pattern.includes('{N}') ? pattern : `${pattern}{N}`;
  const source = withCounter
    .split(/(\{YYYY\}|\{YY\}|\{N\})/)
    .map((part) => {
      if (part === '{YYYY}') return '\\d{4}';
      if (part === '{YY}') return '\\d{2}';
      if (part === '{N}') return '(\\d+)';
      return part.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    })
    .join('');
  const match = new RegExp(`^${source}$`, 'i').exec(certificateNumber);
  if (!match) return null;
  const counter = Number.parseInt(match[1]!, 10);
  return Number.isSafeInteger(counter) && counter <= 2_147_483_647 ? counter : null;
}
