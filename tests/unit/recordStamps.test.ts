import { describe, expect, it } from 'vitest';
import { serverStamps } from '../../server/domain/recordStamps';

describe('what the server stamps on a case record', () => {
  const now = '2026-11-20T18:00:00.000Z';
  const earlier = '2026-11-20T09:30:00.000Z';

  it('dates a note now unless the writer gave its time', () => {
    expect(serverStamps('case-notes', { text: 'Seizure' }, undefined, 'tech1', now)).toEqual({
      text: 'Seizure',
      notedAt: now,
    });
    expect(serverStamps('case-notes', { notedAt: earlier }, undefined, 'tech1', now)).toEqual({
      notedAt: earlier,
    });
  });

  it('names who recorded an event’s notification, kept while its time is unchanged', () => {
    expect(serverStamps('events', { notifiedAt: null, notifiedBy: 'x' }, undefined, 'tech1', now)).toEqual({
      notifiedAt: null,
      notifiedBy: null,
    });
    expect(serverStamps('events', { notifiedAt: earlier }, undefined, 'tech1', now)).toEqual({
      notifiedAt: earlier,
      notifiedBy: 'tech1',
    });
    const previous = { notifiedAt: earlier, notifiedBy: 'tech1' };
    expect(serverStamps('events', { notifiedAt: earlier }, previous, 'tech2', now)).toEqual(previous);
    expect(serverStamps('events', { notifiedAt: now }, previous, 'tech2', now)).toEqual({
      notifiedAt: now,
      notifiedBy: 'tech2',
    });
  });

  it('signs an interpretation by its signer now, keeps the first signature, and clears it when unsigned', () => {
    expect(serverStamps('interpretations', { status: 'signed' }, undefined, 'reader1', now)).toEqual({
      status: 'signed',
      signedBy: 'reader1',
      signedAt: now,
    });
    const signed = { status: 'signed', signedBy: 'reader1', signedAt: earlier };
    expect(serverStamps('interpretations', { status: 'signed' }, signed, 'admin', now)).toEqual(signed);
    expect(
      serverStamps(
        'interpretations',
        { status: 'draft', signedBy: 'x', signedAt: now },
        signed,
        'admin',
        now,
      ),
    ).toEqual({ status: 'draft', signedBy: null, signedAt: null });
  });

  it('leaves other kinds as written', () => {
    const fields = { values: { Fp1: 4 }, signedBy: 'x' };
    expect(serverStamps('impedances', fields, undefined, 'tech1', now)).toBe(fields);
  });
});
