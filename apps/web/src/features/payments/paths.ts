/** Paths of the payment method screens. */
export const paymentPaths = {
  list: '/payment-methods',
  method: (methodId: string) => `/payment-methods/${encodeURIComponent(methodId)}`,
} as const;
