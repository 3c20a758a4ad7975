import { z } from 'zod';
import { EmployerClaimStatus } from '../company/company.contract';

/**
 * What companies see of a person (issue 42, decision 038): the applicant's own view of their
 * employer link (`GET api/company/employer/access`), its end (`POST api/company/employer/end`), and
 * the company's view of the people whose link ended (`GET api/employer/former-people`).
 */
export const COMPANY_ACCESS_PATHS = {
  access: '/api/company/employer/access',
  end: '/api/company/employer/end',
  formerPeople: '/api/employer/former-people',
} as const;

/** The checks of the holder's certificates the holder's view lists, newest first. */
export const COMPANY_ACCESS_CHECKS_SHOWN = 200;

export const COMPANY_ACCESS_MESSAGES = {
  noLinkToEnd: 'You have no confirmed employer link to end',
} as const;

/** The company that sees the person's records now: their employer, while the claim is approved. */
export const CompanyAccessEmployer = z.object({
  companyId: z.string(),
  companyName: z.string(),
  /** 'approved': the company sees their certificates; 'pending': it sees the claim (name and email) until it decides. */
  status: EmployerClaimStatus,
  /** When the link was confirmed (or claimed, while it waits). */
  since: z.string().nullable(),
});
export type CompanyAccessEmployer = z.infer<typeof CompanyAccessEmployer>;

/** A link that ended: the company keeps only the person's name and the dates. */
export const EndedEmployerLink = z.object({ id: z.string(), companyName: z.string(), since: z.string().nullable(), endedOn: z.string() });
export type EndedEmployerLink = z.infer<typeof EndedEmployerLink>;

/** A company's check of one of the holder's certificates: the company and when, never who there checked. */
export const CertificateCheckByCompany = z.object({ companyName: z.string(), certificateNumber: z.string(), checkedOn: z.string() });
export type CertificateCheckByCompany = z.infer<typeof CertificateCheckByCompany>;

export const CompanyAccess = z.object({
  employer: CompanyAccessEmployer.nullable(),
  endedLinks: z.array(EndedEmployerLink),
  checks: z.array(CertificateCheckByCompany),
});
export type CompanyAccess = z.infer<typeof CompanyAccess>;

/** Ending the link takes no input: it is the applicant's current approved link. */
export const EndEmployerLinkRequest = z.strictObject({});

/** Someone who worked for the company until their link ended. */
export const FormerPerson = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), since: z.string().nullable(), endedOn: z.string() });
export type FormerPerson = z.infer<typeof FormerPerson>;
