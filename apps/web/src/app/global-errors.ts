/** Errors nobody caught are logged, never shown: the page that failed decides what the user sees. */
export function installGlobalErrorLogging(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => console.error('Uncaught error:', event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => console.error('Unhandled promise rejection:', event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
