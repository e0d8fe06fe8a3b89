import type { Role } from '../../../contract/roles';
import type { User } from '../../../contract/users';
import { formatDateTime } from '../../dates';

/** A user as react-admin holds them: keyed by username (dataProvider RESOURCE_KEYS). */
export type UserRecord = User & { id: string };

export const GROUP_LABELS: Record<Role, string> = {
  admin: 'Admin',
  technologist: 'Technologist',
  reader: 'Reader',
  billing: 'Billing',
};

/** What each group may do (DESIGN §3), in a line. */
export const GROUP_DESCRIPTIONS: Record<Role, string> = {
  admin: 'everything, including users and backups',
  technologist: 'works intake and monitoring cases',
  reader: 'writes interpretations, reviews cases',
  billing: 'billing cycles, rates and reports',
};

/** The pool's statuses (Cognito `UserStatusType`) in words; an unknown one shows as sent. */
const STATUS_LABELS: Record<string, string> = {
  CONFIRMED: 'Confirmed',
  FORCE_CHANGE_PASSWORD: 'Must set a password',
  RESET_REQUIRED: 'Must reset their password',
  UNCONFIRMED: 'Unconfirmed',
  EXTERNAL_PROVIDER: 'Signs in elsewhere',
  ARCHIVED: 'Archived',
  COMPROMISED: 'Compromised',
  UNKNOWN: 'Unknown',
};

export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;

export const formatLastSignIn = (lastSignInAt: string | null) =>
  lastSignInAt ? formatDateTime(lastSignInAt) : 'Never';

/** Under the credentials input: what goes there, and where it shows. */
export const CREDENTIALS_HELP = 'e.g. "MD, FACNS": shown after the name when they sign or read a case';
