import { STAGE_MESSAGES } from '@certs/shared/application/application-stage.contract';
import type { ApplicationStatus, ApplicationTypePath } from '@certs/shared/application/application-status';
import { canMoveStage, targetOf, type ApplicationAction, type WorkflowStage } from '@certs/shared/application/application-workflow';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import type { ApplicationRow, ApplicationWorkflowRepository } from './application-workflow.repository';

export interface ApplicationMove {
  /** The row as locked (`repository.lock`) in this transaction. */
  locked: ApplicationRow;
  typePath: ApplicationTypePath;
  /** A status move of the transition table; the status stays when absent. */
  action?: ApplicationAction;
  /** The next exam workflow stage; it must follow the current one. */
  toStage?: WorkflowStage;
  /** What the move is, for the refusal: "An application that is X cannot be <what>". */
  what: string;
  note: string;
  actorId: string | null;
}

/**
 * One move of an application inside the caller's transaction, on a row it has locked: checked
 * against the shared transition table (status and stage), written, and recorded in the history
 * with both. Every stage (pre-exam, payment, schedule, results) moves through here, so none can
 * skip a step or leave a move unrecorded. Returns the new status and stage.
 */
export async function moveApplication(
  tx: Executor,
  repository: ApplicationWorkflowRepository,
  move: ApplicationMove,
): Promise<{ status: ApplicationStatus; stage: WorkflowStage | null }> {
  const fromStatus = move.locked.status as ApplicationStatus;
  const fromStage = move.locked.workflowStage as WorkflowStage | null;
  let status = fromStatus;
  if (move.action) {
    const target = targetOf(move.action, fromStatus, move.typePath, fromStage);
    if (!target) throw new AppError('CONFLICT', STAGE_MESSAGES.notAllowed(fromStatus, move.what));
    status = target;
  }
  let stage = fromStage;
  if (move.toStage) {
    if (!canMoveStage(status, fromStage, move.toStage)) {
      throw new AppError('CONFLICT', STAGE_MESSAGES.notAllowed(fromStage ? `${fromStatus} (${fromStage})` : fromStatus, move.what));
    }
    stage = move.toStage;
  }
  await repository.update(tx, move.locked.id, { status, workflowStage: stage, modifiedBy: move.actorId });
  await repository.insertHistory(tx, {
    applicationId: move.locked.id,
    fromStatus,
    toStatus: status,
    fromStage: stage !== fromStage ? fromStage : null,
    toStage: stage !== fromStage ? stage : null,
    note: move.note,
    createdBy: move.actorId,
    modifiedBy: move.actorId,
  });
  return { status, stage };
}
