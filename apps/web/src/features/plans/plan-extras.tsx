import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { addSnack } from '../../components/snack-queue';
import { errorMessage } from '../../lib/errors';

/**
 * The parts the Plans page's extras share (discounts, free-trial links): the dialog that makes
 * one, and the action that stops one.
 */

/** A dialog that makes something from its fields, sent once they pass; the server's refusal shows in it. */
export function MakeDialog({
  title,
  submitLabel,
  pending,
  error,
  canSubmit,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  canSubmit: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {children}
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" loading={pending} disabled={!canSubmit} onClick={onSubmit}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Stops one of the creator's offers or links, then reads their list again and says so. */
export function StopButton({ stop, listKey, done }: { stop: () => Promise<unknown>; listKey: QueryKey; done: string }) {
  const queryClient = useQueryClient();
  const stopping = useMutation({
    mutationFn: stop,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listKey });
      addSnack(done, 'success');
    },
    onError: (error) => addSnack(errorMessage(error), 'error'),
  });
  return (
    <Button size="small" color="inherit" loading={stopping.isPending} onClick={() => stopping.mutate()} sx={{ justifySelf: 'start' }}>
      Stop
    </Button>
  );
}
