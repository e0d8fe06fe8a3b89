import type { Patient } from '../../contract/cases';

/**
 * The identifiers every printed page carries (DESIGN §4 "Print"): patient name, MRN, date of birth and the
 * case number at the top, "Page x of y" and the report's marker at the bottom, in CSS page-margin boxes, which
 * Chromium fills on every page it prints. A plain style element: the text is the patient's, so it goes in CSS
 * strings escaped here, never as markup.
 */

/** A CSS string literal of any text: quotes and backslashes escaped, line breaks and controls as spaces. */
export function cssString(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  const clean = text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return `"${clean.replace(/[\\"]/g, (found) => `\\${found}`)}"`;
}

/** "Haddad, Noor · MRN RD-7 · DOB 1958-04-17", or what is known of it. */
export function pageIdentifiers(patient: Patient | null): string {
  const name = [patient?.lastName, patient?.firstName].filter(Boolean).join(', ') || 'Patient not recorded';
  const mrn = patient?.mrn ? `MRN ${patient.mrn}` : 'MRN not recorded';
  const born = patient?.dateOfBirth ? `DOB ${patient.dateOfBirth}` : 'DOB not recorded';
  return [name, mrn, born].join(' · ');
}

interface PageMarginsProps {
  patient: Patient | null;
  caseNumber: string;
  marker: string | null;
}

export function pageMarginRules({ patient, caseNumber, marker }: PageMarginsProps): string {
  const box = 'font: 8pt/1.2 system-ui, sans-serif; color: #000;';
  return [
    '@page {',
    '  margin: 18mm 12mm 16mm;',
    `  @top-left { content: ${cssString(pageIdentifiers(patient))}; ${box} }`,
    `  @top-right { content: ${cssString(`Case ${caseNumber}`)}; ${box} }`,
    marker ? `  @bottom-left { content: ${cssString(marker)}; ${box} font-weight: bold; }` : '',
    `  @bottom-right { content: "Page " counter(page) " of " counter(pages); ${box} }`,
    '}',
  ]
    .filter(Boolean)
    .join('\n');
}

export const PageMargins = (props: PageMarginsProps) => <style>{pageMarginRules(props)}</style>;
