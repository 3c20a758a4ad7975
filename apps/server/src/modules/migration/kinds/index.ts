import type { MigrationKind } from '@certs/shared/migration/migration.contract';
import type { ImportKind } from '../import-kind';
import { applicantsKind } from './applicants.kind';
import { awardsKind } from './awards.kind';
import { companiesKind } from './companies.kind';
import { cpdKind } from './cpd.kind';
import { employmentsKind } from './employments.kind';
import { resultsKind } from './results.kind';
import { wpqKind } from './wpq.kind';

/** Every kind of legacy file, by its name in the routes. */
// Each kind types its own rows and facts; the service handles them only through the interface.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const IMPORT_KINDS: Record<MigrationKind, ImportKind<any, any>> = {
  applicants: applicantsKind,
  companies: companiesKind,
  employments: employmentsKind,
  awards: awardsKind,
  wpq: wpqKind,
  cpd: cpdKind,
  results: resultsKind,
};
