import { z } from 'zod';

/**
 * The fields every form about a person shares (registration, staff users, the profile, contact):
 * one label each, and messages that name that label exactly (issue 21 item 9). Title case, as the
 * spec's own "X is required" messages name their fields ("Applicant Instruction is required").
 */
export const PERSON_FIELD_LABELS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
} as const;

const required = <Label extends string>(label: Label) => `${label} is required` as const;
const atMost = (label: string, n: number) => `${label} must be at most ${n} characters`;

export const PERSON_MESSAGES = {
  required,
  atMost,
  firstNameRequired: required(PERSON_FIELD_LABELS.firstName),
  lastNameRequired: required(PERSON_FIELD_LABELS.lastName),
  emailRequired: required(PERSON_FIELD_LABELS.email),
  /** Spec section 5 (the contact form): a malformed email, never an empty one. */
  invalidEmail: 'Invalid email',
} as const;

export const NAME_MAX_LENGTH = 64;
export const EMAIL_MAX_LENGTH = 254;

/** A required name: blank (or missing) says "<label> is required". */
export function requiredName(label: string = PERSON_FIELD_LABELS.firstName) {
  return z
    .string({ error: required(label) })
    .trim()
    .min(1, required(label))
    .max(NAME_MAX_LENGTH, atMost(label, NAME_MAX_LENGTH));
}

/**
 * A required email: empty (or missing) says "<label> is required", malformed says "Invalid email".
 * Trimmed before it is checked, so a pasted trailing space is no error.
 */
export function requiredEmail(label: string = PERSON_FIELD_LABELS.email) {
  return z
    .string({ error: required(label) })
    .trim()
    .min(1, required(label))
    .max(EMAIL_MAX_LENGTH, atMost(label, EMAIL_MAX_LENGTH))
    .pipe(z.email(PERSON_MESSAGES.invalidEmail));
}

/** An optional email: blank is none; anything else must be an email. */
export function optionalEmail(label: string = PERSON_FIELD_LABELS.email) {
  return z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, atMost(label, EMAIL_MAX_LENGTH))
    .pipe(z.union([z.literal(''), z.email(PERSON_MESSAGES.invalidEmail)], { error: PERSON_MESSAGES.invalidEmail }));
}
