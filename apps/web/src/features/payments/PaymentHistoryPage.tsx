import { type ChargeKindName, displayName, formatMoney, type MemberPayment } from '@aurum/core';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { PagedResults } from '../../components/PagedResults';
import { PageHeader } from '../../components/PageHeader';
import { UserAvatar } from '../../components/UserAvatar';
import { formatDate } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { paymentHistoryQuery } from './api';

/** What each kind of payment was, as the member reads it. */
const KIND_TITLES: Readonly<Record<ChargeKindName, string>> = {
  subscription: 'Subscription',
  renewal: 'Renewal',
  plan_change: 'Plan change',
  paid_message: 'Paid message',
  paid_post: 'Post',
  tip: 'Tip',
  refund: 'Refund',
};

/** "Subscription · Gold", "Tip", "Refund": the kind, and the plan it was for. */
export function paymentTitle(payment: Pick<MemberPayment, 'kind' | 'planName'>): string {
  return payment.planName && payment.kind !== 'refund' ? `${KIND_TITLES[payment.kind]} · ${payment.planName}` : KIND_TITLES[payment.kind];
}

/** /payments: what the member paid whom and for what, newest first, with refunds and failed attempts. */
export default function PaymentHistoryPage() {
  const history = useInfiniteQuery(paymentHistoryQuery);
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader title="Payments">
        Everything you paid: subscriptions and renewals, posts and messages you unlocked, tips, and the refunds you got.{' '}
        <Link component={RouterLink} to={paths.paymentMethods}>
          Your payment methods
        </Link>
      </PageHeader>
      <PagedResults
        query={history}
        label="Payments"
        loadingLabel="Loading your payments"
        empty={{ title: 'No payments yet', text: 'When you subscribe, tip or unlock something, the payment shows here.' }}
        moreLabel="Load more payments"
        moreLoadingLabel="Loading more payments…"
        renderItem={(payment) => <PaymentRow key={payment.id} payment={payment} />}
      />
    </Box>
  );
}

function PaymentRow({ payment }: { payment: MemberPayment }) {
  const amount = formatMoney(payment);
  const refund = payment.kind === 'refund';
  const place = payment.postId
    ? { to: paths.post(payment.postId), text: 'See the post' }
    : payment.chatId
      ? { to: paths.chat(payment.chatId), text: 'Open the chat' }
      : null;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <UserAvatar profile={payment.creator} size={40} />
      <Box sx={{ minWidth: 0, flex: 1, display: 'grid', gap: 0.25 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', justifyContent: 'space-between' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{paymentTitle(payment)}</Typography>
          <Typography
            sx={{ fontWeight: 600, whiteSpace: 'nowrap', textDecoration: payment.status === 'failed' ? 'line-through' : undefined }}
            color={refund ? 'success.main' : 'text.primary'}
          >
            {refund ? `+${amount}` : amount}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {refund ? 'From' : 'To'}{' '}
          <Link component={RouterLink} to={paths.user(payment.creator.userId)} color="inherit">
            {displayName(payment.creator)}
          </Link>{' '}
          · <time dateTime={payment.createdAt}>{formatDate(payment.createdAt)}</time>
        </Typography>
        {payment.tipMessage && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            “{payment.tipMessage}”
          </Typography>
        )}
        {payment.status === 'failed' && (
          <Typography variant="body2" color="error">
            Not paid{payment.failureMessage ? `: ${payment.failureMessage}` : '.'}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {payment.status === 'pending' && <Chip size="small" variant="outlined" label="Processing" />}
          {payment.refunded && <Chip size="small" color="success" variant="outlined" label="Refunded" />}
          {place && payment.status === 'succeeded' && (
            <Link component={RouterLink} to={place.to} variant="body2">
              {place.text}
            </Link>
          )}
        </Box>
      </Box>
    </Paper>
  );
}
