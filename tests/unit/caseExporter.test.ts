// @vitest-environment jsdom
import type { DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { caseExporter } from '../../src/resources/cases/list/caseExporter';
import { buildCaseRow } from '../support/caseBuilders';
import { catchDownloads } from './support/downloads';

/** Runs the exporter and reads back the file it offers for download. */
async function exported(rows: Parameters<typeof caseExporter>[0]) {
  const downloads = catchDownloads();
  caseExporter(rows, vi.fn(), {} as DataProvider, 'continuous-monitoring/cases/intake');
  await vi.waitFor(async () => expect(await downloads()).toHaveLength(1));
  const [file] = await downloads();
  return file;
}

describe('the case list CSV', () => {
  it('is named after the stage and reads as the list does', async () => {
    const { name, text } = await exported([
      buildCaseRow({ technologists: ['marcus', 'priya'], overdue: true }),
    ]);
    expect(name).toBe('cases-intake.csv');
    expect(text.split('\n')[1]).toBe(
      'NSG-2026-0001,Northside General Hospital,Monitoring,"Okafor, Grace",MRN-100234,Long-term,Yes,Continuous,"marcus, priya",2026-03-02T09:30:00.000Z,,,,,,,Yes,2026-03-02T10:15:00.000Z',
    );
  });

  it('gives the order: when, priority, ordering physician and placer number, never the indication', async () => {
    const { text } = await exported([
      buildCaseRow({
        order: {
          orderedAt: '2026-03-02T08:05:00.000Z',
          priority: 'stat',
          orderingPhysician: { name: 'Dr Ana Reyes', phone: '555-0188' },
          indication: 'Refractory status epilepticus',
          placerOrderNumber: 'PO-77812',
        },
      }),
    ]);
    const [header, line] = text.split('\n');
    expect(header).toBe(
      'Case number,Client,Stage,Patient,MRN,Study type,Video,Monitoring level,Technologists,Recording start,Recording end,Ordered at,Priority,Ordering physician,Ordering physician phone,Placer order number,Overdue,Updated',
    );
    expect(line).toContain(',2026-03-02T08:05:00.000Z,STAT,Dr Ana Reyes,555-0188,PO-77812,');
    expect(text).not.toContain('Refractory');
    expect(header).not.toMatch(/indication/i);
  });

  it('keeps text that a spreadsheet would run as a formula as text', async () => {
    const { text } = await exported([
      buildCaseRow({
        patientName: '=HYPERLINK("http://evil.example"), x',
        mrn: '+123',
        clientName: '@SUM(A1)',
      }),
    ]);
    const line = text.split('\n')[1];
    expect(line).toContain(`'@SUM(A1)`);
    expect(line).toContain(`'=HYPERLINK`);
    expect(line).toContain(`'+123`);
  });
});
