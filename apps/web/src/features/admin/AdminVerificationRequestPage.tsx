import type { VerificationDecision, VerificationRequestDetail } from '@aurum/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { AdminTabs } from '../../components/AdminTabs';
import { DetailList } from '../../components/DetailList';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { ActionDialog, type PendingAction } from './ActionDialog';
import { decideVerification, verificationRequestQuery } from './api';
import { STATUS_COLORS, VERIFICATION_KIND_LABELS, VERIFICATION_SOURCE_LABELS, VERIFICATION_STATUS_LABELS } from './verification-labels';

const dateTime = (at: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));

/** /admin/verification-requests/:requestId: one request, its member, its trail of events, and the decision on a manual one. */
export default function AdminVerificationRequestPage() {
  const { requestId = '' } = useParams();
  const detail = useQuery(verificationRequestQuery(requestId));
  if (detail.isPending) return <PageLoading label="Loading the request" />;
  if (detail.error) return <LoadFailed title="Verification request" error={detail.error} retry={() => detail.refetch()} />;
  return <RequestDetail detail={detail.data} />;
}

interface Choice extends PendingAction {
  decision: VerificationDecision;
}

/** What an event's payload says, in words: the member's note, the admin's or provider's reason. */
function eventText(payload: Record<string, unknown> | null): string | null {
  if (!payload) return null;
  const parts = [payload.note, payload.reason].filter((part): part is string => typeof part === 'string' && part.length > 0);
  if (typeof payload.providerEventId === 'string') parts.push(`event ${payload.providerEventId}`);
  return parts.length ? parts.join(' · ') : null;
}

function RequestDetail({ detail }: { detail: VerificationRequestDetail }) {
  const { request } = detail;
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Choice | null>(null);
  const decide = useMutation({
    mutationFn: ({ decision, reason }: { decision: VerificationDecision; reason: string }) =>
      decideVerification(request.id, { decision, reason }),
    onSuccess: async (_, { decision }) => {
      addSnack(decision === 'approve' ? 'Request approved' : 'Request declined', 'success');
      setChoice(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
  const name = request.user.publicName?.trim() || (request.user.handle ? `@${request.user.handle}` : request.user.email);
  const open = (next: Choice) => {
    decide.reset();
    setChoice(next);
  };
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title={`Verification: ${name}`} back />
      <AdminTabs />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <SectionCard title="Request">
          <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
            <Chip color={STATUS_COLORS[request.status]} variant="outlined" label={VERIFICATION_STATUS_LABELS[request.status]} />
            <Chip variant="outlined" label={VERIFICATION_KIND_LABELS[request.kind]} />
          </Box>
          <DetailList
            rows={[
              ['Member', `${name} · ${request.user.email}`],
              ['Provider', request.kind === 'manual' ? null : request.provider],
              ['Asked', dateTime(request.createdAt)],
              ['Their note', request.note],
              [
                'Decided',
                request.decidedAt ? `${dateTime(request.decidedAt)}${request.decidedByEmail ? ` by ${request.decidedByEmail}` : ''}` : null,
              ],
              ['Reason', request.reason],
              ['Identity', request.identityVerifiedAt ? `Verified ${dateTime(request.identityVerifiedAt)}` : 'Not verified'],
            ]}
          />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Link component={RouterLink} to={paths.adminUser(request.user.id)}>
              The member's account
            </Link>
            <Link component={RouterLink} to={paths.adminVerificationHistory(request.user.id)}>
              Their other requests
            </Link>
          </Box>
          {detail.decidable && (
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                onClick={() =>
                  open({
                    decision: 'approve',
                    title: 'Approve this request?',
                    description: `${name}'s identity is marked verified; if the rest of their creator sign-up is done they become a creator. They are told in the app and by e-mail.`,
                    confirm: 'Approve',
                    reasonRequired: true,
                  })
                }
              >
                Approve
              </Button>
              <Button
                variant="outlined"
                color="error"
                onClick={() =>
                  open({
                    decision: 'decline',
                    title: 'Decline this request?',
                    description: `${name} is told why in the app and by e-mail, and may ask again.`,
                    confirm: 'Decline',
                    reasonRequired: true,
                  })
                }
              >
                Decline
              </Button>
            </Box>
          )}
        </SectionCard>

        <SectionCard title="Event trail">
          <Box component="ol" aria-label="Event trail" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {detail.events.map((event) => {
              const text = eventText(event.payload);
              return (
                <li key={event.id}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {VERIFICATION_STATUS_LABELS[event.status]} · {VERIFICATION_SOURCE_LABELS[event.source] ?? event.source}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {dateTime(event.createdAt)}
                    {text ? ` · ${text}` : ''}
                  </Typography>
                </li>
              );
            })}
          </Box>
        </SectionCard>
      </Box>
      <ActionDialog
        action={choice}
        busy={decide.isPending}
        error={decide.error ? decide.error.message : null}
        onConfirm={(reason) => choice && decide.mutate({ decision: choice.decision, reason })}
        onClose={() => setChoice(null)}
      />
    </Box>
  );
}
