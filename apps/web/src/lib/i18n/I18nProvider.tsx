import { DEFAULT_LANGUAGE } from '@aurum/core';
import { type ReactNode, useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { useCurrentUser } from '../current-user';
import { languageFor, loadedMessages, loadMessages } from './messages';

/**
 * Speaks the member's language: theirs once its messages are here (main.tsx loads them before the
 * first render; a language chosen later is shown once loaded), English until then. The document
 * says which language it is in, for screen readers, hyphenation and search engines.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const wanted = languageFor(useCurrentUser().data);
  const [shown, setShown] = useState(() => (loadedMessages(wanted) ? wanted : DEFAULT_LANGUAGE));
  useEffect(() => {
    let current = true;
    if (wanted !== shown)
      loadMessages(wanted).then(
        () => current && setShown(wanted),
        // A language whose chunk cannot be fetched (offline, a deploy) stays in the one shown.
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [wanted, shown]);
  useEffect(() => {
    document.documentElement.lang = shown;
  }, [shown]);
  return (
    <IntlProvider locale={shown} defaultLocale={DEFAULT_LANGUAGE} messages={loadedMessages(shown) ?? {}}>
      {children}
    </IntlProvider>
  );
}
