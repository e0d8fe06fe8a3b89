import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** Prints the page to PDF as Chromium does (print media, A4) and reads back each page's text with pdftotext. */
export async function printedPages(page: Page): Promise<string[]> {
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  const folder = mkdtempSync(path.join(tmpdir(), 'vigil-print-'));
  try {
    const file = path.join(folder, 'report.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    // pdftotext ends every page with a form feed.
    return text.split('\f').slice(0, -1);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
