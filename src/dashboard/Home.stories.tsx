import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { billingSeed, fakeBillingHandler } from '@test-support/fakeBillingApi';
import {
  BOARD_TECHNOLOGISTS,
  buildOpenTimeLog,
  buildStageCounts,
  fakeHomeHandler,
  type HomeAs,
  homeAs,
  minutesAgo,
  operationsBoard,
  readerHome,
  technologistHome,
} from '@test-support/fakeHomeApi';
import { fakeReportsHandler } from '@test-support/fakeReportsApi';
import { HandlersHarness, type HandlersHarnessProps } from '@test-support/HandlersHarness';
import { type ReactElement, useMemo } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { fn } from 'storybook/test';
import { API_PATHS } from '../../contract/paths';
import { toHttpError } from '../dataProvider/httpClient';
import { BillableHours } from './BillableHours';
import { CasesPerStage } from './CasesPerStage';
import { ChangedStatements } from './ChangedStatements';
import { MonitoringBoard } from './MonitoringBoard';
import { MyCases } from './MyCases';
import { MyTimeLog } from './MyTimeLog';
import { ReportsDue } from './ReportsDue';
import { StageCounts } from './StageCounts';
import { TurnaroundBoard } from './TurnaroundBoard';

type HomePageProps = HomeAs & Pick<HandlersHarnessProps, 'onRequest' | 'failures' | 'changes'>;

/**
 * The whole app at `/` over the fake API; one home fake per mount, so a stopped log stays stopped. Billing's
 * home reads the billing fixtures' hours summary (months up to November 2026) and their statements changed
 * since close (Bayou's September).
 */
const HomePage = ({ seed, onRequest, ...props }: HomePageProps) => {
  const handlers = useMemo(
    () => [fakeHomeHandler(seed, onRequest), fakeReportsHandler(), fakeBillingHandler(billingSeed)],
    [seed, onRequest],
  );
  return <HandlersHarness {...props} onRequest={onRequest} path="/" handlers={handlers} />;
};

/** The home page, `/` (DESIGN §8 "Home"): the caller's own work; the board for admins and technologists. */
const meta = {
  title: 'Home',
  component: HomePage,
  parameters: { layout: 'fullscreen' },
  args: homeAs('technologist'),
} satisfies Meta<typeof HomePage>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A widget on its own, outside the app: only its links need a router. */
const alone: Decorator = (Story) => (
  <MemoryRouter>
    <Story />
  </MemoryRouter>
);
const widget = (render: () => ReactElement, { stillLoading = false } = {}): Story => ({
  // The page's args (user, menu, seed) do not reach a widget shown alone.
  parameters: { layout: 'padded', controls: { disable: true }, stillLoading },
  decorators: [alone],
  render,
});

/**
 * Priya Raman's shift: her three cases, her monitoring log running, the board with two overdue checks, one
 * due in ten minutes, and "Log check" on the cases that are hers.
 */
export const AsTechnologist: Story = {};

/** An administrator has no case of their own; the board is theirs too. */
export const AsAdmin: Story = { args: homeAs('admin') };

/** A reader sees the recordings they read; the board is not for readers, and is not even asked for. */
export const AsReader: Story = { args: homeAs('reader') };

/** Billing staff get a way to billing and billing's work (months needing a rate, months to close); no board. */
export const AsBilling: Story = { args: homeAs('billing') };

/** The running log was revised meanwhile: Stop is refused in the server's words and the log read again. */
export const StopRefusedAsStale: Story = { args: homeAs('technologist', { revisedMeanwhile: true }) };

/** GET /getHome fails: each of the caller's widgets says why; the board, a call of its own, still shows. */
export const HomeUnavailable: Story = {
  args: {
    failures: {
      [`GET ${API_PATHS.home}`]: toHttpError(503, { error: 'The database is not reachable' }),
    },
  },
};

const stopMyLog = fn();

export const StageCountsWidget = widget(() => <StageCounts data={buildStageCounts()} />);

export const StageCountsLoading = widget(() => <StageCounts />, { stillLoading: true });

export const ChangedStatementsWidget = widget(() => (
  <ChangedStatements
    data={[
      {
        clientId: 1,
        clientName: 'Bayou Memorial Hospital',
        month: '2026-09',
        status: 'closed',
        closedAt: '2026-10-03T15:20:00.000Z',
        frozenMinutes: 2040,
        frozenHours: '34.00',
        currentMinutes: 2130,
        currentHours: '35.50',
        cases: 2,
      },
      {
        clientId: 2,
        clientName: 'Northside General Hospital',
        month: '2026-08',
        status: 'invoiced',
        closedAt: '2026-09-02T13:00:00.000Z',
        frozenMinutes: 600,
        frozenHours: '10.00',
        currentMinutes: 540,
        currentHours: '9.00',
        cases: 1,
      },
    ]}
  />
));

export const ChangedStatementsNone = widget(() => <ChangedStatements data={[]} />);

export const MyCasesWidget = widget(() => <MyCases data={technologistHome.myCases} />);

export const MyCasesEmpty = widget(() => <MyCases data={[]} />);

export const MyCasesLoading = widget(() => <MyCases />, { stillLoading: true });

export const MyCasesFailed = widget(() => <MyCases error={new Error('The database is not reachable')} />);

/** The running log's duration counts up each minute. */
export const TimeLogRunning = widget(() => (
  <MyTimeLog data={technologistHome.openTimeLogs} onStop={stopMyLog} />
));

/**
 * Monitoring two patients at once (DESIGN §4): a log on each case, one of them open for 20 hours, past
 * `MAX_OPEN_LOG_HOURS`, and flagged stale.
 */
export const TimeLogsWithStale = widget(() => (
  <MyTimeLog
    data={[
      buildOpenTimeLog({
        itemId: 3,
        caseId: 104,
        caseNumber: 'BMH-2026-0031',
        clientTimeZone: 'America/New_York',
        start: minutesAgo(20 * 60),
        stale: true,
      }),
      ...technologistHome.openTimeLogs,
    ]}
    onStop={stopMyLog}
  />
));

export const TimeLogStopping = widget(
  () => <MyTimeLog data={technologistHome.openTimeLogs} onStop={stopMyLog} stopping />,
  { stillLoading: true },
);

export const NoTimeLogRunning = widget(() => <MyTimeLog data={[]} onStop={stopMyLog} />);

export const TimeLogLoading = widget(() => <MyTimeLog onStop={stopMyLog} />, { stillLoading: true });

/** Dr. Sandoval's reports: a daily report overdue on a New York case, then a final due in five hours. */
export const ReportsDueWidget = widget(() => <ReportsDue data={readerHome.reportsDue} />);

export const NoReportsDue = widget(() => <ReportsDue data={[]} />);

const logCheck = fn();
const handOver = fn();

const boardNames = new Map(BOARD_TECHNOLOGISTS.map(({ username, name }) => [username, name]));

/**
 * What is due next comes first, whatever order the cases arrive in: the overdue checks, in red, with for how
 * long, then the others with how long until due (the moment in the client's zone on hover); a case due in
 * ten minutes turns overdue on screen when its time comes. Priya may log checks on her cases, by name.
 */
export const BoardWithOverdue = widget(() => (
  <MonitoringBoard
    data={operationsBoard.monitoring}
    username="priya"
    onLogCheck={logCheck}
    onHandOver={handOver}
    nameOf={(username) => boardNames.get(username) ?? username}
    showReports
  />
));

export const BoardEmpty = widget(() => <MonitoringBoard data={[]} />);

export const BoardLoading = widget(() => <MonitoringBoard />, { stillLoading: true });

/** 1284.50 h so far this month against 1402.25 h last month. */
export const BillableHoursComparison = widget(() => <BillableHours data={operationsBoard.billableHours} />);

export const BillableHoursLoading = widget(() => <BillableHours />, { stillLoading: true });

export const CasesPerStageWidget = widget(() => <CasesPerStage data={operationsBoard.stageCounts} />);

/**
 * The running turnaround clocks (DESIGN §4 turn 4), nearest to breach first: a hookup 25 minutes past due,
 * in red, then an urgent case's first review due in 40 minutes.
 */
export const TurnaroundClocks = widget(() => <TurnaroundBoard data={operationsBoard.clocks} />);

export const TurnaroundClocksNone = widget(() => <TurnaroundBoard data={[]} />);

export const TurnaroundClocksLoading = widget(() => <TurnaroundBoard />, { stillLoading: true });

export const TurnaroundClocksFailed = widget(() => (
  <TurnaroundBoard error={new Error('The database is not reachable')} />
));
