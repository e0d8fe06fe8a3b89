import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormContext } from 'react-hook-form';
import type { LoadRefusal } from '../../../../contract/envelope';
import { RefusalMessage, type RefusalProps } from './CaseFormDialog';

/**
 * A handover the incoming technologist's load refused (DESIGN §4), explained in the dialog: who would be
 * over and by how much, and the technologists who can take the case, one click putting them in "To".
 */
export const HandoverRefusal = (props: RefusalProps) => {
  const { setValue } = useFormContext();
  const overLoad = (props.error.body as { overLoad?: LoadRefusal } | undefined)?.overLoad;
  if (!overLoad) return <RefusalMessage {...props} />;
  const { name, load, limit, takers } = overLoad;
  const choose = (username: string) => {
    setValue('to', username, { shouldDirty: true, shouldValidate: true });
    props.dismiss();
  };
  return (
    <Alert severity="error" sx={{ width: '100%', boxSizing: 'border-box', mb: 1 }}>
      <AlertTitle>{`${name} would carry a load of ${load}; the limit is ${limit}.`}</AlertTitle>
      {takers.length === 0 ? (
        <Typography variant="body2">
          No other technologist has room for this case: an admin can move cases between technologists on
          Assignments.
        </Typography>
      ) : (
        <>
          <Typography variant="body2">These technologists can take the case:</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
            {takers.map((taker) => (
              <Button
                key={taker.username}
                size="small"
                variant="outlined"
                color="inherit"
                sx={{ textTransform: 'none' }}
                onClick={() => choose(taker.username)}
              >
                {`${taker.name} (load ${taker.load})`}
              </Button>
            ))}
          </Stack>
        </>
      )}
    </Alert>
  );
};
