import SwaggerParser from '@apidevtools/swagger-parser';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { documentRoute } from '../../../server/apiDocument';
import { accessLogRoutes } from '../../../server/routes/accessLog';
import { attentionRoutes } from '../../../server/routes/attention';
import { backupRoutes } from '../../../server/routes/backups';
import { billingRoutes } from '../../../server/routes/billing';
import { bugRoutes } from '../../../server/routes/bugs';
import { caseRoutes } from '../../../server/routes/cases';
import { chromeRoutes } from '../../../server/routes/chrome';
import { clientRoutes } from '../../../server/routes/clients';
import { homeRoutes } from '../../../server/routes/home';
import { interfaceRoutes } from '../../../server/routes/interfaces';
import { reportRoutes } from '../../../server/routes/reports';
import { userRoutes } from '../../../server/routes/users';
import type { ApiDocument } from '../../support/documentedAnswers';

/** The API's route plugins, as the server registers them (the fakes' answers are checked against these). */
const ROUTES = [
  chromeRoutes,
  userRoutes,
  clientRoutes,
  caseRoutes,
  billingRoutes,
  reportRoutes,
  homeRoutes,
  backupRoutes,
  accessLogRoutes,
  interfaceRoutes,
  bugRoutes,
  attentionRoutes,
] as unknown as FastifyPluginAsync[];

/**
 * The API's OpenAPI document (its `$ref`s resolved), built from the server's own route registrations and
 * zod schemas without a database: registering a route only reads its schema, and no route is called.
 */
export async function apiDocument(): Promise<ApiDocument> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', documentRoute);
  await app.register(swagger, { openapi: { openapi: '3.1.0' }, transform: jsonSchemaTransform });
  for (const routes of ROUTES) await app.register(routes, {});
  await app.ready();
  const document = await SwaggerParser.dereference(app.swagger() as never);
  await app.close();
  return document as unknown as ApiDocument;
}
