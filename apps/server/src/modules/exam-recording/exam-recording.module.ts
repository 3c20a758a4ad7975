import type { Database } from '../../db/client';
import type { Storage } from '../../platform/storage/storage';
import type { ExamDefinitionService } from '../exam-definition/exam-definition.service';
import type { ProgramService } from '../program/program.service';
import { ExamRecordingRepository } from './exam-recording.repository';
import { ExamRecordingService } from './exam-recording.service';

/** Wires the recording service once, for app.ts (issue 19, decision 028). */
export function createExamRecordingModule(db: Database, deps: { storage: Storage; programs: ProgramService; tests: ExamDefinitionService; now?: () => Date }) {
  return { recordings: new ExamRecordingService(new ExamRecordingRepository(db), deps.storage, deps.programs, deps.tests, deps.now) };
}
