export { ErrorPage } from './ErrorPage';
export { NotFoundPage } from './NotFoundPage';
export { AccessDeniedRedirect, UnauthorizedPage } from './UnauthorizedPage';
