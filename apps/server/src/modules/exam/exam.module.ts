import { EXAM_TIMING } from '@certs/shared/exam/exam-rules';
import type { AnswerLane, Database } from '../../db/client';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { AttachmentService } from '../attachment/attachment.service';
import type { ProgramService } from '../program/program.service';
import { createImpartialityGuard } from '../impartiality/impartiality.guard';
import { AnswerPaperService } from './answer-paper.service';
import { ExamClock } from './exam-clock';
import { ExamContent } from './exam-content';
import { ExamStaffService } from './exam-staff.service';
import { ExamSubmission, type ResitResultRecorder } from './exam-submission';
import { closeOverdueSittings } from './exam-timeout.job';
import { AnswerLaneLimit } from './answer-lane-limit';
import { AnswerSaveQueue } from './answer-save-queue';
import { sittingKeyOf, type AnswerSave, type UpdateOutcome } from './exam-answer.repository';
import { createExamRepositories } from './exam-repositories';
import { ExamService } from './exam.service';

/** Saves in one statement at most: a statement's time grows with its rows, and every save in it waits for all of them. */
const LARGEST_ANSWER_BATCH = 32;

export interface ExamModule {
  exams: ExamService;
  staff: ExamStaffService;
  answerPapers: AnswerPaperService;
  /** The clock other modules move in their own transactions (invigilation, issue 19). */
  clock: ExamClock;
  /** Hands re-sit sittings' results to the re-sit module (issue 17). */
  useResitResults(recorder: ResitResultRecorder): void;
  /** The time-out job's work: closes sittings past deadline + grace; returns how many. */
  closeOverdue(): Promise<number>;
}

export function createExamModule(
  db: Database,
  deps: {
    programs: ProgramService;
    attachments: AttachmentService;
    secret: string;
    publicUrl: string;
    graceSeconds?: number;
    now?: () => Date;
    /** The connections answer saves run on (DatabaseHandle.answerDb); `db` when not given. */
    answerDb?: Database;
    /** How many of them the saves may use at once and wait for (DatabaseHandle.answerLane); one, unbounded, when not given. */
    answerLane?: AnswerLane;
  },
): ExamModule {
  const graceSeconds = deps.graceSeconds ?? EXAM_TIMING.graceSeconds;
  const repositories = createExamRepositories(db, deps.answerDb);
  const content = new ExamContent(repositories.questions);
  const submission = new ExamSubmission(repositories, content, new ApplicationWorkflowRepository(db));
  const lane = deps.answerLane ?? { connections: 1, waitLimitMs: 0, learns: false };
  const answerSaves = new AnswerSaveQueue<AnswerSave, UpdateOutcome>(
    { one: (save) => repositories.answers.applyUpdates(save), many: (saves) => repositories.answers.applyUpdateBatch(saves) },
    sittingKeyOf,
    {
      connections: lane.connections,
      largestBatch: LARGEST_ANSWER_BATCH,
      waitLimitMs: lane.waitLimitMs,
      // Fewer statements at once while the database is crowded, down to two (issue 46).
      limit: lane.learns && lane.connections > 2 ? new AnswerLaneLimit({ most: lane.connections, least: 2 }) : undefined,
    },
  );
  const exams = new ExamService(repositories, content, submission, { graceSeconds, answerSaves, now: deps.now });
  return {
    exams,
    staff: new ExamStaffService(repositories, content, submission, deps.programs, createImpartialityGuard(db, deps.now), deps.now),
    answerPapers: new AnswerPaperService(repositories, content, exams, deps.attachments, { secret: deps.secret, publicUrl: deps.publicUrl, graceSeconds, now: deps.now }),
    clock: new ExamClock(repositories.sittings, submission),
    useResitResults: (recorder) => submission.useResitResults(recorder),
    closeOverdue: () => closeOverdueSittings(repositories.sittings, submission, { graceSeconds, now: deps.now }),
  };
}
