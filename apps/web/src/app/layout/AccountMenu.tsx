import type { CurrentUser } from '@aurum/core';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import SubscriptionsIcon from '@mui/icons-material/Subscriptions';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { UserAvatar } from '../../components/UserAvatar';
import { paths } from '../../lib/paths';
import { navigateSafely } from '../navigation';
import { useThemeMode } from '../theme/ThemeModeProvider';
import { ThemeToggleIcon, themeToggleLabel } from '../theme/theme-toggle';

/** The avatar button of the top bar: profile, subscriptions, payment methods, theme and sign-out. */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { mode, toggleMode } = useThemeMode();
  const navigate = useNavigate();
  const close = () => setAnchor(null);
  const go = (to: string) => {
    close();
    navigateSafely(navigate, to);
  };

  return (
    <>
      <IconButton
        aria-label="Account"
        aria-haspopup="menu"
        aria-controls={anchor ? 'account-menu' : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <UserAvatar profile={user} size={34} />
      </IconButton>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {user.registrationCompletedAt && [
          <MenuItem key="profile" onClick={() => go(paths.user(user.id))}>
            <ListItemIcon>
              <PersonIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Profile</ListItemText>
          </MenuItem>,
          <MenuItem key="subscriptions" onClick={() => go(paths.subscriptions)}>
            <ListItemIcon>
              <SubscriptionsIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Subscriptions</ListItemText>
          </MenuItem>,
          <MenuItem key="payment-methods" onClick={() => go(paths.paymentMethods)}>
            <ListItemIcon>
              <CreditCardIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Payment methods</ListItemText>
          </MenuItem>,
        ]}
        <MenuItem onClick={toggleMode}>
          <ListItemIcon>
            <ThemeToggleIcon mode={mode} fontSize="small" />
          </ListItemIcon>
          <ListItemText>{themeToggleLabel(mode)}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => go(paths.logout)}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Sign out</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
