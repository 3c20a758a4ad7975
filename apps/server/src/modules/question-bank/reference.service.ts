import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { questionLabel } from '@certs/shared/question-bank/question-type';
import {
  referenceInUseMessage,
  referenceMessages,
  type Reference,
  type ReferenceKind,
  type ReferenceRequest,
  type ReferenceTitleLookup,
} from '@certs/shared/question-bank/reference.contract';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { canReadQuestionBank, canWriteQuestionBank } from './question-bank.policy';
import type { ReferenceRepository, ReferenceRow } from './reference.repository';

const UUID = z.uuid();
/** How many question numbers a refusal names before "and N more". */
const USAGE_LISTED = 10;

function toReference(row: ReferenceRow, numOfQuestions: number): Reference {
  return { id: row.id, title: row.title, numOfQuestions, createdOn: row.createdOn.toISOString(), modifiedOn: row.modifiedOn.toISOString() };
}

/**
 * Subjects or tags (`subjectreference`, `tagreference`): all, title lookup, create, update, remove.
 * Each account keeps its own (decision 033): two accounts may both have "Welding processes".
 */
export class ReferenceService {
  private readonly messages: ReturnType<typeof referenceMessages>;
  readonly kind: ReferenceKind;

  constructor(private readonly repository: ReferenceRepository) {
    this.kind = repository.kind;
    this.messages = referenceMessages(repository.kind);
  }

  async findAll(actor: CurrentUser): Promise<Reference[]> {
    assertCanRead(actor);
    return (await this.repository.findAll(staffAccountOf(actor))).map((row) => toReference(row, row.numOfQuestions));
  }

  async findByTitle(actor: CurrentUser, title: string): Promise<ReferenceTitleLookup> {
    assertCanRead(actor);
    const trimmed = title.trim();
    const row = trimmed ? await this.repository.findByTitle(trimmed, staffAccountOf(actor)) : undefined;
    return { reference: row ? { id: row.id, title: row.title } : null };
  }

  async create(actor: CurrentUser, input: ReferenceRequest): Promise<Reference> {
    assertCanWrite(actor);
    const row = await this.repository.insert({ accountId: staffAccountOf(actor), title: input.title, createdBy: actor.id, modifiedBy: actor.id });
    if (!row) throw this.titleTaken();
    return toReference(row, 0);
  }

  async update(actor: CurrentUser, id: string, input: ReferenceRequest): Promise<Reference> {
    assertCanWrite(actor);
    const { accountId } = await this.existing(actor, id);
    const row = await this.repository.update(id, accountId, { title: input.title, modifiedBy: actor.id, modifiedOn: new Date() });
    if (row === 'duplicate') throw this.titleTaken();
    if (!row) throw new AppError('NOT_FOUND', this.messages.notFound);
    return toReference(row, await this.repository.countUsage(id));
  }

  /**
   * A subject or tag in use stays: the refusal names the questions using it. The row is locked
   * first, so a question saved with it at the same moment either waits or is seen.
   */
  async remove(actor: CurrentUser, id: string): Promise<void> {
    assertCanWrite(actor);
    const { accountId } = await this.existing(actor, id);
    await this.repository.transaction(async (tx) => {
      const locked = await this.repository.lockById(tx, id, accountId);
      if (!locked) throw new AppError('NOT_FOUND', this.messages.notFound);
      const usage = await this.repository.findUsage(tx, id, USAGE_LISTED);
      if (usage.total > 0) {
        throw new AppError('CONFLICT', referenceInUseMessage(this.kind, usage.questionNumbers.map(questionLabel), usage.total));
      }
      await this.repository.remove(tx, id, accountId);
    });
  }

  /** A row of the caller's account; another account's answers 404 as if it did not exist. */
  private async existing(actor: CurrentUser, id: string): Promise<ReferenceRow> {
    const row = UUID.safeParse(id).success ? await this.repository.findById(id, staffAccountOf(actor)) : undefined;
    if (!row) throw new AppError('NOT_FOUND', this.messages.notFound);
    return row;
  }

  private titleTaken(): AppError {
    return new AppError('CONFLICT', this.messages.titleTaken, { title: this.messages.titleTaken });
  }
}

export function assertCanRead(actor: CurrentUser): void {
  if (!canReadQuestionBank(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
}

export function assertCanWrite(actor: CurrentUser): void {
  if (!canWriteQuestionBank(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
}
