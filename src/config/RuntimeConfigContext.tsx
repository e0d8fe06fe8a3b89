import { createContext, type ReactNode, useContext } from 'react';
import type { RuntimeConfig } from '../../contract/runtimeConfig';

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export const RuntimeConfigProvider = ({
  config,
  children,
}: {
  config: RuntimeConfig;
  children: ReactNode;
}) => <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used inside <RuntimeConfigProvider>');
  return config;
}
