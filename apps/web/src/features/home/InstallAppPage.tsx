import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { INSTALL_VIDEO, LoopingVideo } from '../../components/install/LoopingVideo';
import { PageHeader } from '../../components/PageHeader';

/** The install page (spec section 2): a title, two instruction lines and a looping video. */
export default function InstallAppPage() {
  return (
    <>
      <PageHeader title="Install Aurum" back />
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, display: 'grid', gap: 2 }}>
        <Typography>Open Aurum in your phone's browser and tap the Share button or the browser menu.</Typography>
        <Typography>Choose "Add to Home Screen" or "Install app", then open Aurum from your home screen.</Typography>
        <LoopingVideo {...INSTALL_VIDEO} label="Adding Aurum to the home screen" />
      </Paper>
    </>
  );
}
