import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../lib/paths';

const TABS = [
  { label: 'Overview', to: paths.admin },
  { label: 'Users', to: paths.adminUsers },
  { label: 'Verification', to: paths.adminVerificationRequests },
  { label: 'Payments', to: paths.adminPayments },
  { label: 'Payouts', to: paths.adminPayouts },
  { label: 'Disputes', to: paths.adminDisputes },
  // The moderation queue, with the restricted words it links to.
  { label: 'Reports', to: paths.reportedContent, also: [paths.restrictedWords] },
  { label: 'Subscriptions', to: paths.adminSubscriptions },
  { label: 'Support', to: paths.adminSupport },
  { label: 'Audit log', to: paths.adminAudit },
] as const satisfies readonly { label: string; to: string; also?: readonly string[] }[];

const isUnder = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * The admin area's own navigation: links styled as tabs, the current place marked. Tabs are
 * tight so all of them fit the page's width on a desktop; a phone scrolls them.
 */
export function AdminTabs() {
  const { pathname } = useLocation();
  const current = [...TABS]
    .reverse()
    .find((tab) => isUnder(pathname, tab.to) || ('also' in tab && tab.also.some((path) => isUnder(pathname, path))));
  return (
    // minWidth 0: in a grid or flex page the strip scrolls within the page instead of widening it.
    <Box component="nav" aria-label="Admin" sx={{ mb: 3, minWidth: 0, borderBottom: 1, borderColor: 'divider' }}>
      <Tabs
        aria-label="Admin sections"
        value={current?.to ?? false}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ '& .MuiTab-root': { minWidth: 0, px: 1, fontSize: '0.8125rem' } }}
      >
        {TABS.map((tab) => (
          <Tab
            key={tab.to}
            value={tab.to}
            label={tab.label}
            component={RouterLink}
            to={tab.to}
            aria-current={current?.to === tab.to ? 'page' : undefined}
          />
        ))}
      </Tabs>
    </Box>
  );
}
