import type { InterfaceMessage } from '../../../contract/interfaces';

/** Each status in words (DESIGN §8 "Interfaces (turn 4)"). */
export const STATUS_LABELS: Record<InterfaceMessage['status'], string> = {
  accepted: 'Accepted',
  refused: 'Refused',
  error: 'Error',
  pending: 'Waiting to send',
  sent: 'Sent',
  failed: 'Failed',
};

export const DIRECTION_LABELS: Record<InterfaceMessage['direction'], string> = {
  in: 'In (from the hospital)',
  out: 'Out (to the hospital)',
};

/** Vigil sends again only what it sent and the hospital did not take: a failed or refused message out. */
export const canResend = (message: InterfaceMessage) =>
  message.direction === 'out' && (message.status === 'failed' || message.status === 'refused');

/** The acknowledgement as the hospital gave it: its code and its text. */
export const ackOf = (message: InterfaceMessage) =>
  [message.ackCode, message.ackText].filter(Boolean).join(' ');

/** HL7 v2 separates segments with carriage returns: one segment a line. FHIR JSON is indented. */
export function readableRaw(raw: string): string {
  const text = raw.trim();
  if (text.startsWith('{')) {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  }
  return text.split(/\r\n|\r|\n/).join('\n');
}
