import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import {
  clientInputSchema,
  contactInputSchema,
  protocolRevisionInputSchema,
  usefulLinkInputSchema,
} from '../../contract/clients';
import { API_PATHS } from '../../contract/paths';
import { seedDemoData } from '../../server/db/seed/demoClients';
import { callApi } from './support/apiClient';
import { DEMO_PASSWORD } from './support/constants';
import { fetchIdToken } from './support/identity';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

type Page = { data: Record<string, unknown>[]; total: number };

describeEachDatabase('demo clients seed', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    token = await fetchIdToken(inject('identity'), 'reader1', DEMO_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = async (path: string) => {
    const response = await fetch(`${server.api}/continuous-monitoring/clients${path}`, {
      headers: { authorization: token },
    });
    expect(response.status, path).toBe(200);
    return (await response.json()) as Page;
  };

  it('seeds an empty database once, with records the API itself would accept', async () => {
    expect(await seedDemoData(server.database.db)).toEqual({ seeded: true, clients: 12 });
    expect(await seedDemoData(server.database.db)).toEqual({ seeded: false, clients: 0 });

    const clients = await get('?perPage=100');
    expect(clients.total).toBe(12);
    // Billing from midnight, from the 07:00 shift change, and from each hookup.
    const periodStarts = new Set(clients.data.map((client) => String(client.billingPeriodStart)));
    expect([...periodStarts].sort()).toEqual(['00:00', '07:00', 'recording-start']);
    for (const client of clients.data) {
      expect(clientInputSchema.safeParse(client).success, String(client.code)).toBe(true);
      const contacts = await get(`/${client.id}/contacts`);
      expect(contacts.total).toBeGreaterThanOrEqual(2);
      for (const contact of contacts.data) expect(contactInputSchema.safeParse(contact).success).toBe(true);
      const links = await get(`/${client.id}/useful-links`);
      for (const link of links.data) expect(usefulLinkInputSchema.safeParse(link).success).toBe(true);

      const revisions = await get(`/${client.id}/protocol/revisions`);
      expect(revisions.total).toBeGreaterThanOrEqual(2);
      const contactIds = new Set(contacts.data.map((contact) => contact._id));
      for (const revision of revisions.data as { notificationRules: { notify: number[] }[] }[]) {
        for (const rule of revision.notificationRules)
          for (const id of rule.notify) expect(contactIds).toContain(id);
      }
      expect((await get(`/${client.id}/protocol/revisions?kind=transfer`)).total).toBeGreaterThanOrEqual(1);
    }
  });

  it('gives every demo protocol a check interval and report turnaround, so it can be saved again unchanged', async () => {
    const admin = await fetchIdToken(inject('identity'), 'admin', DEMO_PASSWORD);
    const clients = await get('?perPage=100');
    for (const client of clients.data) {
      const current = await callApi(server, 'GET', API_PATHS.protocol(Number(client.id)), { token: admin });
      const protocol = current.body.data as Record<string, unknown> & { revision: number };
      expect(protocol.checkIntervalMinutes, String(client.code)).toBeLessThanOrEqual(120);
      expect(protocol.reportTurnaroundHours, String(client.code)).toBeGreaterThan(0);
      const unchanged = {
        ...protocolRevisionInputSchema.parse({ ...protocol, baseRevision: protocol.revision }),
      };
      const saved = await callApi(server, 'POST', API_PATHS.protocolRevisions(Number(client.id)), {
        token: admin,
        body: unchanged,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      expect(saved.body.data).toMatchObject({ revision: protocol.revision + 1, body: protocol.body });
    }
  });
});
