import { describe, expect, it } from 'vitest';
import { CERTIFICATE_CHECK_MESSAGES, CertificateCheckRequest, MAX_CERTIFICATE_CHECK_NUMBERS, parseCertificateNumbers } from './certificate-check.contract';

describe('the numbers of a pasted list or a file', () => {
  it('splits on lines, commas, semicolons and tabs, drops quotes, blanks, a heading and repeats (letter case aside), in the order first seen', () => {
    expect(parseCertificateNumbers('Certificate number\r\nWCB-1, WCB-2\n\n "WCB-3" ;wcb-1\tWCB-4\n')).toEqual(['WCB-1', 'WCB-2', 'WCB-3', 'WCB-4']);
    expect(parseCertificateNumbers('  \n , ;')).toEqual([]);
    expect(parseCertificateNumbers('Cert No.\nA1')).toEqual(['A1']);
  });
});

describe('the request', () => {
  it('trims, drops blanks and repeats before counting, and refuses none or more than 500', () => {
    expect(CertificateCheckRequest.parse({ numbers: [' A ', 'a', '', 'B'] }).numbers).toEqual(['A', 'B']);
    const many = Array.from({ length: MAX_CERTIFICATE_CHECK_NUMBERS }, (_, i) => `N${i}`);
    expect(CertificateCheckRequest.parse({ numbers: [...many, ...many] }).numbers).toHaveLength(MAX_CERTIFICATE_CHECK_NUMBERS);
    expect(CertificateCheckRequest.safeParse({ numbers: [...many, 'one more'] }).error?.issues[0]?.message).toBe(CERTIFICATE_CHECK_MESSAGES.tooManyNumbers);
    expect(CertificateCheckRequest.safeParse({ numbers: ['  '] }).error?.issues[0]?.message).toBe(CERTIFICATE_CHECK_MESSAGES.numbersRequired);
  });
});
