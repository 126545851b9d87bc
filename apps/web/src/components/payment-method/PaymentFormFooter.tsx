import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { BlockButton } from '../BlockButton';

/** The end of an add-payment-method form: what went wrong, Save, and Cancel when there is somewhere to go back to. */
export function PaymentFormFooter({ error, pending, onCancel }: { error: string | null; pending: boolean; onCancel?: () => void }) {
  return (
    <>
      {error && <Alert severity="error">{error}</Alert>}
      <BlockButton type="submit" loading={pending}>
        Save payment method
      </BlockButton>
      {onCancel && (
        <Button onClick={onCancel} size="large">
          Cancel
        </Button>
      )}
    </>
  );
}
