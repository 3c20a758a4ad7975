import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES, AccountLogoRequest, AccountSettings, AccountSettingsRequest, AccountSummary, CurrentAccount, PlatformOverview, SwitchAccountRequest } from '@certs/shared/account/account.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { AccountService } from './account.service';

const IdParams = z.strictObject({ id: z.uuid(ACCOUNT_MESSAGES.notFound) });
const secured = { tags: ['accounts'], security: [{ bearer: [] }] };

/** Accounts (decision 033): the awarding bodies, their settings and the super user's switcher. */
export function registerAccountRoutes(api: FastifyInstance, service: AccountService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const superUsers = requireAdmin({ roles: [ROLES.SuperUser] });
  const administrators = requireAdmin({ roles: [ROLES.SuperUser, ROLES.AccountAdministrator] });

  r.get(
    '/api/accounts/current',
    { onRequest: requireAdmin(), schema: { ...secured, summary: 'The account the caller works in, and those they may switch to', response: { 200: CurrentAccount } } },
    async (request) => service.current(currentUserOf(request)),
  );
  r.post(
    '/api/accounts/current',
    { onRequest: superUsers, schema: { ...secured, summary: 'Work in another account (platform super users)', body: SwitchAccountRequest, response: { 200: CurrentAccount } } },
    async (request) => service.switchTo(currentUserOf(request), request.body.accountId),
  );
  r.get(
    '/api/accounts/overview',
    { onRequest: superUsers, schema: { ...secured, summary: "The platform's health: each account's programs, staff, open applications and current awards, and the mail outbox", response: { 200: PlatformOverview } } },
    async (request) => service.overview(currentUserOf(request)),
  );
  r.get(
    '/api/accounts',
    { onRequest: superUsers, schema: { ...secured, summary: 'Every account on the platform', response: { 200: z.array(AccountSummary) } } },
    async (request) => service.list(currentUserOf(request)),
  );
  r.post(
    '/api/accounts',
    { onRequest: superUsers, schema: { ...secured, summary: 'Create an account (an awarding body)', body: AccountSettingsRequest, response: { 201: AccountSettings } } },
    async (request, reply) => reply.status(201).send(await service.create(currentUserOf(request), request.body)),
  );
  r.get(
    '/api/accounts/:id',
    { onRequest: administrators, schema: { ...secured, summary: "An account's settings (secrets never included)", params: IdParams, response: { 200: AccountSettings } } },
    async (request) => service.findSettings(currentUserOf(request), request.params.id),
  );
  r.put(
    '/api/accounts/:id',
    {
      onRequest: administrators,
      schema: { ...secured, summary: "Save an account's settings", params: IdParams, body: AccountSettingsRequest, response: { 200: AccountSettings } },
    },
    async (request) => service.update(currentUserOf(request), request.params.id, request.body),
  );
  r.put(
    '/api/accounts/:id/logo',
    {
      onRequest: administrators,
      schema: {
        ...secured,
        summary: "Set or replace the account's logo: one of the caller's saved files (uploaded as any other), a PNG or JPEG of at most 1 MB",
        params: IdParams,
        body: AccountLogoRequest,
        response: { 200: AccountSettings },
      },
    },
    async (request) => service.setLogo(currentUserOf(request), request.params.id, request.body.attachmentId),
  );
  r.delete(
    '/api/accounts/:id/logo',
    { onRequest: administrators, schema: { ...secured, summary: "Remove the account's logo", params: IdParams, response: { 200: AccountSettings } } },
    async (request) => service.removeLogo(currentUserOf(request), request.params.id),
  );
}

const ShortNameParams = z.strictObject({ shortName: z.string().min(1).max(64) });

/**
 * An awarding body's logo without signing in (decision 014: outside `api/`), for the verification
 * page, mails and anyone showing the certificate; 404 when the body has none.
 */
export function registerAccountLogoRoute(app: FastifyInstance, service: AccountService): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/unauth/accounts/:shortName/logo',
    { schema: { tags: ['accounts'], summary: "An awarding body's logo (PNG or JPEG); 404 when it has none", params: ShortNameParams } },
    async (request, reply) => {
      const logo = await service.logoByShortName(request.params.shortName);
      // Addresses handed out carry the file's id (accountLogoPath), so a replaced logo is a new address.
      return reply.header('content-type', logo.contentType).header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff').send(logo.bytes);
    },
  );
}
