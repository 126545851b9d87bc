import type { PayoutAccount } from '@aurum/core';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { PayoutMethodsSection } from '../../components/payout-method/PayoutMethodsSection';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { formatDate } from '../../lib/dates';
import { PAYOUT_METHOD_KINDS } from '../../lib/payout-methods';
import { PROVIDER_LABELS } from './labels';
import { ProviderAccountPanel } from './ProviderAccountPanel';

/**
 * Where payouts go: the active method, whether this server can pay it, the pause after a
 * change, and the saved methods to change or add one (open at once while there is none).
 */
export function PayoutMethodCard({ account }: { account: PayoutAccount }) {
  const { method, methodProvider, methodChangePauseUntil } = account;
  const [managing, setManaging] = useState(false);
  const manageId = useId();
  const Icon = method?.type === 'paypal' ? AlternateEmailIcon : AccountBalanceIcon;
  const open = managing || !method;

  return (
    <SectionCard title="Payout method">
      {method ? (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <Icon aria-hidden sx={{ color: 'primary.main', mt: 0.25 }} />
          <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5 }}>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{method.label}</Typography>
            {methodProvider && (
              <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start' }}>
                <CheckCircleIcon aria-hidden fontSize="inherit" sx={{ color: 'success.main', mt: '0.2em', flexShrink: 0 }} />
                <span>Paid through {PROVIDER_LABELS[methodProvider]}</span>
              </Typography>
            )}
          </Box>
        </Box>
      ) : (
        <Typography color="text.secondary">You have no payout method yet. Add a bank account or PayPal to withdraw.</Typography>
      )}
      {account.providerAccount && <ProviderAccountPanel account={account.providerAccount} />}
      {method && !methodProvider && (
        <Alert severity="warning">
          This server cannot pay {PAYOUT_METHOD_KINDS[method.type]} yet. Add another kind of payout method to withdraw your earnings.
        </Alert>
      )}
      {methodChangePauseUntil && (
        <Alert severity="info">Your payout method changed, so payouts wait until {formatDate(methodChangePauseUntil)}.</Alert>
      )}
      {method && !methodChangePauseUntil && (
        <Typography variant="body2" color="text.secondary">
          Changing your active payout method pauses payouts for a few days, so nobody else can send your money elsewhere.
        </Typography>
      )}
      {method && (
        <Button
          variant="outlined"
          aria-expanded={open}
          aria-controls={manageId}
          onClick={() => setManaging((current) => !current)}
          sx={{ justifySelf: 'start' }}
        >
          {managing ? 'Done' : 'Change payout method'}
        </Button>
      )}
      {open && (
        <Box id={manageId}>
          <PayoutMethodsSection headingLevel="h3" onAdded={() => addSnack('Payout method saved.', 'success')} />
        </Box>
      )}
    </SectionCard>
  );
}
