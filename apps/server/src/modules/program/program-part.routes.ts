import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateModuleRequest, ProgramModule, UpdateModuleRequest } from '@certs/shared/program/program-module.contract';
import {
  CreateInstructionRequest,
  CreateRequirementRequest,
  Instruction,
  Requirement,
  UpdateInstructionRequest,
  UpdateOrderRequest,
  UpdateRequirementRequest,
} from '@certs/shared/program/program-part.contract';
import { type PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import { AssignableUserList, ProgramUser, ProgramUserList, SaveProgramUserRequest } from '@certs/shared/program/program-user.contract';
import { currentUserOf, requireAdmin, type CurrentUser } from '../../platform/auth/authenticate';
import { genericRouteSchema } from '../../platform/route-schema';
import type { ProgramPartService } from './program-part.service';
import type { ProgramUserService } from './program-user.service';

const IdParams = z.strictObject({ id: z.string() });


interface OrderedPartRoutes<C extends z.ZodType, U extends z.ZodType, I extends z.ZodType> {
  /** The spec's path word: applicantinstruction, programrequirement, programmodule. */
  base: string;
  tag: string;
  createBody: C;
  updateBody: U;
  item: I;
  create(actor: CurrentUser, body: z.output<C>): Promise<z.output<I>>;
  update(actor: CurrentUser, id: string, body: z.output<U>): Promise<z.output<I>>;
  reorder(actor: CurrentUser, body: UpdateOrderRequest): Promise<z.output<I>[]>;
  remove(actor: CurrentUser, id: string): Promise<void>;
}

/** Instructions, requirements and modules share one route shape (spec section 7): create, update, update/order, remove. */
function registerOrderedPartRoutes<C extends z.ZodType, U extends z.ZodType, I extends z.ZodType>(
  api: FastifyInstance,
  part: OrderedPartRoutes<C, U, I>,
): void {
  const r = api;
  const doc = { tags: [part.tag], security: [{ bearer: [] }] };
  const admin = requireAdmin();
  r.post(
    `/api/${part.base}/create`,
    { onRequest: admin, schema: genericRouteSchema({ ...doc, summary: `Add a ${part.tag}`, body: part.createBody, response: { 201: part.item } }) },
    async (request, reply) => reply.status(201).send(await part.create(currentUserOf(request), request.body as z.output<C>)),
  );
  // Registered before update/:id so that "order" is never read as an id.
  r.post(
    `/api/${part.base}/update/order`,
    { onRequest: admin, schema: genericRouteSchema({ ...doc, summary: `Reorder a program's ${part.tag}s`, body: UpdateOrderRequest, response: { 200: z.array(part.item) } }) },
    async (request) => part.reorder(currentUserOf(request), request.body as UpdateOrderRequest),
  );
  r.post(
    `/api/${part.base}/update/:id`,
    { onRequest: admin, schema: genericRouteSchema({ ...doc, summary: `Edit a ${part.tag}`, params: IdParams, body: part.updateBody, response: { 200: part.item } }) },
    async (request) => part.update(currentUserOf(request), (request.params as { id: string }).id, request.body as z.output<U>),
  );
  r.get(
    `/api/${part.base}/remove/:id`,
    { onRequest: admin, schema: genericRouteSchema({ ...doc, summary: `Remove a ${part.tag}`, params: IdParams, response: { 204: z.null() } }) },
    async (request, reply) => {
      await part.remove(currentUserOf(request), (request.params as { id: string }).id);
      return reply.status(204).send(null);
    },
  );
}

/** Program parts and program users (spec section 7, Programs). */
export function registerProgramPartRoutes(api: FastifyInstance, parts: ProgramPartService, users: ProgramUserService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const admin = requireAdmin();
  const doc = (tag: string) => ({ tags: [tag], security: [{ bearer: [] }] });

  r.get(
    '/api/program/:id/instructions',
    { onRequest: admin, schema: { ...doc('applicant instruction'), summary: "A program's applicant instructions", params: IdParams, response: { 200: z.array(Instruction) } } },
    async (request) => parts.listInstructions(currentUserOf(request), request.params.id),
  );
  r.get(
    '/api/program/:id/requirements',
    { onRequest: admin, schema: { ...doc('program requirement'), summary: "A program's requirements", params: IdParams, response: { 200: z.array(Requirement) } } },
    async (request) => parts.listRequirements(currentUserOf(request), request.params.id),
  );
  r.get(
    '/api/program/:id/modules',
    {
      onRequest: admin,
      schema: {
        ...doc('program module'),
        summary: "A program's modules (renewal=true: AICIP renewal modules)",
        params: IdParams,
        querystring: z.strictObject({ renewal: z.enum(['true', 'false']).default('false') }),
        response: { 200: z.array(ProgramModule) },
      },
    },
    async (request) => parts.listModules(currentUserOf(request), request.params.id, request.query.renewal === 'true'),
  );

  registerOrderedPartRoutes(api, {
    base: 'applicantinstruction',
    tag: 'applicant instruction',
    createBody: CreateInstructionRequest,
    updateBody: UpdateInstructionRequest,
    item: Instruction,
    create: (actor, body) => parts.createInstruction(actor, body),
    update: (actor, id, body) => parts.updateInstruction(actor, id, body.instruction),
    reorder: (actor, body) => parts.reorderInstructions(actor, body),
    remove: (actor, id) => parts.removeInstruction(actor, id),
  });
  registerOrderedPartRoutes(api, {
    base: 'programrequirement',
    tag: 'program requirement',
    createBody: CreateRequirementRequest,
    updateBody: UpdateRequirementRequest,
    item: Requirement,
    create: (actor, body) => parts.createRequirement(actor, body),
    update: (actor, id, body) => parts.updateRequirement(actor, id, body),
    reorder: (actor, body) => parts.reorderRequirements(actor, body),
    remove: (actor, id) => parts.removeRequirement(actor, id),
  });
  registerOrderedPartRoutes(api, {
    base: 'programmodule',
    tag: 'program module',
    createBody: CreateModuleRequest,
    updateBody: UpdateModuleRequest,
    item: ProgramModule,
    create: (actor, body) => parts.createModule(actor, body),
    update: (actor, id, body) => parts.updateModule(actor, id, body),
    reorder: (actor, body) => parts.reorderModules(actor, body),
    remove: (actor, id) => parts.removeModule(actor, id),
  });

  // Program users.
  const userDoc = doc('program user');
  r.get(
    '/api/programuser/assignable',
    {
      // The staff directory: administrators and program managers only (the service checks who manages a program).
      onRequest: requireAdmin({ menu: 'Programs' }),
      schema: { ...userDoc, summary: 'Active admin users who can manage or serve on a program (administrators and program managers)', response: { 200: AssignableUserList } },
    },
    async (request) => users.assignableUsers(currentUserOf(request)),
  );
  r.get(
    '/api/programuser/allusers/:id',
    { onRequest: admin, schema: { ...userDoc, summary: "A program's users, grouped with their roles", params: IdParams, response: { 200: ProgramUserList } } },
    async (request) => users.listUsers(currentUserOf(request), request.params.id),
  );
  for (const roleName of ['assessor', 'examiner', 'invigilator'] as const satisfies readonly (keyof typeof PROGRAM_USER_ROLES)[]) {
    r.get(
      `/api/programuser/:id/${roleName}`,
      { onRequest: admin, schema: { ...userDoc, summary: `A program's ${roleName}s`, params: IdParams, response: { 200: ProgramUserList } } },
      async (request) => users.listUsers(currentUserOf(request), request.params.id, roleName),
    );
  }
  r.post(
    '/api/programuser/save',
    { onRequest: admin, schema: { ...userDoc, summary: "Set the roles a user holds in a program", body: SaveProgramUserRequest, response: { 200: ProgramUser } } },
    async (request) => users.saveUser(currentUserOf(request), request.body),
  );
  r.post(
    '/api/programuser/remove/:programId/:userId',
    {
      onRequest: admin,
      schema: { ...userDoc, summary: 'Remove a user from a program', params: z.strictObject({ programId: z.string(), userId: z.string() }), response: { 204: z.null() } },
    },
    async (request, reply) => {
      await users.removeUser(currentUserOf(request), request.params.programId, request.params.userId);
      return reply.status(204).send(null);
    },
  );
}
