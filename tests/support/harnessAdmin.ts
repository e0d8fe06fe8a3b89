import { useContext, useMemo, useState } from 'react';
import { memoryStore } from 'react-admin';
import { createQueryClient } from '../../src/dataProvider/queryClient';
import { StoryThemeContext } from './storyTheme';

/**
 * What every harness of stories and component tests hands to react-admin besides its providers: a fresh memory
 * store opening in the mode Storybook's toolbar chose, the app's themes (compact ones under that toolbar), and
 * the app's query defaults with the same tries of a failed read asked again at once instead of after 1 s and
 * 2 s (a failure story drew its error after 3 s of waiting).
 */
export function useHarnessAdmin() {
  const { mode, light, dark } = useContext(StoryThemeContext);
  const store = useMemo(() => memoryStore({ theme: mode }), [mode]);
  const themes = useMemo(() => ({ light, dark }), [light, dark]);
  const [queryClient] = useState(() => createQueryClient({ retryDelay: 0 }));
  return { store, themes, queryClient };
}
