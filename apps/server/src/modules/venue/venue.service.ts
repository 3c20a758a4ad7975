import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import {
  TESTING_AGENCY_MESSAGES,
  VENUE_MESSAGES,
  type TestingAgency,
  type TestingAgencyPage,
  type TestingAgencyRequest,
  type Venue,
  type VenuePage,
  type VenueRequest,
} from '@certs/shared/venue/venue.contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { canReadVenues, canWriteVenues } from './venue.policy';
import type { TestingAgencyRepository, TestingAgencyRow, VenueRepository, VenueRow } from './venue.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type ListQuery = { page: number; pageSize: number; searchTerm?: string };

function assertCanRead(actor: CurrentUser): void {
  if (!canReadVenues(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
}
function assertCanWrite(actor: CurrentUser): void {
  if (!canWriteVenues(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
}

const toVenue = (row: VenueRow): Venue => ({ id: row.id, title: row.title, createdOn: row.createdOn.toISOString(), modifiedOn: row.modifiedOn.toISOString() });

const toTestingAgency = ({ createdOn, modifiedOn, createdBy: _c, modifiedBy: _m, accountId: _a, ...fields }: TestingAgencyRow): TestingAgency => ({
  ...fields,
  createdOn: createdOn.toISOString(),
  modifiedOn: modifiedOn.toISOString(),
});

/** Venues (`api/venue`): where exams are held; each account keeps its own (decision 033). */
export class VenueService {
  constructor(private readonly repository: VenueRepository) {}

  async findPage(actor: CurrentUser, query: ListQuery): Promise<VenuePage> {
    assertCanRead(actor);
    const { rows, totalRows } = await this.repository.findPage(staffAccountOf(actor), query.page, query.pageSize, searchTermOrUndefined(query.searchTerm));
    return { rows: rows.map(toVenue), page: query.page, pageSize: query.pageSize, totalRows };
  }

  async findOne(actor: CurrentUser, id: string): Promise<Venue> {
    assertCanRead(actor);
    return toVenue(await this.existing(actor, id));
  }

  async create(actor: CurrentUser, input: z.output<typeof VenueRequest>): Promise<Venue> {
    assertCanWrite(actor);
    const row = await this.repository.insert({ accountId: staffAccountOf(actor), title: input.title, createdBy: actor.id, modifiedBy: actor.id });
    if (row === 'duplicate') throw titleTaken();
    return toVenue(row);
  }

  async update(actor: CurrentUser, id: string, input: z.output<typeof VenueRequest>): Promise<Venue> {
    assertCanWrite(actor);
    const { accountId } = await this.existing(actor, id);
    const row = await this.repository.update(id, accountId, { title: input.title, modifiedBy: actor.id, modifiedOn: new Date() });
    if (row === 'duplicate') throw titleTaken();
    if (!row) throw new AppError('NOT_FOUND', VENUE_MESSAGES.notFound);
    return toVenue(row);
  }

  async remove(actor: CurrentUser, id: string): Promise<void> {
    assertCanWrite(actor);
    const { accountId } = await this.existing(actor, id);
    const removed = await this.repository.remove(id, accountId);
    if (removed === 'inUse') throw new AppError('CONFLICT', VENUE_MESSAGES.inUse);
    if (removed === 0) throw new AppError('NOT_FOUND', VENUE_MESSAGES.notFound);
  }

  /** A venue of the caller's account; another account's answers 404 as if it did not exist. */
  private async existing(actor: CurrentUser, id: string): Promise<VenueRow> {
    const row = UUID.test(id) ? await this.repository.findById(id, staffAccountOf(actor)) : undefined;
    if (!row) throw new AppError('NOT_FOUND', VENUE_MESSAGES.notFound);
    return row;
  }
}

function titleTaken(): AppError {
  return new AppError('CONFLICT', VENUE_MESSAGES.titleTaken, { title: VENUE_MESSAGES.titleTaken });
}

/** Test centres (`api/testingagency`): the spec's testing agencies. */
export class TestingAgencyService {
  constructor(private readonly repository: TestingAgencyRepository) {}

  async findPage(actor: CurrentUser, query: ListQuery): Promise<TestingAgencyPage> {
    assertCanRead(actor);
    const { rows, totalRows } = await this.repository.findPage(staffAccountOf(actor), query.page, query.pageSize, searchTermOrUndefined(query.searchTerm));
    return { rows: rows.map(toTestingAgency), page: query.page, pageSize: query.pageSize, totalRows };
  }

  async findOne(actor: CurrentUser, id: string): Promise<TestingAgency> {
    assertCanRead(actor);
    return toTestingAgency(await this.existing(actor, id));
  }

  async create(actor: CurrentUser, input: z.output<typeof TestingAgencyRequest>): Promise<TestingAgency> {
    assertCanWrite(actor);
    const row = await this.repository.insert({ ...input, accountId: staffAccountOf(actor), createdBy: actor.id, modifiedBy: actor.id });
    if (row === 'duplicate') throw referenceTaken();
    return toTestingAgency(row);
  }

  async update(actor: CurrentUser, id: string, input: z.output<typeof TestingAgencyRequest>): Promise<TestingAgency> {
    assertCanWrite(actor);
    const { accountId } = await this.existing(actor, id);
    const row = await this.repository.update(id, accountId, { ...input, modifiedBy: actor.id, modifiedOn: new Date() });
    if (row === 'duplicate') throw referenceTaken();
    if (!row) throw new AppError('NOT_FOUND', TESTING_AGENCY_MESSAGES.notFound);
    return toTestingAgency(row);
  }

  async remove(actor: CurrentUser, id: string): Promise<void> {
    assertCanWrite(actor);
    const { accountId } = await this.existing(actor, id);
    const removed = await this.repository.remove(id, accountId);
    if (removed === 'inUse') throw new AppError('CONFLICT', TESTING_AGENCY_MESSAGES.inUse);
    if (removed === 0) throw new AppError('NOT_FOUND', TESTING_AGENCY_MESSAGES.notFound);
  }

  /** A test centre of the caller's account; another account's answers 404. */
  private async existing(actor: CurrentUser, id: string): Promise<TestingAgencyRow> {
    const row = UUID.test(id) ? await this.repository.findById(id, staffAccountOf(actor)) : undefined;
    if (!row) throw new AppError('NOT_FOUND', TESTING_AGENCY_MESSAGES.notFound);
    return row;
  }
}

function referenceTaken(): AppError {
  return new AppError('CONFLICT', TESTING_AGENCY_MESSAGES.referenceTaken, { referenceNumber: TESTING_AGENCY_MESSAGES.referenceTaken });
}
