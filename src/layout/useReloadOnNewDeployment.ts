import { useEffect, useRef } from 'react';
import { useLocation } from 'react-admin';
import { isNewDeploymentAvailable } from '../deployment';

/** A noticed deployment is loaded at the next navigation, never in the middle of someone's work. */
export function useReloadOnNewDeployment() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current !== pathname && isNewDeploymentAvailable()) window.location.reload();
    previous.current = pathname;
  }, [pathname]);
}
