import type { NotificationRule } from '../../../contract/clients';
import type { Db } from '../database';
import { clientContacts, clients, clientUsefulLinks, protocolRevisions } from '../schema';
import { seedDemoCases } from './demoCases';
import {
  DEMO_CLIENTS,
  DEMO_CONTACTS,
  DEMO_LINKS,
  type DemoClient,
  PROTOCOL_STEPS,
  TRANSFER_STEPS,
} from './demoClientData';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The author of seeded revisions: the demo administrator. */
const SEED_AUTHOR = 'admin';

function protocolBody(client: DemoClient, step: (typeof PROTOCOL_STEPS)[number]): string {
  return [
    `# cEEG monitoring protocol: ${client.name}`,
    '',
    `Applies to ${client.units}. ${step.change}`,
    '',
    '## Checks',
    `- Review every recording at least every ${step.checkIntervalMinutes} minutes and log the check.`,
    `- Re-gel or replace any electrode above ${step.impedanceLimitKOhm} kΩ; record the impedances before and after.`,
    '- Confirm the video shows the patient after every nursing intervention.',
    '',
    '## Reporting',
    `- Preliminary report within ${step.reportTurnaroundHours} hours of hookup, then daily by 09:00 local time.`,
    '- Call the neurologist on call directly for anything that cannot wait for the report.',
  ].join('\n');
}

/** Varies the number of related records per client so the demo lists are not all alike. */
const countFor = (index: number, min: number, max: number) => min + (index % (max - min + 1));

/**
 * Seeds the demo data: a dozen fictional client hospitals with contacts, links and protocol histories,
 * only when the clients table is empty, then their cases (demoCases.ts), only when the cases table is
 * empty (so a restart or a real installation's data is never touched). Answers what it did to the clients.
 */
export async function seedDemoData(db: Db): Promise<{ seeded: boolean; clients: number }> {
  const seeded = (await db.$count(clients)) > 0 ? { seeded: false, clients: 0 } : await seedDemoClients(db);
  await seedDemoCases(db);
  return seeded;
}

async function seedDemoClients(db: Db) {
  await db.transaction(async (tx) => {
    for (const [index, demo] of DEMO_CLIENTS.entries()) {
      const { units: _units, ...fields } = demo;
      const [client] = await tx.insert(clients).values(fields).returning({ id: clients.id });
      const domain = `${demo.code.toLowerCase()}.example.org`;
      const contacts = await tx
        .insert(clientContacts)
        .values(
          DEMO_CONTACTS.slice(0, countFor(index, 2, 4)).map(({ mailbox, ...contact }, position) => ({
            ...contact,
            clientId: client.id,
            phone: demo.phone.replace(/\d{2}$/, String(20 + position)),
            email: `${mailbox}@${domain}`,
          })),
        )
        .returning({ id: clientContacts.id });
      await tx.insert(clientUsefulLinks).values(
        DEMO_LINKS.slice(0, countFor(index, 1, 3)).map(({ path, ...link }) => ({
          ...link,
          clientId: client.id,
          url: `https://example.org/${demo.code.toLowerCase()}/${path}`,
        })),
      );

      const steps = PROTOCOL_STEPS.slice(0, countFor(index, 2, 4));
      await tx.insert(protocolRevisions).values(
        steps.map((step, position) => {
          // A rule names only contacts this client has; the rest of the escalation list is dropped.
          const notificationRules: NotificationRule[] = step.rules
            .map(([trigger, positions, withinMinutes]) => ({
              trigger,
              notify: positions.filter((p) => p < contacts.length).map((p) => contacts[p].id),
              withinMinutes,
            }))
            .filter((rule) => rule.notify.length > 0);
          return {
            clientId: client.id,
            kind: 'protocol' as const,
            revision: position + 1,
            body: protocolBody(demo, step),
            notificationRules,
            checkIntervalMinutes: step.checkIntervalMinutes,
            impedanceLimitKOhm: step.impedanceLimitKOhm,
            reportTurnaroundHours: step.reportTurnaroundHours,
            author: SEED_AUTHOR,
            createdAt: new Date(Date.now() - (steps.length - position) * 45 * DAY_MS),
          };
        }),
      );
      const transfers = TRANSFER_STEPS.slice(0, countFor(index, 1, 2));
      await tx.insert(protocolRevisions).values(
        transfers.map((body, position) => ({
          clientId: client.id,
          kind: 'transfer' as const,
          revision: position + 1,
          body,
          author: SEED_AUTHOR,
          createdAt: new Date(Date.now() - (transfers.length - position) * 60 * DAY_MS),
        })),
      );
    }
  });
  return { seeded: true, clients: DEMO_CLIENTS.length };
}
