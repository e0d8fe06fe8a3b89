export { AppLayout } from './AppLayout';
export { BaseLayout } from './BaseLayout';
