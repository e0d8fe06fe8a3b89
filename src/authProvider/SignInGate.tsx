import { Authenticator, type AuthenticatorProps, ThemeProvider } from '@aws-amplify/ui-react';
import '@aws-amplify/ui-react/styles.css';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { RuntimeConfig } from '../../contract/runtimeConfig';
import { amplifyTheme } from './amplifyTheme';
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
export const socialProvidersOf = (config: Pick<RuntimeConfig, 'cognito'>): SocialProvider[] =>
  (config.cognito.oauth?.providers ?? []).map((provider) => provider.toLowerCase() as SocialProvider);

/** Amplify UI's Authenticator with every screen of spec §2; sign-up is hidden (accounts are made elsewhere). */
export const SignInGate = ({
  config,
  colorMode = 'light',
  signedIn,
  formFields,
  ...props
}: SignInGateProps) => (
  <ThemeProvider theme={amplifyTheme} colorMode={colorMode}>
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        py: 4,
        bgcolor: 'background.default',
      }}
    >
      <Authenticator
        hideSignUp
        socialProviders={socialProvidersOf(config)}
        formFields={{
          ...formFields,
          setupTotp: { QR: { totpIssuer: config.totpIssuer }, ...formFields?.setupTotp },
        }}
        components={{ Header: SignInHeader }}
        {...props}
      >
        {() => <>{signedIn}</>}
      </Authenticator>
    </Box>
  </ThemeProvider>
);
