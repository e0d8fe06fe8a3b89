import { composeStories } from '@storybook/react-vite';
import { QueryClient } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { API_PATHS, casePagePath } from '../../contract/paths';
import * as homeStories from '../../src/dashboard/Home.stories';
import {
  caseRecordsResource,
  patientDetailsResource,
  recordRevisionsResource,
} from '../../src/dataProvider/resourcePaths';
import { LiveIndicator, LiveUpdates, useLiveRefresh } from '../../src/live';
import { showsChangeOf } from '../../src/live/changedQueries';
import { useNow } from '../../src/useNow';
import { buildCaseDetails, caseDetailsSeed } from '../support/caseDetailsBuilders';
import { buildTimeLog, CasePrintHarness, casePrintData } from '../support/fakeCasePrintApi';
import { fakeChanges } from '../support/fakeChanges';
import { requestCount } from './support/requests';

const stories = composeStories(homeStories, preview);

describe('pages following the live updates', () => {
  it('reads the board and the home again when a case changes', async () => {
    const changes = fakeChanges();
    const onRequest = vi.fn();
    render(<stories.AsTechnologist changes={changes.connect} onRequest={onRequest} />);
    await screen.findByRole('table', { name: 'Cases in monitoring' });
    await waitFor(() => expect(changes.isConnected()).toBe(true));
    expect(requestCount(onRequest, 'GET', API_PATHS.home2)).toBe(1);
    act(() => {
      changes.open();
      changes.send({ kind: 'cases', caseId: 101, clientId: 1 });
      changes.send({ kind: 'cases', caseId: 101, clientId: 1 });
    });
    await waitFor(() => expect(requestCount(onRequest, 'GET', API_PATHS.home2)).toBe(2));
    await waitFor(() => expect(requestCount(onRequest, 'GET', API_PATHS.home)).toBe(2));
  });

  it('reads a case page’s records again when its case changes: a log started elsewhere shows', async () => {
    const changes = fakeChanges();
    const details = buildCaseDetails({ id: 41, stage: 'monitoring' });
    const logs = [buildTimeLog({ _id: 7, revision: 2 })];
    render(
      <CasePrintHarness
        path={casePagePath('monitoring', details.id, 'time-logs')}
        clientsData={casePrintData.clientsData}
        casesData={caseDetailsSeed([details])}
        timeLogs={{ [details.id]: logs }}
        changes={changes.connect}
      />,
    );
    const list = await screen.findByRole('region', { name: 'Time logs' });
    expect(await within(list).findByRole('cell', { name: '45 min' })).toBeInTheDocument();
    expect(within(list).queryByText('Running')).toBeNull();
    logs.push(buildTimeLog({ _id: 8, start: '2026-03-03T01:00:00.000Z', end: null }));
    act(() => {
      changes.open();
      changes.send({ kind: 'cases', caseId: details.id, clientId: details.client.id });
    });
    expect(await within(list).findByText('Running')).toBeInTheDocument();
  });

  it('says in the app bar whether changes show live or the stream is reconnecting', async () => {
    const changes = fakeChanges();
    render(<stories.AsTechnologist changes={changes.connect} />);
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    act(() => changes.open());
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    act(() => changes.drop());
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument();
  });

  it('polls every 30 seconds only while the stream is down', () => {
    const changes = fakeChanges();
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <LiveUpdates connect={changes.connect} queryClient={queryClient}>
        {children}
        <LiveIndicator />
      </LiveUpdates>
    );
    const { result } = renderHook(() => useLiveRefresh(), { wrapper });
    expect(result.current.refetchInterval).toBe(30_000);
    act(() => changes.open());
    expect(result.current.refetchInterval).toBe(false);
    act(() => changes.drop());
    expect(result.current.refetchInterval).toBe(30_000);
  });

  it('polls as before when there is no stream, and shows no live status', () => {
    const { result } = renderHook(() => useLiveRefresh(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <LiveUpdates queryClient={new QueryClient()}>
          {children}
          <LiveIndicator />
        </LiveUpdates>
      ),
    });
    expect(result.current.refetchInterval).toBe(30_000);
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    expect(screen.queryByText('Live')).toBeNull();
  });
});

describe('the time pages count from', () => {
  it('is the server’s, from the device’s clock corrected by what the stream says', () => {
    const changes = fakeChanges();
    const queryClient = new QueryClient();
    const { result } = renderHook(() => useNow(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <LiveUpdates connect={changes.connect} queryClient={queryClient}>
          {children}
        </LiveUpdates>
      ),
    });
    const deviceNow = Date.now();
    expect(Math.abs(result.current.getTime() - deviceNow)).toBeLessThan(60_000);
    // The device's clock is ten minutes slow.
    act(() => changes.tellServerTime(new Date(Date.now() + 10 * 60_000)));
    expect(result.current.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(result.current.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });
});

describe('what a change reads again', () => {
  const kinds = (...list: Parameters<typeof showsChangeOf>[0] extends ReadonlySet<infer K> ? K[] : never) =>
    new Set(list);
  it('reads the case lists, case pages, homes and board on a case change, not the users or billing', () => {
    const changed = kinds('cases');
    expect(showsChangeOf(changed, ['continuous-monitoring/cases/monitoring', 'getList'])).toBe(true);
    expect(showsChangeOf(changed, ['continuous-monitoring/cases/details', 'getOne', { id: '7' }])).toBe(true);
    // A case's records and patient details, by their react-admin resources (caseResources.ts).
    for (const resource of [
      caseRecordsResource(7, 'events'),
      caseRecordsResource(7, 'billing-notes'),
      recordRevisionsResource(7, 'case-notes', 3),
      patientDetailsResource(7),
    ])
      expect(showsChangeOf(changed, [resource, 'getList']), resource).toBe(true);
    expect(showsChangeOf(changed, ['getHome'])).toBe(true);
    expect(showsChangeOf(changed, ['getHome2'])).toBe(true);
    expect(showsChangeOf(changed, ['users', 'getList'])).toBe(false);
    expect(showsChangeOf(changed, ['billing/continuous-monitoring/client/1/billable-hours'])).toBe(false);
    expect(showsChangeOf(changed, ['continuous-monitoring/clients', 'getList'])).toBe(false);
  });
  it('reads the clients and what shows a client’s name on a client change', () => {
    const changed = kinds('clients');
    expect(showsChangeOf(changed, ['continuous-monitoring/clients/3/contacts', 'getList'])).toBe(true);
    expect(showsChangeOf(changed, ['continuous-monitoring/cases/intake', 'getList'])).toBe(true);
    expect(showsChangeOf(changed, ['getHome'])).toBe(false);
  });
});
