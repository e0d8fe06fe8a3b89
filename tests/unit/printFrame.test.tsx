import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import * as billingStories from '../../src/customRoutes/billing/Billing.stories';
import { cssString, pageMarginRules } from '../../src/print/PrintFrame';
import { reportStatus, statusMarker } from '../../src/print/reportStatus';
import * as printStories from '../../src/resources/cases/print/CasePrint.stories';
import { pageIdentifiers } from '../../src/resources/cases/print/casePageLine';
import type { RecordOf } from '../../src/resources/cases/records/types';
import { buildCaseTransition, buildPatient } from '../support/caseDetailsBuilders';

const stories = composeStories(printStories, preview);
const billing = composeStories(billingStories, preview);

/** The page-margin rules the shared print frame put in the document: there is exactly one frame. */
function pageMargins() {
  const frames = document.querySelectorAll('style[data-page-margins]');
  expect(frames).toHaveLength(1);
  return frames[0]?.textContent ?? '';
}

const interpretation = (overrides: Partial<RecordOf<'interpretations'>>) =>
  ({ _id: 1, kind: 'final', status: 'signed', voided: false, ...overrides }) as RecordOf<'interpretations'>;

describe('what a printed report is', () => {
  const monitoring = { stage: 'preview' as const, transitions: [] };

  it('is preliminary until a live signed final exists', () => {
    expect(reportStatus(monitoring, [])).toEqual({ kind: 'preliminary' });
    expect(reportStatus(monitoring, [interpretation({ status: 'draft' })])).toEqual({ kind: 'preliminary' });
    expect(reportStatus(monitoring, [interpretation({ voided: true })])).toEqual({ kind: 'preliminary' });
    expect(reportStatus(monitoring, [interpretation({ kind: 'prelim' })])).toEqual({ kind: 'preliminary' });
    expect(reportStatus(monitoring, [interpretation({})])).toEqual({ kind: 'final' });
  });

  it('goes by the stage for a role that may not read the interpretations', () => {
    expect(reportStatus({ stage: 'preview', transitions: [] }, undefined).kind).toBe('preliminary');
    expect(reportStatus({ stage: 'reviewed', transitions: [] }, undefined).kind).toBe('final');
  });

  it('is cancelled, with the reason, for a case closed from intake; reopened and closed normally, it is not', () => {
    const cancel = buildCaseTransition({ from: 'intake', to: 'closed', reason: 'Patient transferred' });
    expect(reportStatus({ stage: 'closed', transitions: [cancel] }, [])).toEqual({
      kind: 'cancelled',
      reason: 'Patient transferred',
    });
    expect(statusMarker({ kind: 'cancelled', reason: 'Patient transferred' })).toBe(
      'CANCELLED: Patient transferred',
    );
    const closed = buildCaseTransition({ id: 2, from: 'reviewed', to: 'closed' });
    expect(reportStatus({ stage: 'closed', transitions: [cancel, closed] }, [interpretation({})]).kind).toBe(
      'final',
    );
    expect(statusMarker({ kind: 'final' })).toBeNull();
  });
});

describe('the identifiers on every printed page', () => {
  it('name the patient, MRN and date of birth, or say what is not recorded', () => {
    expect(pageIdentifiers(buildPatient())).toBe('Okafor, Grace · MRN 100234 · DOB 1958-11-23');
    expect(pageIdentifiers(null)).toBe('Patient not recorded · MRN not recorded · DOB not recorded');
  });

  it('are CSS strings that a patient’s name cannot break out of', () => {
    expect(cssString('O"Brien\\ }')).toBe('"O\\"Brien\\\\ }"');
    expect(cssString('line\nbreak')).toBe('"line break"');
    const rules = pageMarginRules({
      identifiers: pageIdentifiers(buildPatient({ lastName: 'X"; } body { display: none; } @page { x: "' })),
      reference: 'Case NSG-2026-0001',
      marker: null,
    });
    // One @page block: every quote in the name is escaped, so the braces stay inside the string.
    expect(rules.match(/(?<!\\)"/g)?.length).toBe(8);
    expect(rules).not.toMatch(/@bottom-left/);
  });

  it('put the case number, the marker and "Page x of y" in the page margins', () => {
    const rules = pageMarginRules({
      identifiers: pageIdentifiers(buildPatient()),
      reference: 'Case NSG-2026-0001',
      marker: 'PRELIMINARY',
    });
    expect(rules).toContain('@top-left { content: "Okafor, Grace · MRN 100234 · DOB 1958-11-23"');
    expect(rules).toContain('@top-right { content: "Case NSG-2026-0001"');
    expect(rules).toContain('@bottom-left { content: "PRELIMINARY"');
    expect(rules).toContain('@bottom-right { content: "Page " counter(page) " of " counter(pages)');
  });
});

describe('the printed case report', () => {
  it('says PRELIMINARY while no final is signed, in the page and in every page margin', async () => {
    render(<stories.StillRecording />);
    expect(await screen.findByRole('note', { name: 'PRELIMINARY' })).toHaveTextContent(
      'No final interpretation is signed yet',
    );
    expect(pageMargins()).toMatch(/@bottom-left \{ content: "PRELIMINARY/);
  });

  it('prints through the shared frame the patient and the case number on every page, with "Page x of y"', async () => {
    render(<stories.IcuNight />);
    await screen.findByRole('heading', { name: 'Continuous EEG monitoring report', level: 1 });
    const margins = pageMargins();
    expect(margins).toContain('@top-left { content: "Okafor, Grace · MRN 100234 · DOB 1958-11-23"');
    expect(margins).toContain('@top-right { content: "Case NSG-2026-0001"');
    expect(margins).toContain('@bottom-right { content: "Page " counter(page) " of " counter(pages)');
    expect(document.title).toBe('NSG-2026-0001 continuous EEG report');
  });

  it('carries no marker once the final is signed', async () => {
    render(<stories.IcuNight />);
    await screen.findByRole('heading', { name: 'Continuous EEG monitoring report', level: 1 });
    await screen.findAllByText(/Signed by/);
    expect(screen.queryByRole('note', { name: 'PRELIMINARY' })).toBeNull();
  });
});

describe('the printed statement', () => {
  const statement = (month: string) =>
    screen.findByRole('heading', { name: `Statement for ${month}`, level: 1 });

  it('prints through the shared frame the client, its code and the month on every page, with "Page x of y" and DRAFT while open', async () => {
    render(<billing.Statement />);
    await statement('October 2026');
    expect(screen.getByRole('note', { name: 'DRAFT' })).toHaveTextContent('The month is still open');
    const margins = pageMargins();
    expect(margins).toContain('@top-left { content: "Bayou Memorial Hospital (BMH)"');
    expect(margins).toContain('@top-right { content: "Statement for October 2026"');
    expect(margins).toContain('@bottom-left { content: "DRAFT: the month is still open"');
    expect(margins).toContain('@bottom-right { content: "Page " counter(page) " of " counter(pages)');
    // The printed file is named after the client and the month.
    expect(document.title).toBe('BMH statement 2026-10');
  });

  it('carries no DRAFT once the month is closed, and still its client and month', async () => {
    render(<billing.StatementClosedWithChanges />);
    await statement('September 2026');
    expect(screen.queryByRole('note', { name: 'DRAFT' })).toBeNull();
    const margins = pageMargins();
    expect(margins).toContain('@top-left { content: "Bayou Memorial Hospital (BMH)"');
    expect(margins).toContain('@top-right { content: "Statement for September 2026"');
    expect(margins).not.toMatch(/@bottom-left/);
  });
});
