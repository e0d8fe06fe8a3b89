export { createAuthProvider } from './authProvider';
export { LazyLoginPage } from './LazyLoginPage';
export { LoginRedirect, SignInPage } from './SignInPage';
export { idToken } from './session';
