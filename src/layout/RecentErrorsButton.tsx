import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { apiErrors, useApiErrors } from '../dataProvider';

/** Date and time to the second: errors come in quick succession. */
const AT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * The shared list of API errors (spec §8) in the app bar: a count of those not yet seen, and on click the
 * recent ones, newest first, with their time, status and message (the messages the API answered, which
 * name records by number, never a patient).
 */
export const RecentErrorsButton = () => {
  const errors = useApiErrors();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [seen, setSeen] = useState(0);
  const titleId = useId();
  const unseen = Math.max(0, errors.length - seen);
  const label = unseen ? `Recent errors: ${unseen} new` : 'Recent errors';
  const close = () => {
    setSeen(apiErrors.list().length);
    setAnchor(null);
  };
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={(event) => setAnchor(event.currentTarget)}>
          {/* The count is in the button's name; with none new there is no badge (and no hidden "0"). */}
          {unseen > 0 ? (
            <Badge badgeContent={unseen} color="error">
              <ErrorOutlineIcon />
            </Badge>
          ) : (
            <ErrorOutlineIcon />
          )}
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId } }}
      >
        <Box sx={{ p: 2, width: 420, maxWidth: '90vw' }}>
          <Typography id={titleId} variant="subtitle1" component="h2" gutterBottom>
            Recent errors
          </Typography>
          {errors.length === 0 ? (
            <Typography variant="body2">No errors since you signed in.</Typography>
          ) : (
            <Box
              component="ol"
              aria-label="Recent errors, newest first"
              sx={{ m: 0, pl: 0, listStyle: 'none' }}
            >
              {errors.toReversed().map((error) => (
                <Box component="li" key={error.id} sx={{ py: 0.5 }}>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {AT.format(error.at)} · {error.status}
                  </Typography>
                  <Typography variant="body2">{error.message}</Typography>
                </Box>
              ))}
            </Box>
          )}
          {errors.length > 0 && (
            <Button
              size="small"
              sx={{ mt: 1 }}
              onClick={() => {
                apiErrors.clear();
                setSeen(0);
              }}
            >
              Clear
            </Button>
          )}
        </Box>
      </Popover>
    </>
  );
};
