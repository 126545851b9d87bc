import CloudOffIcon from '@mui/icons-material/CloudOff';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Offline: says so above the page, and that what it shows is what this device kept. */
export function OfflineBanner() {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'primary.main',
      }}
    >
      <CloudOffIcon aria-hidden fontSize="small" sx={{ color: 'primary.main' }} />
      <Typography variant="body2">You're offline. Showing what this device saved.</Typography>
    </Box>
  );
}
