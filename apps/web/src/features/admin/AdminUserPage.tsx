import { type AdminUserDetail, formatMoney, MODERATION_ACTION_LABELS, REPORT_REASON_LABELS, ROLE } from '@aurum/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { AdminTabs } from '../../components/AdminTabs';
import { DetailList } from '../../components/DetailList';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { formatDate } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { ActionDialog, type PendingAction } from './ActionDialog';
import { type AdminAction, adminUserQuery, runAdminAction } from './api';
import { adminDisplayName, LABEL_NAMES } from './labels';
import { UserChips } from './UserChips';
import { VERIFICATION_STATUS_LABELS } from './verification-labels';

const dateTime = (at: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));

/** /admin/users/:userId: one account as an admin sees it, with the actions admins take on it. */
export default function AdminUserPage() {
  const { userId = '' } = useParams();
  const detail = useQuery(adminUserQuery(userId));
  if (detail.isPending) return <PageLoading label="Loading the user" />;
  if (detail.error) return <LoadFailed title="User" error={detail.error} retry={() => detail.refetch()} />;
  return <UserDetail detail={detail.data} />;
}

interface Choice extends PendingAction {
  action: AdminAction;
  done: string;
}

function UserDetail({ detail }: { detail: AdminUserDetail }) {
  const { user } = detail;
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Choice | null>(null);
  const run = useMutation({
    mutationFn: ({ action, reason }: { action: AdminAction; reason: string }) =>
      runAdminAction(user.id, action.kind === 'label' ? { ...action, change: { ...action.change, reason } } : { ...action, reason }),
    onSuccess: async () => {
      addSnack(choice?.done ?? 'Done', 'success');
      setChoice(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
  const name = adminDisplayName(user);
  const open = (next: Choice) => {
    run.reset();
    setChoice(next);
  };
  const labelChoice = (label: typeof ROLE.creators | typeof ROLE.admins): Choice => {
    const held = user.labels.includes(label);
    const what = LABEL_NAMES[label]?.toLowerCase() ?? label;
    return held
      ? {
          title: `Revoke ${what} label?`,
          description: `${name} will no longer be ${label === ROLE.admins ? 'an admin' : 'a creator'}.`,
          confirm: 'Revoke',
          done: `${LABEL_NAMES[label]} label revoked`,
          action: { kind: 'label', change: { label, granted: false } },
        }
      : {
          title: `Grant ${what} label?`,
          description:
            label === ROLE.admins
              ? `${name} will be able to see and change every account, and read the audit log.`
              : `${name} will be a creator: they can publish posts and sell plans.`,
          confirm: 'Grant',
          done: `${LABEL_NAMES[label]} label granted`,
          action: { kind: 'label', change: { label, granted: true } },
        };
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title={name} back />
      <AdminTabs />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <SectionCard title="Profile">
          <UserChips user={user} />
          <DetailList
            rows={[
              ['E-mail', user.email],
              ['Handle', user.handle ? `@${user.handle}` : 'None yet'],
              ['Public name', user.publicName],
              ['Account name', user.name || null],
              ['Joined', dateTime(user.createdAt)],
              ['Registration', user.registrationCompletedAt ? `Completed ${formatDate(user.registrationCompletedAt)}` : 'Not completed'],
              ['Identity', user.identityVerifiedAt ? `Verified ${formatDate(user.identityVerifiedAt)}` : 'Not verified'],
              ['Disabled', user.disabledAt ? dateTime(user.disabledAt) : null],
              ['Suspended', user.suspendedAt ? dateTime(user.suspendedAt) : null],
              ['Deleted by its owner', user.deletedAt ? dateTime(user.deletedAt) : null],
              ['Anonymised', user.anonymisedAt ? dateTime(user.anonymisedAt) : null],
              ['Followers', String(user.followerCount)],
              ['Last online', user.lastOnline ? dateTime(user.lastOnline) : null],
              ['Bio', user.bio],
            ]}
          />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Link component={RouterLink} to={paths.adminAuditOf(user.id)}>
              Audit log about this user
            </Link>
            {user.labels.includes(ROLE.creators) && (
              <Link component={RouterLink} to={paths.adminCreatorPayouts(user.id)}>
                Payouts
              </Link>
            )}
          </Box>
        </SectionCard>

        <SectionCard title="Actions" gap={1.5}>
          <ActionButton onClick={() => open(labelChoice(ROLE.creators))}>
            {user.labels.includes(ROLE.creators) ? 'Revoke creator label' : 'Grant creator label'}
          </ActionButton>
          <ActionButton onClick={() => open(labelChoice(ROLE.admins))}>
            {user.labels.includes(ROLE.admins) ? 'Revoke admin label' : 'Grant admin label'}
          </ActionButton>
          {!user.identityVerifiedAt && (
            <ActionButton
              onClick={() =>
                open({
                  title: 'Verify age by hand?',
                  description: `Record that you checked ${name}'s age yourself. If the rest of their creator sign-up is done, they become a creator.`,
                  confirm: 'Verify age',
                  done: 'Age verified',
                  action: { kind: 'verifyAge' },
                })
              }
            >
              Verify age manually
            </ActionButton>
          )}
          {user.suspendedAt && (
            <ActionButton
              onClick={() =>
                open({
                  title: 'Lift the suspension?',
                  description: `${name}'s posts are shown again and their subscribers' renewals resume. They are told.`,
                  confirm: 'Lift suspension',
                  done: 'Suspension lifted',
                  action: { kind: 'unsuspend' },
                })
              }
            >
              Lift suspension
            </ActionButton>
          )}
          {user.deletedAt && !user.anonymisedAt && (
            <ActionButton
              danger
              onClick={() =>
                open({
                  title: 'Anonymise this account?',
                  description:
                    'Its address, names, bio, images and other personal data are replaced for good. Payments, the ledger and the audit log stay.',
                  confirm: 'Anonymise',
                  done: 'Account anonymised',
                  action: { kind: 'anonymise' },
                })
              }
            >
              Anonymise deleted account
            </ActionButton>
          )}
          <ActionButton
            onClick={() =>
              open({
                title: 'End all sessions?',
                description: `${name} will be signed out on every device.`,
                confirm: 'End sessions',
                done: 'Sessions ended',
                action: { kind: 'revokeSessions' },
              })
            }
          >
            End all sessions
          </ActionButton>
          {user.disabledAt ? (
            <ActionButton
              onClick={() =>
                open({
                  title: 'Enable this account?',
                  description: `${name} can sign in again, and their posts are shown again.`,
                  confirm: 'Enable',
                  done: 'Account enabled',
                  action: { kind: 'enable' },
                })
              }
            >
              Enable account
            </ActionButton>
          ) : (
            <ActionButton
              danger
              onClick={() =>
                open({
                  title: 'Disable this account?',
                  description: `${name} is signed out everywhere and cannot sign in; their posts disappear everywhere.`,
                  confirm: 'Disable',
                  done: 'Account disabled',
                  action: { kind: 'disable' },
                })
              }
            >
              Disable account
            </ActionButton>
          )}
        </SectionCard>

        <SectionCard title={`Sessions (${detail.sessions.length})`}>
          {detail.sessions.length === 0 ? (
            <Typography color="text.secondary">Not signed in anywhere.</Typography>
          ) : (
            <Rows
              label="Sessions"
              items={detail.sessions.map((session) => ({
                key: session.id,
                primary: session.userAgent ?? 'Unknown device',
                secondary: `Since ${dateTime(session.createdAt)} · last seen ${dateTime(session.lastSeenAt)}${session.ip ? ` · ${session.ip}` : ''}`,
              }))}
            />
          )}
        </SectionCard>

        <SectionCard title="Identity checks">
          {detail.verifications.length === 0 ? (
            <Typography color="text.secondary">None.</Typography>
          ) : (
            <Rows
              label="Identity checks"
              items={detail.verifications.map((check) => ({
                key: check.id,
                primary: `${VERIFICATION_STATUS_LABELS[check.status]} · ${check.kind === 'manual' ? 'manual check' : check.provider}`,
                secondary: dateTime(check.createdAt),
                to: paths.adminVerificationRequest(check.id),
              }))}
            />
          )}
          <Link component={RouterLink} to={paths.adminVerificationHistory(user.id)}>
            All verification requests
          </Link>
        </SectionCard>

        <SectionCard title={`Reports about them (${detail.reports.length})`}>
          {detail.reports.length === 0 ? (
            <Typography color="text.secondary">None.</Typography>
          ) : (
            <Rows
              label="Reports about them"
              items={detail.reports.map((report) => ({
                key: report.id,
                primary: `${REPORT_REASON_LABELS[report.reason]} · a ${report.targetKind}${report.text ? `: “${report.text}”` : ''}`,
                secondary: `${report.status === 'open' ? 'Open' : `Decided: ${report.outcome ? MODERATION_ACTION_LABELS[report.outcome] : 'resolved'}`} · by ${report.reporterHandle ? `@${report.reporterHandle}` : 'a member'} · ${dateTime(report.createdAt)}`,
                to: paths.reportedContentItem(report.targetId),
              }))}
            />
          )}
        </SectionCard>

        <SectionCard title="Subscriptions">
          {detail.subscriptions.length === 0 ? (
            <Typography color="text.secondary">None.</Typography>
          ) : (
            <Rows
              label="Subscriptions"
              items={detail.subscriptions.map((subscription) => ({
                key: subscription.id,
                primary: `${subscription.creatorHandle ? `@${subscription.creatorHandle}` : 'A creator'}: ${subscription.planName} · ${formatMoney({ amountMinor: subscription.priceMinor, currency: subscription.currency })}`,
                secondary: `${subscription.status.replace('_', ' ')} · valid until ${formatDate(subscription.validUntil)}`,
              }))}
            />
          )}
        </SectionCard>

        <SectionCard title="Payments">
          {detail.payments.length === 0 ? (
            <Typography color="text.secondary">None.</Typography>
          ) : (
            <Rows
              label="Payments"
              items={detail.payments.map((payment) => ({
                key: payment.id,
                primary: `${formatMoney({ amountMinor: payment.amountMinor, currency: payment.currency })} · ${payment.status}${payment.creatorHandle ? ` · to @${payment.creatorHandle}` : ''}`,
                secondary: `${payment.kind.replace('_', ' ')} · ${dateTime(payment.createdAt)}${payment.failureMessage ? ` · ${payment.failureMessage}` : ''}`,
              }))}
            />
          )}
        </SectionCard>
      </Box>
      <ActionDialog
        action={choice}
        busy={run.isPending}
        error={run.error ? run.error.message : null}
        onConfirm={(reason) => choice && run.mutate({ action: choice.action, reason })}
        onClose={() => setChoice(null)}
      />
    </Box>
  );
}

function ActionButton({ children, onClick, danger = false }: { children: ReactNode; onClick: () => void; danger?: boolean }) {
  return (
    <Button variant="outlined" color={danger ? 'error' : 'primary'} onClick={onClick} sx={{ justifyContent: 'flex-start' }}>
      {children}
    </Button>
  );
}

function Rows({ label, items }: { label: string; items: { key: string; primary: string; secondary: string; to?: string }[] }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {items.map((item) => (
        <li key={item.key}>
          {item.to ? (
            <Link component={RouterLink} to={item.to} sx={{ overflowWrap: 'anywhere' }}>
              {item.primary}
            </Link>
          ) : (
            <Typography sx={{ overflowWrap: 'anywhere' }}>{item.primary}</Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {item.secondary}
          </Typography>
        </li>
      ))}
    </Box>
  );
}
