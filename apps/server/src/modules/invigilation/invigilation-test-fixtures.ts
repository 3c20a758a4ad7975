import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications } from '../../db/schema/application';
import { applicationModules } from '../../db/schema/application-module';
import { createPublishedTest, createScheduledModule, EVERY_TYPE } from '../exam/exam-test-fixtures';

/** Test data for invigilation: one online sitting (one test, one time) with several candidates of one program. */
export interface SittingFixture {
  programId: string;
  testId: string;
  /** One per candidate, in the order given. */
  moduleIds: string[];
  applicationIds: string[];
}

export async function createSitting(
  db: Database,
  input: { applicantIds: string[]; managerId: string; invigilatorId?: string | null; examinerId?: string | null; scheduledAt?: Date; overallTime?: number },
): Promise<SittingFixture> {
  const [firstApplicant, ...others] = input.applicantIds;
  if (!firstApplicant) throw new Error('a sitting needs a candidate');
  const scheduledAt = input.scheduledAt ?? new Date(Date.now() - 60_000);
  const test = await createPublishedTest(db, { testType: 'module', questions: EVERY_TYPE, overallTime: input.overallTime ?? 60, minimumTime: 0 });
  const first = await createScheduledModule(db, { applicantId: firstApplicant, managerId: input.managerId, examDefinitionId: test.id, scheduledAt, examinerId: input.examinerId ?? null });
  await db.update(applicationModules).set({ invigilatorId: input.invigilatorId ?? null }).where(eq(applicationModules.id, first.applicationModuleId));
  const [template] = await db.select().from(applicationModules).where(eq(applicationModules.id, first.applicationModuleId));
  const fixture: SittingFixture = { programId: first.programId, testId: test.id, moduleIds: [first.applicationModuleId], applicationIds: [first.applicationId] };
  for (const applicantId of others) {
    const [application] = await db
      .insert(applications)
      .values({
        applicationNumber: `X-${randomBytes(3).toString('hex').toUpperCase()}`,
        applicantId,
        programId: first.programId,
        programType: 1,
        status: 'Examinations Stage',
        workflowStage: 'Exam Modules Sent',
        declarationAccepted: true,
        submittedOn: new Date(),
      })
      .returning({ id: applications.id });
    const { id: _id, applicationId: _app, createdOn: _c, modifiedOn: _m, ...schedule } = template!;
    const [module] = await db
      .insert(applicationModules)
      .values({ ...schedule, applicationId: application!.id })
      .returning({ id: applicationModules.id });
    fixture.moduleIds.push(module!.id);
    fixture.applicationIds.push(application!.id);
  }
  return fixture;
}

export async function deadlineOf(db: Database, examInstanceId: string): Promise<Date> {
  const result = await db.execute(sql`select deadline from exam_instances where id = ${examInstanceId}`);
  return new Date((result as unknown as { rows: { deadline: Date | string }[] }).rows[0]!.deadline);
}

/** Reads a Server-Sent Events response: each message's parsed data, as it arrives. */
export function sseReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pending: unknown[] = [];
  return {
    /** The next message whose data passes `accept` (others are skipped), or a failure after `timeoutMs`. */
    async next<T>(accept: (message: T) => boolean, timeoutMs = 5_000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = pending.findIndex((message) => accept(message as T));
        if (index >= 0) return pending.splice(index, 1)[0] as T;
        pending.length = 0;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no such message in time');
        const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), left))]);
        if (!chunk || chunk.done) throw new Error(chunk ? 'stream ended' : 'no such message in time');
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
          if (data) pending.push(JSON.parse(data));
        }
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}
