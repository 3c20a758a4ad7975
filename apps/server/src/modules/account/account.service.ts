import {
  ACCOUNT_MESSAGES,
  FIRST_ACCOUNT_ID,
  accountLogoPath,
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
  /** The logo's saved file (read with `AccountService.logoOf`), or null when the body has none. */
  logoAttachmentId: string | null;
}

/** The attachment module's part in the logo: checking a file that is to become one, and reading it. */
export interface AccountLogoFiles {
  /** Throws the refusal (not the caller's, not PNG or JPEG, over 1 MB) when the file cannot be a logo. */
  check(actor: CurrentUser, attachmentId: string): Promise<unknown>;
  read(attachmentId: string): Promise<{ bytes: Buffer; contentType: 'image/png' | 'image/jpeg' } | null>;
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
    logoAttachmentId: row.logoAttachmentId,
  };
}

function settingsOf(row: AccountRow): AccountSettings {
  const { gstRateBasisPoints, logoAttachmentId, ...identity } = identityOf(row);
  return {
    ...identity,
    gstRatePercent: gstRateBasisPoints / 100,
    stripePublishableKey: row.stripePublishableKey,
    hasStripeSecretKey: !!row.stripeSecretKeyEncrypted,
    hasStripeWebhookSecret: !!row.stripeWebhookSecretEncrypted,
    followsEnvironment: row.followsEnvironment,
    logoUrl: logoAttachmentId ? accountLogoPath(row.shortName, logoAttachmentId) : null,
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
    private readonly logoFiles?: AccountLogoFiles,
  ) {}

  private readonly logoListeners: ((accountId: string) => Promise<void>)[] = [];

  /** A module that prints the logo hears when it changes (certificates are made again). */
  onLogoChanged(listener: (accountId: string) => Promise<void>): void {
    this.logoListeners.push(listener);
  }

  /**
   * The logo becomes one of the caller's saved files (super users for any account, an account
   * administrator for their own). A refused file changes nothing.
   */
  async setLogo(actor: CurrentUser, id: string, attachmentId: string): Promise<AccountSettings> {
    await this.manageable(actor, id);
    if (!this.logoFiles) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.logoNotFound);
    await this.logoFiles.check(actor, attachmentId);
    return this.changeLogo(actor, id, attachmentId);
  }

  async removeLogo(actor: CurrentUser, id: string): Promise<AccountSettings> {
    const row = await this.manageable(actor, id);
    if (!row.logoAttachmentId) return settingsOf(row);
    return this.changeLogo(actor, id, null);
  }

  private async changeLogo(actor: CurrentUser, id: string, attachmentId: string | null): Promise<AccountSettings> {
    // Only the logo: the rest of the settings (and whether the first account follows the environment) stay.
    const row = await this.repository.update(id, { logoAttachmentId: attachmentId, modifiedBy: actor.id, modifiedOn: new Date() });
    if (!row || row === 'taken') throw notFound();
    for (const listener of this.logoListeners) await listener(id);
    return settingsOf(row);
  }

  /** The logo of the body with this short name, for the public path; 404 when there is none. */
  async logoByShortName(shortName: string): Promise<{ bytes: Buffer; contentType: string }> {
    const row = await this.repository.findByShortName(shortName);
    const logo = row?.logoAttachmentId ? await this.logoOf(row.logoAttachmentId) : null;
    if (!logo) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.logoNotFound);
    return logo;
  }

  /** A logo's bytes, for the PDFs that draw it; null when it is gone. */
  async logoOf(logoAttachmentId: string | null): Promise<{ bytes: Buffer; contentType: 'image/png' | 'image/jpeg' } | null> {
    if (!logoAttachmentId || !this.logoFiles) return null;
    return this.logoFiles.read(logoAttachmentId);
  }

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
