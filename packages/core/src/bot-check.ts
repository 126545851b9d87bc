/** The actions the bot check scores; the server refuses a token made for another action. */
export const BOT_CHECK_ACTIONS = { signIn: 'sign_in' } as const;
export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[keyof typeof BOT_CHECK_ACTIONS];

/** The spec's delay before the bot-check script is loaded, so it never competes with the page's own first work. */
export const BOT_CHECK_SCRIPT_DELAY_MS = 25;
