import type { RecordingManifest } from '@certs/shared/exam-integrity/exam-recording.contract';
import type { Database } from '../../db/client';
import type { Storage } from '../../platform/storage/storage';
import type { ExamClock } from '../exam/exam-clock';
import type { ProgramService } from '../program/program.service';
import { CONSOLE_STREAM_DEFAULTS, type ConsoleStreamOptions } from './console-stream';
import { AccountTimeZones } from '../account/account-time-zone';
import { InvigilationRepository } from './invigilation.repository';
import { InvigilationService } from './invigilation.service';
import { deleteExpiredRecordings, type RetentionPass } from './recording-retention.job';
import { SittingEventHub } from './sitting-event-hub';
import { SittingReviewRepository } from './sitting-review.repository';
import { SittingReviewService } from './sitting-review.service';

export interface InvigilationModule {
  invigilation: InvigilationService;
  reviews: SittingReviewService;
  repository: InvigilationRepository;
  /** Hand it to `DatabaseHandle.listen` on `exam_sitting_event`; console streams subscribe to it. */
  hub: SittingEventHub;
  streamOptions: ConsoleStreamOptions;
  /** One pass of the retention job (app.ts runs it hourly under runAlone; tests call it). */
  deleteExpiredRecordings(now?: Date): Promise<RetentionPass>;
}

/** Wires invigilation once, for app.ts (issue 19, decision 029). */
export function createInvigilationModule(
  db: Database,
  deps: {
    programs: ProgramService;
    clock: ExamClock;
    storage: Storage;
    manifestOf: (examInstanceId: string) => Promise<RecordingManifest>;
    retentionDays: number;
    streamOptions?: Partial<ConsoleStreamOptions>;
    log?: { info(object: object, message: string): void };
    now?: () => Date;
  },
): InvigilationModule {
  const repository = new InvigilationRepository(db);
  const reviewRepository = new SittingReviewRepository(db);
  return {
    invigilation: new InvigilationService(repository, { programs: deps.programs, clock: deps.clock, storage: deps.storage, zones: new AccountTimeZones(db), now: deps.now }),
    reviews: new SittingReviewService(reviewRepository, repository, { programs: deps.programs, storage: deps.storage, manifestOf: deps.manifestOf, retentionDays: deps.retentionDays, now: deps.now }),
    repository,
    hub: new SittingEventHub(),
    streamOptions: { ...CONSOLE_STREAM_DEFAULTS, ...deps.streamOptions, now: deps.now },
    deleteExpiredRecordings: (now) =>
      deleteExpiredRecordings({ review: reviewRepository, invigilation: repository, storage: deps.storage, log: deps.log }, { retentionDays: deps.retentionDays, now: now ?? deps.now?.() }),
  };
}
