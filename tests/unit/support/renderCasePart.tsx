import { composeStories } from '@storybook/react-vite';
import { ResourceContextProvider } from 'react-admin';
import preview from '../../../.storybook/preview';
import { API_PATHS } from '../../../contract/paths';
import { createDataProvider } from '../../../src/dataProvider';
import { resourceOf } from '../../../src/dataProvider/resourcePaths';
import { CasePage } from '../../../src/resources/cases/page/CasePage';
import * as pageStories from '../../../src/resources/cases/page/CasePage.stories';
import { useCasePageParams } from '../../../src/resources/cases/page/casePageTabs';
import * as recordStories from '../../../src/resources/cases/records/CaseRecordTabs.stories';
import { buildUser } from '../../support/fakeApi';
import { fakeAuthProvider } from '../../support/fakeAuthProvider';
import { fakeHttpClientWithRecords } from '../../support/fakeCaseRecordsApi';
import { renderPart, renderWithProviders } from './renderPart';

/**
 * The case page alone, the part the case page's and record tabs' tests are about, over the same fake API, user,
 * data and failures as their stories, at the story's path: no app bar, menu or lazy page chunk around it.
 */

/** The case page in its stage's resource, whose edit view it is in the app (the resource follows the URL). */
const CasePart = () => (
  <ResourceContextProvider value={resourceOf(API_PATHS.caseStage(useCasePageParams().stage))}>
    <CasePage />
  </ResourceContextProvider>
);

export const pageStoryOf = composeStories(pageStories, preview);
type PageArgs = NonNullable<(typeof pageStoryOf)['Details']['args']>;

/** The case page of a `CasePage.stories` story, with `args` over the story's. */
export function renderCasePage(story: { args?: Partial<PageArgs> }, args: Partial<PageArgs> = {}) {
  // The harness's user when the story names none.
  const { path, user = buildUser(), ...api } = { ...pageStories.default.args, ...story.args, ...args };
  return renderPart(<CasePart />, { ...api, user, path });
}

export const recordStoryOf = composeStories(recordStories, preview);
type RecordArgs = NonNullable<(typeof recordStoryOf)['Events']['args']>;

/** The case page of a `CaseRecordTabs.stories` story with its records, with `args` over the story's. */
export function renderCaseRecords(story: { args?: Partial<RecordArgs> }, args: Partial<RecordArgs> = {}) {
  const {
    path,
    user = buildUser(),
    records,
    ...api
  } = { ...recordStories.default.args, ...story.args, ...args };
  // Records dated relative to the clock are made as the page mounts, as the story's harness does.
  const seeded = typeof records === 'function' ? records() : records;
  return renderWithProviders(<CasePart />, {
    dataProvider: createDataProvider({
      httpClient: fakeHttpClientWithRecords({ ...api, user, records: seeded }),
    }),
    authProvider: fakeAuthProvider(user),
    path,
  });
}
