import Stack from '@mui/material/Stack';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { clientHoursReport, hoursSummary, monitoringHours, reportsSeed } from '@test-support/fakeReportsApi';
import { hoursByMonth } from '../reportPivot';
import { CaseHoursChart } from './CaseHoursChart';
import { type ClientHours, ClientHoursChart, clientHoursOf } from './ClientHoursChart';
import { MonthlyHoursChart } from './MonthlyHoursChart';
import { TechnologistHoursChart } from './TechnologistHoursChart';

/** The fake server's answers for December 2025 to November 2026, as the pages pass them on. */
const range = { from: '2025-12', to: '2026-11' };
const summary = hoursSummary(reportsSeed, range);
const [northside, harborPoint] = [1, 6].map((id) => reportsSeed.clients.find((client) => client.id === id));
const monitoring = monitoringHours(reportsSeed, range, null);
const northsideMonitoring = monitoringHours(reportsSeed, range, northside ?? null);

const clientTotals = clientHoursOf(summary);
const technologists = hoursByMonth(
  monitoring.byTechnologist,
  (row) => row.technologist,
  (row) => row.name,
);
const northsideCases = hoursByMonth(
  northsideMonitoring.byCase,
  (row) => row.caseId,
  (row) => row.caseNumber,
);

/** Smaller clinics, to show the chart keeping the ten clients with the most hours. */
const smallClinics: ClientHours[] = [
  ['Cedar Hollow Clinic', '41.50', '5914.00'],
  ['Birchwood Surgical Center', '36.25', '5165.63'],
  ['Fairhaven Neurology Associates', '28.00', '3990.00'],
  ['Granite Falls Hospital', '19.75', '2814.38'],
].map(([clientName, hours, amount], index) => ({ clientId: 20 + index, clientName, hours, amount }));

/** The report charts alone, each with the props its page gives it (recharts; plain props, no fetching). */
const meta = { title: 'Reporting/Charts' } satisfies Meta;
export default meta;

type Story = StoryObj<typeof meta>;

/** Every client together: hours as bars, the amount as a line on the right-hand axis. */
export const MonthlyHours: Story = { render: () => <MonthlyHoursChart months={summary.monthTotals} /> };

/** Harbor Point: September and October have no rate, so the amount line has a gap there. */
export const MonthlyHoursWithoutRate: Story = {
  render: () => (
    <MonthlyHoursChart
      months={harborPoint ? clientHoursReport(reportsSeed, harborPoint, range).months : []}
    />
  ),
};

/** The eight hospitals, most hours first. */
export const ClientHoursPerClient: Story = { render: () => <ClientHoursChart clients={clientTotals} /> };

/** Twelve clients: the ten with the most hours are drawn, and the chart says so. */
export const ClientHoursTopTen: Story = {
  render: () => <ClientHoursChart clients={[...clientTotals, ...smallClinics]} />,
};

/** Ten technologists, each bar made of the twelve months. */
export const TechnologistHours: Story = {
  render: () => <TechnologistHoursChart months={monitoring.months} technologists={technologists} />,
};

/** Northside General's months, each bar made of that month's cases. */
export const CaseHours: Story = {
  render: () => <CaseHoursChart months={northsideMonitoring.months} cases={northsideCases} />,
};

/** Every chart while its report loads. */
export const Loading: Story = {
  parameters: { stillLoading: true },
  render: () => (
    <Stack spacing={2}>
      <MonthlyHoursChart months={[]} loading />
      <ClientHoursChart clients={[]} loading />
      <TechnologistHoursChart months={[]} technologists={[]} loading />
      <CaseHoursChart months={[]} cases={[]} loading />
    </Stack>
  ),
};

/** Every chart over months with no hours at all. */
export const Empty: Story = {
  render: () => (
    <Stack spacing={2}>
      <MonthlyHoursChart months={summary.months.map((month) => ({ month, hours: '0.00', amount: '0.00' }))} />
      <ClientHoursChart clients={[]} />
      <TechnologistHoursChart months={summary.months} technologists={[]} />
      <CaseHoursChart months={summary.months} cases={[]} />
    </Stack>
  ),
};
