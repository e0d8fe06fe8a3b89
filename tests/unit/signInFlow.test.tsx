import { buildRuntimeConfig, configureFakeAmplify } from '@test-support/fakeConfig';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type SignInInput, signIn } from 'aws-amplify/auth';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SignInGate } from '../../src/authProvider/SignInGate';
import { enterText } from './support/enterText';
import { fakeCognito, fakeTokens } from './support/fakeCognito';

const cognito = fakeCognito({
  InitiateAuth: () => ({
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session: 'session-1',
    ChallengeParameters: {
      USER_ID_FOR_SRP: 'ada',
      requiredAttributes: '["userAttributes.phone_number"]',
      userAttributes: '{"email":"ada.lovelace@example.org"}',
    },
  }),
  RespondToAuthChallenge: () => ({ AuthenticationResult: fakeTokens('ada') }),
  GetUser: () => ({
    Username: 'ada',
    UserAttributes: [
      { Name: 'sub', Value: 'sub-1' },
      { Name: 'email', Value: 'ada.lovelace@example.org' },
      { Name: 'email_verified', Value: 'false' },
      { Name: 'phone_number', Value: '+15551234567' },
      { Name: 'phone_number_verified', Value: 'false' },
    ],
  }),
});

// The emulator speaks SRP like Cognito; this fake does not, so sign-in uses the plain-password flow here.
const services = {
  // Amplify types this service as its overloaded `signIn`; the Authenticator only calls the one-argument form.
  handleSignIn: ((input: SignInInput) =>
    signIn({ ...input, options: { authFlowType: 'USER_PASSWORD_AUTH' } })) as typeof signIn,
};

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', cognito.fetch);
});
afterEach(() => vi.unstubAllGlobals());

it('joins the dial code to the phone number on first sign-in, then masks the contacts to verify', async () => {
  const config = buildRuntimeConfig();
  configureFakeAmplify(config);
  const user = userEvent.setup();
  render(<SignInGate config={config} services={services} signedIn={<p>Signed in</p>} />);

  await user.type(await screen.findByLabelText('Username'), 'ada');
  await enterText(user, screen.getByLabelText('Password'), 'Temporary1!');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  // Force new password with the missing phone number (spec §2, §3: default dial code +1).
  await enterText(user, await screen.findByLabelText('Password'), 'Brand new 1!');
  await enterText(user, screen.getByLabelText('Confirm Password'), 'Brand new 1!');
  expect(screen.getByRole('listbox', { name: 'Country code' })).toHaveValue('+1');
  await enterText(user, screen.getByLabelText('Phone Number'), '(555) 123-4567');
  await user.click(screen.getByRole('button', { name: 'Change Password' }));

  // Verify contact: e-mail shows only the first and last character of its local part, phone the last 4 digits.
  expect(await screen.findByText('Email: a**********e@example.org')).toBeInTheDocument();
  expect(screen.getByText('Phone Number: ********4567')).toBeInTheDocument();
  const challenge = cognito.bodyOf('RespondToAuthChallenge') as {
    ChallengeResponses: Record<string, string>;
  };
  expect(challenge.ChallengeResponses['userAttributes.phone_number']).toBe('+15551234567');
});
