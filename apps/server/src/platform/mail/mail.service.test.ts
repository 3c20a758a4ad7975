import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openTestDatabase } from '../../../test/build-test-app';
import { MailCatcher } from '../../../test/mail-catcher';
import type { DatabaseHandle } from '../../db/client';
import { mails } from '../../db/schema/mail';
import { ROLES } from '@certs/shared/auth/roles';
import { createAccount } from '../../../test/factories/account.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser } from '../../../test/factories/user.factory';
import { MailRepository } from './mail.repository';
import { MailService } from './mail.service';

const quietLog = { info: () => {}, warn: () => {} };
let database: DatabaseHandle;
const catcher = new MailCatcher();
let smtpUrl: string;

beforeAll(async () => {
  database = await openTestDatabase();
  smtpUrl = await catcher.start();
});
afterEach(() => {
  catcher.isRefusing = false;
});
afterAll(async () => {
  await catcher.stop();
  await database.close();
});

describe('the mail outbox', () => {
  it('keeps a mail without SMTP, with its text and links, and sends nothing', async () => {
    const service = new MailService(new MailRepository(database.db), { from: 'Certs <no-reply@certs.test>', log: quietLog });
    const row = await service.send({ to: 'kept@example.test', subject: 'Kept', paragraphs: ['Hello <b>you</b>'], links: [{ label: 'Open', url: 'http://localhost:3000/x' }] });
    expect(row.status).toBe('kept');
    expect(row.text).toBe('Hello <b>you</b>\n\nOpen: http://localhost:3000/x');
    expect(row.html).toContain('Hello &lt;b&gt;you&lt;/b&gt;');
    expect(await service.sendDue()).toBe(0);
    await service.stop();
  });

  it('sends over SMTP, and when the server refuses, keeps the mail queued and retries until it goes', async () => {
    const service = new MailService(new MailRepository(database.db), { smtpUrl, from: 'Certs <no-reply@certs.test>', log: quietLog, sendImmediately: false });
    catcher.isRefusing = true;
    const row = await service.send({ to: 'retry@example.test', subject: 'Your exam is scheduled', paragraphs: ['Monday 9 am.'] });
    await service.sendDue();
    const [afterFailure] = await database.db.select().from(mails).where(eq(mails.id, row.id));
    expect(afterFailure).toMatchObject({ status: 'queued', attempts: 1 });
    expect(afterFailure?.lastError).toMatch(/mailbox unavailable/);

    catcher.isRefusing = false;
    // Bring the retry forward instead of waiting for the back-off.
    await database.db.update(mails).set({ nextAttemptOn: sql`now()` }).where(eq(mails.id, row.id));
    expect(await service.sendDue()).toBe(1);
    const [sent] = await database.db.select().from(mails).where(eq(mails.id, row.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect((await catcher.waitFor('retry@example.test', /Your exam is scheduled/)).text).toContain('Monday 9 am.');
    await service.stop();
  });

  it('names the awarding body of the program a mail is about: From name, sign-off and the outbox row', async () => {
    const account = await createAccount(database.db, { name: 'Kiwi Welding Body' });
    const manager = await createUser(database.db, { role: ROLES.AccountAdministrator, accountId: account.id });
    const program = await createProgram(database.db, { programManagerId: manager.id, accountId: account.id });
    const service = new MailService(new MailRepository(database.db), { smtpUrl, from: 'Certs <no-reply@certs.test>', log: quietLog, sendImmediately: false });
    const row = await service.send({ to: 'kiwi@example.test', subject: 'Your application', paragraphs: ['It was received.'], programId: program.id });
    expect(row).toMatchObject({ accountId: account.id, fromName: 'Kiwi Welding Body' });
    expect(row.text).toBe('It was received.\n\nKiwi Welding Body');
    expect(await service.sendDue()).toBe(1);
    const caught = await catcher.waitFor('kiwi@example.test', /Your application/);
    expect(caught.raw).toMatch(/^From: Kiwi Welding Body <no-reply@certs\.test>/m);
    const platformMail = await service.send({ to: 'platform@example.test', subject: 'Activate your account', paragraphs: ['Welcome.'] });
    expect(platformMail).toMatchObject({ accountId: null, fromName: null, text: 'Welcome.' });
    await service.sendDue();
    expect((await catcher.waitFor('platform@example.test', /Activate/)).raw).toMatch(/^From: Certs <no-reply@certs\.test>/m);
    await service.stop();
  });

  it('gives up after the last retry and marks the mail failed', async () => {
    const service = new MailService(new MailRepository(database.db), { smtpUrl, from: 'Certs <no-reply@certs.test>', log: quietLog, sendImmediately: false });
    catcher.isRefusing = true;
    const row = await service.send({ to: 'never@example.test', subject: 'Never', paragraphs: ['x'] });
    for (let attempt = 0; attempt < 6; attempt++) {
      await database.db.update(mails).set({ nextAttemptOn: sql`now()` }).where(eq(mails.id, row.id));
      await service.sendDue();
    }
    const [failed] = await database.db.select().from(mails).where(eq(mails.id, row.id));
    expect(failed).toMatchObject({ status: 'failed', attempts: 6 });
    catcher.isRefusing = false;
    await service.stop();
  });

  it('lets two pollers at once send a mail only once', async () => {
    const repository = new MailRepository(database.db);
    const first = new MailService(repository, { smtpUrl, from: 'a@certs.test', log: quietLog, sendImmediately: false });
    const second = new MailService(repository, { smtpUrl, from: 'a@certs.test', log: quietLog, sendImmediately: false });
    await database.db.insert(mails).values({ toEmail: 'once@example.test', subject: 'Once', text: 'x', html: 'x', status: 'queued', nextAttemptOn: new Date(Date.now() - 1000) });
    const [a, b] = await Promise.all([first.sendDue(), second.sendDue()]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(catcher.mails.filter((m) => m.to.includes('once@example.test'))).toHaveLength(1);
    await first.stop();
    await second.stop();
  });
});
