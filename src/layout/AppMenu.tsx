import { Menu } from 'react-admin';
import { splitChrome } from './chromeMenu';
import { menuIconFor } from './menuIcons';
import { useChrome } from './useChrome';
import { useChromeRedirects } from './useChromeRedirects';

/** The sidebar from GET /chrome (spec §2): Home → dashboard link, the rest → menu items. */
export const AppMenu = () => {
  const { data = [], error } = useChrome();
  const menu = splitChrome(data);
  useChromeRedirects(menu, error);
  return (
    <Menu>
      {menu.home && <Menu.DashboardItem primaryText={menu.home.title} />}
      {menu.sidebar.map(({ title, url }) => {
        const Icon = menuIconFor(url);
        return <Menu.Item key={url} to={url} primaryText={title} leftIcon={<Icon />} />;
      })}
    </Menu>
  );
};
