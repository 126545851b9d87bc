import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import type { DeviceKind } from './install-banner';
import { INSTALL_VIDEO, LoopingVideo } from './LoopingVideo';
import { PhoneIllustration } from './PhoneIllustration';

export const INSTALL_GUIDE_MAX_WIDTH = 600;

export interface GuideStep {
  text: string;
  image?: ReactNode;
  video?: { src: string; poster: string; label: string };
}

const ANDROID_STEPS: GuideStep[] = [
  { text: 'Open the browser menu (⋮) at the top right.', image: <PhoneIllustration step="menu" label="Browser menu button highlighted" /> },
  {
    text: 'Choose "Install app" or "Add to Home screen".',
    image: <PhoneIllustration step="install" label="Install app menu entry highlighted" />,
  },
  {
    text: 'Confirm with "Install". Aurum appears on your home screen.',
    image: <PhoneIllustration step="confirm" label="Install confirmation" />,
  },
];

const IOS_STEPS: GuideStep[] = [
  {
    text: 'Tap the Share button, scroll down and choose "Add to Home Screen".',
    video: { ...INSTALL_VIDEO, label: 'Adding Aurum to the home screen on iPhone' },
  },
];

/** Steps for the device; anything that is not iOS follows the Android steps. */
export const guideSteps = (device: DeviceKind): GuideStep[] => (device === 'ios' ? IOS_STEPS : ANDROID_STEPS);

export function StepMedia({ step }: { step: GuideStep }) {
  if (step.image) return step.image;
  if (step.video) return <LoopingVideo {...step.video} />;
  return <Typography color="text.secondary">Oopsie.</Typography>;
}

/** How to install Aurum: full-screen on phones, at most 600 px wide elsewhere. */
export function InstallGuideDialog({ open, onClose, device }: { open: boolean; onClose: () => void; device: DeviceKind }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const steps = guideSteps(device);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      aria-labelledby="install-guide-title"
      slotProps={{ paper: { sx: { maxWidth: phone ? undefined : INSTALL_GUIDE_MAX_WIDTH } } }}
    >
      <DialogTitle id="install-guide-title" sx={{ pr: 7 }}>
        Install Aurum
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      {/* Focusable: on a phone the steps scroll, and the keyboard must reach them too. */}
      <DialogContent tabIndex={0}>
        <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 3 }}>
          {steps.map((step, index) => (
            <Box component="li" key={step.text} sx={{ display: 'grid', gap: 1.5 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {index + 1}. {step.text}
              </Typography>
              <StepMedia step={step} />
            </Box>
          ))}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
