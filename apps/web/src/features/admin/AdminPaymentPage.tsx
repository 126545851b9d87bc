import {
  type AdminChargeDetail,
  AUDIT_REASON_MAX,
  buysSubscriptionPeriod,
  type ChargeKindName,
  formatMoney,
  type SubscriptionChargeKind,
} from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { AdminTabs } from '../../components/AdminTabs';
import { DetailList } from '../../components/DetailList';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { paths } from '../../lib/paths';
import { useAttemptKeys } from '../../lib/payment-attempt';
import { queryKeys } from '../../lib/query-keys';
import { ActionDialog } from './ActionDialog';
import { adminPaymentQuery, openTestDispute, refundPayment } from './api';
import { CHARGE_KIND_LABELS, LEDGER_KIND_LABELS, paymentStatusLabel } from './labels';
import { adminDateTime } from './MoneyList';

/** /admin/payments/:chargeId: one payment or refund, its ledger entries, and the refund action. */
export default function AdminPaymentPage() {
  const { chargeId = '' } = useParams();
  const detail = useQuery(adminPaymentQuery(chargeId));
  if (detail.isPending) return <PageLoading label="Loading the payment" />;
  if (detail.error) return <LoadFailed title="Payment" error={detail.error} retry={() => detail.refetch()} />;
  return <PaymentDetail detail={detail.data} />;
}

const personText = (person: { handle: string | null; email: string | null; id: string }) =>
  `${person.handle ? `@${person.handle}` : person.id}${person.email ? ` (${person.email})` : ''}`;

function PaymentDetail({ detail }: { detail: AdminChargeDetail }) {
  const { charge, ledger } = detail;
  const [refunding, setRefunding] = useState(false);
  const isRefund = charge.kind === 'refund';
  const amount = formatMoney({ amountMinor: charge.amountMinor, currency: charge.currency });
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title={`${isRefund ? 'Refund' : 'Payment'} of ${amount}`}>
        {CHARGE_KIND_LABELS[charge.kind]} · {paymentStatusLabel(charge)}
      </PageHeader>
      <AdminTabs />
      <Box sx={{ display: 'grid', gap: 2 }}>
        {detail.disputeId && (
          <Alert severity="warning" role="status">
            The member's bank disputed this payment.{' '}
            <Link component={RouterLink} to={paths.adminDisputes} underline="always">
              See the disputes
            </Link>
          </Alert>
        )}
        {charge.refundStatus && (
          <Alert severity={charge.refundStatus === 'succeeded' ? 'info' : 'warning'} role="status">
            {charge.refundStatus === 'succeeded' ? 'This payment was refunded.' : 'A refund of this payment is being processed.'}{' '}
            {charge.refundId && (
              <Link component={RouterLink} to={paths.adminPayment(charge.refundId)} underline="always">
                See the refund
              </Link>
            )}
          </Alert>
        )}
        <SectionCard title="Details">
          <DetailList
            rows={[
              ['Amount', amount],
              ['Kind', CHARGE_KIND_LABELS[charge.kind]],
              ['Status', paymentStatusLabel(charge)],
              ['Member', personText(charge.member)],
              ['Creator', personText(charge.creator)],
              ['Plan', charge.planName],
              [
                'Before discount',
                charge.listAmountMinor === null ? null : formatMoney({ amountMinor: charge.listAmountMinor, currency: charge.currency }),
              ],
              ['Made', adminDateTime(charge.createdAt)],
              ['Settled', charge.settledAt ? adminDateTime(charge.settledAt) : null],
              ['Provider', `${charge.provider}${charge.providerRef ? ` · ${charge.providerRef}` : ''}`],
              ['Failure', charge.failureMessage ?? charge.failureCode],
              ['Reason', charge.refundReason],
              [
                'Access',
                charge.refundEndsAccess === null ? null : charge.refundEndsAccess ? 'Ended at the refund' : 'Runs to the end of its period',
              ],
            ]}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
            <Button component={RouterLink} to={paths.adminUser(charge.member.id)} variant="text">
              Open the member
            </Button>
            {charge.refundOf && (
              <Button component={RouterLink} to={paths.adminPayment(charge.refundOf)} variant="text">
                Open the refunded payment
              </Button>
            )}
            {detail.refundable && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', ml: 'auto' }}>
                {charge.provider === 'dev' && <TestDisputeButton chargeId={charge.id} amount={amount} />}
                <Button variant="outlined" onClick={() => setRefunding(true)}>
                  Refund
                </Button>
              </Box>
            )}
          </Box>
        </SectionCard>
        <SectionCard title="Ledger entries">
          {ledger.length === 0 ? (
            <Typography color="text.secondary">None: nothing was posted for it.</Typography>
          ) : (
            <DetailList
              rows={ledger.map(
                (entry) =>
                  [LEDGER_KIND_LABELS[entry.kind], formatMoney({ amountMinor: entry.amountMinor, currency: entry.currency })] as const,
              )}
            />
          )}
        </SectionCard>
      </Box>
      <RefundDialog detail={detail} open={refunding} onClose={() => setRefunding(false)} />
    </Box>
  );
}

/** The development provider only: the member's bank disputes this payment now, to try the dispute flow without Stripe. */
function TestDisputeButton({ chargeId, amount }: { chargeId: string; amount: string }) {
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const open = useMutation({
    mutationFn: (reason: string) => openTestDispute(chargeId, reason),
    onSuccess: async () => {
      setAsking(false);
      addSnack('Test dispute opened: the creator is debited the payment and the dispute fee.');
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
      navigate(paths.adminDisputes);
    },
  });
  return (
    <>
      <Button
        variant="outlined"
        onClick={() => {
          open.reset();
          setAsking(true);
        }}
      >
        Open a test dispute
      </Button>
      <ActionDialog
        action={
          asking
            ? {
                title: `Dispute ${amount} as the member's bank?`,
                description:
                  'The development provider takes the payment back with a dispute fee; the creator is debited both and the subscription ends. You can then decide the dispute.',
                confirm: 'Open the dispute',
                reasonRequired: true,
                reasonHelp: 'Kept in the audit log.',
              }
            : null
        }
        busy={open.isPending}
        error={open.error ? open.error.message : null}
        onConfirm={(reason) => open.mutate(reason)}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

/** What refunding a payment that bought no subscription period takes back; a subscription's payment asks when its access ends instead. */
const WHAT_A_REFUND_TAKES_BACK: Record<Exclude<ChargeKindName, SubscriptionChargeKind | 'refund'>, string> = {
  paid_message: "The message's media locks again for the member.",
  paid_post: 'The post locks again for the member.',
  tip: "The tip leaves the creator's earnings.",
};

/**
 * Asks why and what happens to the subscription, then refunds. The attempt keeps its key while
 * its outcome is unknown, so asking again never refunds twice.
 */
function RefundDialog({ detail, open, onClose }: { detail: AdminChargeDetail; open: boolean; onClose: () => void }) {
  const { charge } = detail;
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [endsAccess, setEndsAccess] = useState<'now' | 'period_end'>('now');
  const attempts = useAttemptKeys();
  const queryClient = useQueryClient();
  const takesBack = buysSubscriptionPeriod(charge.kind) || charge.kind === 'refund' ? undefined : WHAT_A_REFUND_TAKES_BACK[charge.kind];
  // What the admin chose goes in as the mutation's variables: read when they submit, not from an earlier render.
  const refund = useMutation({
    mutationFn: (choice: { reason: string; endsAccess: boolean }) =>
      refundPayment(charge.id, { idempotencyKey: attempts.keyFor(charge.id), ...choice }),
    onSettled: (_, error) => attempts.settled(error ?? undefined),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
      // A refusal stays in the dialog; the payment can be refunded again with a new attempt.
      if (result.refund.status === 'failed') return;
      addSnack(result.refund.status === 'succeeded' ? 'Payment refunded.' : 'The refund is being processed.');
      onClose();
    },
  });
  const amount = formatMoney({ amountMinor: charge.amountMinor, currency: charge.currency });
  const failed = refund.data?.refund.status === 'failed' ? (refund.data.failureMessage ?? 'The provider refused the refund.') : null;
  return (
    <Dialog
      open={open}
      onClose={refund.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => refund.reset() } }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          refund.mutate({ reason: reason.trim(), endsAccess: takesBack !== undefined || endsAccess === 'now' });
        }}
      >
        <DialogTitle id={titleId}>Refund {amount}?</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>
            The whole payment goes back to the member's payment method, the ledger entries are reversed and the member is told by e-mail.
          </DialogContentText>
          {takesBack !== undefined ? (
            <DialogContentText>{takesBack}</DialogContentText>
          ) : (
            <FormControl>
              <FormLabel id={`${titleId}-access`}>The subscription</FormLabel>
              <RadioGroup
                aria-labelledby={`${titleId}-access`}
                value={endsAccess}
                onChange={(event) => setEndsAccess(event.target.value as 'now' | 'period_end')}
              >
                <FormControlLabel value="now" control={<Radio />} label="Ends now" />
                <FormControlLabel value="period_end" control={<Radio />} label="Runs to the end of its period, then stops" />
              </RadioGroup>
            </FormControl>
          )}
          <TextField
            label="Reason"
            required
            helperText="Kept with the refund and in the audit log."
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: AUDIT_REASON_MAX } }}
          />
          {(refund.error || failed) && (
            <Alert severity="error" role="alert">
              {refund.error?.message ?? failed}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={refund.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={refund.isPending} disabled={!reason.trim()}>
            Refund {amount}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
