import type { CurrentUser } from '@aurum/core';
import LogoutIcon from '@mui/icons-material/Logout';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import SubscriptionsIcon from '@mui/icons-material/Subscriptions';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useNavigate } from 'react-router';
import { navigateSafely } from '../../lib/navigation';
import { paths } from '../../lib/paths';
import { useThemeMode } from '../theme/ThemeModeProvider';
import { ThemeToggleIcon, themeToggleLabel } from '../theme/theme-toggle';
import { type NavItem, secondaryNavItems } from './nav-items';

/** The account menu's popup: every place of the account (creator and admin tools for those roles), the theme and sign-out. */
export default function AccountMenuPopup({
  user,
  anchor,
  onClose,
}: {
  user: CurrentUser;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { mode, toggleMode } = useThemeMode();
  const navigate = useNavigate();
  // Every place of the account, the creator's and the admin's tools included: on a phone this menu
  // is the only way to them (the bottom bar holds five destinations).
  const places: NavItem[] = user.registrationCompletedAt
    ? [
        { label: 'Profile', to: paths.user(user.id), icon: <PersonIcon fontSize="small" /> },
        { label: 'Subscriptions', to: paths.subscriptions, icon: <SubscriptionsIcon fontSize="small" /> },
        { label: 'People', to: paths.people, icon: <PeopleIcon fontSize="small" /> },
        ...secondaryNavItems(user),
      ]
    : [];
  const go = (to: string) => {
    onClose();
    navigateSafely(navigate, to);
  };

  return (
    <Menu
      id="account-menu"
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {places.map((place) => (
        <MenuItem key={place.label} onClick={() => go(place.to)} aria-label={place.ariaLabel}>
          <ListItemIcon>{place.icon}</ListItemIcon>
          <ListItemText>{place.label}</ListItemText>
        </MenuItem>
      ))}
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
  );
}
