import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '../fixtures/test';
import { api, signInApi } from '../fixtures/api-setup';
import { seriousViolations } from '../fixtures/axe';
import { DEMO } from '../fixtures/demo-accounts';
import { personAt, QUALIFICATION } from '../fixtures/journey';
import { waitForMailLink } from '../fixtures/mailbox';

const COLUMNS = 'email,firstName,lastName,phone,dateOfBirth,streetNumber,streetName,city,state,postalCode,country,membershipType,memberNumber,applicationStatus';
/** The template's header as people read it; the machine names above are read too. */
const LABELS = 'Email,First Name,Last Name,Phone,Date of Birth,Street Number,Street Name,City,State,Postal Code,Country,Membership Type,Member Number,Application Status';

/** A CSV of the template's columns: one applicant per [email, first name, date of birth]. */
function csvOf(rows: [string, string, string][], header = COLUMNS): string {
  return [header, ...rows.map(([email, firstName, dateOfBirth]) => `${email},${firstName},Importer,0400 111 222,${dateOfBirth},1,Arc Street,Newcastle,NSW,2300,Australia,none,,Application Submitted`)].join('\n');
}

async function qualificationProgramId(request: APIRequestContext, jwt: string): Promise<string> {
  const programs = await api<{ id: string; programCode: string }[]>(request, 'GET', '/api/reports/programs', jwt);
  return programs.find((p) => p.programCode === QUALIFICATION)!.id;
}

/** A downloaded CSV's records (RFC 4180: quoted cells may hold commas, quotes and line breaks), byte order mark dropped. */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i]!;
    if (quoted && char === '"' && body[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted || (char !== ',' && char !== '\n' && char !== '\r')) {
      cell += char;
    } else {
      record.push(cell);
      cell = '';
      if (char === ',') continue;
      if (char === '\r' && body[i + 1] === '\n') i += 1;
      records.push(record);
      record = [];
    }
  }
  if (cell || record.length) records.push([...record, cell]);
  return records;
}

/** Clicks the screen's Export CSV and reads the file it downloads: its name and its records by header. */
async function exportedCsv(page: Page): Promise<{ name: string; header: string[]; rows: Record<string, string>[] }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const [header, ...records] = csvRecords(readFileSync(await file.path(), 'utf8'));
  return { name: file.suggestedFilename(), header: header!, rows: records.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index] ?? '']))) };
}

async function chooseFile(page: Page, name: string, content: string) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
}

test('staff import a CSV with two bad rows, see why they were refused, fix them and import again, creating each applicant once', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const email = (name: string) => `imp-${name}-${stamp}@example.test`;
  const good: [string, string, string][] = [
    [email('ada'), 'Ada', '1990-01-02'],
    [email('bo'), 'Bo', '1988-03-04'],
    [email('cy'), 'Cy', '1979-05-06'],
  ];
  const page = await personAt(browser, '/admin/login', DEMO.superUser);
  const programId = await qualificationProgramId(request, await signInApi(request, DEMO.superUser));
  await page.goto('/admin/programs/bulk-import');
  await expect(page.getByRole('heading', { name: 'Import applications', level: 1 })).toBeVisible({ timeout: 120_000 });
  await page.getByLabel('Program').selectOption(programId);

  // The template's own header; a row with two mistakes shows both (issue 45 item 11).
  await chooseFile(page, 'first-try.csv', csvOf([...good, [`broken-${stamp}`, 'Dee', '1991-13-01'], [email('ed'), 'Ed', '1990-02-30']], LABELS));
  await page.getByRole('button', { name: 'Check file' }).click();
  const preview = page.getByTestId('import-preview');
  await expect(page.getByTestId('import-counts')).toContainText('Created: 3');
  await expect(page.getByTestId('import-counts')).toContainText('Refused: 2');
  await expect(preview.getByRole('row', { name: new RegExp(`broken-${stamp}`) })).toContainText('Email: Invalid email');
  await expect(preview.getByRole('row', { name: new RegExp(`broken-${stamp}`) })).toContainText('Date of Birth: Use a date as YYYY-MM-DD');
  await expect(preview.getByRole('row', { name: new RegExp(email('ed')) })).toContainText('Date of Birth');
  expect(await seriousViolations(page)).toEqual([]);

  // Starting is asked once, saying what will happen (issue 45 item 7).
  await page.getByRole('button', { name: 'Import 3 rows' }).click();
  const confirm = page.getByRole('dialog', { name: 'Import 3 rows?' });
  await expect(confirm).toContainText('3 new applications; a new applicant also gets an account and an email with a link to choose a password.');
  await expect(confirm).toContainText('2 rows skipped (0 unchanged, 2 refused).');
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Start import' }).click();
  const progress = page.getByRole('status').filter({ hasText: 'Import' });
  await expect(progress).toContainText('Import finished: 5 of 5 rows', { timeout: 30_000 });
  await expect(progress).toContainText('Created: 3');
  await expect(progress).toContainText('Refused: 2');
  // A new applicant is invited to choose a password.
  await waitForMailLink(email('ada'), /\/reset-password\/\S+/);

  await chooseFile(page, 'second-try.csv', csvOf([...good, [email('dee'), 'Dee', '1991-01-01'], [email('ed'), 'Ed', '1990-02-28']]));
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByTestId('import-counts')).toContainText('Created: 2');
  await expect(page.getByTestId('import-counts')).toContainText('Unchanged: 3');
  await expect(page.getByTestId('import-counts')).toContainText('Refused: 0');
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await page.getByRole('dialog', { name: 'Import 2 rows?' }).getByRole('button', { name: 'Start import' }).click();
  await expect(progress).toContainText('Import finished: 5 of 5 rows', { timeout: 30_000 });
  await expect(progress).toContainText('Unchanged: 3');

  const past = page.getByTestId('past-imports');
  await expect(past.getByRole('row', { name: /second-try\.csv/ })).toContainText('2 / 0 / 3 / 0');
  await expect(past.getByRole('row', { name: /first-try\.csv/ })).toContainText('3 / 0 / 0 / 2');
  // Each applicant exists once, with one application to the program.
  const jwt = await signInApi(request, DEMO.superUser);
  const found = await api<{ totalRows: number; rows: { email: string }[] }>(request, 'POST', '/api/advancesearch', jwt, { filters: { entity: 'applications', programId, searchTerm: `-${stamp}@` }, pageSize: 50 });
  expect(found.rows.map((r) => r.email).sort()).toEqual([email('ada'), email('bo'), email('cy'), email('dee'), email('ed')].sort());
});

/** A chart beside its table (ChartWithTable): a label for every row of the table, none drawn over another or out of the chart, and whole-number ticks. */
async function expectReadableChart(page: Page, testId: string): Promise<void> {
  const rowCount = await page.getByTestId(testId).locator('tbody tr').count();
  const chart = page.getByTestId(`${testId}-chart`);
  const labels = chart.locator('[data-chart-label]');
  await expect(labels).toHaveCount(rowCount);
  const chartBox = (await chart.boundingBox())!;
  const boxes = await labels.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number }));
  boxes.forEach((box, index) => {
    expect(box.x, `label ${index + 1} of ${testId} starts inside the chart`).toBeGreaterThanOrEqual(chartBox.x - 1);
    const next = boxes[index + 1];
    if (next) expect(box.y + box.height, `label ${index + 1} of ${testId} ends above the next`).toBeLessThanOrEqual(next.y + 0.5);
  });
  const countTicks = await chart.locator('.recharts-xAxis .recharts-cartesian-axis-tick-value').allTextContents();
  expect(countTicks.length).toBeGreaterThan(1);
  for (const tick of countTicks) expect(tick, `${testId}: a count axis tick`).toMatch(/^\d+$/);
}

test("the dashboard's numbers agree with the lists they summarise", async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await personAt(browser, '/admin/login', DEMO.superUser);
  await page.goto('/admin/dashboard');
  // The dashboard's page code (charts included) loads on first visit; a busy machine takes its time.
  await expect(page.getByRole('heading', { name: 'Pending actions' })).toBeVisible({ timeout: 120_000 });
  // Other journeys may add applications meanwhile: the two screens are read again until they agree.
  await expect(async () => {
    await page.goto('/admin/dashboard');
    const figure = page.locator('[data-testid^="dashboard-type-"]').first();
    const type = (await figure.getAttribute('data-testid'))!.replace('dashboard-type-', '');
    const count = (await figure.textContent())?.trim();
    expect(count).toMatch(/^\d+$/);
    await figure.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/admin/applications\\?type=${type}$`));
    await expect(page.getByText(new RegExp(`of ${count}$`))).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 150_000 });

  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Pending actions' })).toBeVisible();
  // Every chart's numbers are a table for screen readers.
  await expect(page.getByTestId('dashboard-by-status')).toBeAttached();
  expect(await seriousViolations(page)).toEqual([]);
  // Issue 45 item 15: each chart labels every bar, its labels do not overlap, and its count axis is in whole numbers.
  for (const name of ['dashboard-by-status', 'dashboard-by-stage', 'dashboard-pending']) {
    await expectReadableChart(page, name);
  }

  // A contributor's home shows their own work, not the menu again.
  const contributor = await personAt(browser, '/admin/login', DEMO.contributor);
  await expect(contributor.getByRole('heading', { name: /Applications you assess/ })).toBeVisible();
  await expect(contributor.getByRole('heading', { name: /Sittings you examine or invigilate/ })).toBeVisible();
  await expect(contributor.getByRole('heading', { name: 'Your areas' })).toHaveCount(0);
  expect(await seriousViolations(contributor)).toEqual([]);
});

test('an export downloads the rows of the filter on screen', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const jwt = await signInApi(request, DEMO.superUser);
  const programId = await qualificationProgramId(request, jwt);
  const rows: [string, string, string][] = ['fay', 'gus', 'hal'].map((name) => [`exp-${name}-${stamp}@example.test`, name.toUpperCase(), '1985-06-07']);
  const started = await api<{ id: string }>(request, 'POST', '/api/bulkimportprocess/add', jwt, { programId, fileName: 'export-setup.csv', csvContent: csvOf(rows) });
  await expect.poll(async () => (await api<{ status: string }>(request, 'GET', `/api/bulkimportprocess/${started.id}`, jwt)).status, { timeout: 30_000 }).toBe('Completed');

  const page = await personAt(browser, '/admin/login', DEMO.superUser);
  await page.goto('/admin/reports?tab=search');
  // The reports' page code (charts included) loads on first visit; a busy machine takes its time.
  await expect(page.getByLabel('Search in')).toBeVisible({ timeout: 120_000 });
  await page.getByLabel('Search in').selectOption('applicants');
  const results = page.getByTestId('advanced-search-results');
  await page.getByLabel('Name, email or number').fill(`-${stamp}@`);
  await expect(results.getByRole('row')).toHaveCount(4);
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^applicants-search-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines[0]).toBe('Reference,Name,Email,Program,Status,Date');
  expect(lines.slice(1).map((line) => line.split(',')[2]).sort()).toEqual(rows.map(([email]) => email).sort());
});

test("the applicants and applications tables export every row of the filter on screen, as the table shows them", async ({ browser, request }) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const jwt = await signInApi(request, DEMO.superUser);
  const programId = await qualificationProgramId(request, jwt);
  const rows: [string, string, string][] = ['ivy', 'jo', 'kit'].map((name) => [`tbl-${name}-${stamp}@example.test`, name.toUpperCase(), '1984-02-03']);
  const started = await api<{ id: string }>(request, 'POST', '/api/bulkimportprocess/add', jwt, { programId, fileName: 'table-export-setup.csv', csvContent: csvOf(rows) });
  await expect.poll(async () => (await api<{ status: string }>(request, 'GET', `/api/bulkimportprocess/${started.id}`, jwt)).status, { timeout: 30_000 }).toBe('Completed');
  const emails = rows.map(([email]) => email).sort();

  // Users -> Applicants, searched by the part of the email only these three share.
  const page = await personAt(browser, '/admin/login', DEMO.superUser);
  await page.goto('/admin/users/applicants');
  const applicants = page.getByTestId('applicants-table');
  await expect(page.getByRole('heading', { name: 'Applicants', level: 1 })).toBeVisible({ timeout: 120_000 });
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(`-${stamp}@`);
  await expect(applicants.getByRole('row')).toHaveCount(4);
  const people = await exportedCsv(page);
  expect(people.name).toMatch(/^applicants-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(people.header).toEqual(['First Name', 'Last Name', 'Email', 'Activated', 'Listed in Public Register', 'Membership', 'Member Number', 'Membership Status', 'Membership Confirmed', 'Registered']);
  expect(people.rows.map((row) => row['Email']).sort()).toEqual(emails);
  for (const person of people.rows) {
    // Each record is a row of the table: the same name, email, membership and registration day.
    const shown = applicants.getByRole('row', { name: new RegExp(`${person['First Name']} ${person['Last Name']}`) });
    await expect(shown).toContainText(person['Email']!);
    await expect(shown).toContainText(person['Membership']!);
    await expect(shown).toContainText(person['Registered']!);
    if (person['Activated'] === 'No') await expect(shown).toContainText('Not activated yet');
    else await expect(shown).not.toContainText('Not activated yet');
  }

  // Programs -> All applications: the Qualification queue, a status chosen, oldest number first, the same search.
  await page.goto('/admin/applications');
  const queue = page.getByTestId('application-queue');
  await page.getByLabel('Status', { exact: true }).selectOption('Application Submitted');
  await page.getByLabel('Order', { exact: true }).selectOption('asc');
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(`-${stamp}@`);
  await expect(queue.getByRole('row')).toHaveCount(4);
  const numbersShown = (await queue.getByRole('rowheader').allTextContents()).map((text) => text.trim());
  expect(numbersShown).toHaveLength(3);
  const applications = await exportedCsv(page);
  expect(applications.name).toMatch(/^qualification-applications-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(applications.header).toEqual(['Application Number', 'Applicant', 'Applicant Email', 'Program Code', 'Program Title', 'Application Date', 'Type', 'Status', 'Stage', 'Assessor']);
  // The same rows in the same order as the screen, with the program's code and the type in words.
  expect(applications.rows.map((row) => row['Application Number'])).toEqual(numbersShown);
  expect(applications.rows.map((row) => row['Applicant Email']).sort()).toEqual(emails);
  for (const application of applications.rows) {
    expect(application).toMatchObject({ 'Program Code': QUALIFICATION, Type: 'Qualification', Status: 'Application Submitted' });
    await expect(queue.getByRole('row', { name: new RegExp(application['Application Number']!) })).toContainText(application['Application Date']!);
  }
  expect(await seriousViolations(page)).toEqual([]);
});
