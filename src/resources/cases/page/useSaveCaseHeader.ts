import { type HttpError, useDataProvider, useNotify } from 'react-admin';
import type { CaseDetails, CasePatch } from '../../../../contract/cases';
import type { AppDataProvider } from '../../../dataProvider';
import { useCaseWrite, useUpdateCaseDetails } from './useCaseDetails';

export type CaseHeaderValues = Omit<CasePatch, 'version'>;

/**
 * Saves the header with the version the page loaded. Field errors (400) go back to the form, under their
 * inputs; any other refusal is notified, and after a 409 (changed by someone else) the case is read again.
 */
export function useSaveCaseHeader(details: CaseDetails) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const cache = useUpdateCaseDetails();
  const { mutateAsync: patch } = useCaseWrite(
    details.id,
    'patchCase',
    (values: CasePatch) => dataProvider.patchCase(details.id, values),
    (saved) => saved,
  );
  return async (values: CaseHeaderValues) => {
    try {
      await patch({ ...values, version: details.version });
      notify(`Case ${details.caseNumber} saved`, { type: 'success' });
    } catch (error) {
      const { body, status, message } = error as HttpError;
      if (body?.errors) return body.errors as Record<string, string>;
      notify(message, { type: 'error' });
      if (status === 409) cache.refetch(details.id);
    }
  };
}
