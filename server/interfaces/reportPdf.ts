import PDFDocument from 'pdfkit';
import type { AcnsFindings } from '../../contract/acns';
import { backgroundAbbreviation, patternAbbreviation, seizureAbbreviation } from '../../contract/acnsRules';
import type { SignedReport } from './reports';

/**
 * The signed report as a PDF (issue 32), made on the server for the messages that carry it: HL7 OBX of
 * type ED and FHIR `presentedForm`. PDFKit lays the text out (wrapping, new pages) with its built-in
 * Helvetica, so nothing here measures lines. Times are written in UTC, said so on the page.
 */

const utc = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—');

const KIND_TITLE = {
  prelim: 'Preliminary EEG report',
  daily: 'Daily EEG report',
  final: 'Final EEG report',
  addendum: 'Addendum (amends the final report)',
} as const;

/** The ACNS 2021 findings as lines, in the words the report's print uses. */
function findingLines(findings: AcnsFindings): string[] {
  const background = backgroundAbbreviation(findings.acnsBackground);
  return [
    background && `Background: ${background}`,
    ...findings.patterns.map((pattern) => `Pattern: ${patternAbbreviation(pattern)}`),
    ...findings.acnsSeizures.map((seizure) => `Seizure: ${seizureAbbreviation(seizure, utc)}`),
    findings.seizureBurdenPercent !== null && `Seizure burden: ${findings.seizureBurdenPercent} %`,
  ].filter((line): line is string => Boolean(line));
}

export function reportPdf(report: SignedReport): Promise<Buffer> {
  const { patient } = report;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${KIND_TITLE[report.kind]} ${report.caseNumber}`, Producer: 'Vigil', Creator: 'Vigil' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(16).text(KIND_TITLE[report.kind]);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  const header: [string, string][] = [
    ['Case', report.caseNumber],
    ['Patient', [patient.lastName, patient.firstName].filter(Boolean).join(', ') || '—'],
    ['MRN', patient.mrn || '—'],
    ['Date of birth', patient.dateOfBirth ?? '—'],
    ['Visit', report.visitNumber ?? '—'],
    ['Order', report.placerOrderNumber ?? '—'],
    ['Period', `${utc(report.periodStart)} to ${utc(report.periodEnd)}`],
  ];
  for (const [label, value] of header)
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);

  for (const section of report.sections.filter((one) => one.text.trim())) {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(section.label);
    doc.font('Helvetica').fontSize(10).text(section.text.trim());
  }
  const findings = findingLines(report.findings);
  if (findings.length > 0) {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text('ACNS 2021 findings');
    doc.font('Helvetica').fontSize(10);
    for (const line of findings) doc.text(line);
  }
  doc.moveDown(1.2).font('Helvetica-Bold').text('Electronically signed by: ', { continued: true });
  doc.font('Helvetica').text(`${report.signedBy || '—'}, ${utc(report.signedAt)}`);
  doc.end();
  return done;
}
