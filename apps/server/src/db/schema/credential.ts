import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './account';
import { auditColumns } from './columns';

/**
 * Each account's own credential issuer (issue 40, decision 018), made the first time the account
 * signs a credential. The first account has no row: it keeps the key of CREDENTIAL_SIGNING_KEY (or
 * the data folder) and its original DID, so that every credential issued before accounts verifies.
 */
export const credentialIssuers = pgTable(
  'credential_issuers',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id),
    /**
     * The DID's own path segment (`did:web:<host>:unauth:credentials:<pathName>:issuer`): the
     * account's short name when the key was made, kept when the short name changes later, since
     * every credential already issued names this DID.
     */
    pathName: text('path_name').notNull(),
    /** The Ed25519 seed, base64url, sealed (AES-256-GCM) under a key derived from the first account's signing key. */
    signingKeySealed: text('signing_key_sealed').notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('credential_issuers_path_name_unique').on(t.pathName)],
);
