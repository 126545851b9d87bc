import type { PayoutMethod } from '@aurum/core';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { payoutMethodsQuery } from '../../lib/payout-methods';
import { PageLoading } from '../LoadingOverlay';
import { RetryAlert } from '../RetryAlert';
import { PayoutMethodForm } from './PayoutMethodForm';
import { PayoutMethodList } from './PayoutMethodList';

export interface PayoutMethodsSectionProps {
  /** After a method was added (it is the active one now). */
  onAdded?: (method: PayoutMethod) => void;
  /** After a method was made active or removed. */
  onChanged?: () => void;
  /** The level of its headings: h2 on a page of its own, h3 inside a page's section. */
  headingLevel?: 'h2' | 'h3';
}

/** The user's payout methods and a form to add one; the form is open while there are none. */
export function PayoutMethodsSection({ onAdded, onChanged, headingLevel = 'h2' }: PayoutMethodsSectionProps) {
  const methods = useQuery(payoutMethodsQuery);
  const [adding, setAdding] = useState(false);

  if (methods.isPending) return <PageLoading label="Loading payout methods" />;
  if (methods.error) {
    return <RetryAlert error={methods.error} onRetry={() => methods.refetch()} />;
  }
  const saved = methods.data;
  const showForm = adding || saved.length === 0;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {saved.length > 0 && (
        <Box component="section" aria-labelledby="payout-saved" sx={{ display: 'grid', gap: 1.5 }}>
          <Typography id="payout-saved" variant="h2" component={headingLevel} sx={{ fontSize: '1.15rem' }}>
            Your payout methods
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Earnings are paid to the active method.
          </Typography>
          <PayoutMethodList methods={saved} onChanged={onChanged} />
        </Box>
      )}
      {showForm ? (
        <Box component="section" aria-labelledby="payout-add" sx={{ display: 'grid', gap: 1.5 }}>
          <Typography id="payout-add" variant="h2" component={headingLevel} sx={{ fontSize: '1.15rem' }}>
            Add a payout method
          </Typography>
          <PayoutMethodForm
            onSaved={(method) => {
              setAdding(false);
              onAdded?.(method);
            }}
            onCancel={saved.length > 0 ? () => setAdding(false) : undefined}
          />
        </Box>
      ) : (
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ justifySelf: 'start' }}>
          Add another payout method
        </Button>
      )}
    </Box>
  );
}
