export { createAuthProvider } from './authProvider';
export { LazyLoginPage } from './LazyLoginPage';
export { idToken } from './session';
