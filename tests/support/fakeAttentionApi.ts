import type { AttentionItem } from '../../contract/attention';
import { API_PATHS } from '../../contract/paths';
import type { FakeRequest } from './fakeApiRules';
import type { FakeHandler } from './HandlersHarness';

/** An attention item of case 101, due in `dueInMs` when given. */
export const buildAttentionItem = (overrides: Partial<AttentionItem> = {}): AttentionItem => ({
  key: 'check-overdue:101:2026-11-26T10:00:00.000Z',
  kind: 'check-overdue',
  caseId: 101,
  caseNumber: 'BMH-2026-0101',
  stage: 'monitoring',
  since: new Date(Date.now() - 5 * 60_000).toISOString(),
  dueBy: null,
  ...overrides,
});

/** A critical call of case 102 to make within 20 minutes. */
export const buildCallDueItem = () =>
  buildAttentionItem({
    key: 'notification-due:102:7',
    kind: 'notification-due',
    caseId: 102,
    caseNumber: 'BMH-2026-0102',
    dueBy: new Date(Date.now() + 20 * 60_000).toISOString(),
  });

/**
 * The caller's attention items, as GET /attention answers them; POST /attention/acknowledgements takes one
 * out. `items.push` (then a change on the stream) stands for an item raised meanwhile.
 */
export function fakeAttentionApi(initial: readonly AttentionItem[]) {
  const items = [...initial];
  const handler: FakeHandler = (request: FakeRequest) => {
    if (request.method === 'GET' && request.path === API_PATHS.attention)
      return { data: { items: [...items] } };
    if (request.method === 'POST' && request.path === API_PATHS.attentionAcknowledgements) {
      const { key } = request.body as { key: string };
      const index = items.findIndex((item) => item.key === key);
      if (index >= 0) items.splice(index, 1);
      return { data: { key } };
    }
    return undefined;
  };
  return { items, handler };
}
