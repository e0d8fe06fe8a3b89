import { z } from 'zod';

export const FEDERATED_PROVIDERS = ['Amazon', 'Apple', 'Facebook', 'Google'] as const;

const passwordPolicySchema = z.object({
  minLength: z.number().int().min(6).max(99),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumbers: z.boolean(),
  requireSpecialCharacters: z.boolean(),
});
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

/** What the browser reads from GET /config.json at run time: one build serves every environment. */
const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  /** True when the server runs the local identity emulator (never in production). */
  localIdentity: z.boolean(),
  cognito: z.object({
    region: z.string(),
    userPoolId: z.string(),
    userPoolClientId: z.string(),
    userPoolEndpoint: z.string().optional(),
    oauth: z
      .object({
        domain: z.string(),
        providers: z.array(z.enum(FEDERATED_PROVIDERS)),
        redirectSignIn: z.array(z.string()),
        redirectSignOut: z.array(z.string()),
      })
      .optional(),
  }),
  passwordPolicy: passwordPolicySchema,
  /** Issuer name shown in authenticator apps during TOTP setup (default DEFAULT_TOTP_ISSUER). */
  totpIssuer: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireNumbers: true,
  requireSpecialCharacters: true,
};

/** Spec §9: the issuer name an authenticator app shows when none is configured. */
export const DEFAULT_TOTP_ISSUER = 'AWSCognito';
