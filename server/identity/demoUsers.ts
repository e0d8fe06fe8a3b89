import type { Role } from '../../contract/roles';

/** A user seeded into the local identity emulator (never into a real Cognito pool). */
export type DemoUser = {
  username: string;
  /** Permanent password, or the temporary one when `temporary` (the user must choose a new one first). */
  password: string;
  role: Role;
  name: string;
  email: string;
  /** A physician's credentials, shown after their name when they sign (e.g. "MD, FACNS"). */
  credentials?: string;
  temporary?: boolean;
};

export const DEMO_PASSWORD = 'Vigil!demo2026';
const DEMO_TEMPORARY_PASSWORD = 'Vigil!temp2026';

/** One demo user per group, plus a new hire who must set a password at first sign-in. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'admin',
    password: DEMO_PASSWORD,
    role: 'admin',
    name: 'Dana Whitfield',
    email: 'admin@example.org',
    // The medical director: an admin may also read cases.
    credentials: 'DO',
  },
  {
    username: 'tech1',
    password: DEMO_PASSWORD,
    role: 'technologist',
    name: 'Priya Raman',
    email: 'tech1@example.org',
  },
  {
    username: 'reader1',
    password: DEMO_PASSWORD,
    role: 'reader',
    name: 'Marcus Feld',
    email: 'reader1@example.org',
    credentials: 'MD, FACNS',
  },
  {
    username: 'billing1',
    password: DEMO_PASSWORD,
    role: 'billing',
    name: 'Joan Okafor',
    email: 'billing1@example.org',
  },
  {
    username: 'newhire',
    password: DEMO_TEMPORARY_PASSWORD,
    role: 'technologist',
    name: 'Sam Ortega',
    email: 'newhire@example.org',
    temporary: true,
  },
];
