import type { Database } from '../../db/client';
import type { ProgramService } from '../program/program.service';
import { CutScoreRepository } from './cut-score.repository';
import { CutScoreService } from './cut-score.service';

/** Wires cut scores of module tests (issue 43); standing in a program comes from the program module. */
export function createCutScoreModule(db: Database, deps: { programs: ProgramService }) {
  return { cutScores: new CutScoreService({ repository: new CutScoreRepository(db), programs: deps.programs }) };
}
