import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMPLOYER_BILLING_PATHS, NominationPerson } from '@certs/shared/employer/employer-billing.contract';
import { EMPLOYER_PEOPLE_PATHS, EmployerPeople, EmployerPeopleQuery } from '@certs/shared/employer/people.contract';
import { currentUserOf, requireEmployer } from '../../platform/auth/authenticate';
import type { EmployerPeopleService } from './employer-people.service';

/**
 * `api/employer/people` (issue 42): the company's approved employees with their awards and welder
 * qualifications from every awarding body, and the same as CSV; the company's coordinator and
 * viewers read them; the coordinator's choice of whom to nominate lists the same people.
 */
export function registerEmployerPeopleRoutes(api: FastifyInstance, people: EmployerPeopleService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const companyUser = requireEmployer();
  const coordinator = requireEmployer({ coordinator: true });
  const doc = { tags: ['employer'], security: [{ bearer: [] }] };

  r.get(
    EMPLOYER_PEOPLE_PATHS.list,
    {
      onRequest: companyUser,
      schema: { ...doc, summary: "The company's approved employees with their awards and welder qualifications; `dueWithinDays` keeps those with something due within 30, 60 or 90 days", querystring: EmployerPeopleQuery, response: { 200: EmployerPeople } },
    },
    async (request) => people.list(currentUserOf(request), request.query.dueWithinDays),
  );
  r.get(
    EMPLOYER_PEOPLE_PATHS.csv,
    { onRequest: companyUser, schema: { ...doc, summary: "The company's people as CSV (one row per award or welder qualification), with the same filter", querystring: EmployerPeopleQuery, produces: ['text/csv'] } },
    async (request, reply) => {
      const csv = await people.csv(currentUserOf(request), request.query.dueWithinDays);
      const within = request.query.dueWithinDays ? `-due-within-${request.query.dueWithinDays}-days` : '';
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="people${within}-${people.csvDay()}.csv"`).send(csv);
    },
  );
  r.get(
    EMPLOYER_BILLING_PATHS.nominationPeople,
    { onRequest: coordinator, schema: { ...doc, summary: "The company's people who can be nominated (its approved employees whose account is active)", response: { 200: z.array(NominationPerson) } } },
    async (request) => people.nominees(currentUserOf(request)),
  );
}
