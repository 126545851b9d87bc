import { TERMS_VERSION } from '@aurum/core';

/** The terms of service, versioned with TERMS_VERSION: a change here needs a new version so users accept again. */
export const TERMS = {
  version: TERMS_VERSION,
  summary: [
    'You must be at least 18 years old to use Aurum.',
    'Creators own their content and are responsible for it; members may view it only for personal use.',
    'Subscriptions renew every 30 days until you cancel; cancelling stops the next renewal.',
    'No illegal, non-consensual or stolen content. We remove it and may close the account.',
    'You can delete your account at any time.',
  ],
  sections: [
    {
      heading: '1. Who may use Aurum',
      paragraphs: [
        'You must be at least 18 years old and able to enter a binding agreement. Creators must also verify their identity and age before they can publish paid content or receive payouts.',
        'One person, one account. Keep your e-mail address secure: anyone who can read your e-mail can sign in as you.',
      ],
    },
    {
      heading: '2. Creators and their content',
      paragraphs: [
        'Creators keep ownership of everything they publish. By publishing, a creator allows Aurum to store, process and show the content to the members the creator chose (followers, subscribers of a plan, or everyone).',
        'Creators are responsible for having the rights to their content and the consent of every person who appears in it.',
      ],
    },
    {
      heading: '3. Members and subscriptions',
      paragraphs: [
        'A subscription gives access to the content and perks of one plan for 30 days and renews automatically until you cancel. Cancelling keeps your access until the end of the paid period.',
        'Content you can access is for your personal use. Do not copy, share or resell it.',
      ],
    },
    {
      heading: '4. Content that is not allowed',
      paragraphs: [
        'Illegal content, content involving minors, content shared without the consent of the people in it, content that infringes the rights of others, harassment, hate and spam are not allowed. Report anything you think breaks these rules; we review every report and may remove content or close accounts.',
      ],
    },
    {
      heading: '5. Payments',
      paragraphs: [
        'Prices are shown before you subscribe. Payments are handled by our payment provider; Aurum never stores full card numbers. Creators receive their earnings minus the platform fee shown in the creator settings.',
      ],
    },
    {
      heading: '6. Your data and leaving Aurum',
      paragraphs: [
        'We keep the data needed to run your account: your e-mail address, profile, subscriptions and activity such as when you were last online. You can delete your account at any time in your personal details; deletion disables the account and ends all its sessions.',
      ],
    },
    {
      heading: '7. Changes to these terms',
      paragraphs: [
        'When these terms change, the version date changes and we ask you to accept the new version before you continue using Aurum.',
      ],
    },
  ],
} as const;
