import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import { cssString, pageIdentifiers, pageMarginRules } from '../../src/print/PageMargins';
import * as printStories from '../../src/resources/cases/print/CasePrint.stories';
import { reportStatus, statusMarker } from '../../src/resources/cases/print/reportStatus';
import type { RecordOf } from '../../src/resources/cases/records/types';
import { buildCaseTransition, buildPatient } from '../support/caseDetailsBuilders';
import { allowWholeAppStories } from './support/renderStory';

allowWholeAppStories();
const stories = composeStories(printStories, preview);

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
      patient: buildPatient({ lastName: 'X"; } body { display: none; } @page { x: "' }),
      caseNumber: 'NSG-2026-0001',
      marker: null,
    });
    // One @page block: every quote in the name is escaped, so the braces stay inside the string.
    expect(rules.match(/(?<!\\)"/g)?.length).toBe(8);
    expect(rules).not.toMatch(/@bottom-left/);
  });

  it('put the case number, the marker and "Page x of y" in the page margins', () => {
    const rules = pageMarginRules({
      patient: buildPatient(),
      caseNumber: 'NSG-2026-0001',
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
    const { container } = render(<stories.StillRecording />);
    expect(await screen.findByRole('note', { name: 'PRELIMINARY' })).toHaveTextContent(
      'No final interpretation is signed yet',
    );
    expect(container.ownerDocument.querySelector('style:not([data-emotion])')?.textContent ?? '').toMatch(
      /@bottom-left \{ content: "PRELIMINARY/,
    );
  });

  it('carries no marker once the final is signed', async () => {
    render(<stories.IcuNight />);
    await screen.findByRole('heading', { name: 'Continuous EEG monitoring report', level: 1 });
    await screen.findAllByText(/Signed by/);
    expect(screen.queryByRole('note', { name: 'PRELIMINARY' })).toBeNull();
  });
});
