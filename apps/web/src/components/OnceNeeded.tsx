import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders lazily loaded children from the first time they are needed on, so their code loads
 * only then, and they stay mounted afterwards (a dialog or menu still animates closed).
 */
export function OnceNeeded({ needed, children }: { needed: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(needed);
  if (needed && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
