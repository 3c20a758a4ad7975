import type { Applicant } from '@certs/shared/applicant/applicant.contract';

/**
 * The personal details an applicant's profile still lacks, in words, in the order the profile asks
 * for them: the date of birth, the phone and the home address (street, city, postal code and
 * country) that assessors and certificates rely on. Empty when the profile is complete.
 */
export function missingProfileDetails(applicant: Pick<Applicant, 'dateOfBirth' | 'phone' | 'homeAddress'>): string[] {
  const { streetName, city, postalCode, country } = applicant.homeAddress;
  const missing: string[] = [];
  if (!applicant.dateOfBirth) missing.push('date of birth');
  if (!applicant.phone.trim()) missing.push('phone');
  if (![streetName, city, postalCode, country].every((part) => part.trim())) missing.push('home address');
  return missing;
}

/** "a", "a and b", "a, b and c". */
export function listInWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
