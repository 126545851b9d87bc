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
  { label: 'Subscriptions', to: paths.adminSubscriptions },
  { label: 'Support', to: paths.adminSupport },
  { label: 'Audit log', to: paths.adminAudit },
] as const;

/** The admin area's own navigation: links styled as tabs, the current place marked. */
export function AdminTabs() {
  const { pathname } = useLocation();
  const current = [...TABS].reverse().find((tab) => pathname === tab.to || pathname.startsWith(`${tab.to}/`));
  return (
    <Box component="nav" aria-label="Admin" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
      <Tabs aria-label="Admin sections" value={current?.to ?? false} variant="scrollable" allowScrollButtonsMobile>
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
