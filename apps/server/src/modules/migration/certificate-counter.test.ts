import { describe, expect, it } from 'vitest';
import { formatCertificateNumber } from '@certs/shared/award/certificate-number';
import { legacyDay } from '@certs/shared/migration/migration.contract';
import { counterOfNumber } from './certificate-counter';

describe('counterOfNumber', () => {
  it('reads back the counter formatCertificateNumber wrote, for every placeholder', () => {
    for (const pattern of ['WCB-{YYYY}-{N}', 'AU-IWI-S-', 'C.{YY}.{N}.X', '{N}']) {
      const number = formatCertificateNumber(pattern, { year: 2019, counter: 123, width: 5 });
      expect(counterOfNumber(pattern, number)).toBe(123);
    }
  });

  it('gives nothing for a number of another pattern, or an empty pattern', () => {
    expect(counterOfNumber('WCB-{YYYY}-{N}', 'OLD-7')).toBeNull();
    expect(counterOfNumber('WCB-{YYYY}-{N}', 'WCB-19-00001')).toBeNull();
    expect(counterOfNumber('', 'WCB-2019-00001')).toBeNull();
    // A pattern's literal dot is a dot, not any character.
    expect(counterOfNumber('C.{N}', 'CX12')).toBeNull();
  });
});

describe('legacyDay', () => {
  it('reads YYYY-MM-DD and DD-MMM-YYYY (any letter case), and refuses days that do not exist', () => {
    expect(legacyDay('2024-03-07')).toBe('2024-03-07');
    expect(legacyDay('07-Mar-2024')).toBe('2024-03-07');
    expect(legacyDay('07-MAR-2024')).toBe('2024-03-07');
    expect(legacyDay('31-Feb-2024')).toBeNull();
    expect(legacyDay('2023-02-29')).toBeNull();
    expect(legacyDay('07/03/2024')).toBeNull();
  });
});
