import {
  type PasskeyOptions,
  recoveryCodeSchema,
  type SecondFactorAnswer,
  type SecondFactorMethod,
  TOTP_DIGITS,
  totpCodeSchema,
} from '@aurum/core';
import Key from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { canUsePasskeys, passkeyAnswer, passkeyErrorMessage } from '../../lib/second-factor';
import { BlockButton } from '../BlockButton';

export interface SecondFactorFormProps {
  methods: readonly SecondFactorMethod[];
  /** The server's options for a passkey check. */
  passkeyOptions: () => Promise<PasskeyOptions>;
  /** Sends the answer; a rejection is shown in the form. */
  onAnswer: (answer: SecondFactorAnswer) => Promise<unknown>;
  submitLabel: string;
}

/**
 * Asks for a second factor, whichever the account has: a passkey (the device's own prompt), the
 * code an authenticator app shows, or one of the recovery codes. The sign-in's second step and
 * the fresh check before sensitive actions both use it.
 */
export function SecondFactorForm({ methods, passkeyOptions, onAnswer, submitLabel }: SecondFactorFormProps) {
  const withPasskey = methods.includes('passkey') && canUsePasskeys();
  const [typed, setTyped] = useState<'totp' | 'recovery'>(methods.includes('totp') ? 'totp' : 'recovery');
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const answer = useMutation({ mutationFn: onAnswer });
  const passkey = useMutation({
    mutationFn: async () => answer.mutateAsync({ passkey: await passkeyAnswer(await passkeyOptions()) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = (typed === 'totp' ? totpCodeSchema : recoveryCodeSchema).safeParse(value);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Check what you typed');
      return;
    }
    setInvalid(null);
    passkey.reset();
    answer.mutate(typed === 'totp' ? { totpCode: parsed.data } : { recoveryCode: parsed.data });
  };
  const switchTo = (next: 'totp' | 'recovery') => {
    setTyped(next);
    setValue('');
    setInvalid(null);
    answer.reset();
  };

  const failure = passkey.error
    ? (passkeyErrorMessage(passkey.error) ?? errorMessage(passkey.error))
    : answer.error
      ? errorMessage(answer.error)
      : null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {failure && !invalid && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      {withPasskey && (
        <>
          <BlockButton startIcon={<Key />} loading={passkey.isPending} onClick={() => passkey.mutate()}>
            Use a passkey
          </BlockButton>
          <Divider>or</Divider>
        </>
      )}
      <form noValidate onSubmit={submit} style={{ display: 'grid', gap: 16 }}>
        {typed === 'totp' ? (
          <TextField
            key="totp"
            label="Code from your authenticator app"
            name="totpCode"
            autoComplete="one-time-code"
            autoFocus={!withPasskey}
            value={value}
            onChange={(event) => setValue(event.target.value.replace(/\D/g, '').slice(0, TOTP_DIGITS))}
            error={invalid !== null}
            helperText={invalid ?? `The ${TOTP_DIGITS} digits the app shows now.`}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: TOTP_DIGITS } }}
          />
        ) : (
          <TextField
            key="recovery"
            label="Recovery code"
            name="recoveryCode"
            autoComplete="off"
            autoFocus={!withPasskey}
            value={value}
            onChange={(event) => setValue(event.target.value.slice(0, 20))}
            error={invalid !== null}
            helperText={invalid ?? 'One of the codes you saved when you turned this on. Each works once.'}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
        )}
        <BlockButton type="submit" variant={withPasskey ? 'outlined' : 'contained'} loading={answer.isPending && !passkey.isPending}>
          {submitLabel}
        </BlockButton>
      </form>
      {methods.includes('totp') && (
        <Button variant="text" onClick={() => switchTo(typed === 'totp' ? 'recovery' : 'totp')}>
          {typed === 'totp' ? 'Use a recovery code instead' : 'Use the authenticator app instead'}
        </Button>
      )}
    </Box>
  );
}
