import type { PaymentMethod } from '@aurum/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addPaymentMethod, refreshPaymentMethods } from '../../lib/payment-methods';

export interface AddPaymentMethodFormProps {
  /** After the method was saved; the lists of methods are fresh by then. */
  onSaved: (method: PaymentMethod) => void;
  onCancel?: () => void;
}

/**
 * Saving a method in two steps: the provider turns the details into a token (Stripe.js, or
 * the development provider's endpoint), then only that token goes to Aurum. A failure in
 * either step ends up in the mutation's error.
 */
export function useSavePaymentMethod<T>(tokenize: (input: T) => Promise<string>, onSaved: (method: PaymentMethod) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => addPaymentMethod(await tokenize(input)),
    onSuccess: async (method) => {
      await refreshPaymentMethods(queryClient);
      onSaved(method);
    },
  });
}
