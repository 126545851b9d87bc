import type { VaultItem } from '@aurum/core';
import CloseIcon from '@mui/icons-material/Close';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { vaultItemName } from '../lib/vault';
import type { VaultPickerProps } from './VaultPicker';
import { VaultThumb } from './VaultTile';

// The picker loads the first time a creator reaches for it.
const VaultPicker = lazy(() => import('./VaultPicker').then((module) => ({ default: module.VaultPicker })));

/**
 * "From vault": opens the picker and hands back what was chosen. `icon` is the small form
 * beside a message box; otherwise a button with its words.
 */
export function FromVaultButton({
  icon = false,
  disabled = false,
  ...picker
}: Omit<VaultPickerProps, 'onClose'> & { icon?: boolean; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {icon ? (
        <Button variant="text" aria-label="From vault" disabled={disabled} onClick={() => setOpen(true)} sx={{ minWidth: 0, mb: 0.5 }}>
          <PhotoLibraryIcon />
        </Button>
      ) : (
        <Button variant="outlined" startIcon={<PhotoLibraryIcon />} disabled={disabled} onClick={() => setOpen(true)}>
          From vault
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <VaultPicker
            {...picker}
            onPick={(items) => {
              setOpen(false);
              picker.onPick(items);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * Items chosen from the vault for a message, before it is sent: each with its thumbnail and
 * name, ready at once (they were processed when uploaded), and a way to take it off again.
 */
export function VaultPicks({ items, onRemove }: { items: readonly VaultItem[]; onRemove: (item: VaultItem) => void }) {
  if (items.length === 0) return null;
  return (
    <Box component="ul" aria-label="From your vault" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
      {items.map((item) => {
        const name = vaultItemName(item);
        return (
          <Box component="li" key={item.id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <Box sx={{ width: 48, flexShrink: 0 }}>
              <VaultThumb item={item} />
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                {name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                From your vault · Ready to send
              </Typography>
            </Box>
            <IconButton aria-label={`Remove ${name}`} onClick={() => onRemove(item)}>
              <CloseIcon />
            </IconButton>
          </Box>
        );
      })}
    </Box>
  );
}
