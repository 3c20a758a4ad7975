import {
  ACCOUNT_MESSAGES,
  FIRST_ACCOUNT_ID,
  type AccountCountry,
  type AccountCurrency,
  type AccountSettings,
  type AccountSettingsRequest,
  type AccountSummary,
  type CurrentAccount,
  type PlatformOverview,
} from '@certs/shared/account/account.contract';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser, type SessionUserChanges } from '../../platform/auth/authenticate';
import type { SecretBox } from '../../platform/secret-box';
import { canManageAccountSettings, isPlatformSuperUser } from './account.policy';
import type { AccountRepository, AccountRow, AccountValues } from './account.repository';

/** What other modules print for the body that owns a program: invoices, mails, certificates. */
export interface AccountIdentity {
  id: string;
  name: string;
  shortName: string;
  country: AccountCountry;
  abn: string;
  nzbn: string;
  gstNumber: string;
  address: string;
  contactEmail: string;
  mailSenderName: string;
  timeZone: string;
  currency: AccountCurrency;
  gstRateBasisPoints: number;
  invoicePrefix: string;
  certificateNumberPattern: string;
}

/** The AWARDING_BODY_* settings the first account follows until its settings are saved on screen. */
export interface EnvironmentIdentity {
  AWARDING_BODY_NAME: string;
  AWARDING_BODY_ABN: string;
  AWARDING_BODY_ADDRESS: string;
  AWARDING_BODY_EMAIL: string;
  GST_RATE_PERCENT: number;
  CERTIFICATE_NUMBER_PATTERN: string;
}

function summaryOf(row: AccountRow): AccountSummary {
  return { id: row.id, name: row.name, shortName: row.shortName, country: row.country, currency: row.currency };
}

function identityOf(row: AccountRow): AccountIdentity {
  return {
    id: row.id,
    name: row.name,
    shortName: row.shortName,
    country: row.country,
    abn: row.abn,
    nzbn: row.nzbn,
    gstNumber: row.gstNumber,
    address: row.address,
    contactEmail: row.contactEmail,
    mailSenderName: row.mailSenderName,
    timeZone: row.timeZone,
    currency: row.currency,
    gstRateBasisPoints: row.gstRateBasisPoints,
    invoicePrefix: row.invoicePrefix,
    certificateNumberPattern: row.certificateNumberPattern,
  };
}

function settingsOf(row: AccountRow): AccountSettings {
  const { gstRateBasisPoints, ...identity } = identityOf(row);
  return {
    ...identity,
    gstRatePercent: gstRateBasisPoints / 100,
    stripePublishableKey: row.stripePublishableKey,
    hasStripeSecretKey: !!row.stripeSecretKeyEncrypted,
    hasStripeWebhookSecret: !!row.stripeWebhookSecretEncrypted,
    followsEnvironment: row.followsEnvironment,
    modifiedOn: row.modifiedOn.toISOString(),
  };
}

function shortNameTaken(): AppError {
  return new AppError('CONFLICT', ACCOUNT_MESSAGES.shortNameTaken, { shortName: ACCOUNT_MESSAGES.shortNameTaken });
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
}

/**
 * Accounts (decision 033): the awarding bodies on the platform, their settings, and which one a
 * staff member works in.
 */
export class AccountService {
  constructor(
    private readonly repository: AccountRepository,
    private readonly secrets: SecretBox,
    private readonly sessionUsers: SessionUserChanges,
  ) {}

  /** Refreshes the first account from the settings while it follows them (every start). */
  async followEnvironment(env: EnvironmentIdentity): Promise<void> {
    await this.repository.followEnvironment({
      name: env.AWARDING_BODY_NAME,
      abn: env.AWARDING_BODY_ABN,
      address: env.AWARDING_BODY_ADDRESS,
      contactEmail: env.AWARDING_BODY_EMAIL,
      mailSenderName: env.AWARDING_BODY_NAME,
      gstRateBasisPoints: Math.round(env.GST_RATE_PERCENT * 100),
      certificateNumberPattern: env.CERTIFICATE_NUMBER_PATTERN,
    });
  }

  /** The account the caller works in, and the accounts they may switch to. */
  async current(actor: CurrentUser): Promise<CurrentAccount> {
    const accountId = staffAccountOf(actor);
    const all = await this.repository.findAll();
    const own = all.find((row) => row.id === accountId);
    if (!own) throw notFound();
    const isSuper = isPlatformSuperUser(actor);
    return { account: summaryOf(own), accounts: (isSuper ? all : [own]).map(summaryOf), canSwitch: isSuper && all.length > 1, hasSeveralAccounts: all.length > 1 };
  }

  async list(actor: CurrentUser): Promise<AccountSummary[]> {
    if (!isPlatformSuperUser(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return (await this.repository.findAll()).map(summaryOf);
  }

  /** The platform's health as its super users read it: each account's holdings and the mail outbox. */
  async overview(actor: CurrentUser): Promise<PlatformOverview> {
    if (!isPlatformSuperUser(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const [rows, counts, mailCounts] = await Promise.all([this.repository.findAll(), this.repository.countsPerAccount(), this.repository.countMails()]);
    const countsOf = new Map(counts.map((row) => [row.id, row]));
    const none = { publishedPrograms: 0, programs: 0, activeStaff: 0, openApplications: 0, currentAwards: 0 };
    return {
      accounts: rows.map((row) => {
        const { id: _id, ...held } = countsOf.get(row.id) ?? { id: row.id, ...none };
        return { ...summaryOf(row), ...held };
      }),
      mailsQueued: mailCounts.queued,
      mailsFailed: mailCounts.failed,
    };
  }

  async switchTo(actor: CurrentUser, accountId: string): Promise<CurrentAccount> {
    if (!isPlatformSuperUser(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    if (!(await this.repository.findById(accountId))) throw notFound();
    await this.repository.moveStaffMember(actor.id, accountId);
    // The next request of this user (on every instance) reads the new account.
    this.sessionUsers.forget(actor.id);
    return this.current({ ...actor, accountId });
  }

  async findSettings(actor: CurrentUser, id: string): Promise<AccountSettings> {
    return settingsOf(await this.manageable(actor, id));
  }

  async create(actor: CurrentUser, input: AccountSettingsRequest): Promise<AccountSettings> {
    if (!isPlatformSuperUser(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const row = await this.repository.insert({ ...this.valuesOf(input), createdBy: actor.id, modifiedBy: actor.id });
    if (!row) throw shortNameTaken();
    return settingsOf(row);
  }

  async update(actor: CurrentUser, id: string, input: AccountSettingsRequest): Promise<AccountSettings> {
    await this.manageable(actor, id);
    const row = await this.repository.update(id, { ...this.valuesOf(input), followsEnvironment: false, modifiedBy: actor.id, modifiedOn: new Date() });
    if (row === 'taken') throw shortNameTaken();
    if (!row) throw notFound();
    return settingsOf(row);
  }

  /** The body that owns a program, for invoices, mails and certificates. */
  async identityOfProgram(programId: string): Promise<AccountIdentity> {
    const row = await this.repository.findByProgram(programId);
    if (!row) throw notFound();
    return identityOf(row);
  }

  async identityOf(accountId: string = FIRST_ACCOUNT_ID): Promise<AccountIdentity> {
    const row = await this.repository.findById(accountId);
    if (!row) throw notFound();
    return identityOf(row);
  }

  /** The account's own payment gateway keys, opened for the gateway; null where none is kept. */
  async stripeKeysOf(accountId: string): Promise<{ secretKey: string; webhookSecret: string | null; publishableKey: string } | null> {
    const row = await this.repository.findById(accountId);
    const secretKey = row?.stripeSecretKeyEncrypted ? this.secrets.open(row.stripeSecretKeyEncrypted) : null;
    if (!row || !secretKey) return null;
    return {
      secretKey,
      webhookSecret: row.stripeWebhookSecretEncrypted ? this.secrets.open(row.stripeWebhookSecretEncrypted) : null,
      publishableKey: row.stripePublishableKey,
    };
  }

  private async manageable(actor: CurrentUser, id: string): Promise<AccountRow> {
    if (actor.userType !== 'admin') throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    // Another account's settings answer as if they did not exist.
    if (!canManageAccountSettings(actor, id)) throw notFound();
    const row = await this.repository.findById(id);
    if (!row) throw notFound();
    return row;
  }

  /** The columns of a saved form; an empty secret leaves the kept one as it is. */
  private valuesOf(input: AccountSettingsRequest): Partial<AccountValues> & Pick<AccountValues, 'name' | 'shortName' | 'contactEmail' | 'mailSenderName'> {
    return {
      name: input.name,
      shortName: input.shortName.toLowerCase(),
      country: input.country,
      abn: input.country === 'AU' ? input.abn : '',
      nzbn: input.country === 'NZ' ? input.nzbn : '',
      gstNumber: input.country === 'NZ' ? input.gstNumber : '',
      address: input.address,
      contactEmail: input.contactEmail,
      mailSenderName: input.mailSenderName,
      timeZone: input.timeZone,
      currency: input.currency,
      gstRateBasisPoints: Math.round(input.gstRatePercent * 100),
      invoicePrefix: input.invoicePrefix,
      certificateNumberPattern: input.certificateNumberPattern,
      stripePublishableKey: input.stripePublishableKey,
      ...(input.stripeSecretKey ? { stripeSecretKeyEncrypted: this.secrets.seal(input.stripeSecretKey) } : {}),
      ...(input.stripeWebhookSecret ? { stripeWebhookSecretEncrypted: this.secrets.seal(input.stripeWebhookSecret) } : {}),
    };
  }
}
