import type { SQL } from 'drizzle-orm';
import { applicationTypeOfProgram } from '@certs/shared/application/application-status';
import { autoMark, percentageOf, resultOf, roundMarks } from '@certs/shared/exam/exam-rules';
import type { Executor } from '../../db/executor';
import { moveApplication } from '../application/application-move';
import type { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { ExamContent } from './exam-content';
import type { QuestionStateRow } from './exam-question.repository';
import type { ExamRepositories } from './exam-repositories';
import type { InstanceRow } from './exam.repository';

/** Where a re-sit sitting's result goes (the re-sit module, issue 17), in the marking transaction; it returns the result. */
export interface ResitResultRecorder {
  recordExamResult(tx: Executor, resitModuleId: string, values: { percentage: number; enteredBy: string | null; now: Date }): Promise<'Pass' | 'Fail' | null>;
}

/**
 * Ending a sitting and marking it, shared by the candidate's submit, the time-out paths and the
 * job: the state changes once (conditional update), and the automatic marks, the score and (for a
 * module exam marked in full) the module's result are written in the same transaction.
 */
export class ExamSubmission {
  private resitResults: ResitResultRecorder | null = null;

  constructor(
    private readonly repositories: Pick<ExamRepositories, 'sittings' | 'questions' | 'results'>,
    private readonly content: ExamContent,
    private readonly workflow: ApplicationWorkflowRepository,
  ) {}

  /** The re-sit module takes re-sit sittings' results (app.ts wires it; the exam module does not import it). */
  useResitResults(recorder: ResitResultRecorder): void {
    this.resitResults = recorder;
  }

  /** Closes the sitting if it is still in progress (and `when` holds); null when nothing changed. */
  async close(tx: Executor, id: string, how: 'candidate' | 'timeout' | 'job' | 'invigilator', now: Date, when?: SQL): Promise<InstanceRow | null> {
    const closed = await this.repositories.sittings.closeInstance(tx, id, how, now, when);
    if (closed) await this.markAutomatically(tx, closed, now);
    return closed;
  }

  /** Marks every objective question not marked yet, then scores the sitting. */
  private async markAutomatically(tx: Executor, instance: InstanceRow, now: Date): Promise<void> {
    const states = await this.repositories.questions.findQuestionStates(instance.id, tx);
    const versions = await this.content.get(
      states.map((state) => state.questionVersionId),
      tx,
    );
    const marks: { id: string; marks: number }[] = [];
    for (const state of states) {
      const version = versions.get(state.questionVersionId);
      if (state.actualMarks !== null || !version) continue;
      const mark = autoMark({
        questionType: version.questionType,
        maxMarks: state.maxMarks,
        options: version.options,
        answerOptionGivenByUser: state.answerOptionGivenByUser,
        answerValueGivenByUser: state.answerValueGivenByUser,
        partialMarks: instance.partialMarks,
      });
      if (mark !== null) {
        marks.push({ id: state.id, marks: mark });
        state.actualMarks = mark;
      }
    }
    await this.repositories.results.writeMarks(tx, marks, null, now);
    await this.score(tx, instance, states, null, now);
  }

  /**
   * A trial's score is released at once (descriptive questions of a trial are not marked by anyone
   * and count nothing). A module exam is scored only once no question is unmarked; its result
   * (percentage against the module's pass percentage) then goes to the application module.
   */
  async score(tx: Executor, instance: InstanceRow, states: readonly QuestionStateRow[], markedBy: string | null, now: Date): Promise<void> {
    const total = roundMarks(states.reduce((sum, state) => sum + (state.actualMarks ?? 0), 0));
    const percentage = percentageOf(total, instance.totalMarks);
    if (instance.examType === 'trial') {
      await this.repositories.results.writeScore(tx, instance.id, { score: total, percentage, result: null, marksReleased: true, markedBy, now });
      return;
    }
    const isComplete = states.every((state) => state.actualMarks !== null);
    if (isComplete && instance.resitModuleId && this.resitResults) {
      const result = await this.resitResults.recordExamResult(tx, instance.resitModuleId, { percentage, enteredBy: markedBy, now });
      if (result) await this.repositories.results.writeScore(tx, instance.id, { score: total, percentage, result, marksReleased: false, markedBy, now });
      return;
    }
    if (!isComplete || !instance.applicationModuleId) return;
    const passPercentage = await this.repositories.results.findPassPercentage(tx, instance.applicationModuleId);
    if (passPercentage === null) return;
    const result = resultOf(percentage, passPercentage);
    await this.repositories.results.writeScore(tx, instance.id, { score: total, percentage, result, marksReleased: false, markedBy, now });
    await this.recordModuleResult(tx, instance.applicationModuleId, { result, percentage, enteredBy: markedBy, now });
  }

  /**
   * The module's result on the candidate's application, under the application's row lock (taken
   * before the module row, in the same order as the staff's result screens). When it is the last
   * module to get a result, the application moves to Exam Modules Evaluation Completed through
   * `moveApplication`, as a result entered by staff would move it.
   */
  private async recordModuleResult(tx: Executor, applicationModuleId: string, values: { result: 'Pass' | 'Fail'; percentage: number; enteredBy: string | null; now: Date }): Promise<void> {
    const applicationId = await this.repositories.results.findApplicationOfModule(tx, applicationModuleId);
    const locked = applicationId ? await this.workflow.lock(tx, applicationId) : undefined;
    // Once the overall result is recorded the module results are final (as for verify marks): a
    // sitting closed late by the job keeps its own score but does not rewrite the application.
    if (!locked || locked.overallResult) return;
    await this.repositories.results.writeModuleResult(tx, applicationModuleId, values);
    const typePath = locked ? applicationTypeOfProgram(locked.programType) : undefined;
    if (!typePath || locked.status !== 'Examinations Stage' || locked.workflowStage !== 'Exam Modules Sent') return;
    const results = await this.repositories.results.findModuleResults(tx, locked.id);
    if (results.length === 0 || results.some((module) => !module.result)) return;
    await moveApplication(tx, this.workflow, {
      locked,
      typePath,
      toStage: 'Exam Modules Evaluation Completed',
      what: 'evaluated',
      note: `Every module has a result: ${results.map((module) => `${module.moduleCode} ${module.result}`).join(', ')}`,
      actorId: values.enteredBy,
    });
  }
}
