import type { CurrentUser } from '@aurum/core';
import IconButton from '@mui/material/IconButton';
import { lazy, useState } from 'react';
import { OnceNeeded } from '../../components/OnceNeeded';
import { UserAvatar } from '../../components/UserAvatar';

// The popup (and MUI's menu and modal code) loads on the first click, not with the page.
const loadPopup = () => import('./AccountMenuPopup');
const AccountMenuPopup = lazy(loadPopup);

/** The avatar button of the top bar: profile, subscriptions, payment methods, theme and sign-out. */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <>
      <IconButton
        aria-label="Account"
        aria-haspopup="menu"
        aria-controls={anchor ? 'account-menu' : undefined}
        aria-expanded={anchor ? true : undefined}
        onPointerEnter={() => loadPopup().catch(() => {})}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <UserAvatar profile={user} size={34} />
      </IconButton>
      <OnceNeeded needed={anchor !== null}>
        <AccountMenuPopup user={user} anchor={anchor} onClose={() => setAnchor(null)} />
      </OnceNeeded>
    </>
  );
}
