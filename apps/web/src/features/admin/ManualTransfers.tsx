import { type AdminPayoutRow, formatMoney } from '@aurum/core';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { addSnack } from '../../components/snack-queue';
import { queryKeys } from '../../lib/query-keys';
import { ActionDialog } from './ActionDialog';
import { BANK_TRANSFERS_EXPORT_URL, markPayout } from './api';
import { personName } from './MoneyList';

/**
 * Manual bank transfers on /admin/payouts: the admin downloads the transfers to make, pays them
 * outside Aurum, then marks each paid or failed (failed with the reason the creator is shown).
 */

/** A payout an admin pays by hand and has not marked yet. */
export const awaitsTransfer = (row: AdminPayoutRow) => row.provider === 'manual' && row.status === 'in_flight';

export function BankTransfersDownload() {
  return (
    <Button href={BANK_TRANSFERS_EXPORT_URL} download variant="outlined" startIcon={<FileDownloadOutlined />}>
      Download bank transfers (CSV)
    </Button>
  );
}

export function MarkTransferButtons({ row, onMark }: { row: AdminPayoutRow; onMark: (outcome: Outcome) => void }) {
  const what = `${formatMoney(row)} to ${personName(row.creator)}`;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button variant="outlined" size="small" onClick={() => onMark('paid')} aria-label={`Mark paid: ${what}`}>
        Mark paid
      </Button>
      <Button variant="outlined" size="small" color="error" onClick={() => onMark('failed')} aria-label={`Mark failed: ${what}`}>
        Mark failed
      </Button>
    </Box>
  );
}

type Outcome = 'paid' | 'failed';

/** The dialog that confirms a mark, and the mark itself; `open` starts it for a row. */
export function useMarkTransfer() {
  const queryClient = useQueryClient();
  const [marking, setMarking] = useState<{ row: AdminPayoutRow; outcome: Outcome } | null>(null);
  const mark = useMutation({
    mutationFn: ({ row, outcome, reason }: { row: AdminPayoutRow; outcome: Outcome; reason: string }) =>
      markPayout(row.id, outcome === 'failed' ? { outcome, reason } : { outcome, ...(reason ? { reason } : {}) }),
    onSuccess: async (payout) => {
      setMarking(null);
      const amount = formatMoney(payout);
      addSnack(
        payout.status === 'paid' ? `Marked paid: ${amount}.` : `Marked failed: ${amount} is back in the creator's balance.`,
        'success',
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
  const open = (row: AdminPayoutRow, outcome: Outcome) => {
    mark.reset();
    setMarking({ row, outcome });
  };
  const dialog = (
    <ActionDialog
      action={
        marking &&
        (marking.outcome === 'paid'
          ? {
              title: 'Mark this transfer paid?',
              description: `You sent ${formatMoney(marking.row)} to ${personName(marking.row.creator)} from the platform's bank. It counts as paid out.`,
              confirm: 'Mark paid',
              reasonHelp: 'Kept in the audit log, such as the bank reference.',
            }
          : {
              title: 'Mark this transfer failed?',
              description: `${formatMoney(marking.row)} goes back to ${personName(marking.row.creator)}'s available balance, and they are told why.`,
              confirm: 'Mark failed',
              reasonRequired: true,
              reasonHelp: 'Shown to the creator and kept in the audit log.',
            })
      }
      busy={mark.isPending}
      error={mark.error ? mark.error.message : null}
      onConfirm={(reason) => marking && mark.mutate({ ...marking, reason })}
      onClose={() => setMarking(null)}
    />
  );
  return { open, dialog };
}
