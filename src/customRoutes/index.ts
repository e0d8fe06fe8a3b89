export { ErrorPage } from './ErrorPage';
export { NotFoundPage } from './NotFoundPage';
export { UnauthorizedPage } from './UnauthorizedPage';
