export { AppLayout } from './AppLayout';
export { BaseLayout } from './BaseLayout';
export { type ChromeMenu, splitChrome } from './chromeMenu';
