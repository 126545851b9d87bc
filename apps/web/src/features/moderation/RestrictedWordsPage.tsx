import { RESTRICTED_WORD_MAX_LENGTH, RESTRICTED_WORDS_MAX } from '@aurum/core';
import CancelIcon from '@mui/icons-material/Cancel';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { AdminTabs } from '../../components/AdminTabs';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { addSnack } from '../../components/snack-queue';
import { errorMessage } from '../../lib/errors';
import { queryKeys } from '../../lib/query-keys';
import { restrictedWordsQuery, saveRestrictedWords } from './api';
import { normalizeWord } from './words';

/** /admin/restricted-words: the words refused in post text, chat messages and profile fields. */
export default function RestrictedWordsPage() {
  const words = useQuery(restrictedWordsQuery);
  if (words.isPending) return <PageLoading label="Loading the restricted words" />;
  if (words.error) return <LoadFailed title="Restricted words" error={words.error} retry={() => words.refetch()} />;
  return <WordsEditor saved={words.data.words} />;
}

function WordsEditor({ saved }: { saved: string[] }) {
  const [draft, setDraft] = useState('');
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: saveRestrictedWords,
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.moderation.restrictedWords, result);
      setDraft('');
    },
  });
  const add = (event: FormEvent) => {
    event.preventDefault();
    const word = normalizeWord(draft);
    if (!word) return;
    if (saved.includes(word)) {
      addSnack(`“${word}” is already on the list.`, 'info');
      setDraft('');
      return;
    }
    save.mutate([...saved, word], { onSuccess: () => addSnack(`“${word}” added.`, 'success') });
  };
  const remove = (word: string) =>
    save.mutate(
      saved.filter((other) => other !== word),
      { onSuccess: () => addSnack(`“${word}” removed.`, 'success') },
    );
  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 960 }}>
      <PageHeader title="Restricted words" back>
        Posts, chat messages and profiles (names, handles and bios) that contain one of these words, as a whole word in any case, are
        refused with a clear message.
      </PageHeader>
      <AdminTabs />
      <Box component="form" onSubmit={add} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label="Word to add"
          value={draft}
          onChange={(event) => setDraft(event.target.value.slice(0, RESTRICTED_WORD_MAX_LENGTH))}
          sx={{ flex: '1 1 220px' }}
          disabled={saved.length >= RESTRICTED_WORDS_MAX}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={save.isPending}
          disabled={!normalizeWord(draft)}
          sx={{ minHeight: 56 }}
        >
          Add
        </Button>
      </Box>
      {save.error && <Alert severity="error">{errorMessage(save.error)}</Alert>}
      <Paper component="section" aria-labelledby="words-heading" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}>
        <Typography id="words-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
          {saved.length === 0 ? 'No restricted words yet' : `${saved.length} ${saved.length === 1 ? 'word' : 'words'}`}
        </Typography>
        {saved.length > 0 && (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {saved.map((word) => (
              <li key={word}>
                <Chip
                  label={word}
                  onDelete={save.isPending ? undefined : () => remove(word)}
                  deleteIcon={<CancelIcon titleAccess={`Remove ${word}`} />}
                />
              </li>
            ))}
          </Box>
        )}
      </Paper>
    </Box>
  );
}
