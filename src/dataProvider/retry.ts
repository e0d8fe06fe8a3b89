import type { HttpError } from 'react-admin';

/** react-query's `retry` for API reads: a refusal (4xx) will not change by asking again; a failed connection or a 5xx may. */
export const retryUnlessRefused = (failures: number, error: HttpError) =>
  failures < 2 && !(error.status >= 400 && error.status < 500);
