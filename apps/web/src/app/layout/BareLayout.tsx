import { useLocation } from 'react-router';
import { useSignedInUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { PageMain } from './PageMain';
import { TopBar } from './TopBar';

/** The layout without navigation: landing, sign-in and registration steps. */
export function BareLayout() {
  const user = useSignedInUser();
  // Signing out draws the bar as a visitor's: the account's picture, drawn now, would be kept
  // again by the service worker while sign-out empties its picture cache.
  const signingOut = useLocation().pathname === paths.logout;
  return (
    <>
      <TopBar user={signingOut ? null : user} />
      <PageMain />
    </>
  );
}
