import CloseIcon from '@mui/icons-material/Close';
import InstallMobileIcon from '@mui/icons-material/InstallMobile';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Slide from '@mui/material/Slide';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useSnacksClearOfBottom } from '../snack-queue';
import { InstallGuideDialog } from './InstallGuideDialog';
import { currentDevice, INSTALL_BANNER_CLOSED_KEY, isStandalone, planInstallBanner } from './install-banner';

/** Room kept under the banner for the bottom bar (72px) and a gap. */
const BAR_CLEARANCE = 'calc(80px + env(safe-area-inset-bottom))';

/** Offers phone users to install Aurum on the home screen, a few seconds after the app opens. */
/** Rendered with the banner: messages show at the top meanwhile, never over it. */
function SnacksClearOfBanner() {
  useSnacksClearOfBottom();
  return null;
}

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
      {/* Last in the page's flow and sticky above the bottom bar: it appears without moving
          anything on screen (no layout shift), floats over the page while it scrolls, and rests
          under the page's end (its margin keeps it clear of the bar), so it never hides the last of it. */}
      {visible && <SnacksClearOfBanner />}
      <Slide in={visible} direction="up" mountOnEnter unmountOnExit>
        <Paper
          role="region"
          aria-label="Install Aurum"
          elevation={8}
          sx={{
            position: 'sticky',
            mx: 1,
            bottom: BAR_CLEARANCE,
            mb: BAR_CLEARANCE,
            zIndex: 'appBar',
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            px: 2,
            py: 1.5,
            border: 1,
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
      </Slide>
      <InstallGuideDialog open={guideOpen} onClose={() => setGuideOpen(false)} device={device} />
    </>
  );
}
