import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-admin';
import type { ChromeMenu } from './chromeMenu';

const ACCESS_DENIED = 'Access denied';
export const UNAUTHORIZED_PATH = '/unauthorized';

/**
 * spec §2/§8: an 'Unauthorized' menu item is a redirect target; GET /chrome denied with 'Access denied'
 * sends the user to /unauthorized; its other errors are only logged.
 */
export function useChromeRedirects(menu: ChromeMenu, error: Error | null) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const target = error?.message === ACCESS_DENIED ? UNAUTHORIZED_PATH : menu.unauthorized?.url;
  useEffect(() => {
    if (error && error.message !== ACCESS_DENIED) console.error('Could not load the menu', error);
  }, [error]);
  useEffect(() => {
    if (target && target !== pathname) navigate(target);
  }, [target, pathname, navigate]);
}
