import NotificationsIcon from '@mui/icons-material/Notifications';
import {
  Badge,
  Button,
  Divider,
  FormControlLabel,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  Popover,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useGetIdentity } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ATTENTION_LABELS, type AttentionItem } from '../../contract/attention';
import { casePagePath } from '../../contract/paths';
import { askNotificationPermission, beep, showNotification } from './attentionAlerts';
import { useAcknowledge, useAttention } from './attentionQueries';
import { type AttentionSettings, isQuietAt, useAttentionSettings } from './attentionSettings';
import { Countdown } from './Countdown';

/**
 * Tells of items that were not there before (not of those open when the page loaded): a browser notification
 * and a beep, as the user's settings allow and outside their quiet hours.
 */
function useAlerts(items: readonly AttentionItem[] | undefined, settings: AttentionSettings) {
  const known = useRef<Set<string> | undefined>(undefined);
  useEffect(() => {
    if (!items) return;
    const fresh = known.current ? items.filter((item) => !known.current?.has(item.key)) : [];
    known.current = new Set(items.map((item) => item.key));
    if (fresh.length === 0 || isQuietAt(settings, new Date())) return;
    if (settings.notify) for (const item of fresh) showNotification(item);
    if (settings.sound) beep();
  }, [items, settings]);
}

const Settings = ({
  settings,
  change,
}: {
  settings: AttentionSettings;
  change: (changes: Partial<AttentionSettings>) => void;
}) => (
  <Stack spacing={1} sx={{ p: 2 }}>
    <FormControlLabel
      control={
        <Switch
          checked={settings.notify}
          onChange={async (event) => {
            // Asked for from this click, once: browsers refuse a request made with no user action.
            const on = event.target.checked;
            change({ notify: on && (await askNotificationPermission()) });
          }}
        />
      }
      label="Browser notifications"
    />
    <FormControlLabel
      control={
        <Switch checked={settings.sound} onChange={(event) => change({ sound: event.target.checked })} />
      }
      label="Sound"
    />
    <Stack direction="row" spacing={1}>
      {(['quietFrom', 'quietTo'] as const).map((field) => (
        <TextField
          key={field}
          type="time"
          size="small"
          label={field === 'quietFrom' ? 'Quiet from' : 'Quiet to'}
          value={settings[field]}
          onChange={(event) => change({ [field]: event.target.value || '00:00' })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
    </Stack>
  </Stack>
);

const ItemRow = ({ item, onOpen }: { item: AttentionItem; onOpen(): void }) => {
  const acknowledge = useAcknowledge();
  return (
    <ListItem
      aria-label={`${item.caseNumber}: ${ATTENTION_LABELS[item.kind]}`}
      secondaryAction={
        <Button size="small" onClick={() => acknowledge.mutate(item.key)} disabled={acknowledge.isPending}>
          Acknowledge
        </Button>
      }
    >
      <ListItemText
        primary={
          <Link component={RouterLink} to={casePagePath(item.stage, item.caseId)} onClick={onOpen}>
            {item.caseNumber}
          </Link>
        }
        secondary={
          <>
            {ATTENTION_LABELS[item.kind]}
            {item.dueBy && (
              <>
                {', due '}
                <Countdown to={item.dueBy} />
              </>
            )}
          </>
        }
      />
    </ListItem>
  );
};

/**
 * In the app bar, for those who watch the board: the count of the caller's open attention items, and their
 * list (the case, what is due, "Acknowledge") with how the user is told of new ones.
 */
export const AttentionBell = () => {
  const { data: items } = useAttention();
  const { identity } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [settings, change] = useAttentionSettings(String(identity?.id ?? ''));
  useAlerts(items, settings);
  if (!items) return null;
  const label = items.length === 1 ? '1 item needs attention' : `${items.length} items need attention`;
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={(event) => setAnchor(event.currentTarget)}>
          <Badge badgeContent={items.length} color="error">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Stack sx={{ width: 360, maxWidth: '100vw' }} aria-label="Attention">
          {items.length === 0 ? (
            <Typography sx={{ p: 2 }}>Nothing needs attention.</Typography>
          ) : (
            <List dense>
              {items.map((item) => (
                <ItemRow key={item.key} item={item} onOpen={() => setAnchor(null)} />
              ))}
            </List>
          )}
          <Divider />
          <Settings settings={settings} change={change} />
        </Stack>
      </Popover>
    </>
  );
};
