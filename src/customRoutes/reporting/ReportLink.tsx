import { Link, type LinkProps, useLocation } from 'react-router-dom';

/**
 * A link to another report page that keeps the months being read (the URL's `?from&to`), so going to a
 * client and back shows the same range.
 */
export const ReportLink = ({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) => {
  const { search } = useLocation();
  return <Link to={{ pathname: to, search }} {...props} />;
};
