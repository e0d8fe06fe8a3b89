import type { AttentionItem } from '../../contract/attention';
import { API_PATHS } from '../../contract/paths';
import type { HttpClient } from './httpClient';

/** The caller's attention items (issue 36) and their acknowledgement, which clears it on all their devices. */
export function attentionMethods(httpClient: HttpClient) {
  return {
    getAttention: async () => (await httpClient<{ items: AttentionItem[] }>(API_PATHS.attention)).data.items,
    acknowledgeAttention: async (key: string) =>
      (
        await httpClient<{ key: string }>(API_PATHS.attentionAcknowledgements, {
          method: 'POST',
          body: { key },
        })
      ).data,
  };
}
