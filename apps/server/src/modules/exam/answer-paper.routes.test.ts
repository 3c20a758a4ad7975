import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { EXAM_MESSAGES, type CandidateExam } from '@certs/shared/exam/exam.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addProgramUser, createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { PDF_BYTES } from '../../../test/upload';
import { signIn } from '../../../test/sign-in';
import { ageSitting, createPublishedTest, createScheduledModule, EVERY_TYPE, examClient } from './exam-test-fixtures';

const PUBLIC_URL = 'http://localhost:3000';
const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const SESSION = 'session-papers-0123456789';

let t: TestApp;
let api: ReturnType<typeof examClient>;
let ada: CreatedUser;
let manager: CreatedUser;
let adaJwt: string;
let managerJwt: string;

async function sitModule() {
  const test = await createPublishedTest(t.database.db, { testType: 'module', questions: EVERY_TYPE, overallTime: 30, minimumTime: 1 });
  const scheduled = await createScheduledModule(t.database.db, { applicantId: ada.applicantId!, managerId: manager.id, examDefinitionId: test.id });
  const exam: CandidateExam = (await api.post('/api/launchexam/init', { applicationModuleId: scheduled.applicationModuleId }, adaJwt)).json();
  await api.put('/api/isexaminprogress', { examInstanceId: exam.id, examType: 'module', sessionId: SESSION }, adaJwt);
  const questions = exam.sections.flatMap((s) => s.questions);
  return { exam, questions, descriptive: questions.find((q) => q.canUploadAnswerPaper)!, single: questions[0]!, programId: scheduled.programId };
}

async function qrToken(examId: string, questionId: string): Promise<string> {
  const response = await api.get(`/api/moduleexaminstance/${examId}/qrcode/${questionId}`, adaJwt);
  expect(response.statusCode, response.body).toBe(200);
  return new URL(response.json().url).pathname.split('/').pop()!;
}

/** The phone's flow, without a sign-in: upload URL with the token, PUT the photo, attach it. */
async function uploadFromPhone(token: string, file: { name: string; contentType: string; body: Buffer }) {
  const presigned = await t.app.inject({ method: 'POST', url: '/unauth/answerpaper/presigned-upload', payload: { token, fileName: file.name, contentType: file.contentType, size: file.body.length } });
  if (presigned.statusCode !== 200) return presigned;
  const { url, headers, resourceKey } = presigned.json();
  // The upload URL may be relative to the address the page was opened at (issue 21 item 1).
  const target = new URL(url, 'http://localhost');
  const put = await t.app.inject({ method: 'PUT', url: `${target.pathname}${target.search}`, headers, payload: file.body });
  expect(put.statusCode).toBe(200);
  return t.app.inject({ method: 'POST', url: '/unauth/update/answerpaper', payload: { token, resourceKey } });
}

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL });
  api = examClient(t.app);
  ada = await createUser(t.database.db, { role: ROLES.Applicant });
  manager = await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Examinations'] });
  [adaJwt, managerJwt] = (await Promise.all([ada, manager].map(async (u) => (await signIn(t.app, u)).jwt))) as [string, string];
});
afterAll(async () => {
  await t.close();
});

describe('answer papers', () => {
  it('gives a QR code of a phone link for questions that allow answer papers only', async () => {
    const { exam, descriptive, single } = await sitModule();
    const response = await api.get(`/api/moduleexaminstance/${exam.id}/qrcode/${descriptive.id}`, adaJwt);
    expect(response.statusCode).toBe(200);
    const qr = response.json();
    expect(qr.dataUrl).toMatch(/^data:image\/png;base64,/);
    expect(qr.url).toMatch(new RegExp(`^${PUBLIC_URL}/answer-paper/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));
    expect(qr.expiresOn).toBe(exam.timer.deadline);
    const refused = await api.get(`/api/moduleexaminstance/${exam.id}/qrcode/${single.id}`, adaJwt);
    expect([refused.statusCode, refused.json().message]).toEqual([409, EXAM_MESSAGES.answerPaperNotAllowed]);
  });

  it('lets the phone upload photos to that question instance only, without signing in, and staff see them when marking', async () => {
    const { exam, descriptive } = await sitModule();
    const token = await qrToken(exam.id, descriptive.id);
    const page = await t.app.inject({ method: 'GET', url: `/unauth/dependent_data/uploadanswerpaper?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ questionOrder: descriptive.order, questionText: 'Question 4 (Descriptive)', pages: [] });

    const attached = await uploadFromPhone(token, { name: 'page-1.png', contentType: 'image/png', body: PNG_BYTES });
    expect(attached.statusCode, attached.body).toBe(200);
    const second = await uploadFromPhone(token, { name: 'page-2.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    expect(second.json().pages.map((p: { name: string }) => p.name)).toEqual(['page-1.png', 'page-2.pdf']);
    const word = await uploadFromPhone(token, { name: 'notes.docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', body: PNG_BYTES });
    expect(word.statusCode).toBe(400);

    const view: CandidateExam = (await api.get(`/api/moduleexaminstance/${exam.id}`, adaJwt)).json();
    expect(view.sections.flatMap((s) => s.questions).map((q) => q.answerPaperCount)).toEqual([0, 0, 0, 2]);
    await ageSitting(t.database.db, exam.id, 120);
    await api.post(`/api/moduleexaminstance/${exam.id}/submit`, undefined, adaJwt);
    const marking = (await api.get(`/api/moduleexaminstance/${exam.id}/marking`, managerJwt)).json();
    const papers = marking.questions.find((q: { id: string }) => q.id === descriptive.id).answerPapers;
    expect(papers.map((p: { name: string; contentType: string }) => [p.name, p.contentType])).toEqual([
      ['page-1.png', 'image/png'],
      ['page-2.pdf', 'application/pdf'],
    ]);
    // Staff open the photo through the usual file route.
    const download = await api.get(`/api/attachment/presigned-download/${papers[0].resourceKey}`, managerJwt);
    expect(download.statusCode).toBe(200);
  });

  it("opens answer papers to the sitting's program staff and examiners only (decision 015)", async () => {
    const db = t.database.db;
    const { exam, descriptive, programId } = await sitModule();
    const attached = await uploadFromPhone(await qrToken(exam.id, descriptive.id), { name: 'page-1.png', contentType: 'image/png', body: PNG_BYTES });
    expect(attached.statusCode, attached.body).toBe(200);
    await ageSitting(db, exam.id, 120);
    await api.post(`/api/moduleexaminstance/${exam.id}/submit`, undefined, adaJwt);
    const marking = (await api.get(`/api/moduleexaminstance/${exam.id}/marking`, managerJwt)).json();
    const key = marking.questions.find((q: { id: string }) => q.id === descriptive.id).answerPapers[0].resourceKey;
    // An examiner of the program who works from the Examinations menu alone marks it, and opens its papers.
    const examiner = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Examinations'] });
    await addProgramUser(db, programId, examiner.id, 'examiner');
    const other = await createStaffOfAnotherProgram(db, 'examiner');
    const bob = await createUser(db, { role: ROLES.Applicant });
    const [examinerJwt, otherJwt, bobJwt] = await Promise.all([examiner, other, bob].map(async (u) => (await signIn(t.app, u)).jwt));
    const open = (jwt: string) => api.get(`/api/attachment/presigned-download/${key}`, jwt);
    expect((await open(examinerJwt!)).statusCode).toBe(200);
    expect((await open(adaJwt)).statusCode).toBe(200);
    expect((await open(otherJwt!)).statusCode).toBe(403);
    expect((await api.get(`/api/moduleexaminstance/${exam.id}/marking`, otherJwt!)).statusCode).toBe(403);
    expect((await open(bobJwt!)).statusCode).toBe(404);
  });

  it('refuses a tampered or re-aimed token, and one whose exam has ended', async () => {
    const { exam, descriptive, single } = await sitModule();
    const token = await qrToken(exam.id, descriptive.id);
    const [body, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    const reaimed = `${Buffer.from(JSON.stringify({ ...claims, q: single.id })).toString('base64url')}.${signature}`;
    const extended = `${Buffer.from(JSON.stringify({ ...claims, x: claims.x + 86_400 })).toString('base64url')}.${signature}`;
    for (const bad of [reaimed, extended, `${body}.${signature.slice(0, -2)}AA`, 'not-a-token-at-all']) {
      const response = await t.app.inject({ method: 'GET', url: `/unauth/dependent_data/uploadanswerpaper?token=${bad}` });
      expect([response.statusCode, response.json().message]).toEqual([404, EXAM_MESSAGES.answerPaperLinkInvalid]);
      const upload = await uploadFromPhone(bad, { name: 'p.png', contentType: 'image/png', body: PNG_BYTES });
      expect(upload.statusCode).toBe(404);
    }
    // Past the deadline and its grace, the link has expired.
    await ageSitting(t.database.db, exam.id, 30 * 60 + 60);
    const expired = await t.app.inject({ method: 'GET', url: `/unauth/dependent_data/uploadanswerpaper?token=${token}` });
    expect([expired.statusCode, expired.json().message]).toEqual([409, EXAM_MESSAGES.answerPaperLinkExpired]);
    expect((await uploadFromPhone(token, { name: 'late.png', contentType: 'image/png', body: PNG_BYTES })).statusCode).toBe(409);
  });

  it('lasts as long as the exam: extra time granted after the code was made extends the link too', async () => {
    const { exam, descriptive } = await sitModule();
    const token = await qrToken(exam.id, descriptive.id);
    const schedule = await t.database.db.execute(sql`select application_module_id as id from exam_instances where id = ${exam.id}`);
    const applicationModuleId = (schedule as unknown as { rows: { id: string }[] }).rows[0]!.id;
    expect((await api.post(`/api/moduleexaminstance/${applicationModuleId}/extratime`, { minutes: 20 }, managerJwt)).statusCode).toBe(200);
    // Past the first deadline and its grace, inside the extended one.
    await ageSitting(t.database.db, exam.id, 30 * 60 + 60);
    const page = await t.app.inject({ method: 'GET', url: `/unauth/dependent_data/uploadanswerpaper?token=${token}` });
    expect(page.statusCode, page.body).toBe(200);
    await ageSitting(t.database.db, exam.id, 20 * 60);
    const expired = await t.app.inject({ method: 'GET', url: `/unauth/dependent_data/uploadanswerpaper?token=${token}` });
    expect([expired.statusCode, expired.json().message]).toEqual([409, EXAM_MESSAGES.answerPaperLinkExpired]);
  });

  it('expires when the exam is submitted', async () => {
    const { exam, descriptive } = await sitModule();
    const token = await qrToken(exam.id, descriptive.id);
    await ageSitting(t.database.db, exam.id, 120);
    await api.post(`/api/moduleexaminstance/${exam.id}/submit`, undefined, adaJwt);
    const response = await t.app.inject({ method: 'GET', url: `/unauth/dependent_data/uploadanswerpaper?token=${token}` });
    expect([response.statusCode, response.json().message]).toEqual([409, EXAM_MESSAGES.answerPaperLinkExpired]);
    expect((await api.get(`/api/moduleexaminstance/${exam.id}/qrcode/${descriptive.id}`, adaJwt)).statusCode).toBe(409);
  });
});
