import { ATTENTION_LABELS, type AttentionItem } from './attention';

/** The text of a browser notification: the case number and what is due, never the patient. */
export const attentionText = (item: Pick<AttentionItem, 'kind' | 'caseNumber'>) =>
  `${item.caseNumber}: ${ATTENTION_LABELS[item.kind]}`;
