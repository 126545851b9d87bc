import type { CurrentUser } from '@aurum/core';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink, useLocation } from 'react-router';
import { addSnack } from '../../components/snack-queue';
import { useUnreadChats } from '../../lib/chat-unread';
import { useSignedInUser } from '../../lib/current-user';
import { useModerationNotices } from '../../lib/moderation';
import { fillsWindow } from '../routes';
import { activeNavItem, type NavItem, primaryNavItems, secondaryNavItems } from './nav-items';
import { PageMain } from './PageMain';
import { TopBar } from './TopBar';

const SIDE_MENU_WIDTH = 248;
/** The top bar's height from MUI's sm breakpoint up, where its toolbar is 64px tall. */
const TOP_BAR_HEIGHT = 64;
/** Room kept under the page for the fixed bottom bar. */
const BOTTOM_BAR_SPACE = 'calc(72px + env(safe-area-inset-bottom))';

function SideMenu({
  user,
  pathname,
  unreadChats,
  unreadNotices,
}: {
  user: CurrentUser;
  pathname: string;
  unreadChats: number;
  unreadNotices: number;
}) {
  const primary = primaryNavItems(user, unreadChats);
  const secondary = secondaryNavItems(user, unreadNotices);
  const active = activeNavItem([...primary, ...secondary], pathname);
  const renderItem = (item: NavItem) => (
    <ListItem key={item.to} disablePadding>
      <ListItemButton
        component={RouterLink}
        to={item.to}
        selected={item === active}
        aria-current={item === active ? 'page' : undefined}
        aria-label={item.ariaLabel}
        sx={{ borderRadius: 999, mx: 1.5, mb: 0.5 }}
      >
        <ListItemIcon sx={{ minWidth: 40, color: item === active ? 'primary.main' : undefined }}>{item.icon}</ListItemIcon>
        <ListItemText primary={item.label} />
      </ListItemButton>
    </ListItem>
  );
  return (
    // A column as tall as the page (the row stretches it), so its background reaches the bottom
    // of a long page; the items stay in view under the sticky top bar while the page scrolls.
    <Box
      component="nav"
      aria-label="Main"
      sx={{ width: SIDE_MENU_WIDTH, flexShrink: 0, bgcolor: 'background.paper', borderRight: 1, borderColor: 'divider' }}
    >
      <Box sx={{ position: 'sticky', top: TOP_BAR_HEIGHT, pt: 2 }}>
        <List disablePadding>{primary.map(renderItem)}</List>
        <Divider sx={{ my: 1.5 }} />
        <List disablePadding>{secondary.map(renderItem)}</List>
      </Box>
    </Box>
  );
}

function BottomBar({ user, pathname, unreadChats }: { user: CurrentUser; pathname: string; unreadChats: number }) {
  const items = primaryNavItems(user, unreadChats);
  const active = activeNavItem(items, pathname);
  return (
    <Paper
      component="nav"
      aria-label="Main"
      elevation={8}
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 'appBar', pb: 'env(safe-area-inset-bottom)' }}
    >
      <BottomNavigation showLabels value={active?.to ?? false}>
        {items.map((item) => (
          <BottomNavigationAction
            key={item.to}
            component={RouterLink}
            to={item.to}
            value={item.to}
            label={item.label}
            icon={item.icon}
            aria-current={item === active ? 'page' : undefined}
            aria-label={item.ariaLabel}
            sx={{ minWidth: 0, px: 0.5 }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}

/**
 * The layout with navigation: a bottom bar on phones and tablets, a permanent side menu from
 * the lg breakpoint up. Visitors who are not signed in get the bare top bar, with nowhere to go.
 */
const announceNotice = () => addSnack('You have a new notice.', 'info');

export function MenuLayout() {
  const user = useSignedInUser();
  const { pathname } = useLocation();
  const desktop = useMediaQuery(useTheme().breakpoints.up('lg'), { noSsr: true });
  const showMenu = user !== null && Boolean(user.registrationCompletedAt);
  const unreadChats = useUnreadChats(showMenu ? user.id : null);
  // A moderation notice (a report's outcome) is announced with a snack wherever the user is.
  const unreadNotices = useModerationNotices(showMenu ? user.id : null, announceNotice);

  return (
    // At least the window's height, so the side menu's column reaches the bottom of a short page too.
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
      <TopBar user={user} />
      <Box sx={{ display: 'flex', flex: 1 }}>
        {showMenu && desktop && <SideMenu user={user} pathname={pathname} unreadChats={unreadChats} unreadNotices={unreadNotices} />}
        <PageMain bottomSpace={showMenu && !desktop ? BOTTOM_BAR_SPACE : undefined} fill={fillsWindow(pathname)} />
      </Box>
      {showMenu && !desktop && <BottomBar user={user} pathname={pathname} unreadChats={unreadChats} />}
    </Box>
  );
}
