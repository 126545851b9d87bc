import { useSignedInUser } from '../../lib/current-user';
import { PageMain } from './PageMain';
import { TopBar } from './TopBar';

/** The layout without navigation: landing, sign-in and registration steps. */
export function BareLayout() {
  return (
    <>
      <TopBar user={useSignedInUser()} />
      <PageMain />
    </>
  );
}
