import type { Meta, StoryObj } from '@storybook/react-vite';
import { buildRuntimeConfig, configureFakeAmplify } from '@test-support/fakeConfig';
import { SignInGate } from './SignInGate';

const config = buildRuntimeConfig();
const withGoogle = buildRuntimeConfig({
  cognito: {
    ...config.cognito,
    oauth: {
      domain: 'vigil-example.auth.us-east-1.amazoncognito.com',
      providers: ['Google'],
      redirectSignIn: [],
      redirectSignOut: [],
    },
  },
});

/** The themed sign-in gate (Amplify UI's Authenticator) against a fake pool: it renders, it signs nobody in. */
const meta = {
  title: 'Auth/SignInGate',
  component: SignInGate,
  parameters: {
    layout: 'fullscreen',
    // Amplify UI titles its other screens (reset password, set up TOTP…) with an h3 under our h1; a moderate
    // finding in the library's markup, the only rule held back here.
    a11y: { config: { rules: [{ id: 'heading-order', enabled: false }] } },
  },
  args: { config, signedIn: <p>Signed in</p> },
  beforeEach: ({ args }) => {
    configureFakeAmplify(buildRuntimeConfig(args.config));
  },
} satisfies Meta<typeof SignInGate>;
export default meta;

type Story = StoryObj<typeof meta>;

export const SignIn: Story = {};

export const ForgotPassword: Story = { args: { initialState: 'forgotPassword' } };

/** Federated buttons appear only when the configuration lists providers. */
export const WithGoogle: Story = { args: { config: withGoogle } };

export const Dark: Story = { args: { colorMode: 'dark' } };
