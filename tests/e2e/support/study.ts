import type { CaseDetails } from '../../../contract/cases';
import { API_PATHS } from '../../../contract/paths';
import { type ApiCall, apiAs } from './api';
import { wallClockIn } from './wallClock';

/** One ICU study with known figures, set up over the API for the stories that read its billing. */

export const ZONE = 'America/New_York';
export const HOUR_MS = 3_600_000;

/** 07:00 local on the 10th of last month, as an instant (the client bills from 07:00). */
function studyStart() {
  for (let hour = 0; hour < 24 * 40; hour += 1) {
    const now = new Date();
    const candidate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 0) + hour * HOUR_MS);
    const wall = wallClockIn(ZONE, candidate);
    if (wall.endsWith('-10T07:00')) return candidate;
  }
  throw new Error('no 07:00 on the 10th');
}

type NewClient = { id: number; name: string; code: string };
type PatientInput = { mrn: string; firstName: string; lastName: string; dateOfBirth: string; sex: string };

/**
 * A client of the story's own, new each run (its code from the time), so no other story changes what it
 * shows, with a first protocol revision.
 */
export async function createClient(
  admin: ApiCall,
  {
    prefix,
    name,
    ...fields
  }: { prefix: string; name: string; timeZone: string; billingPeriodStart?: string },
  protocol: { body: string; checkIntervalMinutes: number; impedanceLimitKOhm?: number },
): Promise<NewClient> {
  const code = `${prefix}${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const client = await admin<NewClient>('POST', API_PATHS.clients, {
    name: `${name} ${code}`,
    code,
    ...fields,
  });
  await admin('POST', API_PATHS.protocolRevisions(client.id), {
    baseRevision: 0,
    reportTurnaroundHours: 24,
    notificationRules: [],
    ...protocol,
  });
  return client;
}

/** A new continuous ICU case of the client, recording since `start`, read by reader1, watched by `technologist`. */
export async function startMonitoring(
  admin: ApiCall,
  clientId: number,
  { start, technologist, patient }: { start: Date; technologist: string; patient: PatientInput },
): Promise<CaseDetails> {
  const taken = await admin<CaseDetails>('POST', API_PATHS.cases, {
    clientId,
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'continuous',
    patient,
  });
  const started = await admin<CaseDetails>('PATCH', API_PATHS.case(taken.id), {
    recordingStart: start.toISOString(),
    reader: 'reader1',
    version: taken.version,
  });
  await admin('PUT', API_PATHS.technologistCases(technologist), { caseIds: [started.id] });
  const monitoring = await admin<{ case: CaseDetails }>('POST', API_PATHS.caseTransitions(started.id), {
    to: 'monitoring',
    version: (await admin<CaseDetails>('GET', API_PATHS.caseDetails(started.id))).version,
  });
  return monitoring.case;
}

/**
 * A client of the story's own billing from 07:00 local with a 24 h report turnaround, and one ICU study of
 * `hours` (by default two days: 07:00 on the 10th to 07:00 on the 12th of last month) hooked up and watched
 * by a new technologist in 12-hour shifts, moved to preview, read by reader1. Its figures are known by hand:
 * for two days, 30 min of hookup and 48 h of monitoring, 2910 min (48.50 h).
 */
export async function setUpStudy(
  admin: ApiCall,
  technologist: string,
  technologistPassword: string,
  hours = 48,
) {
  const client = await createClient(
    admin,
    { prefix: 'RD', name: 'Riverside Neurology', timeZone: ZONE, billingPeriodStart: '07:00' },
    {
      body: '# cEEG monitoring protocol\n\n- Call **seizures** in within 10 minutes.\n- Daily reports by 07:00.',
      checkIntervalMinutes: 60,
    },
  );
  const start = studyStart();
  const end = new Date(start.getTime() + hours * HOUR_MS);
  const patient = {
    mrn: `${client.code}-7`,
    firstName: 'Noor',
    lastName: 'Haddad',
    dateOfBirth: '1958-04-17',
    sex: 'F',
  };
  const started = await startMonitoring(admin, client.id, { start, technologist, patient });
  const technologistApi = await apiAs(technologist, technologistPassword);
  await technologistApi('POST', API_PATHS.caseRecords(started.id, 'time-logs'), {
    activity: 'hookup',
    start: new Date(start.getTime() - HOUR_MS / 2).toISOString(),
    end: start.toISOString(),
  });
  // 12-hour shifts of monitoring.
  for (let shift = 0; shift < hours / 12; shift += 1) {
    await technologistApi('POST', API_PATHS.caseRecords(started.id, 'time-logs'), {
      activity: 'monitoring',
      start: new Date(start.getTime() + shift * 12 * HOUR_MS).toISOString(),
      end: new Date(start.getTime() + (shift + 1) * 12 * HOUR_MS).toISOString(),
    });
  }
  const ended = await admin<CaseDetails>('PATCH', API_PATHS.case(started.id), {
    recordingEnd: end.toISOString(),
    version: started.version,
  });
  const preview = await admin<{ case: CaseDetails }>('POST', API_PATHS.caseTransitions(started.id), {
    to: 'preview',
    version: ended.version,
  });
  return { client, study: preview.case, start, end, month: wallClockIn(ZONE, start).slice(0, 7) };
}

export const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
