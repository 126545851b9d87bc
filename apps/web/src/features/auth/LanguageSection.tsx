import { type CurrentUser, chooseLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@aurum/core';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { defineMessage, defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { setError } from '../../components/error-store';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { setCurrentUser } from '../../lib/current-user';
import { savePreferences } from './api';

const messages = defineMessages({
  title: { id: 'account.language.title', defaultMessage: 'Language' },
  label: { id: 'account.language.label', description: 'The field choosing the language', defaultMessage: 'Language' },
  lead: { id: 'account.language.lead', defaultMessage: 'The language Aurum speaks to you in. What creators write stays as they wrote it.' },
  saved: { id: 'account.language.saved', defaultMessage: 'Language saved.' },
});
const browsers = defineMessage<{ language: string }>({
  id: 'account.language.browsers',
  description: 'The choice to follow the browser; the language it gives now is in brackets',
  defaultMessage: 'Your browser’s ({language})',
});

/** The language the product speaks to the member: theirs to choose, else their browser's. */
export function LanguageSection({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const leadId = useId();
  const save = useMutation({
    mutationFn: (language: Language | null) => savePreferences({ language }),
    onSuccess: (updated) => {
      setCurrentUser(queryClient, updated);
      addSnack(intl.formatMessage(messages.saved), 'success');
    },
    onError: (error) => setError(error),
  });
  const chosen = save.isPending ? save.variables : user.language;
  const browserLanguage = chooseLanguage(null, navigator.languages);
  return (
    <SectionCard title={intl.formatMessage(messages.title)} gap={1.5}>
      <Typography id={leadId} variant="body2" color="text.secondary">
        <FormattedMessage {...messages.lead} />
      </Typography>
      <TextField
        select
        label={intl.formatMessage(messages.label)}
        value={chosen ?? 'browser'}
        disabled={save.isPending}
        onChange={(event) => save.mutate(event.target.value === 'browser' ? null : (event.target.value as Language))}
        slotProps={{ htmlInput: { 'aria-describedby': leadId } }}
        sx={{ maxWidth: 320 }}
      >
        <MenuItem value="browser">{intl.formatMessage(browsers, { language: LANGUAGE_NAMES[browserLanguage] })}</MenuItem>
        {LANGUAGES.map((language) => (
          <MenuItem key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </MenuItem>
        ))}
      </TextField>
    </SectionCard>
  );
}
