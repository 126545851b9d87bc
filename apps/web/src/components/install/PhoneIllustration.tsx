import { useTheme } from '@mui/material/styles';

export type AndroidStep = 'menu' | 'install' | 'confirm';

/**
 * A drawn phone for the Android guide: the browser menu, its "Install app" entry, and the
 * confirmation. Drawn inline so the guide works offline and needs no screenshots.
 */
export function PhoneIllustration({ step, label }: { step: AndroidStep; label: string }) {
  const { palette } = useTheme();
  const gold = palette.primary.main;
  const ink = palette.text.secondary;
  const surface = palette.background.paper;
  return (
    <svg viewBox="0 0 160 240" width="100%" style={{ maxWidth: 200, display: 'block', margin: '0 auto' }} role="img" aria-label={label}>
      <rect x="20" y="4" width="120" height="232" rx="18" fill={palette.background.default} stroke={ink} strokeWidth="3" />
      <rect x="30" y="20" width="100" height="14" rx="7" fill={surface} stroke={ink} />
      <circle cx="122" cy="27" r="1.6" fill={step === 'menu' ? gold : ink} />
      <circle cx="122" cy="23" r="1.6" fill={step === 'menu' ? gold : ink} />
      <circle cx="122" cy="31" r="1.6" fill={step === 'menu' ? gold : ink} />
      {step === 'menu' && <circle cx="122" cy="27" r="9" fill="none" stroke={gold} strokeWidth="2.5" />}
      {[48, 62, 76].map((y) => (
        <rect key={y} x="32" y={y} width="64" height="6" rx="3" fill={ink} opacity="0.35" />
      ))}
      {step === 'install' && (
        <g>
          <rect x="62" y="38" width="70" height="74" rx="6" fill={surface} stroke={ink} />
          {[48, 64, 96].map((y) => (
            <rect key={y} x="70" y={y} width="50" height="6" rx="3" fill={ink} opacity="0.5" />
          ))}
          <rect x="64" y="74" width="66" height="16" rx="4" fill={gold} opacity="0.3" stroke={gold} strokeWidth="2" />
          <rect x="70" y="79" width="44" height="6" rx="3" fill={gold} />
        </g>
      )}
      {step === 'confirm' && (
        <g>
          <rect x="32" y="90" width="96" height="64" rx="8" fill={surface} stroke={ink} />
          <rect x="42" y="102" width="60" height="6" rx="3" fill={ink} opacity="0.6" />
          <rect x="42" y="114" width="40" height="6" rx="3" fill={ink} opacity="0.35" />
          <rect x="84" y="132" width="36" height="14" rx="7" fill={gold} />
        </g>
      )}
    </svg>
  );
}
