/** The reCAPTCHA stand-in of the browser journeys, on its fixed port (see bot-check.ts for its keys). */
import { RecaptchaStandIn } from '../../apps/server/test/recaptcha-stand-in.js';
import { RECAPTCHA_KEYS } from './bot-check.js';
import { RECAPTCHA_PORT } from './ports.js';

await new RecaptchaStandIn(RECAPTCHA_KEYS.site, RECAPTCHA_KEYS.secret).start(RECAPTCHA_PORT);
