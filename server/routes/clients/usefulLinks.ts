import {
  usefulLinkInputSchema,
  usefulLinkListQuerySchema,
  usefulLinkParams,
  usefulLinkSchema,
  usefulLinkUpdateSchema,
} from '../../../contract/clients';
import { usefulLinkRepository } from '../../db/clientUsefulLinks';
import { childRecordRoutes } from './childRecords';

/** Links a technologist needs for a client: EEG viewer, on-call schedule, order portal. */
export const usefulLinkRoutes = childRecordRoutes({
  segment: 'useful-links',
  idParam: 'linkId',
  thing: 'useful link',
  auditPrefix: 'usefulLink',
  schemas: {
    params: usefulLinkParams,
    listQuery: usefulLinkListQuerySchema,
    input: usefulLinkInputSchema,
    update: usefulLinkUpdateSchema,
    record: usefulLinkSchema,
  },
  repository: usefulLinkRepository,
});
