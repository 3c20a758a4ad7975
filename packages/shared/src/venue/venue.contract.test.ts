import { describe, expect, it } from 'vitest';
import { TESTING_AGENCY_MESSAGES as M, TestingAgencyRequest, VENUE_MESSAGES, VenueRequest } from './venue.contract';

const centre = (overrides: Record<string, unknown> = {}) => ({
  referenceNumber: 'TC-001',
  companyName: 'Hunter Welding Test Centre',
  streetNumber: '12',
  streetName: 'Industrial Drive',
  postalCode: '2300',
  city: 'Newcastle',
  state: 'NSW',
  country: 'Australia',
  phone: '02 4900 1234',
  mobile: '0400 123 456',
  primaryEmail: 'bookings@hunterwelding.example',
  alternateEmail: '',
  ...overrides,
});
const messagesOf = (input: object) => {
  const result = TestingAgencyRequest.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the test centre form (spec section 5)', () => {
  it('takes a complete centre', () => {
    expect(TestingAgencyRequest.safeParse(centre()).success).toBe(true);
  });

  it('requires every field but streetNumber and alternateEmail', () => {
    expect(messagesOf({})).toEqual({
      referenceNumber: M.required('Reference Number'),
      companyName: M.required('Company Name'),
      streetName: M.required('Street Name'),
      postalCode: M.required('Postal Code'),
      city: M.required('City'),
      state: M.required('State'),
      country: M.required('Country'),
      phone: M.required('Phone'),
      mobile: M.required('Mobile'),
      primaryEmail: M.required('Primary Email'),
    });
    const blank = messagesOf(centre({ companyName: '   ', city: '' }));
    expect(blank).toEqual({ companyName: M.required('Company Name'), city: M.required('City') });
  });

  it('leaves streetNumber and alternateEmail optional', () => {
    const parsed = TestingAgencyRequest.parse(centre({ streetNumber: undefined, alternateEmail: undefined }));
    expect(parsed).toMatchObject({ streetNumber: '', alternateEmail: '' });
    expect(TestingAgencyRequest.parse(centre({ alternateEmail: '  ' })).alternateEmail).toBe('');
  });

  it('needs a valid primaryEmail, and a valid alternateEmail when one is given', () => {
    expect(messagesOf(centre({ primaryEmail: 'not-an-email' }))).toEqual({ primaryEmail: M.invalidEmail });
    expect(messagesOf(centre({ alternateEmail: 'nope' }))).toEqual({ alternateEmail: M.invalidEmail });
    expect(TestingAgencyRequest.parse(centre({ alternateEmail: 'office@hunterwelding.example' })).alternateEmail).toBe('office@hunterwelding.example');
  });

  it('refuses letters in phone numbers and over-long fields', () => {
    expect(messagesOf(centre({ phone: 'call me' }))).toEqual({ phone: M.phoneInvalid });
    expect(messagesOf(centre({ referenceNumber: 'x'.repeat(33) }))).toEqual({ referenceNumber: M.max('Reference Number', 32) });
  });

  it('refuses unknown fields', () => {
    expect(TestingAgencyRequest.safeParse(centre({ fax: '1' })).success).toBe(false);
  });
});

describe('the venue form', () => {
  it('requires a title of at most 128 characters', () => {
    expect(VenueRequest.safeParse({ title: ' ' }).error?.issues[0]?.message).toBe(VENUE_MESSAGES.titleRequired);
    expect(VenueRequest.safeParse({}).error?.issues[0]?.message).toBe(VENUE_MESSAGES.titleRequired);
    expect(VenueRequest.safeParse({ title: 'x'.repeat(129) }).error?.issues[0]?.message).toBe(VENUE_MESSAGES.titleMax);
    expect(VenueRequest.parse({ title: '  Sydney Training Centre ' }).title).toBe('Sydney Training Centre');
  });
});
