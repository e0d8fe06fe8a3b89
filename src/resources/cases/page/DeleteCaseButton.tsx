import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Confirm, type HttpError, useCanAccess, useDelete, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { caseDeletionRefusal } from '../../../../contract/caseDeletion';
import type { CaseDetails } from '../../../../contract/cases';
import { API_PATHS } from '../../../../contract/paths';
import { CASES_RESOURCE } from '../../../dataProvider/resourcePaths';
import { useUpdateCaseDetails } from './useCaseDetails';

/**
 * What the server deletes (DELETE …/cases/{id}), by its own rule: an intake case nothing has happened to yet.
 * Records on it are not in its details: the server's refusal (409) says so in its words.
 */
const mayBeDeleted = (details: CaseDetails) =>
  caseDeletionRefusal(
    details.caseNumber,
    details.stage,
    details.transitions.length > 0 || details.actions.length > 0,
  ) === undefined;

/**
 * An administrator's delete of a case taken in by mistake: confirmed first, sent with the version the page
 * shows (409 when someone changed the case meanwhile), then back to the intake list with a notice.
 */
export const DeleteCaseButton = ({ details }: { details: CaseDetails }) => {
  const { canAccess } = useCanAccess({ resource: 'cases', action: 'delete' });
  const cache = useUpdateCaseDetails();
  const notify = useNotify();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [deleteCase, { isPending }] = useDelete<CaseDetails, HttpError>();
  const remove = () =>
    deleteCase(
      CASES_RESOURCE,
      { id: details.id, previousData: details },
      {
        // The lists are read again, not the case that is gone (writeLinks.ts): its 404 would flash "Case not found".
        onSuccess: () => {
          navigate(API_PATHS.caseStage('intake'));
          notify(`Case ${details.caseNumber} deleted`, { type: 'success' });
        },
        onError: (error) => {
          notify(error.message, { type: 'error' });
          cache.refetch(details.id);
        },
        onSettled: () => setAsking(false),
      },
    );
  if (!canAccess || !mayBeDeleted(details)) return null;
  return (
    <>
      <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setAsking(true)}>
        Delete case
      </Button>
      <Confirm
        isOpen={asking}
        loading={isPending}
        title={`Delete case ${details.caseNumber}?`}
        content="The case was taken in but nothing was recorded on it. Deleting it removes it for everyone; it cannot be undone. A case with records is cancelled instead."
        confirm="Delete case"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setAsking(false)}
      />
    </>
  );
};
