import { Hl7Message } from '@medplum/core';
import { describe, expect, it } from 'vitest';
import { headerOf, orderOf, patientOf, priorMrnOf } from '../../server/interfaces/hl7Fields';
import { secretBox } from '../../server/interfaces/secrets';

const message = (...segments: string[]) =>
  Hl7Message.parse(
    ['MSH|^~\\&|EPIC|GENERAL|VIGIL|VIGIL|20260301080000||ADT^A40^ADT_A39|C-1|P|2.5.1', ...segments].join(
      '\r',
    ),
  );

describe('interface secrets', () => {
  it('seal under the key and open only under it, refusing an altered value', () => {
    const box = secretBox('k'.repeat(40));
    const sealed = box.seal('bearer-token');
    expect(sealed).not.toContain('bearer-token');
    expect(box.seal('bearer-token')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('bearer-token');
    expect(() => secretBox('o'.repeat(40)).open(sealed)).toThrow();
    const [iv, tag, body] = sealed.split('.');
    const altered = Buffer.from(body, 'base64');
    altered[0] ^= 1;
    expect(() => box.open([iv, tag, altered.toString('base64')].join('.'))).toThrow();
  });
});

describe('HL7 v2 fields', () => {
  it('reads the header, the patient with their location and visit, and the merged MRN', () => {
    const parsed = message(
      'PID|1||MRN1^^^GENERAL^MR||Rivera^Ana^M||19800214|O',
      'PV1|1|I|NICU^12^B||||||||||||||||V900|||||||||||||||||||||||||20260301074500',
      'MRG|MRN0',
    );
    expect(headerOf(parsed)).toEqual({
      sendingApplication: 'EPIC',
      sendingFacility: 'GENERAL',
      type: 'ADT^A40',
      controlId: 'C-1',
    });
    expect(patientOf(parsed)).toMatchObject({
      mrn: 'MRN1',
      lastName: 'Rivera',
      firstName: 'Ana',
      dateOfBirth: '1980-02-14',
      sex: 'X',
      unit: 'NICU',
      room: '12-B',
      visitNumber: 'V900',
      admittedAt: new Date('2026-03-01T07:45:00Z'),
    });
    expect(priorMrnOf(parsed)).toBe('MRN0');
    // Fields a message leaves empty are left out, so the index keeps what it knew.
    expect(patientOf(message('PID|1||MRN1'))).toEqual({ mrn: 'MRN1' });
  });

  it('reads an order: placer number, provider and phone, priority from TQ1 before OBR-27, reason and time', () => {
    const order = orderOf(
      message(
        'ORC|NW|PON-1||||||^^^^^R|20260301081000',
        'OBR|1|||EEG^Routine EEG||||||||||||12^House^Greg|555 0100||||||||||^^^^^R||||^Confusion',
        'TQ1|1||||||||S',
      ),
    );
    expect(order).toEqual({
      control: 'NW',
      placerOrderNumber: 'PON-1',
      service: 'EEG Routine EEG',
      orderingProvider: 'Greg House',
      orderingProviderPhone: '555 0100',
      priority: 'S',
      reason: 'Confusion',
      orderedAt: new Date('2026-03-01T08:10:00Z'),
    });
  });
});
