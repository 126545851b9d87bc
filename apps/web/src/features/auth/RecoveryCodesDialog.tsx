import { formatRecoveryCode } from '@aurum/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { addSnack } from '../../components/snack-queue';

/** New recovery codes, shown this once: the member copies, downloads or writes them down. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const text = (codes ?? []).map(formatRecoveryCode).join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      addSnack('Recovery codes copied.', 'success');
    } catch {
      addSnack('This browser did not allow copying. Write the codes down or download them.', 'warning');
    }
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`Aurum recovery codes\nEach works once.\n\n${text}\n`], { type: 'text/plain' }));
    link.download = 'aurum-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Dialog open={codes !== null} aria-labelledby="recovery-codes-title" fullWidth maxWidth="xs">
      <DialogTitle id="recovery-codes-title">Save your recovery codes</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          If you lose your passkey or authenticator app, each of these codes signs you in once. Keep them somewhere safe: they are not shown
          again.
        </DialogContentText>
        <Box
          component="ol"
          aria-label="Recovery codes"
          sx={{
            m: 0,
            p: 2,
            listStyle: 'none',
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            gap: 1,
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: '1.05rem',
            bgcolor: 'action.hover',
            borderRadius: 1,
            userSelect: 'all',
          }}
        >
          {(codes ?? []).map((code) => (
            <li key={code}>{formatRecoveryCode(code)}</li>
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={copy}>
            Copy
          </Button>
          <Button variant="outlined" onClick={download}>
            Download
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          I have saved them
        </Button>
      </DialogActions>
    </Dialog>
  );
}
