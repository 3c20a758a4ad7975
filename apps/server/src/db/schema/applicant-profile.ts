import { date, index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { applicants } from './user';

const applicantId = () =>
  uuid('applicant_id')
    .notNull()
    .references(() => applicants.id);

export const applicantEducation = pgTable(
  'applicant_education',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicantId: applicantId(),
    course: text('course').notNull(),
    institution: text('institution').notNull(),
    location: text('location').notNull().default(''),
    qualificationType: text('qualification_type').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    ...auditColumns,
  },
  (t) => [index('applicant_education_applicant_idx').on(t.applicantId)],
);

export const applicantExperience = pgTable(
  'applicant_experience',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicantId: applicantId(),
    employer: text('employer').notNull(),
    position: text('position').notNull(),
    duties: text('duties').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    ...auditColumns,
  },
  (t) => [index('applicant_experience_applicant_idx').on(t.applicantId)],
);

export const applicantProfessionalActivities = pgTable(
  'applicant_professional_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicantId: applicantId(),
    activity: text('activity').notNull(),
    organisation: text('organisation').notNull().default(''),
    role: text('role').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    ...auditColumns,
  },
  (t) => [index('applicant_professional_activities_applicant_idx').on(t.applicantId)],
);

export const applicantProfessionalDevelopment = pgTable(
  'applicant_professional_development',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicantId: applicantId(),
    provider: text('provider').notNull(),
    numOfHours: numeric('num_of_hours', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    personalDevelopmentType: text('personal_development_type').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    ...auditColumns,
  },
  (t) => [index('applicant_professional_development_applicant_idx').on(t.applicantId)],
);
