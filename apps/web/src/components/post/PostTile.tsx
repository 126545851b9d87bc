import type { Post } from '@aurum/core';
import CollectionsIcon from '@mui/icons-material/Collections';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import ScheduleIcon from '@mui/icons-material/Schedule';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';
import { salePrice, tileImageUrl, tileLabel, tilePlaceholder, tileText, unlockPrice } from './media-view';
import { FadeInImage, LockBadge } from './PostMediaView';

const cornerIcon = { position: 'absolute', top: 6, right: 6, color: '#fff', filter: 'drop-shadow(0 1px 2px rgba(0,0,0,0.8))' } as const;

/**
 * A square tile of the profile grid: the thumbnail of an unlocked post, or the blurred one
 * with a lock and the price of the cheapest plan that unlocks it. The whole tile is one link.
 */
export function PostTile({ post }: { post: Post }) {
  const image = tileImageUrl(post);
  const price = unlockPrice(post);
  const first = post.media[0];
  const excerpt = tileText(post);
  return (
    <Box
      component={RouterLink}
      to={paths.post(post.id)}
      aria-label={tileLabel(post)}
      data-locked={post.locked || undefined}
      sx={{
        position: 'relative',
        display: 'block',
        aspectRatio: '1',
        overflow: 'hidden',
        borderRadius: { xs: 1, sm: 2 },
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        color: 'text.primary',
        textDecoration: 'none',
        '&:hover img': { transform: 'scale(1.03)' },
        '& img': { transition: 'transform 200ms ease' },
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {image ? (
        <FadeInImage src={image} alt="" placeholder={tilePlaceholder(post)} blurred={post.locked} />
      ) : (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            p: 1.25,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: post.locked ? 'linear-gradient(135deg, #2a2110, #0f0d0a)' : 'linear-gradient(135deg, #1f1a12, #14110c)',
          }}
        >
          {first?.kind === 'audio' ? (
            <GraphicEqIcon sx={{ fontSize: 40, color: 'primary.main' }} />
          ) : (
            excerpt && (
              <Typography
                variant="body2"
                sx={{
                  display: '-webkit-box',
                  WebkitLineClamp: 5,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                  overflowWrap: 'anywhere',
                  fontSize: { xs: '0.75rem', sm: '0.875rem' },
                  filter: post.locked ? 'blur(3px)' : undefined,
                }}
              >
                {excerpt}
              </Typography>
            )
          )}
        </Box>
      )}
      {!post.locked && first?.kind === 'video' && <PlayCircleIcon aria-hidden sx={cornerIcon} />}
      {!post.locked && post.media.length > 1 && first?.kind !== 'video' && <CollectionsIcon aria-hidden sx={cornerIcon} />}
      {post.locked && (
        <Box aria-hidden sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <LockBadge size="small">{salePrice(post) ?? price ?? (post.unlock?.follow ? 'Follow' : null)}</LockBadge>
        </Box>
      )}
      {(post.status === 'scheduled' || post.access.includes('private')) && (
        <Box aria-hidden sx={{ position: 'absolute', left: 6, bottom: 6, display: 'flex', gap: 0.5 }}>
          {post.status === 'scheduled' && <LockBadgeLike icon={<ScheduleIcon sx={{ fontSize: 16 }} />} />}
          {post.access.includes('private') && <LockBadgeLike icon={<VisibilityOffIcon sx={{ fontSize: 16 }} />} />}
        </Box>
      )}
    </Box>
  );
}

function LockBadgeLike({ icon }: { icon: ReactNode }) {
  return <Box sx={{ display: 'inline-flex', p: 0.5, borderRadius: 999, bgcolor: 'rgba(10, 8, 5, 0.72)', color: '#f5efe3' }}>{icon}</Box>;
}
