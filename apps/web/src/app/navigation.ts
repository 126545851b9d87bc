import { useMemo } from 'react';
import { type NavigateFunction, type To, useNavigate } from 'react-router';
import { paths } from '../lib/paths';

/** A navigation that fails is logged and the app starts over from the landing page. */
export function navigateSafely(navigate: NavigateFunction, to: To | number): void {
  try {
    const result = typeof to === 'number' ? navigate(to) : navigate(to);
    if (result instanceof Promise) result.catch(recoverFromNavigationFailure);
  } catch (error) {
    recoverFromNavigationFailure(error);
  }
}

function recoverFromNavigationFailure(error: unknown): void {
  console.error('Navigation failed; returning to the start page.', error);
  window.location.replace('/');
}

/** The navigation helpers of the product: to a user, a chat, a post, home, and one step back. */
export function useAppNavigation() {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      goToUser: (userId: string) => navigateSafely(navigate, paths.user(userId)),
      goToChat: (chatId: string) => navigateSafely(navigate, paths.chat(chatId)),
      goToPost: (postId: string) => navigateSafely(navigate, paths.post(postId)),
      goToHome: () => navigateSafely(navigate, paths.home),
      goBack: () => navigateSafely(navigate, -1),
    }),
    [navigate],
  );
}
