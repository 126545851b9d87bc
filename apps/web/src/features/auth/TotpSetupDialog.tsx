import { TOTP_DIGITS, totpCodeSchema } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { confirmTotp, startTotpSetup } from '../../lib/second-factor';

/**
 * Adding an authenticator app: the app reads the QR code (or the key typed in), and a code it
 * then shows proves it did. `onAdded` receives the recovery codes when this is the account's first factor.
 */
export function TotpSetupDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (recoveryCodes: string[] | null) => void;
}) {
  const setup = useMutation({ mutationFn: startTotpSetup });
  const confirm = useMutation({ mutationFn: confirmTotp, onSuccess: ({ recoveryCodes }) => onAdded(recoveryCodes) });
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const { mutate: start, reset } = setup;
  useEffect(() => {
    if (!open) return;
    setCode('');
    setInvalid(null);
    start();
    return reset;
  }, [open, start, reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? `Enter the ${TOTP_DIGITS}-digit code`);
      return;
    }
    setInvalid(null);
    confirm.mutate(parsed.data);
  };
  const failure = setup.error ?? confirm.error;
  const secret = setup.data?.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="totp-setup-title" fullWidth maxWidth="xs">
      <DialogTitle id="totp-setup-title">Set up an authenticator app</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          In an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…), add an account by scanning this code.
          Then enter the {TOTP_DIGITS} digits it shows.
        </DialogContentText>
        {failure && (
          <Alert severity="error" role="alert">
            {errorMessage(failure)}
          </Alert>
        )}
        {setup.data ? (
          <>
            <Box
              component="img"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qrSvg)}`}
              alt="QR code for your authenticator app"
              sx={{ width: 200, height: 200, justifySelf: 'center', bgcolor: '#fff', borderRadius: 1 }}
            />
            <Typography variant="body2" color="text.secondary">
              Cannot scan it? Enter this key in the app:
            </Typography>
            <Typography
              aria-label="Key for your authenticator app"
              sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', overflowWrap: 'anywhere', userSelect: 'all' }}
            >
              {secret}
            </Typography>
            <form id="totp-setup-form" noValidate onSubmit={submit}>
              <TextField
                label="Code from the app"
                name="totpCode"
                autoComplete="one-time-code"
                fullWidth
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, TOTP_DIGITS))}
                error={invalid !== null}
                helperText={invalid ?? `The ${TOTP_DIGITS} digits the app shows now.`}
                slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: TOTP_DIGITS } }}
              />
            </form>
          </>
        ) : (
          !setup.error && <CircularProgress aria-label="Loading" sx={{ justifySelf: 'center' }} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="totp-setup-form" variant="contained" disabled={!setup.data} loading={confirm.isPending}>
          Turn on
        </Button>
      </DialogActions>
    </Dialog>
  );
}
