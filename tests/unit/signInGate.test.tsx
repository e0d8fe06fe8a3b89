import { buildRuntimeConfig, configureFakeAmplify } from '@test-support/fakeConfig';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PasswordPolicy } from '../../contract/runtimeConfig';
import { SignInGate } from '../../src/authProvider/SignInGate';
import { fakeCognito } from './support/fakeCognito';

const POLICY: PasswordPolicy = {
  minLength: 10,
  requireLowercase: true,
  requireUppercase: true,
  requireNumbers: true,
  requireSpecialCharacters: true,
};

const cognito = fakeCognito({
  ForgotPassword: () => ({
    CodeDeliveryDetails: { Destination: 'a***@e***.org', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
  }),
  ConfirmForgotPassword: () => ({}),
});

/** Our gate, configured from a config.json whose policy is POLICY, at the confirm-reset-password screen. */
async function openConfirmResetPassword(policy: PasswordPolicy = POLICY) {
  const config = buildRuntimeConfig({ passwordPolicy: policy });
  configureFakeAmplify(config);
  const user = userEvent.setup();
  render(<SignInGate config={config} initialState="forgotPassword" signedIn={<p>Signed in</p>} />);
  await user.type(await screen.findByLabelText('Enter your username'), 'ada');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  const password = await screen.findByLabelText('New Password');
  return { user, password, confirm: screen.getByLabelText('Confirm Password') };
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', cognito.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe('password policy messages (spec §5)', () => {
  it('lists every rule the password breaks, with the minimum length from config.json', async () => {
    const { user, password } = await openConfirmResetPassword();
    await user.type(password, 'é'); // not a letter a-z, digit or special character
    await user.tab();
    for (const message of [
      'Password must have at least 10 characters',
      'Password must have lower case letters',
      'Password must have upper case letters',
      'Password must have numbers',
      'Password must have special characters',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it('only names the rules still broken, and only the ones the policy has', async () => {
    const { user, password } = await openConfirmResetPassword({
      ...POLICY,
      minLength: 8,
      requireSpecialCharacters: false,
    });
    await user.type(password, 'abcdefgh');
    await user.tab();
    expect(await screen.findByText('Password must have upper case letters')).toBeInTheDocument();
    expect(screen.getByText('Password must have numbers')).toBeInTheDocument();
    expect(screen.queryByText('Password must have lower case letters')).toBeNull();
    expect(screen.queryByText(/at least 8 characters/)).toBeNull();
    expect(screen.queryByText('Password must have special characters')).toBeNull();
  });

  it('accepts a password that keeps the policy (a space counts as special)', async () => {
    const { user, password } = await openConfirmResetPassword();
    await user.type(password, 'Correct horse 9');
    await user.tab();
    expect(screen.queryByText(/^Password must have/)).toBeNull();
  });
});

describe('confirm password (spec §5)', () => {
  it('says the passwords must match once both fields were touched', async () => {
    const { user, password, confirm } = await openConfirmResetPassword();
    await user.type(password, 'Abc1!');
    await user.type(confirm, 'Abc2!');
    expect(screen.queryByText('Your passwords must match')).toBeNull(); // both < 6 and confirm not yet left
    await user.tab();
    expect(await screen.findByText('Your passwords must match')).toBeInTheDocument();
  });

  it('says so before leaving the field when both have at least 6 characters', async () => {
    const { user, password, confirm } = await openConfirmResetPassword();
    await user.type(password, 'Abcdef1!');
    await user.tab();
    await user.type(confirm, 'Abcdef');
    expect(await screen.findByText('Your passwords must match')).toBeInTheDocument();
    await user.type(confirm, '1!');
    await waitFor(() => expect(screen.queryByText('Your passwords must match')).toBeNull());
  });
});

describe('after a password reset', () => {
  it('says on the sign-in screen that the password was changed', async () => {
    const { user, password, confirm } = await openConfirmResetPassword();
    await user.type(screen.getByLabelText('Code *'), '123456');
    await user.type(password, 'Correct horse 9');
    await user.type(confirm, 'Correct horse 9');
    expect(screen.queryByText(/Your password was changed/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Your password was changed. Sign in with your new password.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    // Not a blank form: the username is filled in and the new password is typed next.
    expect(screen.getByLabelText('Username')).toHaveValue('ada');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(cognito.bodyOf('ConfirmForgotPassword')).toMatchObject({
      Username: 'ada',
      ConfirmationCode: '123456',
    });
  });
});
