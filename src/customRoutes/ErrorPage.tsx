import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useResetErrorBoundaryOnLocationChange } from 'react-admin';
import { PageMessage } from './PageMessage';

const ERROR_TITLE = 'Internal Server Error';

export interface ErrorPageProps {
  error: unknown;
  /** Given by `<Admin error>`; the layout resets its own boundary on navigation. */
  resetErrorBoundary?: (details?: unknown) => void;
}

const noop = () => undefined;

/** The error page of the app and of the layout (spec §2: title Internal Server Error). */
export const ErrorPage = ({ error, resetErrorBoundary }: ErrorPageProps) => {
  useResetErrorBoundaryOnLocationChange(resetErrorBoundary ?? noop);
  return (
    <PageMessage title={ERROR_TITLE}>
      <Typography role="alert" gutterBottom>
        {error instanceof Error ? error.message : 'Something went wrong.'}
      </Typography>
      {resetErrorBoundary && <Button onClick={() => resetErrorBoundary()}>Try again</Button>}
    </PageMessage>
  );
};
