import { expect, test, type APIRequestContext } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, DEMO_PASSWORD } from '../fixtures/demo-accounts';
import { choose, partsIn, personAt } from '../fixtures/journey';
import { mailsTo, waitForMailLink } from '../fixtures/mailbox';

const PROGRAM_CODE = 'Q-WELD-INSP';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, jwt: string | null, data?: unknown): Promise<T> {
  const response = await request.fetch(url, { method, headers: jwt ? { authorization: `Bearer ${jwt}` } : {}, data });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

async function signInApi(request: APIRequestContext, email: string, password = DEMO_PASSWORD, isApplicant = false): Promise<string> {
  return (await api<{ jwt: string }>(request, 'POST', isApplicant ? '/auth/local/applicant' : '/auth/local', null, { identifier: email, password })).jwt;
}

/**
 * Setup through the platform's own API, as the screens before this one would do it: a new
 * applicant in Perth registers and applies; staff assess, issue the pre-exam invoice for IWI-M1
 * (Online) and IWI-M3 (Practical), and record a bank transfer. The application is then in
 * Examinations Stage / Payment Stage Completed.
 */
async function paidApplication(request: APIRequestContext) {
  const email = `perth.${Date.now()}@example.test`;
  const password = 'Perth-candidate-2026!';
  await api(request, 'POST', '/unauth/applicantregistration', null, { firstName: 'Piper', lastName: 'Perth', email, password, timeZone: 'Australia/Perth' });
  const { link } = await waitForMailLink(email, /\/register\/activate\/[^/\s]+$/);
  await api(request, 'GET', `/unauth/applicantregistration/activationpath/${new URL(link).pathname.split('/').pop()}`, null);
  const applicantJwt = await signInApi(request, email, password, true);
  const staffJwt = await signInApi(request, DEMO.accountAdmin);

  const programs = await api<{ rows: { id: string; programCode: string }[] }>(request, 'GET', `/api/program/published?search=${PROGRAM_CODE}`, applicantJwt);
  const programId = programs.rows.find((p) => p.programCode === PROGRAM_CODE)!.id;
  const program = await api<{ requirements: { id: string }[]; modules: { id: string; moduleCode: string }[] }>(request, 'GET', `/api/program/published/${programId}`, applicantJwt);
  const Q = '/api/qualificationapplication';
  const draft = await api<{ id: string }>(request, 'POST', `${Q}/save`, applicantJwt, {
    programId,
    declarationAccepted: true,
    answers: program.requirements.map((r) => ({ requirementId: r.id, answerText: 'Six years of structural steel inspection.', attachmentIds: [] })),
  });
  const submitted = await api<{ id: string; applicationNumber: string }>(request, 'POST', `${Q}/${draft.id}/submit`, applicantJwt);
  const id = submitted.id;

  const assessors = await api<{ userId: string; name: string }[]>(request, 'GET', `/api/programuser/${programId}/assessor`, staffJwt);
  const casey = assessors.find((a) => a.name === 'Casey Contributor')!;
  await api(request, 'POST', `${Q}/${id}/assessor/assign`, staffJwt, { assessorId: casey.userId, assessmentRound: 0 });
  await api(request, 'POST', `${Q}/${id}/assessor/submit`, await signInApi(request, DEMO.contributor), { review: 'Experience and eye test are in order.', recommendation: 'accept' });
  const details = await api<{ criteria: { criterion: string }[] }>(request, 'GET', `${Q}/${id}/details`, staffJwt);
  await api(request, 'POST', `${Q}/${id}/assessment/submit`, staffJwt, {
    assessmentReport: 'Meets every requirement.',
    selections: details.criteria.map((c) => ({ criterion: c.criterion, answer: 'Yes' })),
    outcome: 'accept',
    messageToApplicant: '',
  });
  const moduleId = (code: string) => program.modules.find((m) => m.moduleCode === code)!.id;
  const M = '/api/qualificationapplicationmodule';
  await api(request, 'POST', `${M}/${id}/preexam/submit`, staffJwt, {
    modules: [
      { programModuleId: moduleId('IWI-M1'), choice: 'required' },
      { programModuleId: moduleId('IWI-M2'), choice: 'notTaken' },
      { programModuleId: moduleId('IWI-M3'), choice: 'required' },
    ],
    couponCode: null,
  });
  await api(request, 'POST', `${M}/${id}/payment/verified`, staffJwt, { reference: 'EFT-20261122-01' });
  const venue = await api<{ id: string; title: string }>(request, 'POST', '/api/venue', await signInApi(request, DEMO.superUser), { title: `Newcastle Weld Hall ${Date.now()}` });
  return { id, applicationNumber: submitted.applicationNumber, programId, email, password, venue };
}

test('staff schedule an online and a practical module, the Perth candidate reads it in Perth time, results are entered after the exam and the overall result is recorded', async ({ browser, request }) => {
  test.setTimeout(420_000);
  const application = await paidApplication(request);
  const staffPath = `/admin/programs/${application.programId}/applications/qualificationapplication/${application.id}`;

  // Whole minutes, at least 100 s ahead: time to fill and send the schedule, short enough to enter the results in this run.
  const examAt = new Date(Math.ceil((Date.now() + 100_000) / 60_000) * 60_000);
  const sydney = partsIn(examAt, 'Australia/Sydney');
  const perth = partsIn(examAt, 'Australia/Perth');

  const staff = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  await staff.goto(staffPath);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Application ${application.applicationNumber}`);
  const scheduleSection = staff.getByTestId('exam-schedule-stage');
  await expect(scheduleSection.getByRole('heading', { name: 'Exam schedule' })).toBeVisible();
  await expect(scheduleSection).toContainText('Piper Perth reads times in Perth time');

  // The online module: the published module test, examiner and invigilator (it is invigilated).
  const online = scheduleSection.getByTestId('schedule-row-IWI-M1');
  await online.getByRole('textbox', { name: 'Date', exact: true }).fill(sydney.day);
  // Leaving the field closes the calendar and shows the day as DD-MMM-YYYY.
  await online.getByRole('textbox', { name: 'Date', exact: true }).press('Tab');
  await online.locator('input[type="time"]').fill(sydney.time);
  await online.getByRole('textbox', { name: 'Duration (minutes)', exact: true }).fill('90');
  await choose(staff, online, 'Examiner', 'Casey Contributor');
  await choose(staff, online, 'Invigilator', 'Uma User');
  await choose(staff, online, 'Published test', /IWI/);
  // The practical module at a venue, first without its place: the rule says so at the field.
  const practical = scheduleSection.getByTestId('schedule-row-IWI-M3');
  await practical.getByRole('textbox', { name: 'Date', exact: true }).fill(sydney.day);
  await practical.getByRole('textbox', { name: 'Date', exact: true }).press('Tab');
  await practical.locator('input[type="time"]').fill(sydney.time);
  await practical.getByRole('textbox', { name: 'Duration (minutes)', exact: true }).fill('180');
  await choose(staff, practical, 'Examiner', 'Casey Contributor');
  await scheduleSection.getByRole('button', { name: 'Save schedule' }).click();
  await expect(practical).toContainText('A venue or a test centre is required for a Practical exam');
  await choose(staff, practical, 'Venue or test centre', application.venue.title);
  await practical.getByRole('textbox', { name: 'Note to the candidate', exact: true }).fill('Bring your own inspection torch.');
  await expect(practical.getByTestId('candidate-time')).toHaveText(`The candidate reads ${perth.shown}.`);
  await scheduleSection.getByRole('button', { name: 'Save schedule' }).click();
  await expect(staff.getByText('Exam Initialization Completed').first()).toBeVisible();
  await expect(scheduleSection.getByTestId('sent-badge').first()).toHaveText('Not sent');
  expect(await seriousViolations(staff)).toEqual([]);

  await scheduleSection.getByRole('button', { name: 'Send to candidate' }).click();
  const confirm = staff.getByRole('dialog', { name: 'Send the exam schedule to the candidate?' });
  await expect(confirm).toContainText(`IWI-M1: Online on ${perth.shown}`);
  await confirm.getByRole('button', { name: 'Send schedule' }).click();
  await expect(staff.getByText('Exam Modules Sent').first()).toBeVisible();
  await expect(scheduleSection.getByTestId('sent-badge')).toHaveCount(2);
  await expect(scheduleSection.getByTestId('sent-badge').first()).toContainText('Sent');

  // The mail: the candidate's own zone with its abbreviation, the link to sit online, the venue, what to bring.
  await expect.poll(() => mailsTo(application.email).some((m) => m.subject.includes('your exams are scheduled'))).toBe(true);
  const scheduleMail = mailsTo(application.email).find((m) => m.subject.includes('your exams are scheduled'))!;
  expect(scheduleMail.text).toContain(`IWI-M1 Welding processes and equipment: Online exam on ${perth.shown}, 90 minutes.`);
  expect(scheduleMail.text).toMatch(/Sit it online: http:\/\/localhost:\d+\/student\/examinations\./);
  expect(scheduleMail.text).toContain(`IWI-M3 Practical visual inspection of welds: Practical exam on ${perth.shown}, 180 minutes. Venue: ${application.venue.title}.`);
  expect(scheduleMail.text).toContain('What to bring: Photo identification');

  // The candidate's own page: the schedule in Perth time, nothing about results yet.
  const candidate = await personAt(browser, '/student/login', application.email, application.password);
  await candidate.goto(`/student/applications/qualificationapplication/${application.id}`);
  const mine = candidate.getByTestId('your-examinations');
  await expect(mine.getByRole('heading', { name: 'Your examinations' })).toBeVisible();
  await expect(mine.getByTestId('my-exam-IWI-M1')).toContainText(perth.shown);
  await expect(mine.getByTestId('my-exam-IWI-M1').getByRole('link', { name: 'sit it in your examinations' })).toHaveAttribute('href', '/student/examinations');
  await expect(mine.getByTestId('my-exam-IWI-M3')).toContainText(`Venue: ${application.venue.title}`);
  await expect(mine.getByTestId('overall-result')).toHaveCount(0);

  // The public schedule: the session at the hall, one candidate, and no name.
  const visitor = await browser.newPage({ bypassCSP: true });
  await visitor.goto('/schedule');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Exam schedule');
  await visitor.getByRole('textbox', { name: 'Venue or test centre', exact: true }).click();
  await visitor.getByRole('option', { name: application.venue.title }).click();
  const day = visitor.getByTestId('schedule-day');
  await expect(day).toHaveCount(1);
  await expect(day).toContainText(application.venue.title);
  await expect(day.getByRole('row', { name: /IWI-M3/ })).toContainText('Practical');
  await expect(day.getByRole('row', { name: /IWI-M3/ }).getByRole('cell').last()).toHaveText('1');
  await expect(visitor.locator('body')).not.toContainText('Piper');
  await expect(visitor.locator('body')).not.toContainText(application.email);
  expect(await seriousViolations(visitor)).toEqual([]);

  // After the exam: results, with the percentage suggesting Pass and evidence uploaded.
  await staff.waitForTimeout(Math.max(0, examAt.getTime() - Date.now() + 2_000));
  await staff.reload();
  const results = staff.getByTestId('exam-results-stage');
  const practicalResult = results.getByTestId('result-row-IWI-M3');
  await practicalResult.getByRole('textbox', { name: 'Percentage', exact: true }).fill('82.5');
  await expect(practicalResult.getByRole('radio', { name: 'Pass' })).toBeChecked();
  await practicalResult.getByRole('textbox', { name: 'Notes', exact: true }).fill('Found every planted defect.');
  await practicalResult.locator('input[type="file"]').setInputFiles({ name: 'practical-marking-sheet.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(practicalResult.getByRole('button', { name: 'practical-marking-sheet.pdf' })).toBeVisible();
  const onlineResult = results.getByTestId('result-row-IWI-M1');
  await onlineResult.getByRole('radio', { name: 'Pass' }).check();
  await onlineResult.getByRole('textbox', { name: 'Percentage', exact: true }).fill('76');
  await results.getByRole('button', { name: 'Save results' }).click();
  await expect(staff.getByText('Exam Modules Evaluation Completed').first()).toBeVisible();
  await expect(practicalResult).toContainText('Entered by Alex Administrator');

  const overall = results.getByTestId('overall-result');
  await overall.getByRole('radio', { name: 'Awarded' }).check();
  await overall.getByRole('textbox', { name: 'Note for the history', exact: true }).fill('Both modules passed at the first sitting.');
  await overall.getByRole('button', { name: 'Record overall result' }).click();
  await staff.getByRole('dialog', { name: 'Record Awarded?' }).getByRole('button', { name: 'Record Awarded' }).click();
  await expect(staff.locator('[data-status="Awarded"]').first()).toBeVisible();
  await expect(overall).toContainText('Awarded');
  await expect(staff.getByTestId('history-stage')).toContainText('Overall result: Awarded. Both modules passed at the first sitting.');
  expect(await seriousViolations(staff)).toEqual([]);

  // The candidate reads the result mail and sees the results on their page.
  await expect.poll(() => mailsTo(application.email).some((m) => m.subject.includes('your examination result'))).toBe(true);
  const resultMail = mailsTo(application.email).find((m) => m.subject.includes('your examination result'))!;
  expect(resultMail.text).toContain('IWI-M3 Practical visual inspection of welds: Pass (82.50%)');
  expect(resultMail.text).toContain('Congratulations');
  await candidate.reload();
  await expect(candidate.getByTestId('your-examinations').getByTestId('overall-result')).toContainText(/Overall result:\s*Awarded/);
  await expect(candidate.getByTestId('your-examinations').getByTestId('overall-result')).toContainText('82.50%');
  expect(await seriousViolations(candidate)).toEqual([]);
});
