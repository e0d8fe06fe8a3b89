import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Home2 } from '../../contract/home';
import { hoursOf } from '../../contract/hours';
import { HomeWidget, type WidgetData } from './HomeWidget';
import { ShareBar, sharesOf } from './ShareBar';

type MonthsHours = Home2['billableHours'];

/** This month against last, from whole minutes: hours are shown as the server wrote them, never parsed. */
function difference({ thisMonth, lastMonth }: MonthsHours) {
  const minutes = thisMonth.minutes - lastMonth.minutes;
  if (minutes === 0) return 'The same as last month.';
  return `${hoursOf(Math.abs(minutes))} h ${minutes > 0 ? 'more' : 'fewer'} than last month.`;
}

/** Billable hours of every client this month so far against last month (DESIGN §4 "Hours and money"). */
export const BillableHours = (props: WidgetData<MonthsHours>) => (
  <HomeWidget title="Billable hours" {...props}>
    {(hours) => {
      const [thisShare, lastShare] = sharesOf([hours.thisMonth.minutes, hours.lastMonth.minutes]);
      return (
        <Stack spacing={1.5}>
          <ShareBar label="This month so far" value={`${hours.thisMonth.hours} h`} share={thisShare} />
          <ShareBar label="Last month" value={`${hours.lastMonth.hours} h`} share={lastShare} />
          <Typography variant="body2" color="text.secondary">
            {difference(hours)}
          </Typography>
        </Stack>
      );
    }}
  </HomeWidget>
);
