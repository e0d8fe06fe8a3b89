import type { CaseDetails } from '../../contract/cases';
import {
  buildCaseAction,
  buildCaseDetails,
  buildCaseTransition,
  caseDetailsSeed,
} from './caseDetailsBuilders';
import { serviceCases } from './caseFixtures';
import { clientWithRecords } from './clientFixtures';
import { buildUser } from './fakeApi';

/** Ready-made case pages for stories and tests: Northside General's cases (client 1 of clientWithRecords). */

const day = (date: number, time: string) => `2026-03-${String(date).padStart(2, '0')}T${time}:00.000Z`;

/** Being monitored since the 2nd; the recording has not ended, so it cannot go to preview yet. */
export const monitoringCase = buildCaseDetails({
  transitions: [
    buildCaseTransition({
      actions: [buildCaseAction({ id: 2, transitionId: 1, note: 'Charge nurse told monitoring started.' })],
    }),
  ],
  actions: [
    buildCaseAction({
      id: 3,
      kind: 'physician-paged',
      note: 'Rhythmic delta over the left temporal leads; Dr. Chen paged.',
      at: day(2, '14:20'),
    }),
  ],
});

/** In intake with everything monitoring needs: patient details, a technologist, the recording start. */
export const readyForMonitoring = buildCaseDetails({
  id: 2,
  caseNumber: 'NSG-2026-0002',
  stage: 'intake',
  recordingStart: day(10, '07:45'),
  createdAt: day(10, '07:00'),
  updatedAt: day(10, '07:50'),
  transitions: [],
});

/** Just taken in: no patient details, no technologist, no recording start. */
export const newIntake = buildCaseDetails({
  id: 3,
  caseNumber: 'NSG-2026-0003',
  stage: 'intake',
  monitoringLevel: 'intermittent',
  patient: null,
  technologists: [],
  recordingStart: null,
  createdAt: day(10, '08:10'),
  updatedAt: day(10, '08:10'),
  transitions: [],
});

/** Read and billed: billing may close it. */
export const reviewedCase = buildCaseDetails({
  id: 5,
  caseNumber: 'NSG-2026-0005',
  stage: 'reviewed',
  technologists: [],
  reader: 'rhea',
  createdAt: day(4, '09:00'),
  updatedAt: day(7, '09:00'),
  recordingStart: day(4, '10:00'),
  recordingEnd: day(6, '10:00'),
  transitions: [
    buildCaseTransition({ id: 11, at: day(4, '10:05') }),
    buildCaseTransition({ id: 12, from: 'monitoring', to: 'preview', at: day(6, '10:10') }),
    buildCaseTransition({ id: 13, from: 'preview', to: 'reviewed', by: 'rhea', at: day(7, '09:00') }),
  ],
});

/** Closed under protocol revision 2; the client's protocol is at revision 3 since. */
export const closedCase = buildCaseDetails({
  ...reviewedCase,
  id: 4,
  caseNumber: 'NSG-2026-0004',
  stage: 'closed',
  updatedAt: day(8, '16:00'),
  protocolRevision: 2,
  transitions: [
    ...reviewedCase.transitions.map((transition) => ({ ...transition, id: transition.id + 10 })),
    buildCaseTransition({
      id: 24,
      from: 'reviewed',
      to: 'closed',
      by: 'billing',
      at: day(8, '16:00'),
      actions: [
        buildCaseAction({
          id: 4,
          kind: 'report-sent',
          note: 'Final report faxed.',
          by: 'billing',
          at: day(8, '16:05'),
          transitionId: 24,
        }),
      ],
    }),
  ],
});

const CASES: CaseDetails[] = [monitoringCase, readyForMonitoring, newIntake, closedCase, reviewedCase];

/** The cases above, the service's technologists, and client 1 with its contacts and protocol. */
export const casePageData = {
  casesData: caseDetailsSeed(CASES, serviceCases.technologists),
  clientsData: clientWithRecords,
};

/** A technologist who is on none of these cases. */
export const marcus = buildUser({
  username: 'marcus',
  email: 'marcus@example.org',
  name: 'Marcus Bell',
  roles: ['technologist'],
});
