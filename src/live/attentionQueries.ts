import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type HttpError, useDataProvider, usePermissions } from 'react-admin';
import type { AttentionItem } from '../../contract/attention';
import { canAccess, type Role } from '../../contract/roles';
import type { AppDataProvider } from '../dataProvider';
import { ATTENTION_RESOURCE } from '../dataProvider/writeLinks';
import { useLiveRefresh } from './LiveUpdates';

const ATTENTION_KEY = [ATTENTION_RESOURCE];

/**
 * The caller's open attention items (GET /attention), for those who watch the board: read again when a case
 * changes, an item's time comes or they acknowledge one on another device (the live updates), polled only
 * while those are down.
 */
export function useAttention() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { permissions: roles } = usePermissions<Role[]>();
  const live = useLiveRefresh();
  return useQuery<AttentionItem[], HttpError>({
    queryKey: ATTENTION_KEY,
    queryFn: () => dataProvider.getAttention(),
    enabled: roles !== undefined && canAccess(roles, 'operations', 'list'),
    ...live,
  });
}

/** Acknowledges an item: it leaves the list at once, and the caller's other devices hear of it. */
export function useAcknowledge() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  return useMutation<unknown, HttpError, string>({
    mutationFn: (key) => dataProvider.acknowledgeAttention(key),
    onMutate: (key) =>
      queryClient.setQueryData<AttentionItem[]>(ATTENTION_KEY, (items) =>
        items?.filter((item) => item.key !== key),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ATTENTION_KEY }),
  });
}
