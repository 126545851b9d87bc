import type { CurrentUser } from '@aurum/core';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import LogoutIcon from '@mui/icons-material/Logout';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import SubscriptionsIcon from '@mui/icons-material/Subscriptions';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
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

/** The account menu's popup: profile, subscriptions, payment methods, theme and sign-out. */
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
        <MenuItem key="notices" onClick={() => go(paths.notices)}>
          <ListItemIcon>
            <NotificationsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Notices</ListItemText>
        </MenuItem>,
        <MenuItem key="people" onClick={() => go(paths.people)}>
          <ListItemIcon>
            <PeopleIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>People</ListItemText>
        </MenuItem>,
        <MenuItem key="support" onClick={() => go(paths.support)}>
          <ListItemIcon>
            <SupportAgentIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Support</ListItemText>
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
  );
}
