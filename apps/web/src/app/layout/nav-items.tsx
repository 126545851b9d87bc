import { type CurrentUser, ROLE } from '@aurum/core';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArticleIcon from '@mui/icons-material/Article';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CampaignIcon from '@mui/icons-material/Campaign';
import ChatIcon from '@mui/icons-material/Chat';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ExploreIcon from '@mui/icons-material/Explore';
import HomeIcon from '@mui/icons-material/Home';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PersonIcon from '@mui/icons-material/Person';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RecentActorsIcon from '@mui/icons-material/RecentActors';
import SubscriptionsIcon from '@mui/icons-material/Subscriptions';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import ViewListIcon from '@mui/icons-material/ViewList';
import Badge from '@mui/material/Badge';
import type { ReactElement } from 'react';
import { paths } from '../../lib/paths';

export interface NavItem {
  label: string;
  to: string;
  icon: ReactElement;
  /** The accessible name when it says more than the label (an unread count). */
  ariaLabel?: string;
}

/** The five destinations of the bottom bar on phones, also first in the desktop side menu; Chat carries the unread count. */
export function primaryNavItems(user: Pick<CurrentUser, 'id'>, unreadChats = 0): NavItem[] {
  return [
    { label: 'Home', to: paths.home, icon: <HomeIcon /> },
    { label: 'Explore', to: paths.explore, icon: <ExploreIcon /> },
    {
      label: 'Chat',
      to: paths.chats,
      icon: (
        <Badge badgeContent={unreadChats} color="primary" max={99}>
          <ChatIcon />
        </Badge>
      ),
      ...(unreadChats > 0 ? { ariaLabel: `Chat, ${unreadChats} unread` } : {}),
    },
    { label: 'Subscriptions', to: paths.subscriptions, icon: <SubscriptionsIcon /> },
    { label: 'Profile', to: paths.user(user.id), icon: <PersonIcon /> },
  ];
}

/** Further places the roomy desktop menu lists; creator and admin tools only for those roles. */
export function secondaryNavItems(user: Pick<CurrentUser, 'roles'>, unreadNotices = 0): NavItem[] {
  const isCreator = user.roles.includes(ROLE.creators);
  return [
    ...(isCreator
      ? [
          { label: 'Creator dashboard', to: paths.creatorDashboard, icon: <DashboardIcon /> },
          { label: 'Posts', to: paths.posts, icon: <ArticleIcon /> },
          { label: 'Plans', to: paths.plans, icon: <ViewListIcon /> },
          { label: 'Fan lists', to: paths.fanLists, icon: <RecentActorsIcon /> },
          { label: 'Mass messages', to: paths.massMessages, icon: <CampaignIcon /> },
          { label: 'Vault', to: paths.vault, icon: <PhotoLibraryIcon /> },
          { label: 'Payouts', to: paths.creatorPayouts, icon: <AccountBalanceWalletIcon /> },
        ]
      : [{ label: 'Become a creator', to: paths.creatorDashboard, icon: <AutoAwesomeIcon /> }]),
    { label: 'Payment methods', to: paths.paymentMethods, icon: <CreditCardIcon /> },
    { label: 'Payments', to: paths.payments, icon: <ReceiptLongIcon /> },
    {
      label: 'Notices',
      to: paths.notices,
      icon: (
        <Badge badgeContent={unreadNotices} color="primary" max={99}>
          <NotificationsIcon />
        </Badge>
      ),
      ...(unreadNotices > 0 ? { ariaLabel: `Notices, ${unreadNotices} unread` } : {}),
    },
    { label: 'Support', to: paths.support, icon: <SupportAgentIcon /> },
    ...(user.roles.includes(ROLE.admins) ? [{ label: 'Admin', to: paths.admin, icon: <AdminPanelSettingsIcon /> }] : []),
  ];
}

/** The item whose path is the longest prefix of the current path, so /chat/42 highlights Chat. */
export function activeNavItem(items: NavItem[], pathname: string): NavItem | undefined {
  return items.filter((item) => pathname === item.to || pathname.startsWith(`${item.to}/`)).sort((a, b) => b.to.length - a.to.length)[0];
}
