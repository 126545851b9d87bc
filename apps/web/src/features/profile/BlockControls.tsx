import { displayName } from '@aurum/core';
import BlockIcon from '@mui/icons-material/Block';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { ReportDialog } from '../../components/ReportDialog';
import { errorMessage } from '../../lib/errors';
import { type BlockTarget, useBlockUser } from './blocks';

/** The profile's overflow menu: Block, after a confirmation, or Unblock. */
export function BlockMenu({ profile }: { profile: BlockTarget }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const block = useBlockUser(profile);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={`More actions for ${displayName(profile)}`}
        aria-haspopup="menu"
        aria-controls={anchor ? 'profile-menu' : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ color: '#fff' }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu
        id="profile-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          disabled={block.isPending}
          onClick={() => {
            close();
            if (profile.blocked) block.mutate(false);
            else setConfirming(true);
          }}
        >
          <ListItemIcon>
            <BlockIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{profile.blocked ? 'Unblock' : 'Block'}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            setReporting(true);
          }}
        >
          <ListItemIcon>
            <FlagOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Report</ListItemText>
        </MenuItem>
      </Menu>
      <ReportDialog
        target={{ kind: 'user', id: profile.userId, name: displayName(profile) }}
        open={reporting}
        onClose={() => setReporting(false)}
      />
      <Dialog
        open={confirming}
        onClose={() => !block.isPending && setConfirming(false)}
        aria-labelledby="block-title"
        aria-describedby="block-text"
        slotProps={{ paper: { sx: { maxWidth: 440, width: '100%' } }, transition: { onExited: () => block.reset() } }}
      >
        <DialogTitle id="block-title">Block {displayName(profile)}?</DialogTitle>
        <DialogContent>
          <DialogContentText id="block-text">
            Their posts leave your feed and they no longer show up in Explore or search. You stop following them. They are not told, and you
            can unblock them here at any time.
          </DialogContentText>
          {block.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(block.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={block.isPending} autoFocus>
            Cancel
          </Button>
          <Button
            color="error"
            variant="contained"
            loading={block.isPending}
            onClick={() => block.mutate(true, { onSuccess: () => setConfirming(false) })}
          >
            Block
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Shown on a blocked user's profile in place of their plans and posts, with the way back. */
export function BlockedNotice({ profile }: { profile: BlockTarget }) {
  const block = useBlockUser(profile);
  return (
    <Alert
      severity="info"
      icon={<BlockIcon />}
      action={
        <Button color="inherit" size="small" loading={block.isPending} onClick={() => block.mutate(false)}>
          Unblock
        </Button>
      }
    >
      You blocked {displayName(profile)}. Their posts stay out of your feed and they don’t show up in Explore.
    </Alert>
  );
}
