export { createAuthProvider } from './authProvider';

export { LoginRedirect, SignInPage } from './SignInPage';
export { idToken } from './session';
