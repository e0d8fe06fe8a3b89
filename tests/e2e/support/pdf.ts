import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

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

/**
 * The statement as printed, read back with pdftotext: every page carries the client's name and code, the
 * month and "Page x of y", and DRAFT while the month is open.
 */
export async function expectEveryPageIdentified(
  page: Page,
  client: { name: string; code: string },
  label: string,
  { draft }: { draft: boolean },
) {
  const pages = await printedPages(page);
  expect(pages.length).toBeGreaterThan(0);
  for (const [index, text] of pages.entries()) {
    expect(text).toContain(`${client.name} (${client.code})`);
    expect(text).toContain(`Statement for ${label}`);
    expect(text).toContain(`Page ${index + 1} of ${pages.length}`);
    expect(text.includes('DRAFT: the month is still open')).toBe(draft);
  }
  return pages;
}
