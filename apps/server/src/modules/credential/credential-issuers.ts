import { randomBytes } from 'node:crypto';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { RESERVED_ISSUER_PATH_NAMES, credentialPathsOf, type CredentialPaths } from '@certs/shared/credential/credential.contract';
import type { SecretBox } from '../../platform/secret-box';
import { CredentialIssuer, issuerDidOf } from './credential-issuer';
import { decodeSigningSeed } from './credential-key';
import type { CredentialRepository, IssuerKeyRow } from './credential.repository';

/** One account's issuer: its key and DID, and where its DID document and status lists are published. */
export interface AccountIssuer {
  accountId: string;
  /** Null for the first account, whose documents keep their original paths. */
  pathName: string | null;
  paths: CredentialPaths;
  issuer: CredentialIssuer;
}

/**
 * Every account's credential issuer (issue 40). The first account signs with the configured key
 * (CREDENTIAL_SIGNING_KEY or the data folder) under its original DID, so that credentials issued
 * before accounts still verify. Any other account gets a key of its own the first time it signs,
 * kept sealed in `credential_issuers`, with a DID under its short name at that time.
 */
export class CredentialIssuers {
  private readonly loaded = new Map<string, Promise<AccountIssuer>>();

  constructor(
    private readonly repository: CredentialRepository,
    private readonly settings: { publicUrl: string; firstAccountSeed: Uint8Array; keyBox: SecretBox },
  ) {}

  /** The account's issuer, its key made now when it has none. */
  forAccount(accountId: string): Promise<AccountIssuer> {
    let issuer = this.loaded.get(accountId);
    if (!issuer) {
      issuer = this.load(accountId);
      this.loaded.set(accountId, issuer);
      // A failure (a database error) is not kept: the next request tries again.
      issuer.catch(() => {
        if (this.loaded.get(accountId) === issuer) this.loaded.delete(accountId);
      });
    }
    return issuer;
  }

  /** The issuer published under this path name; undefined when no account's issuer has it. */
  async byPathName(pathName: string): Promise<AccountIssuer | undefined> {
    const row = await this.repository.findIssuerKeyByPathName(pathName);
    return row ? this.forAccount(row.accountId) : undefined;
  }

  private async load(accountId: string): Promise<AccountIssuer> {
    if (accountId === FIRST_ACCOUNT_ID) return this.issuerOf(accountId, null, this.settings.firstAccountSeed);
    const row = (await this.repository.findIssuerKey(accountId)) ?? (await this.createKey(accountId));
    const encodedSeed = this.settings.keyBox.open(row.signingKeySealed);
    // Never replaced by a new key: every credential the account issued names this one.
    if (encodedSeed === null) throw new Error(`The credential signing key of account ${accountId} cannot be opened: it was sealed under another CREDENTIAL_SIGNING_KEY`);
    return this.issuerOf(accountId, row.pathName, decodeSigningSeed(encodedSeed));
  }

  private issuerOf(accountId: string, pathName: string | null, seed: Uint8Array): AccountIssuer {
    const paths = credentialPathsOf(pathName);
    return { accountId, pathName, paths, issuer: new CredentialIssuer(issuerDidOf(this.settings.publicUrl, paths.issuer), seed) };
  }

  /**
   * A new Ed25519 seed for the account, published under its short name; under its id when the
   * short name is reserved or another account's issuer took it before renaming.
   */
  private async createKey(accountId: string): Promise<IssuerKeyRow> {
    const shortName = await this.repository.findAccountShortName(accountId);
    if (shortName === undefined) throw new Error(`No account ${accountId}`);
    const signingKeySealed = this.settings.keyBox.seal(randomBytes(32).toString('base64url'));
    const pathNames = RESERVED_ISSUER_PATH_NAMES.includes(shortName) ? [accountId] : [shortName, accountId];
    for (const pathName of pathNames) {
      await this.repository.insertIssuerKey({ accountId, pathName, signingKeySealed });
      const kept = await this.repository.findIssuerKey(accountId);
      if (kept) return kept;
    }
    throw new Error(`No credential issuer could be made for account ${accountId}`);
  }
}
