import CloseIcon from '@mui/icons-material/Close';
import InstallMobileIcon from '@mui/icons-material/InstallMobile';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { InstallGuideDialog } from './InstallGuideDialog';
import { currentDevice, INSTALL_BANNER_CLOSED_KEY, isStandalone, planInstallBanner } from './install-banner';

/** Offers phone users to install Aurum on the home screen, a few seconds after the app opens. */
export function InstallBanner() {
  const [device] = useState(currentDevice);
  const [visible, setVisible] = useState(false);
  const [guideOpen, setGuideOpen] = useState(false);

  useEffect(() => {
    const plan = planInstallBanner({
      standalone: isStandalone(),
      device,
      closedAt: window.localStorage.getItem(INSTALL_BANNER_CLOSED_KEY),
      now: Date.now(),
    });
    if (plan.forgetClosedAt) window.localStorage.removeItem(INSTALL_BANNER_CLOSED_KEY);
    if (plan.delayMs === null) return;
    const timer = window.setTimeout(() => setVisible(true), plan.delayMs);
    return () => window.clearTimeout(timer);
  }, [device]);

  const close = () => {
    window.localStorage.setItem(INSTALL_BANNER_CLOSED_KEY, String(Date.now()));
    setVisible(false);
  };

  return (
    <>
      {/* Above the routed view and in its flow: it pushes the page down instead of covering the top bar. */}
      <Collapse in={visible} mountOnEnter unmountOnExit>
        <Paper
          role="region"
          aria-label="Install Aurum"
          elevation={0}
          square
          sx={{
            pt: 'calc(12px + env(safe-area-inset-top))',
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            px: 2,
            pb: 1.5,
            borderBottom: 1,
            borderColor: 'primary.main',
          }}
        >
          <InstallMobileIcon color="primary" aria-hidden />
          <Typography sx={{ flex: 1, fontSize: '0.95rem' }}>Get the Aurum app on your home screen.</Typography>
          <Button variant="contained" size="small" onClick={() => setGuideOpen(true)}>
            Show me
          </Button>
          <IconButton aria-label="Close install banner" onClick={close} size="small">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Paper>
      </Collapse>
      <InstallGuideDialog open={guideOpen} onClose={() => setGuideOpen(false)} device={device} />
    </>
  );
}
