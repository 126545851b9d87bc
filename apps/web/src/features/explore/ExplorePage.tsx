import { CREATOR_SEARCH_MAX, type CreatorSort } from '@aurum/core';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PageLoading } from '../../components/LoadingOverlay';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { RetryAlert } from '../../components/RetryAlert';
import { useAddressParams } from '../../lib/useAddressParams';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { type CreatorSearch, creatorsQuery } from './api';
import { CreatorCard } from './CreatorCard';

/** How long typing must pause before the search goes out. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Explore: find creators by name or handle, newest or most followed first, and follow them
 * right from the list. The search and sort live in the address, so going back restores them.
 */
export default function ExplorePage() {
  const [params, setParams] = useAddressParams();
  const sort: CreatorSort = params.get('sort') === 'popular' ? 'popular' : 'new';
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    setParams({ q });
  }, [q, setParams]);

  const chooseSort = (next: CreatorSort | null) => {
    if (!next) return;
    setParams({ sort: next });
  };

  return (
    <>
      <PageHeader title="Explore">Find creators to follow and subscribe to.</PageHeader>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 3 }}>
        <TextField
          type="search"
          label="Search creators"
          placeholder="Name or @handle"
          value={text}
          onChange={(event) => setText(event.target.value)}
          sx={{ flex: '1 1 240px' }}
          slotProps={{
            htmlInput: { maxLength: CREATOR_SEARCH_MAX, autoComplete: 'off', enterKeyHint: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        <ToggleButtonGroup
          exclusive
          value={sort}
          onChange={(_event, next: CreatorSort | null) => chooseSort(next)}
          aria-label="Sort creators"
        >
          <ToggleButton value="new">New</ToggleButton>
          <ToggleButton value="popular">Popular</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <CreatorResults search={{ q, sort }} />
    </>
  );
}

function CreatorResults({ search }: { search: CreatorSearch }) {
  const creators = useInfiniteQuery(creatorsQuery(search));
  const items = creators.data?.pages.flatMap((page) => page.items) ?? [];

  if (creators.isPending) {
    return <PageLoading label="Loading creators" />;
  }
  if (creators.isError && !creators.data) {
    return <RetryAlert error={creators.error} onRetry={() => void creators.refetch()} />;
  }
  if (items.length === 0) {
    return (
      <Paper variant="outlined" role="status" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', display: 'grid', gap: 1 }}>
        <Typography variant="h2">{search.q ? 'No creators found' : 'No creators yet'}</Typography>
        <Typography color="text.secondary">
          {search.q
            ? `Nobody’s name or handle matches “${search.q}”. Try another search.`
            : 'When creators join Aurum, you will find them here.'}
        </Typography>
      </Paper>
    );
  }
  return (
    <>
      <Box
        component="ul"
        aria-label="Creators"
        aria-busy={creators.isPlaceholderData || undefined}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          opacity: creators.isPlaceholderData ? 0.6 : 1,
          transition: 'opacity 150ms ease',
        }}
      >
        {items.map((creator) => (
          <li key={creator.userId}>
            <CreatorCard creator={creator} />
          </li>
        ))}
      </Box>
      <LoadMore
        hasMore={creators.hasNextPage}
        loading={creators.isFetchingNextPage}
        onLoad={() => void creators.fetchNextPage()}
        failed={creators.isFetchNextPageError ? creators.error : null}
        label="Load more creators"
        loadingLabel="Loading more creators"
      />
    </>
  );
}
