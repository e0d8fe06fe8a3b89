import type { CaseRow } from '../../contract/cases';
import type { Role } from '../../contract/roles';
import { buildCaseRow, buildTechnologist } from './caseBuilders';
import { buildClient } from './clientBuilders';
import { userWithRole } from './clientFixtures';
import { menuForRole } from './fakeApi';
import type { CasesSeed } from './fakeCasesApi';
import type { ClientsSeed } from './fakeClientsApi';

/** Ready-made Cases API data for stories and tests: a monitoring service on a Tuesday in March 2026. */

const NORTHSIDE = {
  clientId: 1,
  clientName: 'Northside General Hospital',
  clientTimeZone: 'America/New_York',
};
const BAYSIDE = { clientId: 2, clientName: 'Bayside Memorial Hospital', clientTimeZone: 'America/Chicago' };
const ST_ANNE = {
  clientId: 3,
  clientName: "St. Anne's Children's Hospital",
  clientTimeZone: 'America/Denver',
};

/** The clients the cases belong to, and one disabled client that takes no new case. */
export const caseClients: ClientsSeed = {
  clients: [
    buildClient(),
    buildClient({ id: 2, name: BAYSIDE.clientName, code: 'BMH', timeZone: BAYSIDE.clientTimeZone }),
    buildClient({ id: 3, name: ST_ANNE.clientName, code: 'SAC', timeZone: ST_ANNE.clientTimeZone }),
    buildClient({ id: 4, name: 'Old Harbor Clinic', code: 'OHC', isEnabled: false }),
  ],
};

const day = (date: number, time: string) => `2026-03-${String(date).padStart(2, '0')}T${time}:00.000Z`;

const intake = (overrides: Partial<CaseRow>) =>
  buildCaseRow({ stage: 'intake', recordingStart: null, technologists: [], ...overrides });

/** Every stage: 3 intake, 6 monitoring (one overdue), 1 preview, 1 reviewed, 2 closed. */
const SERVICE_CASES: CaseRow[] = [
  buildCaseRow({
    id: 1,
    caseNumber: 'NSG-2026-0001',
    stage: 'closed',
    patientName: 'Adeyemi, Tunde',
    mrn: 'MRN-100101',
    recordingStart: day(1, '07:00'),
    recordingEnd: day(2, '07:00'),
    technologists: [],
    reader: 'rhea',
    createdAt: day(1, '06:00'),
    updatedAt: day(4, '12:00'),
  }),
  buildCaseRow({
    id: 2,
    caseNumber: 'NSG-2026-0002',
    stage: 'closed',
    studyType: 'routine',
    hasVideo: false,
    monitoringLevel: 'unmonitored',
    patientName: 'Berg, Ingrid',
    mrn: 'MRN-100102',
    recordingStart: day(1, '09:00'),
    recordingEnd: day(1, '10:00'),
    technologists: [],
    createdAt: day(1, '08:30'),
    updatedAt: day(3, '16:00'),
  }),
  buildCaseRow({
    id: 3,
    caseNumber: 'NSG-2026-0005',
    stage: 'preview',
    patientName: 'Castillo, Marta',
    mrn: 'MRN-100105',
    recordingStart: day(5, '20:00'),
    recordingEnd: day(8, '08:00'),
    technologists: [],
    reader: 'rhea',
    createdAt: day(5, '19:00'),
    updatedAt: day(8, '08:10'),
  }),
  buildCaseRow({
    id: 4,
    caseNumber: 'BMH-2026-0020',
    ...BAYSIDE,
    stage: 'reviewed',
    monitoringLevel: 'intermittent',
    patientName: 'Dubois, Henri',
    mrn: 'B-55120',
    recordingStart: day(4, '10:00'),
    recordingEnd: day(6, '10:00'),
    technologists: [],
    reader: 'rhea',
    createdAt: day(4, '09:00'),
    updatedAt: day(7, '15:30'),
  }),
  buildCaseRow({
    id: 5,
    caseNumber: 'NSG-2026-0007',
    patientName: 'Eze, Chidi',
    mrn: 'MRN-100107',
    studyType: 'icu',
    recordingStart: day(9, '22:00'),
    overdue: true,
    technologists: ['priya'],
    createdAt: day(9, '21:00'),
    updatedAt: day(10, '03:00'),
  }),
  buildCaseRow({
    id: 6,
    caseNumber: 'NSG-2026-0008',
    patientName: 'Fischer, Anna',
    mrn: 'MRN-100108',
    studyType: 'icu',
    recordingStart: day(10, '01:15'),
    technologists: ['priya'],
    createdAt: day(10, '00:40'),
    updatedAt: day(10, '06:00'),
  }),
  buildCaseRow({
    id: 7,
    caseNumber: 'NSG-2026-0009',
    patientName: 'Gupta, Ravi',
    mrn: 'MRN-100109',
    recordingStart: day(10, '04:30'),
    technologists: ['marcus', 'priya'],
    createdAt: day(10, '04:00'),
    updatedAt: day(10, '07:20'),
  }),
  buildCaseRow({
    id: 8,
    caseNumber: 'BMH-2026-0030',
    ...BAYSIDE,
    patientName: 'Hale, Jordan',
    mrn: 'B-55130',
    recordingStart: day(9, '14:00'),
    technologists: ['priya'],
    createdAt: day(9, '13:00'),
    updatedAt: day(10, '05:45'),
  }),
  buildCaseRow({
    id: 9,
    caseNumber: 'BMH-2026-0031',
    ...BAYSIDE,
    monitoringLevel: 'intermittent',
    hasVideo: false,
    patientName: 'Ito, Kenji',
    mrn: 'B-55131',
    recordingStart: day(8, '18:00'),
    technologists: ['marcus'],
    createdAt: day(8, '17:30'),
    updatedAt: day(10, '02:10'),
  }),
  buildCaseRow({
    id: 10,
    caseNumber: 'SAC-2026-0004',
    ...ST_ANNE,
    studyType: 'ambulatory',
    monitoringLevel: 'unmonitored',
    hasVideo: false,
    patientName: 'Jensen, Lily',
    mrn: 'SA-0904',
    recordingStart: day(9, '08:00'),
    technologists: ['lena'],
    createdAt: day(9, '07:30'),
    updatedAt: day(9, '08:05'),
  }),
  intake({
    id: 11,
    caseNumber: 'BMH-2026-0041',
    ...BAYSIDE,
    studyType: 'routine',
    monitoringLevel: 'intermittent',
    patientName: null,
    mrn: null,
    createdAt: day(10, '06:50'),
    updatedAt: day(10, '06:50'),
  }),
  intake({
    id: 12,
    caseNumber: 'BMH-2026-0042',
    ...BAYSIDE,
    monitoringLevel: 'intermittent',
    patientName: 'Kowalski, Piotr',
    mrn: 'B-55142',
    technologists: ['marcus'],
    createdAt: day(10, '07:05'),
    updatedAt: day(10, '07:40'),
  }),
  intake({
    id: 13,
    caseNumber: 'NSG-2026-0013',
    ...NORTHSIDE,
    studyType: 'icu',
    patientName: 'Lopez, Sofia',
    mrn: 'MRN-100113',
    createdAt: day(10, '07:30'),
    updatedAt: day(10, '07:30'),
  }),
];

const TECHNOLOGISTS = [
  buildTechnologist(),
  buildTechnologist({ username: 'marcus', name: 'Marcus Bell' }),
  buildTechnologist({ username: 'lena', name: 'Lena Okonkwo' }),
  buildTechnologist({ username: 'omar', name: 'Omar Haddad' }),
];

/** The whole service: Priya Raman holds 4 continuous cases (the limit), NSG-2026-0013 is unassigned. */
export const serviceCases: CasesSeed = { cases: SERVICE_CASES, technologists: TECHNOLOGISTS };

/** The same technologists, no case yet. */
export const noCases: CasesSeed = { technologists: TECHNOLOGISTS };

/** A story's args: the whole service, seen by a user with `role` at `path`. */
export const serviceAs = (role: Role, path: string) => ({
  chrome: menuForRole(role),
  user: userWithRole(role),
  clientsData: caseClients,
  casesData: serviceCases,
  path,
});
