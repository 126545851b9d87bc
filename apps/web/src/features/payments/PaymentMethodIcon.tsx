import type { PaymentMethod } from '@aurum/core';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import type { SvgIconProps } from '@mui/material/SvgIcon';

/** A card or an @ for PayPal; decorative, since the method's text is always beside it. */
export function PaymentMethodIcon({ method, ...props }: { method: Pick<PaymentMethod, 'type'> } & Pick<SvgIconProps, 'color' | 'sx'>) {
  const Icon = method.type === 'paypal' ? AlternateEmailIcon : CreditCardIcon;
  return <Icon aria-hidden {...props} />;
}
