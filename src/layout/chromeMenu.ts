import type { NavigationItem } from '../../contract/chrome';

const HOME_TITLE = 'Home';
const UNAUTHORIZED_TITLE = 'Unauthorized';

export interface ChromeMenu {
  /** Becomes the homepage (dashboard) link. */
  home?: NavigationItem;
  /** A redirect target: the app navigates to its url. */
  unauthorized?: NavigationItem;
  /** The sidebar entries, in the server's order. */
  sidebar: NavigationItem[];
}

/** spec §2: how GET /chrome's items are used. */
export function splitChrome(items: readonly NavigationItem[]): ChromeMenu {
  return {
    home: items.find((item) => item.title === HOME_TITLE),
    unauthorized: items.find((item) => item.title === UNAUTHORIZED_TITLE),
    sidebar: items.filter((item) => item.title !== HOME_TITLE && item.title !== UNAUTHORIZED_TITLE),
  };
}
