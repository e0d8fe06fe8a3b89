import { z } from 'zod';
import { email, optionalText, requiredText } from './fields';
import { listQuerySchema } from './list';
import { ROLES } from './roles';

/**
 * Users and their access groups (DESIGN §3, §8 "Administration"). The identity's user pool is the only
 * user store: these are read from and written to it through the Cognito admin API; the API keeps a mirror
 * of `isEnabled` so a disabled user is refused on their next call even with an unexpired token.
 */

const username = z
  .string()
  .min(1, 'Username is required')
  .max(128, 'Username must be at most 128 characters');

/**
 * A user the pool already holds, as a path parameter: any Cognito username (letters, marks, symbols, digits
 * and punctuation, no spaces), so that an admin can still read or disable a user created elsewhere.
 */
export const usernameSchema = username.regex(
  /^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u,
  'Username may not contain spaces or control characters',
);

/**
 * An invited user's username (README "Usernames"): it starts with a letter or digit, so that it never begins
 * like a spreadsheet formula, and holds only letters, digits and . _ @ -
 */
const newUsernameSchema = username.regex(
  /^[\p{L}\p{N}][\p{L}\p{N}._@-]*$/u,
  'Username must start with a letter or digit and contain only letters, digits and . _ @ -',
);

/** An access group is a role (Cognito group); the set is sent whole, each group at most once. */
const accessGroupsSchema = z
  .array(z.enum(ROLES, { error: `Each group must be one of ${ROLES.join(', ')}` }))
  .max(ROLES.length)
  .refine((groups) => new Set(groups).size === groups.length, 'Each group may be given only once');

/** A physician's qualifications after their name, e.g. "MD, FACNS" (a Cognito custom attribute). */
const credentials = optionalText('Credentials', 100);

/** A person as others see them: a signer, a case's reader. */
export const personSchema = z.object({
  username: z.string(),
  name: z.string(),
  /** '' when none are recorded. */
  credentials: z.string(),
});
export type Person = z.infer<typeof personSchema>;

export const userSchema = z.object({
  username: z.string(),
  name: z.string(),
  email: z.string(),
  credentials: z.string(),
  groups: z.array(z.string()),
  isEnabled: z.boolean(),
  /** The pool's status, e.g. CONFIRMED or FORCE_CHANGE_PASSWORD (a new user who has not yet signed in). */
  status: z.string(),
  /** Intake and monitoring cases assigned to the user (technologists). */
  activeCases: z.number().int(),
  /** The latest sign-in the API has seen; null before the first. */
  lastSignInAt: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** A user's own details (everyone may read their own; an admin anyone's): the user and their roles. */
export const userDetailsSchema = userSchema.extend({ roles: z.array(z.string()) });
export type UserDetails = z.infer<typeof userDetailsSchema>;

const USER_SORT_FIELDS = ['username', 'name', 'status', 'activeCases', 'lastSignInAt'] as const;
export const userListQuery = listQuerySchema(USER_SORT_FIELDS, 'username').extend({
  /** Part of a username, name or email. */
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const inviteUserSchema = z.object({
  username: newUsernameSchema,
  name: requiredText('Name', 200),
  email: email.refine((value) => value !== '', 'Email is required: the temporary password is sent there'),
  groups: accessGroupsSchema.refine((groups) => groups.length > 0, 'Give the user at least one group'),
  credentials,
});
export type InviteUser = z.input<typeof inviteUserSchema>;

export const accessGroupsInputSchema = z.object({ groups: accessGroupsSchema });
export type AccessGroupsInput = z.infer<typeof accessGroupsInputSchema>;

/**
 * PUT toggle: the state the admin wants, so a repeated or concurrent call changes nothing more. Without a
 * body the user's state is flipped.
 */
export const userToggleSchema = z
  .object({ isEnabled: z.boolean({ error: 'isEnabled must be true or false' }) })
  // The server reads a missing body as null.
  .nullish();

/** PATCH a user's name and credentials; a field left out keeps its value, credentials null or '' clears them. */
export const userEditSchema = z.object({
  name: requiredText('Name', 200).optional(),
  credentials: credentials.optional(),
});
export type UserEdit = z.infer<typeof userEditSchema>;
