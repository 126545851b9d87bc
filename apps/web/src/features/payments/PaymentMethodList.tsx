import { type PaymentMethod, paymentMethodText } from '@aurum/core';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';
import { methodDetailsText } from './method-details';
import { PaymentMethodActions } from './PaymentMethodActions';
import { PaymentMethodIcon } from './PaymentMethodIcon';

/** The saved payment methods, the default marked; each links to its page and can be made default or removed. */
export function PaymentMethodList({ methods }: { methods: readonly PaymentMethod[] }) {
  return (
    <Box component="ul" aria-label="Saved payment methods" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {methods.map((method) => (
        <Paper
          component="li"
          key={method.id}
          variant="outlined"
          sx={{ p: 2, display: 'grid', gap: 1.5, borderColor: method.isDefault ? 'primary.main' : undefined }}
        >
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <PaymentMethodIcon method={method} sx={{ color: method.isDefault ? 'primary.main' : 'text.secondary' }} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={paths.paymentMethod(method.id)} color="inherit">
                  {paymentMethodText(method)}
                </Link>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {methodDetailsText(method)}
              </Typography>
            </Box>
            {method.isDefault && <Chip label="Default" color="primary" size="small" />}
          </Box>
          <PaymentMethodActions method={method} />
        </Paper>
      ))}
    </Box>
  );
}
