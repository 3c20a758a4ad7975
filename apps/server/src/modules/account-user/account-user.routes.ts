import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccessMenuResponse,
  AccountUser,
  AccountUserPage,
  CreateAccountUserRequest,
  UpdateAccountUserRequest,
} from '@certs/shared/account-user/account-user.contract';
import { PagingQuery } from '@certs/shared/common/paging';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { AccountUserService } from './account-user.service';

const IdParams = z.strictObject({ id: z.uuid('User not found') });
const secured = { tags: ['account users'], security: [{ bearer: [] }] };

/** Admin users (spec section 7, Admin users). The service checks role, menu and target. */
export function registerAccountUserRoutes(api: FastifyInstance, service: AccountUserService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireAdmin();

  r.get(
    '/api/accountuser/pagination/all',
    { onRequest: adminOnly, schema: { ...secured, summary: 'Admin users, paged and searched', querystring: PagingQuery, response: { 200: AccountUserPage } } },
    async (request) => service.findUsers(currentUserOf(request), request.query),
  );
  r.get(
    '/api/accountuser/:id',
    { onRequest: adminOnly, schema: { ...secured, summary: 'One admin user', params: IdParams, response: { 200: AccountUser } } },
    async (request) => service.findUser(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/accountuser',
    { onRequest: adminOnly, schema: { ...secured, summary: 'Create an admin user', body: CreateAccountUserRequest, response: { 201: AccountUser } } },
    async (request, reply) => reply.status(201).send(await service.createUser(currentUserOf(request), request.body)),
  );
  r.post(
    '/api/accountuser/update/:id',
    {
      onRequest: adminOnly,
      schema: { ...secured, summary: 'Update an admin user', params: IdParams, body: UpdateAccountUserRequest, response: { 200: AccountUser } },
    },
    async (request) => service.updateUser(currentUserOf(request), request.params.id, request.body),
  );
  r.get(
    '/api/accountcontributoraccessmenu/:id',
    { onRequest: adminOnly, schema: { ...secured, summary: 'The saved side menu of an admin user', params: IdParams, response: { 200: AccessMenuResponse } } },
    async (request) => service.findAccessMenu(currentUserOf(request), request.params.id),
  );
}
