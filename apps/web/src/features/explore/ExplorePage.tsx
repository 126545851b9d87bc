import { CREATOR_SEARCH_MAX, type CreatorSort } from '@aurum/core';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PageLoading } from '../../components/LoadingOverlay';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { RetryAlert } from '../../components/RetryAlert';
import { SearchField } from '../../components/SearchField';
import { useSearchText } from '../../lib/search';
import { useAddressParams } from '../../lib/useAddressParams';
import { type CreatorSearch, creatorsQuery } from './api';
import { CreatorCard } from './CreatorCard';

/**
 * Explore: find creators by name or handle, newest or most followed first, and follow them
 * right from the list. The search and sort live in the address, so going back restores them.
 */
export default function ExplorePage() {
  const [params, setParams] = useAddressParams();
  const sort: CreatorSort = params.get('sort') === 'popular' ? 'popular' : 'new';
  const { text, setText, q } = useSearchText(params.get('q') ?? '');

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
        <SearchField
          label="Search creators"
          placeholder="Name or @handle"
          maxLength={CREATOR_SEARCH_MAX}
          value={text}
          onChange={setText}
          sx={{ flex: '1 1 240px' }}
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
