import { useState } from 'react';
import { createQueryClient } from '../../src/dataProvider/queryClient';

/**
 * The app's query defaults for a harness of stories and component tests: the same tries of a failed read, asked
 * again at once instead of after 1 s and 2 s (a failure story drew its error after 3 s of waiting).
 */
export const useHarnessQueryClient = () => useState(() => createQueryClient({ retryDelay: 0 }))[0];
