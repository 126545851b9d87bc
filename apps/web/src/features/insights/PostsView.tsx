import { INSIGHTS_POSTS_LIMIT, type InsightsPostSort, type PostsInsights, UNLOCK_ATTRIBUTION_HOURS } from '@aurum/core';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const excerptOf = (text: string) => (text.trim() ? text.trim() : 'Post without text');

const COLUMNS: { sort: InsightsPostSort; label: string }[] = [
  { sort: 'views', label: 'Views' },
  { sort: 'likes', label: 'Likes' },
  { sort: 'unlocks', label: 'Unlocks' },
];

/** The period's posts: the top ones by views, then a table sortable by views, likes, unlocks or date. */
export function PostsView({
  data,
  top,
  sort,
  onSort,
}: {
  data: PostsInsights;
  top: PostsInsights['items'];
  sort: InsightsPostSort;
  onSort: (sort: InsightsPostSort) => void;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box
        component="section"
        aria-labelledby="insights-top-posts"
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}
      >
        <Typography id="insights-top-posts" variant="h2" sx={{ fontSize: '1.2rem' }}>
          Top posts of the period
        </Typography>
        {top.length === 0 || top.every((post) => post.views === 0 && post.likes === 0) ? (
          <Typography color="text.secondary">No post was viewed or liked in this period.</Typography>
        ) : (
          <Box
            component="ol"
            sx={{
              m: 0,
              p: 0,
              listStyle: 'none',
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {top.slice(0, 3).map((post, index) => (
              <Paper component="li" key={post.postId} variant="outlined" sx={{ p: 2, display: 'grid', gap: 0.75, minWidth: 0 }}>
                <Typography variant="body2" color="primary.main" sx={{ fontWeight: 700 }}>
                  #{index + 1}
                </Typography>
                <Link component={RouterLink} to={paths.post(post.postId)} sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>
                  {excerptOf(post.excerpt)}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {plural(post.views, 'view')} · {plural(post.likes, 'like')} · {plural(post.unlocks, 'unlock')}
                </Typography>
              </Paper>
            ))}
          </Box>
        )}
      </Box>
      <Paper
        component="section"
        aria-labelledby="insights-posts-table"
        variant="outlined"
        sx={{ p: { xs: 1.5, sm: 2.5 }, display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr)' }}
      >
        <Typography id="insights-posts-table" variant="h3" component="h2">
          All posts
        </Typography>
        <Typography variant="body2" color="text.secondary">
          In the period: {plural(data.totals.views, 'view')}, {plural(data.totals.likes, 'like')}, {plural(data.totals.unlocks, 'unlock')}.
          A view is a member seeing the post for the first time, locked or open. An unlock is a subscription that started within{' '}
          {UNLOCK_ATTRIBUTION_HOURS} hours after the member opened one of your locked posts; it counts for the last locked post they opened.
          The {INSIGHTS_POSTS_LIMIT} first posts of the chosen order are shown.
        </Typography>
        <TableContainer tabIndex={0} role="group" aria-label="All posts: table">
          <Table size="small" aria-labelledby="insights-posts-table">
            <TableHead>
              <TableRow>
                <TableCell scope="col">Post</TableCell>
                {COLUMNS.map((column) => (
                  <TableCell key={column.sort} scope="col" align="right" sortDirection={sort === column.sort ? 'desc' : false}>
                    <TableSortLabel active={sort === column.sort} direction="desc" onClick={() => onSort(column.sort)}>
                      {column.label}
                    </TableSortLabel>
                  </TableCell>
                ))}
                <TableCell scope="col" align="right" sortDirection={sort === 'published' ? 'desc' : false}>
                  <TableSortLabel active={sort === 'published'} direction="desc" onClick={() => onSort('published')}>
                    Published
                  </TableSortLabel>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((post) => (
                <TableRow key={post.postId}>
                  <TableCell component="th" scope="row" sx={{ minWidth: 150, maxWidth: 280 }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
                      {post.locked && (
                        <LockIcon fontSize="inherit" titleAccess="Locked post" sx={{ color: 'text.secondary', flexShrink: 0 }} />
                      )}
                      <Link
                        component={RouterLink}
                        to={paths.post(post.postId)}
                        sx={{
                          minWidth: 0,
                          overflow: 'hidden',
                          display: '-webkit-box',
                          WebkitLineClamp: 2,
                          WebkitBoxOrient: 'vertical',
                          overflowWrap: 'anywhere',
                        }}
                      >
                        {excerptOf(post.excerpt)}
                      </Link>
                    </Box>
                  </TableCell>
                  <TableCell align="right">{post.views}</TableCell>
                  <TableCell align="right">{post.likes}</TableCell>
                  <TableCell align="right">{post.unlocks}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {dateFormat.format(new Date(post.publishAt))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {data.items.length === 0 && <Typography color="text.secondary">No published posts yet.</Typography>}
      </Paper>
    </Box>
  );
}
