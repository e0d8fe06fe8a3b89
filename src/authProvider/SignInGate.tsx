import { Alert, Authenticator, type AuthenticatorProps } from '@aws-amplify/ui-react';
import '@aws-amplify/ui-react/styles.css';
import { type ConfirmResetPasswordInput, confirmResetPassword } from 'aws-amplify/auth';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { RuntimeConfig } from '../../contract/runtimeConfig';
import { amplifyTheme } from './amplifyTheme';
import { amplifyThemeCss } from './amplifyThemeCss';
import { SignInHeader } from './SignInHeader';

type SocialProvider = NonNullable<AuthenticatorProps['socialProviders']>[number];

export interface SignInGateProps
  extends Omit<AuthenticatorProps, 'children' | 'socialProviders' | 'hideSignUp'> {
  config: Pick<RuntimeConfig, 'cognito' | 'totpIssuer'>;
  colorMode?: 'light' | 'dark';
  /** Rendered once Amplify reports a signed-in user. */
  signedIn: ReactNode;
}

/** Federated buttons only when the configuration lists providers (spec §2). */
const socialProvidersOf = (config: Pick<RuntimeConfig, 'cognito'>): SocialProvider[] =>
  (config.cognito.oauth?.providers ?? []).map((provider) => provider.toLowerCase() as SocialProvider);

/**
 * Above the sign-in form after a reset: the password was changed, and the username is already in its field
 * with the password field focused. Amplify's fields are uncontrolled and take no default value, so the
 * username is written into the field next to this header (the form reads its fields when it is submitted).
 */
const PasswordChanged = ({ username }: { username: string }) => {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const form = notice.current?.parentElement?.querySelector('form');
    const field = form?.querySelector<HTMLInputElement>('input[name="username"]');
    if (!field || field.value) return;
    field.value = username;
    form?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
  }, [username]);
  return (
    <Alert ref={notice} variation="success" style={{ margin: '24px 32px 0' }}>
      Your password was changed. Sign in with your new password.
    </Alert>
  );
};

/** The app's colours for Amplify UI, as CSS (Amplify's ThemeProvider costs the page far more: see amplifyThemeCss). */
const THEME_CSS = amplifyThemeCss(amplifyTheme);

/** The page behind the form: MUI's default background of each colour mode, as the app's pages have. */
const PAGE_BACKGROUND = { light: '#fff', dark: '#121212' } as const;

/**
 * Amplify UI's Authenticator with every screen of spec §2; sign-up is hidden (accounts are made elsewhere).
 * After a password reset the sign-in screen says that the password was changed, its username filled in.
 * Amplify UI's parts and plain markup only: the sign-in page loads nothing of MUI (issue 35, item 5).
 */
export const SignInGate = ({
  config,
  colorMode = 'light',
  signedIn,
  formFields,
  services,
  components,
  ...props
}: SignInGateProps) => {
  /** Whose password was just reset. */
  const [passwordChanged, setPasswordChanged] = useState<string>();
  const confirmReset = services?.handleForgotPasswordSubmit ?? confirmResetPassword;
  return (
    <div data-amplify-theme={amplifyTheme.name} data-amplify-color-mode={colorMode}>
      <style>{THEME_CSS}</style>
      <main
        style={{
          // Top-aligned at a fixed height, not centred: the form growing as its parts arrive (the header,
          // the fields) must not move what is already shown (CLS 0 on the sign-in page).
          minHeight: '100vh',
          boxSizing: 'border-box',
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'center',
          padding: '8vh 0 32px',
          background: PAGE_BACKGROUND[colorMode],
        }}
      >
        <Authenticator
          hideSignUp
          socialProviders={socialProvidersOf(config)}
          formFields={{
            ...formFields,
            setupTotp: { QR: { totpIssuer: config.totpIssuer }, ...formFields?.setupTotp },
          }}
          services={{
            ...services,
            // Amplify types this service as the overloaded `confirmResetPassword`; it calls the one-argument form.
            handleForgotPasswordSubmit: (async (input: ConfirmResetPasswordInput) => {
              await confirmReset(input);
              setPasswordChanged(input.username.trim());
            }) as typeof confirmResetPassword,
          }}
          components={{
            Header: SignInHeader,
            ...components,
            SignIn: {
              ...components?.SignIn,
              Header: () =>
                passwordChanged === undefined ? null : <PasswordChanged username={passwordChanged} />,
            },
          }}
          {...props}
        >
          {() => <>{signedIn}</>}
        </Authenticator>
      </main>
    </div>
  );
};
