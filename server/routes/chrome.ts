import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { breadcrumbSchema, navigationItemSchema } from '../../contract/chrome';
import { envelope } from '../../contract/envelope';
import { breadcrumbsFor, menuFor } from '../domain/navigation';
import { forbidden } from '../errors';

/** The signed-in user's menu and breadcrumbs (spec §2, §7). */
export const chromeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/chrome',
    { schema: { tags: ['chrome'], response: { 200: envelope(z.array(navigationItemSchema)) } } },
    async (request) => {
      const menu = menuFor(request.user.roles);
      if (!menu) throw forbidden('Access denied');
      return { success: true as const, data: menu };
    },
  );

  app.get(
    '/chrome/breadcrumbs',
    {
      schema: {
        tags: ['chrome'],
        querystring: z.object({ queryPath: z.string().startsWith('/', 'must start with /').max(500) }),
        response: { 200: envelope(z.array(breadcrumbSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: breadcrumbsFor(request.query.queryPath) }),
  );
};
