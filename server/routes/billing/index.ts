import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billableHoursQuery,
  billableHoursSchema,
  billingCycleSchema,
  clientParams,
  cycleParams,
  rateInputSchema,
  statementSchema,
  statusInputSchema,
} from '../../../contract/billing';
import { changedStatementSchema } from '../../../contract/billingChanges';
import { envelope } from '../../../contract/envelope';
import { API_PATHS } from '../../../contract/paths';
import { DEFAULT_MAX_OPEN_LOG_HOURS, type MonitoringSettings } from '../../../contract/timeLogs';
import type { Db } from '../../db/database';
import { createBillingCycles } from '../../services/billingCycles';
import { ok, readsPatientData, requires } from '../reply';

/**
 * Billing cycles and statements (DESIGN §8 "Billing and reports"): a client's months from its first
 * recording to now, the statement of one, its rate, and its status (closing freezes the lines).
 */

const tags = ['billing'];

export interface BillingRouteOptions {
  db: Db;
  /** Open-log rules (DESIGN §4); the defaults when a test leaves them out. */
  monitoring?: MonitoringSettings;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
}

export const billingRoutes: FastifyPluginAsyncZod<BillingRouteOptions> = async (
  app,
  { db, monitoring, now: clock = () => new Date() },
) => {
  const maxOpenLogHours = monitoring?.maxOpenLogHours ?? DEFAULT_MAX_OPEN_LOG_HOURS;
  const billing = createBillingCycles({ db, maxOpenLogHours, clock });

  app.get(
    API_PATHS.billableHours(':clientId'),
    {
      config: readsPatientData('billing', 'show', 'case-list'),
      schema: {
        tags,
        params: clientParams,
        querystring: billableHoursQuery,
        response: { 200: envelope(billableHoursSchema) },
      },
    },
    async (request) => ok(await billing.billableHours(request.params.clientId, request.query.month)),
  );

  app.get(
    API_PATHS.billingCycles(':clientId'),
    {
      config: requires('billing', 'list'),
      schema: { tags, params: clientParams, response: { 200: envelope(z.array(billingCycleSchema)) } },
    },
    async (request) => ok(await billing.cyclesOf(request.params.clientId, request.user)),
  );

  app.get(
    API_PATHS.changedStatements,
    {
      config: requires('billing', 'list'),
      schema: {
        tags,
        summary: "Read every client's closed or invoiced months whose hours changed since they closed",
        response: { 200: envelope(z.array(changedStatementSchema)) },
      },
    },
    async () => ok(await billing.changedStatements()),
  );

  app.get(
    API_PATHS.billingCycle(':clientId', ':cycleId'),
    {
      config: readsPatientData('billing', 'show', 'case-list'),
      schema: { tags, params: cycleParams, response: { 200: envelope(statementSchema) } },
    },
    async (request) => {
      const { clientId, cycleId } = request.params;
      return ok(await billing.statement(clientId, cycleId, request.user));
    },
  );

  app.post(
    API_PATHS.cycleRate(':clientId', ':cycleId'),
    {
      config: requires('billing', 'edit'),
      schema: {
        tags,
        params: cycleParams,
        body: rateInputSchema,
        response: { 200: envelope(billingCycleSchema) },
      },
    },
    async (request) => {
      const { clientId, cycleId } = request.params;
      return ok(await billing.setRate(clientId, cycleId, request.user, request.body));
    },
  );

  app.post(
    API_PATHS.cycleStatus(':clientId', ':cycleId'),
    {
      config: requires('billing', 'edit'),
      schema: {
        tags,
        params: cycleParams,
        body: statusInputSchema,
        response: { 200: envelope(billingCycleSchema) },
      },
    },
    async (request) => {
      const { clientId, cycleId } = request.params;
      return ok(await billing.setStatus(clientId, cycleId, request.user, request.body));
    },
  );
};
