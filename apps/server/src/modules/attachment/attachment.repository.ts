import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { attachments } from '../../db/schema/attachment';
import { applicants, users } from '../../db/schema/user';

export type AttachmentRow = typeof attachments.$inferSelect;

/**
 * A record a file is attached to, by kind, with the program it belongs to (decision 015). The
 * examiner named on the module's schedule comes with module answer papers and results.
 */
export interface AttachmentLink {
  kind: 'applicationAnswer' | 'moduleResult' | 'moduleAnswerPaper' | 'trialAnswerPaper' | 'invoice' | 'reviewEvidence' | 'appealEvidence' | 'wpqEvidence' | 'wpqTestResult';
  programId: string;
  examinerId: string | null;
}

export class AttachmentRepository {
  constructor(private readonly db: Database) {}

  async insertPending(values: typeof attachments.$inferInsert): Promise<AttachmentRow> {
    const [row] = await this.db.insert(attachments).values(values).returning();
    if (!row) throw new Error('attachment not recorded');
    return row;
  }

  async findByKey(resourceKey: string): Promise<AttachmentRow | undefined> {
    const [row] = await this.db.select().from(attachments).where(eq(attachments.resourceKey, resourceKey));
    return row;
  }

  /** A saved attachment with its owner's user type (admin or applicant). */
  async findSavedWithOwnerType(resourceKey: string): Promise<(AttachmentRow & { ownerUserType: string }) | undefined> {
    const [row] = await this.db
      .select({ attachment: attachments, ownerUserType: users.userType })
      .from(attachments)
      .innerJoin(users, eq(users.id, attachments.ownerUserId))
      .where(and(eq(attachments.resourceKey, resourceKey), eq(attachments.status, 'saved')));
    return row ? { ...row.attachment, ownerUserType: row.ownerUserType } : undefined;
  }

  async markSaved(id: string, contentType: string, size: number): Promise<AttachmentRow | undefined> {
    const [row] = await this.db
      .update(attachments)
      .set({ status: 'saved', contentType, size, savedOn: new Date(), modifiedOn: new Date() })
      .where(and(eq(attachments.id, id), eq(attachments.status, 'pending')))
      .returning();
    return row;
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(attachments).where(eq(attachments.id, id));
  }

  async findSavedOf(ownerUserId: string): Promise<AttachmentRow[]> {
    return this.db
      .select()
      .from(attachments)
      .where(and(eq(attachments.ownerUserId, ownerUserId), eq(attachments.status, 'saved')))
      .orderBy(desc(attachments.savedOn));
  }

  /**
   * Every record this attachment is attached to, with its program: an answer of a submitted
   * application (a draft stays the applicant's), a module result's evidence, an answer paper of a
   * module sitting (through its application) or of a trial (through its test's module), an
   * invoice's PDF, a welder qualification's evidence and its revalidation's test reports (the
   * welder's or the employer's). One query over the link tables, reading ids only: simpler than a resolver handed
   * in by each module, and the attachment module still calls no other module's repository.
   * (File notes are text and carry no files.)
   */
  async findLinks(attachmentId: string, db: Executor = this.db): Promise<AttachmentLink[]> {
    const result = await db.execute(sql`
      select 'applicationAnswer' as kind, a.program_id as "programId", null::uuid as "examinerId"
        from application_answer_attachments aa
        join application_answers ans on ans.id = aa.answer_id
        join applications a on a.id = ans.application_id
        where aa.attachment_id = ${attachmentId} and a.submitted_on is not null
      union
      select 'moduleResult', a.program_id, am.examiner_id
        from application_modules am
        join applications a on a.id = am.application_id
        where am.result_evidence_id = ${attachmentId}
      union
      select case when e.application_module_id is null then 'trialAnswerPaper' else 'moduleAnswerPaper' end,
          coalesce(a.program_id, pm.program_id), am.examiner_id
        from answer_papers ap
        join question_instances qi on qi.id = ap.question_instance_id
        join exam_instances e on e.id = qi.exam_instance_id
        left join application_modules am on am.id = e.application_module_id
        left join applications a on a.id = am.application_id
        left join exam_definitions ed on ed.id = e.exam_definition_id
        left join program_modules pm on pm.id = ed.program_module_id
        where ap.attachment_id = ${attachmentId}
      union
      select 'invoice', a.program_id, null::uuid
        from invoices i
        join applications a on a.id = i.application_id
        where i.pdf_attachment_id = ${attachmentId}
      union
      select 'reviewEvidence', a.program_id, null::uuid
        from application_review_attachments ra
        join application_reviews r on r.id = ra.review_id
        join applications a on a.id = r.application_id
        where ra.attachment_id = ${attachmentId}
      union
      select 'appealEvidence', ap.program_id, null::uuid
        from appeals ap
        where ap.attachment_ids ? ${attachmentId}
      union
      select 'wpqEvidence', r.program_id, r.examiner_id
        from wpq_test_results tr
        join wpq_records r on r.id = tr.wpq_record_id
        where tr.evidence_attachment_ids ? ${attachmentId}
      union
      select 'wpqTestResult', r.program_id, r.examiner_id
        from wpq_records r
        where r.test_result_file_id = ${attachmentId}
      union
      select 'wpqEvidence', r.program_id, r.examiner_id
        from wpq_revalidations rv
        join wpq_records r on r.id = rv.wpq_record_id
        where rv.welds @> jsonb_build_array(jsonb_build_object('testReportAttachmentId', ${attachmentId}::text))`);
    return (result as unknown as { rows: AttachmentLink[] }).rows.filter((link) => !!link.programId);
  }

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  /** A saved file of this owner, locked in the caller's transaction (its removal). */
  async lockSavedOf(tx: Executor, id: string, ownerUserId: string): Promise<AttachmentRow | undefined> {
    const [row] = await tx
      .select()
      .from(attachments)
      .where(and(eq(attachments.id, id), eq(attachments.ownerUserId, ownerUserId), eq(attachments.status, 'saved')))
      .for('update');
    return row;
  }

  /**
   * Takes a file out of its owner's draft applications (a draft is still the applicant's to
   * change): left there, a removed file would make the draft unsavable. Submitted answers are
   * links (findLinks) and are never changed here.
   */
  async unlinkFromDrafts(tx: Executor, attachmentId: string): Promise<void> {
    await tx.execute(sql`
      delete from application_answer_attachments aa
        using application_answers ans, applications a
        where aa.attachment_id = ${attachmentId} and ans.id = aa.answer_id and a.id = ans.application_id and a.submitted_on is null`);
  }

  /** Every file of this owner not yet removed, locked in the caller's transaction. */
  async lockNotRemovedOf(tx: Executor, ownerUserId: string): Promise<AttachmentRow[]> {
    return tx
      .select()
      .from(attachments)
      .where(and(eq(attachments.ownerUserId, ownerUserId), ne(attachments.status, 'removed')))
      .for('update');
  }

  /** The row stays (records point at it); its name goes and nothing reads it any more. */
  async markRemoved(tx: Executor, ids: string[], byUserId: string): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .update(attachments)
      .set({ status: 'removed', name: 'removed', size: null, modifiedOn: new Date(), modifiedBy: byUserId })
      .where(inArray(attachments.id, ids));
  }

  /** The applicant's profile photograph, when it is still a saved file. */
  async findPhotoOf(applicantId: string): Promise<AttachmentRow | undefined> {
    const [row] = await this.db
      .select({ attachment: attachments })
      .from(applicants)
      .innerJoin(attachments, eq(attachments.id, applicants.photoAttachmentId))
      .where(and(eq(applicants.id, applicantId), eq(attachments.status, 'saved')));
    return row?.attachment;
  }

  async setPhoto(applicantId: string, attachmentId: string | null, actorId: string): Promise<void> {
    await this.db.update(applicants).set({ photoAttachmentId: attachmentId, modifiedBy: actorId, modifiedOn: new Date() }).where(eq(applicants.id, applicantId));
  }

  /** A file removed by its owner is no longer their photograph: the applicant whose it was, if any. */
  async clearPhoto(tx: Executor, attachmentId: string): Promise<string | null> {
    const [row] = await tx.update(applicants).set({ photoAttachmentId: null }).where(eq(applicants.photoAttachmentId, attachmentId)).returning({ id: applicants.id });
    return row?.id ?? null;
  }

  async findSavedByIds(ids: string[]): Promise<AttachmentRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(attachments)
      .where(and(inArray(attachments.id, ids), eq(attachments.status, 'saved')));
  }
}
