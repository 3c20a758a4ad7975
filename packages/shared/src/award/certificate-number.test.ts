import { describe, expect, it } from 'vitest';
import { ProgramRequest } from '../program/program.contract';
import { CERTIFICATE_NUMBER_MESSAGES, certificatePatternIssues, counterWidth, firstCounter, formatCertificateNumber } from './certificate-number';

describe('formatting a certificate number', () => {
  it('appends the counter, padded to the start number, to a pattern without {N} (the demo programs)', () => {
    const width = counterWidth('1001');
    expect([1001, 1002, 10000].map((counter) => formatCertificateNumber('AU-IWI-S-', { year: 2026, counter, width }))).toEqual(['AU-IWI-S-1001', 'AU-IWI-S-1002', 'AU-IWI-S-10000']);
  });

  it('puts the year and the zero-padded counter where the placeholders are', () => {
    expect(formatCertificateNumber('WCB-{YYYY}-{N}', { year: 2026, counter: 7, width: counterWidth('00001') })).toBe('WCB-2026-00007');
    expect(formatCertificateNumber('C{YY}.{N}.AU', { year: 2031, counter: 42, width: counterWidth('0001') })).toBe('C31.0042.AU');
    expect(formatCertificateNumber('{N}-{YYYY}{YY}', { year: 2026, counter: 1, width: 1 })).toBe('1-202626');
  });

  it('starts at the start number as written (leading zeros give the width only)', () => {
    expect(firstCounter('0001')).toBe(1);
    expect(firstCounter('1001')).toBe(1001);
    expect(firstCounter('')).toBe(1);
    expect(counterWidth('0001')).toBe(4);
  });
});

describe('validating a pattern', () => {
  it('accepts a fixed prefix, the year placeholders and one {N}', () => {
    for (const pattern of ['AU-IWI-S-', 'WCB-{YYYY}-{N}', 'C{YY}.{N}', '{N}']) expect(certificatePatternIssues(pattern)).toEqual([]);
  });

  it('names an unknown placeholder, a second {N} and a character outside letters, digits, "-" and "."', () => {
    expect(certificatePatternIssues('WCB-{YEAR}-{N}')).toEqual([CERTIFICATE_NUMBER_MESSAGES.unknownPlaceholder('{YEAR}')]);
    expect(certificatePatternIssues('{N}-{N}')).toEqual([CERTIFICATE_NUMBER_MESSAGES.counterTwice]);
    expect(certificatePatternIssues('WCB {N}')).toEqual([CERTIFICATE_NUMBER_MESSAGES.badCharacter(' ')]);
    expect(certificatePatternIssues('WCB/{N}')).toEqual([CERTIFICATE_NUMBER_MESSAGES.badCharacter('/')]);
    expect(certificatePatternIssues('WCB-{N')).toEqual([CERTIFICATE_NUMBER_MESSAGES.badCharacter('{')]);
    expect(CERTIFICATE_NUMBER_MESSAGES.unknownPlaceholder('{YEAR}')).toBe('Certificate Number Pattern has an unknown placeholder {YEAR}; use {YYYY}, {YY} or {N}');
  });

  it('is checked when a program with the number pattern check is saved, on the pattern field', () => {
    const base = { programTitle: 'Welding Inspector', programCode: 'Q-ONE', programType: 1, programManager: '5b0f3c1e-8a7d-4c2b-9f10-2d3e4f5a6b7c', numberPatternCheck: true, certificateStartNum: '0001', programDeclaration: '<p>I declare.</p>' };
    const refused = ProgramRequest.safeParse({ ...base, certificateNumPattern: 'Q-{YEAR}-{N}' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.filter((i) => i.path[0] === 'certificateNumPattern').map((i) => i.message)).toEqual([CERTIFICATE_NUMBER_MESSAGES.unknownPlaceholder('{YEAR}')]);
    const accepted = ProgramRequest.safeParse({ ...base, certificateNumPattern: 'Q-{YYYY}-{N}' });
    expect(accepted.error?.issues.filter((i) => i.path[0] === 'certificateNumPattern') ?? []).toEqual([]);
  });
});
