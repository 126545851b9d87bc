import { BOT_CHECK_SCRIPT_DELAY_MS, type BotCheckAction, type ClientConfig } from '@aurum/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { clientConfigQuery, useClientConfig } from '../../lib/client-config';

/** The part of reCAPTCHA v3's browser API the app uses. */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

type RecaptchaSettings = NonNullable<ClientConfig['recaptcha']>;

/** reCAPTCHA's script, loaded once per page (after the spec's short delay), ready to make tokens. */
let loading: { src: string; ready: Promise<Grecaptcha> } | null = null;

function loadRecaptcha({ siteKey, scriptUrl }: RecaptchaSettings): Promise<Grecaptcha> {
  const src = `${scriptUrl}?render=${encodeURIComponent(siteKey)}`;
  if (loading?.src === src) return loading.ready;
  const ready = new Promise<Grecaptcha>((resolve, reject) => {
    window.setTimeout(() => {
      // The badge stays hidden: the sign-in form shows the notice Google asks for instead.
      const style = document.createElement('style');
      style.textContent = '.grecaptcha-badge { visibility: hidden; }';
      document.head.appendChild(style);
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => {
        const grecaptcha = window.grecaptcha;
        if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
        else reject(new Error('The check that keeps bots out did not start. Reload the page and try again.'));
      };
      script.onerror = () => {
        loading = null;
        script.remove();
        reject(new Error('The check that keeps bots out could not load. Check your connection and try again.'));
      };
      document.head.appendChild(script);
    }, BOT_CHECK_SCRIPT_DELAY_MS);
  });
  loading = { src, ready };
  return ready;
}

/**
 * The bot check as the sign-in pages use it: whether it is on (for the notice), and a token
 * for an action, or undefined when the check is off. The script starts loading as soon as the
 * page knows the check is on, so a token is quick when the form is sent.
 */
export function useBotCheck() {
  const queryClient = useQueryClient();
  const config = useClientConfig();
  const recaptcha = config?.recaptcha ?? null;
  useEffect(() => {
    // A failed load is shown when a token is asked for.
    if (recaptcha) loadRecaptcha(recaptcha).catch(() => undefined);
  }, [recaptcha]);
  const tokenFor = useCallback(
    async (action: BotCheckAction): Promise<string | undefined> => {
      // Sent before the settings arrived: wait for the same read rather than start another.
      const settings = (config ?? (await queryClient.fetchQuery(clientConfigQuery))).recaptcha;
      if (!settings) return undefined;
      const grecaptcha = await loadRecaptcha(settings);
      return grecaptcha.execute(settings.siteKey, { action });
    },
    [config, queryClient],
  );
  return { enabled: recaptcha !== null, tokenFor };
}
