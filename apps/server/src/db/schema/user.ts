import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './account';
import { auditColumns } from './columns';
import { companies } from './company';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    userType: text('user_type', { enum: ['admin', 'applicant', 'employer'] }).notNull(),
    role: smallint('role').notNull(),
    active: boolean('active').notNull().default(true),
    timeZone: text('time_zone').notNull().default('Australia/Sydney'),
    /** The saved side menu (spec section 6); the super user sees everything regardless. */
    menuItems: text('menu_items').array().notNull().default(sql`'{}'::text[]`),
    /** Bumped to end every session of the user at once (deactivation, password reset). */
    sessionVersion: integer('session_version').notNull().default(0),
    /** When the email was proven by the activation link; null until then (self-registered applicants). */
    activatedOn: timestamp('activated_on', { withTimezone: true, mode: 'date' }).defaultNow(),
    /**
     * Staff: the account they work in (decision 033); for a super user, the account chosen in the
     * switcher. Applicants and company users (issue 42) belong to the platform: null.
     */
    accountId: uuid('account_id').references(() => accounts.id),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    check('users_staff_have_an_account', sql`${t.userType} <> 'admin' or ${t.accountId} is not null`),
  ],
);

export interface AddressColumns {
  streetNumber: string;
  streetName: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export const applicants = pgTable('applicants', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  phone: text('phone').notNull().default(''),
  primaryEmail: text('primary_email').notNull().default(''),
  homeAddress: jsonb('home_address').$type<AddressColumns>(),
  workAddress: jsonb('work_address').$type<AddressColumns>(),
  /**
   * The membership the applicant says they hold, for each body's staff to check. Only a body's own
   * confirmation (`account_memberships`, migration 0035) makes them its member.
   */
  membershipType: text('membership_type', { enum: ['none', 'individual', 'corporate'] }).notNull().default('none'),
  memberNumber: text('member_number').notNull().default(''),
  /** Listed in the public register of holders (issue 16); the holder may opt out in their profile. */
  listedInRegister: boolean('listed_in_register').notNull().default(true),
  /** The employer chosen from the companies (decision 027); null: none chosen yet. */
  employerCompanyId: uuid('employer_company_id').references(() => companies.id),
  /**
   * The employer link's claim (issue 42, decision 036): an applicant's own choice waits 'pending'
   * until staff approve or decline it; only an approved link gives the company's corporate-member
   * rights. Staff's links (the legacy import, the demo) are approved at once. Null with no employer.
   */
  employerClaimStatus: text('employer_claim_status', { enum: ['pending', 'approved', 'declined'] }),
  employerClaimedOn: timestamp('employer_claimed_on', { withTimezone: true, mode: 'date' }),
  employerClaimDecidedOn: timestamp('employer_claim_decided_on', { withTimezone: true, mode: 'date' }),
  employerClaimDecidedBy: uuid('employer_claim_decided_by'),
  /** The photograph of the profile (a JPEG or PNG of theirs), printed on the welder qualification certificate. */
  photoAttachmentId: uuid('photo_attachment_id'),
  ...auditColumns,
});

/** Single-use activation and password-reset tokens; only a hash is kept. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['activation', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresOn: timestamp('expires_on', { withTimezone: true, mode: 'date' }).notNull(),
    usedOn: timestamp('used_on', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Long-lived refresh credentials; only a hash of the cookie value is kept. */
export const refreshSessions = pgTable(
  'refresh_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    /** The hash before the last rotation, accepted briefly so two tabs refreshing at once both succeed. */
    previousTokenHash: text('previous_token_hash'),
    rotatedOn: timestamp('rotated_on', { withTimezone: true, mode: 'date' }),
    sessionVersion: integer('session_version').notNull(),
    lastUsedOn: timestamp('last_used_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresOn: timestamp('expires_on', { withTimezone: true, mode: 'date' }).notNull(),
    revokedOn: timestamp('revoked_on', { withTimezone: true, mode: 'date' }),
    userAgent: text('user_agent'),
    ...auditColumns,
  },
  (t) => [index('refresh_sessions_user_idx').on(t.userId), index('refresh_sessions_previous_idx').on(t.previousTokenHash)],
);

/** Failed sign-ins, counted per identifier and per address across every instance. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    identifier: text('identifier').notNull(),
    ipAddress: text('ip_address').notNull(),
    attemptedOn: timestamp('attempted_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_identifier_idx').on(t.identifier, t.attemptedOn), index('login_failures_ip_idx').on(t.ipAddress, t.attemptedOn)],
);

/** A user's second factor (TOTP, decision 020): one row per user, enabled once a first code confirmed it. */
export const userMfa = pgTable('user_mfa', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  /** The TOTP secret, encrypted (AES-256-GCM, modules/auth/mfa-secret-box.ts). */
  secretEncrypted: text('secret_encrypted').notNull(),
  /** Null while enrolment waits for its first code. */
  enabledOn: timestamp('enabled_on', { withTimezone: true, mode: 'date' }),
  /** The last time step a code was accepted for: a code is accepted once. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  ...auditColumns,
});

/** Single-use recovery codes; only a keyed hash is kept. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedOn: timestamp('used_on', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);
