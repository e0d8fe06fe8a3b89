import { describe, expect, it } from 'vitest';
import {
  interpretationFor,
  orderFor,
  patientFor,
  readsClinicalContent,
} from '../../server/domain/minimumNecessary';

const interpretation = {
  kind: 'final',
  status: 'signed',
  signedBy: 'dr.reed',
  background: 'Continuous 8 Hz background',
  sleep: 'Spindles present',
  epileptiform: 'Rare left temporal sharp waves',
  seizures: 'None',
  impression: 'Mildly abnormal',
  seizuresInPeriod: true,
  acnsBackground: { continuity: 'continuous' },
  patterns: [{ mainTerm2: 'PD' }],
  acnsSeizures: [{ classification: 'ESz' }],
  seizureBurdenPercent: 4,
};
const patient = {
  mrn: 'MRN-1',
  firstName: 'Ada',
  indication: 'Altered mental status',
  medications: 'Levetiracetam',
};

describe('minimum necessary (DESIGN §3)', () => {
  it('lets clinical staff read clinical content, billing staff not', () => {
    expect(readsClinicalContent(['technologist'])).toBe(true);
    expect(readsClinicalContent(['reader'])).toBe(true);
    expect(readsClinicalContent(['admin'])).toBe(true);
    expect(readsClinicalContent(['billing'])).toBe(false);
    expect(readsClinicalContent(['billing', 'reader'])).toBe(true);
    expect(readsClinicalContent([])).toBe(false);
  });

  it('empties an interpretation’s text and findings for billing, keeping its kind, status and signer', () => {
    expect(interpretationFor(['reader'], interpretation)).toBe(interpretation);
    expect(interpretationFor(['billing'], interpretation)).toEqual({
      kind: 'final',
      status: 'signed',
      signedBy: 'dr.reed',
      background: '',
      sleep: '',
      epileptiform: '',
      seizures: '',
      impression: '',
      seizuresInPeriod: null,
      acnsBackground: null,
      patterns: [],
      acnsSeizures: [],
      seizureBurdenPercent: null,
    });
  });

  it('empties the patient’s indication and medications for billing, keeping who and where they are', () => {
    expect(patientFor(['technologist'], patient)).toBe(patient);
    expect(patientFor(['billing'], patient)).toEqual({
      mrn: 'MRN-1',
      firstName: 'Ada',
      indication: '',
      medications: '',
    });
    expect(patientFor(['billing'], null)).toBeNull();
    expect(patientFor(['billing'], undefined)).toBeUndefined();
  });

  it('empties the order’s indication for billing, keeping its numbers, physician and times', () => {
    const order = {
      placerOrderNumber: 'PON-1',
      orderingPhysician: { name: 'Greg House', phone: '+1 555 0100' },
      priority: 'stat',
      indication: 'Altered mental status',
      orderedAt: '2026-03-01T08:15:00.000Z',
    };
    expect(orderFor(['technologist'], order)).toBe(order);
    expect(orderFor(['billing'], order)).toEqual({ ...order, indication: '' });
    expect(orderFor(['billing'], null)).toBeNull();
  });
});
