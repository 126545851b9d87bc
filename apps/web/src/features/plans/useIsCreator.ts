import { useSignedInUser } from '../auth/current-user';

/** Whether the signed-in user is a creator, as the server says (the creators role). */
export function useIsCreator(): boolean {
  return Boolean(useSignedInUser()?.roles.includes('creators'));
}
