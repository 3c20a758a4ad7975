import { expect, test, type APIRequestContext, type Page } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO } from '../fixtures/demo-accounts';
import { choose, partsIn, personAt, reloadUntilVisible } from '../fixtures/journey';
import { searchList } from '../fixtures/lists';
import { mailsTo } from '../fixtures/mailbox';
import { acceptedQualificationApplication, api, issueInvoice, QUALIFICATION_MODULE_API, signInApi } from '../fixtures/api-setup';

const PROGRAM_CODE = 'Q-WELD-INSP';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * Setup through the platform's own API, as the screens before this one would do it: a new
 * applicant in Perth registers and applies; staff assess, issue the pre-exam invoice for IWI-M1
 * (Online) and IWI-M3 (Practical), and record a bank transfer. The application is then in
 * Examinations Stage / Payment Stage Completed.
 */
async function paidApplication(request: APIRequestContext) {
  const application = await acceptedQualificationApplication(request, PROGRAM_CODE, {
    firstName: 'Piper',
    lastName: 'Perth',
    emailPrefix: 'perth',
    password: 'Perth-candidate-2026!',
    timeZone: 'Australia/Perth',
    answerText: 'Six years of structural steel inspection.',
  });
  await issueInvoice(request, application, { 'IWI-M1': 'required', 'IWI-M2': 'notTaken', 'IWI-M3': 'required' });
  await api(request, 'POST', `${QUALIFICATION_MODULE_API}/${application.id}/payment/verified`, application.staffJwt, { reference: 'EFT-20261122-01' });
  const venue = await api<{ id: string; title: string }>(request, 'POST', '/api/venue', await signInApi(request, DEMO.superUser), { title: `Newcastle Weld Hall ${Date.now()}` });
  return { ...application, venue };
}

test('staff schedule an online and a practical module, the Perth candidate reads it in Perth time, results are entered after the exam and the overall result is recorded', async ({ browser, request }) => {
  test.setTimeout(420_000);
  const application = await paidApplication(request);
  const staffPath = `/admin/programs/${application.programId}/applications/qualificationapplication/${application.id}`;

  // Whole minutes, at least 100 s ahead: time to fill and send the schedule, short enough to enter the results in this run.
  const examAt = new Date(Math.ceil((Date.now() + 100_000) / 60_000) * 60_000);
  const sydney = partsIn(examAt, 'Australia/Sydney');
  const perth = partsIn(examAt, 'Australia/Perth');
  // The online sitting is scheduled for 75 minutes, its test is set for 90: the schedule wins, one end for everyone (decision 041).
  const onlineEnd = new Date(examAt.getTime() + 75 * 60_000);
  const perthEnd = partsIn(onlineEnd, 'Australia/Perth');

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
  await online.getByRole('textbox', { name: 'Duration (minutes)', exact: true }).fill('75');
  await choose(staff, online, 'Examiner', 'Casey Contributor');
  await choose(staff, online, 'Invigilator', 'Uma User');
  await choose(staff, online, 'Published test', /IWI-M1 module exam/);
  // The scheduler sees the test's own time beside the duration, and what the candidates will have.
  await expect(online.getByTestId('test-time')).toHaveText('The test is set for 90 minutes. Candidates have 75 minutes from the scheduled time, less than the test expects.');
  // An invigilated module's online sitting is proposed recorded (issue 19); staff keep it so.
  await expect(online.getByRole('switch', { name: 'Record this sitting' })).toBeChecked();
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
  await expect(staff.getByText('Exams scheduled', { exact: true }).first()).toBeVisible();
  await expect(scheduleSection.getByTestId('sent-badge').first()).toHaveText('Not sent');
  expect(await seriousViolations(staff)).toEqual([]);

  await scheduleSection.getByRole('button', { name: 'Send to candidate' }).click();
  const confirm = staff.getByRole('dialog', { name: 'Send the exam schedule to the candidate?' });
  await expect(confirm).toContainText(`IWI-M1: Online on ${perth.shown}`);
  await confirm.getByRole('button', { name: 'Send schedule' }).click();
  await expect(staff.getByText('Exam modules sent', { exact: true }).first()).toBeVisible();
  await expect(scheduleSection.getByTestId('sent-badge')).toHaveCount(2);
  await expect(scheduleSection.getByTestId('sent-badge').first()).toContainText('Sent');

  // The mail: the candidate's own zone with its abbreviation, the link to sit online, the venue, what to bring.
  await expect.poll(() => mailsTo(application.email).some((m) => m.subject.includes('your exams are scheduled'))).toBe(true);
  const scheduleMail = mailsTo(application.email).find((m) => m.subject.includes('your exams are scheduled'))!;
  expect(scheduleMail.text).toContain(`IWI-M1 Welding processes and equipment: Online exam on ${perth.shown}, 75 minutes. It ends at ${perthEnd.shown} for everyone: start on time.`);
  expect(scheduleMail.text).toMatch(/Sit it online: http:\/\/localhost:\d+\/student\/examinations\./);
  expect(scheduleMail.text).toContain(`IWI-M3 Practical visual inspection of welds: Practical exam on ${perth.shown}, 180 minutes. Venue: ${application.venue.title}.`);
  // Recorded: the camera it records; no sound is recorded, so no microphone (issue 45).
  expect(scheduleMail.text).toContain('What to bring: Photo identification, a computer with a camera, one monitor');
  expect(scheduleMail.text).not.toContain('microphone');
  expect(scheduleMail.text).toMatch(/Recorded: after you agree, your camera, entire screen and keystrokes are recorded; run the system check before the day: http:\/\/localhost:\d+\/student\/examinations\/system-check\./);

  // The candidate's own page: the schedule in Perth time, nothing about results yet.
  const candidate = await personAt(browser, '/student/login', application.email, application.password);
  await candidate.goto(`/student/applications/qualificationapplication/${application.id}`);
  const mine = candidate.getByTestId('your-examinations');
  await expect(mine.getByRole('heading', { name: 'Your examinations' })).toBeVisible();
  await expect(mine.getByTestId('my-exam-IWI-M1')).toContainText(`${perth.shown} · 75 minutes, until ${perthEnd.shown} for everyone: start on time`);
  await expect(mine.getByTestId('my-exam-IWI-M1')).toContainText('What to bring: Photo identification, a computer with a camera, one monitor');
  await expect(mine.getByTestId('my-exam-IWI-M1')).not.toContainText('microphone');
  await expect(mine.getByTestId('my-exam-IWI-M1').getByRole('link', { name: 'sit it in your examinations' })).toHaveAttribute('href', '/student/examinations');
  await expect(mine.getByTestId('my-exam-IWI-M3')).toContainText(`Venue: ${application.venue.title}`);
  await expect(mine.getByTestId('overall-result')).toHaveCount(0);

  // The public schedule: the session at the hall, one candidate, and no name.
  const visitor = await browser.newPage({ bypassCSP: true });
  await visitor.goto('/schedule');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Exam schedule');
  await choose(visitor, visitor.locator('body'), 'Venue or test centre', application.venue.title);
  const day = visitor.getByTestId('schedule-day');
  await expect(day).toHaveCount(1);
  await expect(day).toContainText(application.venue.title);
  await expect(day.getByRole('row', { name: /IWI-M3/ })).toContainText('Practical');
  await expect(day.getByRole('row', { name: /IWI-M3/ }).getByRole('cell').last()).toHaveText('1');
  await expect(visitor.locator('body')).not.toContainText('Piper');
  await expect(visitor.locator('body')).not.toContainText(application.email);
  expect(await seriousViolations(visitor)).toEqual([]);
  // The online sitting: the same 75 minutes and the same end as the mail, in the awarding body's time.
  const onlineSession = (page: Page) => page.getByTestId('schedule-day').getByRole('row', { name: new RegExp(`IWI-M1.*75 min, until ${partsIn(onlineEnd, 'Australia/Sydney').shown.split(' ').slice(1).join(' ')}`) });
  await choose(visitor, visitor.locator('body'), 'Venue or test centre', 'Online (sat in the applicant area)');
  await expect(onlineSession(visitor)).toHaveCount(1);

  // After the exam: results, with the percentage suggesting Pass and evidence uploaded.
  const results = staff.getByTestId('exam-results-stage');
  const practicalResult = results.getByTestId('result-row-IWI-M3');
  // The results open when the exam time has come.
  await reloadUntilVisible(staff, practicalResult.getByRole('textbox', { name: 'Percentage', exact: true }));
  await practicalResult.getByRole('textbox', { name: 'Percentage', exact: true }).fill('82.5');
  await expect(practicalResult.getByRole('radio', { name: 'Pass' })).toBeChecked();
  await practicalResult.getByRole('textbox', { name: 'Notes', exact: true }).fill('Found every planted defect.');
  await practicalResult.locator('input[type="file"]').setInputFiles({ name: 'practical-marking-sheet.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(practicalResult.getByRole('button', { name: 'practical-marking-sheet.pdf' })).toBeVisible();
  const onlineResult = results.getByTestId('result-row-IWI-M1');
  await onlineResult.getByRole('radio', { name: 'Pass' }).check();
  await onlineResult.getByRole('textbox', { name: 'Percentage', exact: true }).fill('76');
  await results.getByRole('button', { name: 'Save results' }).click();
  // IWI-M1 was scheduled online and not sat: a result typed over it closes that exam, so it is asked once more.
  const override = staff.getByRole('dialog', { name: 'Record the result of an online exam by hand?' });
  await expect(override).toContainText('IWI-M1 was scheduled as an online exam');
  await override.getByRole('button', { name: 'Record the result' }).click();
  await expect(staff.getByText('Exam results recorded', { exact: true }).first()).toBeVisible();
  await expect(practicalResult).toContainText('Entered by Alex Administrator');

  // IWI-M1's result was recorded by hand: nobody sits it now. /schedule no longer offers it (a new
  // visitor: the page's answer is cached for a minute), and the staff sittings list neither calls it
  // Not started nor offers extra time (issue 45).
  const laterVisitor = await browser.newPage({ bypassCSP: true });
  await laterVisitor.goto('/schedule');
  await expect(laterVisitor.getByText(/^Sessions from/)).toBeVisible();
  await expect(onlineSession(laterVisitor)).toHaveCount(0);
  await staff.goto('/admin/examinations/sittings');
  const sittings = staff.getByTestId('sittings');
  await searchList(staff, staff.getByRole('textbox', { name: 'Search' }), application.applicationNumber, sittings);
  const sitting = sittings.getByRole('row', { name: /Piper Perth/ });
  await expect(sitting).toContainText('Result recorded');
  await expect(sitting.getByRole('button', { name: /^Extra time/ })).toHaveCount(0);
  await staff.goto(staffPath);

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
