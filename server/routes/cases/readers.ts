import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { API_PATHS } from '../../../contract/paths';
import { personSchema } from '../../../contract/users';
import { ok, requires } from '../reply';
import type { CaseRouteOptions } from '.';

/** The readers a case may be given (DESIGN §4 "Interpretations"), for the case header's picker. */
export const readerRoutes: FastifyPluginAsyncZod<CaseRouteOptions> = async (app, { roster }) => {
  app.get(
    API_PATHS.readers,
    {
      config: requires('cases', 'list'),
      schema: { tags: ['cases'], response: { 200: envelope(z.array(personSchema)) } },
    },
    async () => ok(await roster.readers()),
  );
};
