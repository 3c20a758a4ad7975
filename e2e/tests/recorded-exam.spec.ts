import { expect, test, type APIRequestContext, type Browser, type Page } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, signInAs } from '../fixtures/demo-accounts';
import { acceptedQualificationApplication, api, issueInvoice, QUALIFICATION_MODULE_API, signInApi, type AcceptedApplication } from '../fixtures/api-setup';
import { quickCopyOf, scheduleAndSend, wholeMinuteAfter } from '../fixtures/exam-setup';

/**
 * Issue 19, the candidate's side of a recorded exam in Chromium with a fake camera and screen: the
 * system check, consent, the recording uploaded in ~30 s chunks while the exam runs, a lost
 * connection and a reload (a second segment), every chunk in the manifest; and a candidate with two
 * monitors getting the multiple-monitors alert.
 */

const PROGRAM_CODE = 'Q-WELD-INSP';
const DEMO_MODULE_TEST = 'IWI-M1 module exam: welding processes and equipment';

// The fake devices answer getUserMedia and getDisplayMedia without a prompt (stack notes).
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});

interface Manifest {
  recording: { id: string; status: string; size: number } | null;
  segments: { segment: number; reason: string; missing: Record<string, number[]> }[];
  chunks: { stream: string; segment: number; sequence: number }[];
  gaps: { afterSegment: number; seconds: number }[];
  isComplete: boolean;
}

type Candidate = AcceptedApplication & { applicationModuleId: string; examAt: Date; testTitle: string };

/**
 * Staff turn recording on for a test on its page (the test's setting, issue 19): every module that
 * sits it records unless its own schedule says otherwise. Checks that the switch stays on after a reload.
 */
async function recordTestOnItsPage(browser: Browser, testId: string): Promise<void> {
  // axe-core is injected as a script tag, which the page's policy would refuse.
  const context = await browser.newContext({ bypassCSP: true });
  const staff = await context.newPage();
  await signInAs(staff, '/admin/login', DEMO.superUser);
  await staff.goto(`/admin/examinations/${testId}`);
  const recording = staff.getByRole('region', { name: 'Recording' });
  const toggle = recording.getByRole('switch', { name: 'Recorded exam' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  expect(await seriousViolations(staff)).toEqual([]);
  const saved = staff.waitForResponse((response) => response.url().endsWith(`/api/examrecording/test/${testId}/setting`) && response.request().method() === 'PUT');
  await toggle.check();
  expect((await saved).status()).toBe(200);
  await staff.reload();
  await expect(staff.getByRole('region', { name: 'Recording' }).getByRole('switch', { name: 'Recorded exam' })).toBeChecked();
  await context.close();
}

/**
 * A new candidate of Q-WELD-INSP with IWI-M1 scheduled online a minute or two ahead and sent,
 * recorded by the test's setting (switched on its page) or by the module's own.
 */
async function recordedCandidate(request: APIRequestContext, browser: Browser, firstName: string, recordedBy: 'test' | 'module'): Promise<Candidate> {
  const application = await acceptedQualificationApplication(request, PROGRAM_CODE, {
    firstName,
    lastName: 'Recorded',
    emailPrefix: `recorded-${firstName.toLowerCase()}`,
    password: 'Recorded-candidate-2026!',
    timeZone: 'Australia/Sydney',
    answerText: 'Nine years of structural steel inspection.',
  });
  const { id, staffJwt } = application;
  const M = QUALIFICATION_MODULE_API;
  await issueInvoice(request, application, { 'IWI-M1': 'required', 'IWI-M2': 'notTaken', 'IWI-M3': 'notTaken' });
  await api(request, 'POST', `${M}/${id}/payment/verified`, staffJwt, { reference: `EFT-REC-${firstName}` });
  const testTitle = `IWI-M1 recorded ${firstName} ${Date.now()}`;
  const test = await quickCopyOf(request, await signInApi(request, DEMO.superUser), DEMO_MODULE_TEST, testTitle);
  if (recordedBy === 'test') await recordTestOnItsPage(browser, test.id);
  const examAt = wholeMinuteAfter(75_000);
  const { applicationModuleId } = await scheduleAndSend(request, application, {
    moduleCode: 'IWI-M1',
    examKind: 'Online',
    examAt,
    durationMinutes: 90,
    examDefinitionId: test.id,
    // Or recorded by the module's own setting, by the staff who schedule it.
    beforeSend: async (moduleId) => {
      if (recordedBy === 'module') await api(request, 'PUT', `/api/examrecording/module/${moduleId}/setting`, staffJwt, { recordExam: true });
    },
  });
  return { ...application, applicationModuleId, examAt, testTitle };
}

/**
 * The candidate at their own desk, with the Window Management permission granted. With
 * `emulateScreens`, getScreenDetails reports as many screens as `window.testScreens` says, so a test
 * can plug in a second monitor mid-exam.
 */
async function candidateAt(browser: Browser, candidate: Candidate, emulateScreens?: number): Promise<Page> {
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  // Granted for this context (its id, or Chromium grants it to the default context only).
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.grantPermissions', { permissions: ['windowManagement'], origin: new URL(test.info().project.use.baseURL!).origin, browserContextId: targetInfo.browserContextId });
  if (emulateScreens !== undefined) {
    await context.addInitScript((count: number) => {
      const w = window as unknown as { testScreens: number; getScreenDetails: () => Promise<unknown> };
      w.testScreens = count;
      const screen = { label: 'Screen', isPrimary: true, left: 0, top: 0, width: 1280, height: 800, availWidth: 1280, availHeight: 800 };
      w.getScreenDetails = async () => ({
        screens: Array.from({ length: w.testScreens }, (_, i) => ({ ...screen, isPrimary: i === 0, left: i * 1280 })),
        currentScreen: screen,
        addEventListener() {},
        removeEventListener() {},
      });
    }, emulateScreens);
  }
  await signInAs(page, '/student/login', candidate.email, candidate.password);
  return page;
}

async function manifestOf(request: APIRequestContext, candidate: Candidate, examInstanceId: string): Promise<Manifest> {
  return api<Manifest>(request, 'GET', `/api/examrecording/${examInstanceId}/manifest`, candidate.applicantJwt);
}

/** Consent, the system check (all five pass with the fake devices), then the exam opens on its time. */
async function passGateAndStart(page: Page, candidate: Candidate): Promise<string> {
  await page.goto('/student/examinations');
  const row = page.getByTestId('my-examinations').getByRole('row', { name: new RegExp(candidate.testTitle) });
  await expect(row.getByRole('link', { name: `Start ${candidate.testTitle}` })).toBeVisible({ timeout: 150_000 });
  await row.getByRole('link', { name: `Start ${candidate.testTitle}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'This exam is recorded' })).toBeVisible();
  await expect(page.getByText('It is kept for 180 days after your result is final')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start the exam' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('checkbox', { name: 'I agree to this exam being recorded' }).check();
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page.getByTestId('consent-given')).toBeVisible();
  await page.getByRole('button', { name: 'Run the system check' }).click();
  await expect(page.getByTestId('system-check-result')).toHaveText('Your computer is ready for a recorded exam.', { timeout: 30_000 });
  for (const item of ['camera', 'screen', 'monitors', 'browser', 'upload']) await expect(page.getByTestId(`check-${item}`)).toHaveAttribute('data-passed', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Start the exam' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 15' })).toBeVisible();
  return page.url().split('/').pop()!;
}

/**
 * Issue 45 items 5, 8 and 12, once the recorded sitting is submitted: the console keeps the camera
 * snapshots in the Camera column (not in its latest events) and offers only a report for the
 * submitted candidate; the sittings list and the marking screen link the review, which opens on the
 * first recorded moment with the video, names the events to look at, keeps the snapshots in a
 * strip and words the recording's events for people.
 */
async function staffReviewTheRecordedSitting(browser: Browser, candidate: Candidate, examInstanceId: string): Promise<void> {
  const context = await browser.newContext({ bypassCSP: true });
  const staff = await context.newPage();
  await signInAs(staff, '/admin/login', DEMO.superUser);

  await staff.goto(`/admin/invigilation/sittings/${candidate.applicationModuleId}`);
  const row = staff.getByTestId('console-candidate').filter({ hasText: candidate.name });
  await expect(row).toContainText('Submitted');
  await expect(row.getByRole('img', { name: `Camera snapshot of ${candidate.name}` })).toBeVisible();
  const latest = staff.getByTestId('console-events');
  await expect(latest).toContainText('Recording stopped');
  await expect(latest).not.toContainText('Camera snapshot');
  await row.getByRole('button', { name: `Actions for ${candidate.name}` }).click();
  const menu = staff.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Report an irregularity' })).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveCount(1);
  await staff.keyboard.press('Escape');

  // The sittings list links the review; its marking screen does too.
  await staff.goto('/admin/examinations/sittings');
  await staff.getByRole('textbox', { name: 'Search' }).fill(candidate.testTitle);
  const sitting = staff.getByTestId('sittings').getByRole('row', { name: new RegExp(candidate.testTitle) });
  await expect(sitting.getByRole('link', { name: `Sitting review of ${candidate.name}, ${candidate.testTitle}` })).toHaveAttribute('href', `/admin/invigilation/review/${examInstanceId}`);
  await sitting.getByRole('link', { name: new RegExp(`^(Mark|Marks of) ${candidate.name}`) }).click();
  await expect(staff.getByRole('heading', { level: 1, name: /^Marking:/ })).toBeVisible();
  await staff.getByRole('link', { name: 'Sitting review' }).click();

  await expect(staff.getByRole('heading', { level: 1 })).toContainText(`${candidate.name}`);
  // The video is there at once: the review opens where the recording starts, not on the launch's gap.
  await expect(staff.getByLabel('Screen recording')).toBeVisible();
  await expect(staff.getByTestId('recording-gap-here')).toHaveCount(0);
  await expect(staff.getByRole('region', { name: 'Events to look at' })).toContainText('Gap in the recording');
  expect(await staff.getByRole('toolbar', { name: 'Camera snapshots' }).getByRole('button').count()).toBeGreaterThanOrEqual(2);
  const events = staff.getByTestId('review-events');
  await expect(events).toContainText('Recording started');
  await expect(events).toContainText('Recording resumed after the page was reloaded');
  await expect(events).not.toContainText('Recording started: start');
  await expect(events).not.toContainText('Camera snapshot');
  expect(await seriousViolations(staff)).toEqual([]);
  await context.close();
}

// Its project runs tests in parallel; these two share the candidates scheduled together below.
test.describe.configure({ mode: 'default' });

let first: Candidate;
let second: Candidate;

test.beforeAll(async ({ request, browser }) => {
  test.setTimeout(240_000);
  // Both candidates are scheduled at once, so the second exam is open when the first test ends.
  first = await recordedCandidate(request, browser, 'Rita', 'test');
  second = await recordedCandidate(request, browser, 'Monty', 'module');
});

test('a candidate passes the system check and sits a recorded exam; a lost connection and a reload leave every chunk in the manifest, in two segments', async ({ browser, request }) => {
  test.setTimeout(600_000);
  // The system check page on its own, from the Examinations list.
  const page = await candidateAt(browser, first);
  await page.goto('/student/examinations');
  // The list below it re-renders with its countdowns; the link's address is what matters.
  await expect(page.getByRole('link', { name: 'Check your computer before the exam' })).toHaveAttribute('href', '/student/examinations/system-check', { timeout: 60_000 });
  await page.goto('/student/examinations/system-check');
  await expect(page.getByRole('heading', { level: 1, name: 'System check for recorded exams' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const examInstanceId = await passGateAndStart(page, first);
  const status = page.getByTestId('recording-upload-status');
  await expect(status).toBeVisible();
  await page.getByRole('radio', { name: 'MMAW (SMAW)', exact: true }).check();

  // The first ~30 s chunk of each stream arrives while the exam runs: uploaded at ~30 s, entered
  // in the manifest with the next slices' request at ~60 s (decision 028).
  await expect.poll(async () => (await manifestOf(request, first, examInstanceId)).chunks.filter((c) => c.segment === 1).length, { timeout: 120_000 }).toBeGreaterThanOrEqual(2);

  // The connection is lost for about 20 s: what is recorded meanwhile waits on the device.
  await page.context().setOffline(true);
  await expect(status).toHaveAttribute('data-waiting', 'true', { timeout: 45_000 });
  await page.waitForTimeout(20_000);
  await page.context().setOffline(false);
  await expect(status).toHaveAttribute('data-pending', '0', { timeout: 60_000 });

  // A reload: the exam resumes, the candidate shares again, and a second segment begins.
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'This exam is recorded' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByRole('heading', { name: /^Question \d+ of 15$/ })).toBeVisible();
  await expect.poll(async () => (await manifestOf(request, first, examInstanceId)).chunks.filter((c) => c.segment === 2).length, { timeout: 120_000 }).toBeGreaterThanOrEqual(2);

  await expect(page.getByRole('button', { name: 'Submit exam' })).toBeEnabled({ timeout: 90_000 });
  await page.getByRole('button', { name: 'Submit exam' }).click();
  await page.getByRole('dialog', { name: 'Submit your exam?' }).getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByTestId('exam-finished')).toContainText('Submitted');
  await expect(status).toHaveText('The recording is uploaded.', { timeout: 60_000 });

  const manifest = await manifestOf(request, first, examInstanceId);
  expect(manifest.segments.map((s) => [s.segment, s.reason])).toEqual([
    [1, 'start'],
    [2, 'reload'],
  ]);
  expect(manifest.isComplete).toBe(true);
  for (const segment of [1, 2]) for (const stream of ['screen', 'camera']) expect(manifest.chunks.some((c) => c.segment === segment && c.stream === stream)).toBe(true);
  expect(manifest.gaps).toEqual([expect.objectContaining({ afterSegment: 1 })]);
  expect(manifest.recording).toMatchObject({ status: 'stopped' });
  expect(manifest.recording!.size).toBeGreaterThan(0);
  // Nothing is left on the device.
  const leftOnDevice = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('certs-exam-recording');
        open.onsuccess = () => {
          const request = open.result.transaction('chunks', 'readonly').objectStore('chunks').count();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  expect(leftOnDevice).toBe(0);

  await staffReviewTheRecordedSitting(browser, first, examInstanceId);
});

test('a candidate with two monitors gets the multiple-monitors alert', async ({ browser }) => {
  test.setTimeout(420_000);
  const page = await candidateAt(browser, second, 2);
  await page.goto('/student/examinations');
  const row = page.getByTestId('my-examinations').getByRole('row', { name: new RegExp(second.testTitle) });
  await expect(row.getByRole('link', { name: `Start ${second.testTitle}` })).toBeVisible({ timeout: 150_000 });
  await row.getByRole('link', { name: `Start ${second.testTitle}` }).click();
  await page.getByRole('checkbox', { name: 'I agree to this exam being recorded' }).check();
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await page.getByRole('button', { name: 'Run the system check' }).click();
  // The check says so first, with the fix in plain words; the exam cannot be started from it.
  await expect(page.getByTestId('check-monitors')).toHaveAttribute('data-passed', 'false', { timeout: 30_000 });
  await expect(page.getByTestId('check-monitors')).toContainText('Disconnect every screen but one');
  await expect(page.getByRole('button', { name: 'Start the exam' })).toBeDisabled();

  // One screen: the check passes and the exam opens. Then a second monitor is plugged in mid-exam.
  await page.evaluate(() => ((window as unknown as { testScreens: number }).testScreens = 1));
  await page.getByRole('button', { name: 'Run the check again' }).click();
  await expect(page.getByTestId('system-check-result')).toHaveText('Your computer is ready for a recorded exam.', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Start the exam' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 15' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { testScreens: number }).testScreens = 2));
  // Checked every 15 s: the alert comes within one round, and the checks stop.
  const alert = page.getByTestId('monitor-alert-multiple');
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).toContainText('More than one monitor is connected');
  expect(await seriousViolations(page)).toEqual([]);
});
