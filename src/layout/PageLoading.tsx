import { Loading, Title } from 'react-admin';

/**
 * A page still reading what it shows: its title in the app bar already (an empty title there is an empty
 * heading to screen readers), and react-admin's spinner.
 */
export const PageLoading = ({ title }: { title: string }) => (
  <>
    <Title title={title} />
    <Loading />
  </>
);
