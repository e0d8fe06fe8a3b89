import Box from '@mui/material/Box';
import { type ReactNode, useEffect } from 'react';
import { PrintStyles } from './PrintStyles';
import { ReportFooter } from './ReportFooter';
import type { TimeFormat } from './reportFormat';

/**
 * The frame of every printed document (DESIGN §4 "Print"): what it is about at the top of every page, which
 * document it is at the top right, its marker (PRELIMINARY, CANCELLED, DRAFT) at the bottom left and
 * "Page x of y" at the bottom right, in CSS page-margin boxes, which Chromium fills on every page it prints.
 * A plain style element: the text is the patient's or the client's, so it goes in CSS strings escaped here,
 * never as markup.
 */

/** A CSS string literal of any text: quotes and backslashes escaped, line breaks and controls as spaces. */
export function cssString(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  const clean = text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return `"${clean.replace(/[\\"]/g, (found) => `\\${found}`)}"`;
}

/** What every printed page of a document carries. */
export interface PageLine {
  /** Whom the document is about: the patient's name, MRN and date of birth; the client's name and code. */
  identifiers: string;
  /** Which document it is: "Case NSG-2026-0001", "Statement for October 2026". */
  reference: string;
  /** A word the document must not be taken without, or none. */
  marker: string | null;
}

export function pageMarginRules({ identifiers, reference, marker }: PageLine): string {
  const box = 'font: 8pt/1.2 system-ui, sans-serif; color: #000;';
  return [
    '@page {',
    '  margin: 18mm 12mm 16mm;',
    `  @top-left { content: ${cssString(identifiers)}; ${box} }`,
    `  @top-right { content: ${cssString(reference)}; ${box} }`,
    marker ? `  @bottom-left { content: ${cssString(marker)}; ${box} font-weight: bold; }` : '',
    `  @bottom-right { content: "Page " counter(page) " of " counter(pages); ${box} }`,
    '}',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The browser names the printed file (and its tab) after the document's title. */
function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

interface PrintFrameProps extends PageLine {
  /** The document's title, which names the printed file. */
  title: string;
  /** How wide the document is on screen: A4 portrait, or landscape for a wide table. */
  width: '210mm' | '297mm';
  /** The clock of the document's times, for the "Printed … by …" line at its end. */
  time: TimeFormat;
  children: ReactNode;
}

/** A printable document: the page on screen, the identifiers and page numbers on every printed page. */
export const PrintFrame = ({ title, width, time, children, ...line }: PrintFrameProps) => {
  useDocumentTitle(title);
  return (
    <Box
      sx={{
        maxWidth: width,
        mx: 'auto',
        p: { xs: 2, sm: 4 },
        bgcolor: 'background.paper',
        '@media print': { maxWidth: 'none', p: 0 },
      }}
    >
      <PrintStyles />
      <style data-page-margins="">{pageMarginRules(line)}</style>
      {children}
      <ReportFooter time={time} />
    </Box>
  );
};
