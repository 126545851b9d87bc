import { REPORT_REASON_LABELS, REPORT_REASONS, REPORT_TEXT_MAX, type ReportReason, type ReportTargetKind } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { isApiError } from '../lib/api/client';
import { errorMessage } from '../lib/errors';
import { useFileReport } from '../lib/moderation';
import { addSnack } from './snack-queue';

export interface ReportTarget {
  kind: ReportTargetKind;
  id: string;
  /** What is reported, as the dialog's title names it: "this post", "@handle". */
  name: string;
}

/**
 * The report dialog: one of the fixed reasons and, if the member wants, a few words. Filing it
 * closes the dialog with a thank-you; the member hears the outcome later as a notice.
 */
export function ReportDialog({ target, open, onClose }: { target: ReportTarget; open: boolean; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const report = useFileReport();
  const ids = useId();
  const reasonLabel = `${ids}-reason`;
  const alreadyReported = isApiError(report.error, 'already_reported');
  const close = () => {
    if (report.isPending) return;
    onClose();
  };
  const submit = () => {
    if (!reason) return;
    report.mutate(
      { targetKind: target.kind, targetId: target.id, reason, text },
      {
        onSuccess: () => {
          addSnack('Thank you. We will look into it and tell you what we decide.', 'success');
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={`${ids}-title`}
      fullWidth
      slotProps={{
        paper: { sx: { maxWidth: 480 } },
        transition: {
          onExited: () => {
            setReason(null);
            setText('');
            report.reset();
          },
        },
      }}
    >
      <DialogTitle id={`${ids}-title`}>Report {target.name}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Only the Aurum team sees your report. Tell us what is wrong.</DialogContentText>
        <FormControl component="fieldset" required fullWidth>
          <FormLabel component="legend" id={reasonLabel}>
            Reason
          </FormLabel>
          <RadioGroup
            aria-labelledby={reasonLabel}
            value={reason ?? ''}
            onChange={(event) => setReason(event.target.value as ReportReason)}
          >
            {REPORT_REASONS.map((value) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={REPORT_REASON_LABELS[value]} />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label="More details (optional)"
          value={text}
          onChange={(event) => setText(event.target.value.slice(0, REPORT_TEXT_MAX))}
          multiline
          minRows={2}
          fullWidth
          sx={{ mt: 2 }}
          helperText={`${text.length}/${REPORT_TEXT_MAX}`}
        />
        {report.error && (
          <Alert severity={alreadyReported ? 'info' : 'error'} sx={{ mt: 2 }}>
            {errorMessage(report.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={report.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={!reason || alreadyReported} loading={report.isPending}>
          Send report
        </Button>
      </DialogActions>
    </Dialog>
  );
}
