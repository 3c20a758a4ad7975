import { describe, expect, it } from 'vitest';
import { CreateAccountUserRequest } from '../account-user/account-user.contract';
import { SaveApplicantRequest } from '../applicant/applicant.contract';
import { ForgotPasswordRequest, RegisterApplicantRequest, ResendActivationRequest } from '../auth/registration.contract';
import { ContactMessageRequest } from '../contact/contact.contract';
import { PERSON_FIELD_LABELS, PERSON_MESSAGES, optionalEmail, requiredEmail, requiredName } from './person-fields';

const messageOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  result.error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('person fields', () => {
  it('names each field by its label in its "required" message', () => {
    expect(PERSON_MESSAGES.firstNameRequired).toBe(`${PERSON_FIELD_LABELS.firstName} is required`);
    expect(PERSON_MESSAGES.lastNameRequired).toBe(`${PERSON_FIELD_LABELS.lastName} is required`);
    expect(PERSON_MESSAGES.emailRequired).toBe(`${PERSON_FIELD_LABELS.email} is required`);
    expect(requiredName(PERSON_FIELD_LABELS.lastName).safeParse('  ').error?.issues[0]?.message).toBe('Last Name is required');
  });

  it('says an empty email is required and a malformed one is invalid (spec section 5: "Invalid email")', () => {
    const email = requiredEmail();
    expect(email.safeParse('').error?.issues[0]?.message).toBe('Email is required');
    expect(email.safeParse('   ').error?.issues[0]?.message).toBe('Email is required');
    expect(email.safeParse(undefined).error?.issues[0]?.message).toBe('Email is required');
    expect(email.safeParse('kim.welder').error?.issues[0]?.message).toBe('Invalid email');
    expect(email.safeParse(' kim@example.test ').data).toBe('kim@example.test');
    expect(requiredEmail('Contact Email').safeParse('').error?.issues[0]?.message).toBe('Contact Email is required');
  });

  it('lets an optional email be blank, never malformed', () => {
    expect(optionalEmail().safeParse('').success).toBe(true);
    expect(optionalEmail().safeParse('nope').error?.issues[0]?.message).toBe('Invalid email');
  });

  it.each([
    ['registration', RegisterApplicantRequest, { firstName: 'Kim', lastName: 'Welder', password: 'Arc-welding-2026' }],
    ['staff user', CreateAccountUserRequest, { firstName: 'Kim', lastName: 'Welder', password: 'Arc-welding-2026', role: 3, active: true, menuItems: [] }],
    ['resend activation', ResendActivationRequest, {}],
    ['forgot password', ForgotPasswordRequest, {}],
    ['contact', ContactMessageRequest, { name: 'Kim', phoneNumber: '0400 000 000', message: 'Hello' }],
  ] as const)('the %s request says "Email is required" for an empty email and "Invalid email" for a bad one', (_, schema, rest) => {
    expect(messageOf(schema.safeParse({ ...rest, email: '' }), 'email')).toBe(PERSON_MESSAGES.emailRequired);
    expect(messageOf(schema.safeParse({ ...rest, email: 'kim-at-example' }), 'email')).toBe(PERSON_MESSAGES.invalidEmail);
  });

  it.each([
    ['registration', RegisterApplicantRequest, { email: 'kim@example.test', password: 'Arc-welding-2026' }],
    ['staff user', CreateAccountUserRequest, { email: 'kim@example.test', password: 'Arc-welding-2026', role: 3, active: true, menuItems: [] }],
    ['profile', SaveApplicantRequest, {}],
  ] as const)('the %s request names its name fields as the forms label them', (_, schema, rest) => {
    const result = schema.safeParse({ ...rest, firstName: ' ', lastName: '' });
    expect(messageOf(result, 'firstName')).toBe('First Name is required');
    expect(messageOf(result, 'lastName')).toBe('Last Name is required');
  });
});
