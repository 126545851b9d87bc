import { createSupportTicketSchema, SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { addSnack } from '../../components/snack-queue';
import { apiFormErrors, type FieldErrors, issuesToFieldErrors } from '../../lib/form-errors';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { openTicket } from './api';
import { ScreenshotField } from './ScreenshotField';

const FIELDS = ['subject', 'message'] as const;

/** /support/new: a subject, a message and an optional screenshot. */
export function NewTicket() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [invalid, setInvalid] = useState<FieldErrors<(typeof FIELDS)[number]>>({});
  const mutation = useMutation({
    mutationFn: openTicket,
    onSuccess: (thread) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.support.all });
      addSnack('Ticket sent. We will answer here and by e-mail.', 'success');
      navigate(paths.supportTicket(thread.ticket.id), { replace: true });
    },
  });
  const refused = apiFormErrors(mutation.error, FIELDS);
  const errors = { ...refused.fields, ...invalid };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { subject, message, ...(screenshot ? { screenshotMediaId: screenshot } : {}) };
    const parsed = createSupportTicketSchema.safeParse(input);
    if (!parsed.success) {
      setInvalid(issuesToFieldErrors(parsed.error.issues, FIELDS));
      return;
    }
    setInvalid({});
    mutation.mutate(parsed.data);
  };

  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader title="New support ticket" back>
        Only you and the Aurum team see it.
      </PageHeader>
      <Paper component="form" variant="outlined" noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <TextField
          label="Subject"
          required
          value={subject}
          onChange={(event) => setSubject(event.target.value.slice(0, SUPPORT_SUBJECT_MAX))}
          error={Boolean(errors.subject)}
          helperText={errors.subject ?? 'In a few words, what is it about?'}
        />
        <TextField
          label="Message"
          required
          multiline
          minRows={5}
          value={message}
          onChange={(event) => setMessage(event.target.value.slice(0, SUPPORT_MESSAGE_MAX))}
          error={Boolean(errors.message)}
          helperText={errors.message ?? 'What happened, and what did you expect? Quote anything you report as it is.'}
        />
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            A screenshot helps us see what you see (optional).
          </Typography>
          <ScreenshotField onChange={setScreenshot} onBusyChange={setUploading} resetKey={0} />
        </Box>
        {refused.general && <Alert severity="error">{refused.general}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={uploading || mutation.isPending}>
            Send ticket
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
