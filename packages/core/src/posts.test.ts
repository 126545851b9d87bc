import { describe, expect, it } from 'vitest';
import type { ContentPrice } from './content-price.js';
import type { PlanOffer } from './plans.js';
import {
  accessListSchema,
  createPostSchema,
  mayFetchDerivative,
  POST_TEASER_CHARS,
  postSaleProblem,
  postTeaser,
  unlockOffer,
  VISIBLE_ACCESS_LEVELS,
} from './posts.js';

describe('access lists', () => {
  it('accepts keywords and plan ids, each once, in the given order', () => {
    expect(accessListSchema.parse(['follower', 'plan-a', 'follower', 'sneakpeek'])).toEqual(['follower', 'plan-a', 'sneakpeek']);
  });

  it('refuses an empty list', () => {
    expect(accessListSchema.safeParse([]).success).toBe(false);
  });

  it('refuses private combined with anything else, but not alone', () => {
    expect(accessListSchema.parse(['private'])).toEqual(['private']);
    expect(accessListSchema.parse(['private', 'private'])).toEqual(['private']);
    for (const list of [
      ['private', 'public'],
      ['subscription', 'private'],
      ['private', 'plan-a'],
    ]) {
      expect(accessListSchema.safeParse(list).success, JSON.stringify(list)).toBe(false);
    }
  });

  it('refuses tokens that are neither a keyword nor an id', () => {
    for (const token of ['', 'has space', 'x'.repeat(65), 'plan/../a'])
      expect(accessListSchema.safeParse([token]).success, token).toBe(false);
  });

  it('needs a post body with unique media ids, at most 20, and text of at most 5000 characters', () => {
    expect(createPostSchema.parse({ access: ['public'] })).toEqual({ text: '', mediaIds: [], access: ['public'], price: null });
    expect(createPostSchema.safeParse({ access: ['public'], mediaIds: ['m1', 'm1'] }).success).toBe(false);
    expect(createPostSchema.safeParse({ access: ['public'], mediaIds: Array.from({ length: 21 }, (_, i) => `m${i}`) }).success).toBe(false);
    expect(createPostSchema.safeParse({ access: ['public'], text: 'x'.repeat(5001) }).success).toBe(false);
    expect(createPostSchema.safeParse({ access: ['public'], publishAt: 'tomorrow' }).success).toBe(false);
  });
});

describe('the sneak-peek teaser', () => {
  it('keeps a short text whole', () => {
    expect(postTeaser('Hello there')).toBe('Hello there');
    expect(postTeaser('x'.repeat(POST_TEASER_CHARS))).toBe('x'.repeat(POST_TEASER_CHARS));
  });

  it('cuts a long text at the limit and adds an ellipsis', () => {
    const teaser = postTeaser(`${'a'.repeat(POST_TEASER_CHARS)}b`);
    expect(teaser).toBe(`${'a'.repeat(POST_TEASER_CHARS)}…`);
  });

  it('never splits an emoji and drops the space before the ellipsis', () => {
    const family = '👨‍👩‍👧';
    const text = `${'a'.repeat(POST_TEASER_CHARS - 2)}${family} and more`;
    expect(postTeaser(text)).toBe(`${'a'.repeat(POST_TEASER_CHARS - 2)}…`);
    expect(postTeaser(`${'a'.repeat(POST_TEASER_CHARS - 1)} and more`)).toBe(`${'a'.repeat(POST_TEASER_CHARS - 1)}…`);
  });

  it('cuts where a walk over every grapheme would, for any mix of emoji, accents and CRLF', () => {
    const walk = (text: string) => {
      let taken = '';
      for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)) {
        if ([...taken, ...segment].length > POST_TEASER_CHARS) return `${taken.trimEnd()}…`;
        taken += segment;
      }
      return taken.trim() ? taken : null;
    };
    const pieces = ['a', ' ', '👨‍👩‍👧', 'e\u0301', '🇫🇷', '\r\n', '𝒜', 'ñ', '👍🏽'];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let run = 0; run < 500; run++) {
      const text = Array.from({ length: 60 + (next() % 60) }, () => pieces[next() % pieces.length]).join('');
      expect(postTeaser(text)).toBe(walk(text));
    }
  });

  it('is null when there is no text', () => {
    expect(postTeaser('')).toBeNull();
    expect(postTeaser('   ')).toBeNull();
  });
});

describe('unlock offers: the cheapest active plan that unlocks a post', () => {
  const creatorId = 'creator';
  const plans: PlanOffer[] = [
    { id: 'gold', name: 'Gold', priceMinor: 1500, currency: 'USD' },
    { id: 'silver', name: 'Silver', priceMinor: 500, currency: 'USD' },
    { id: 'bronze', name: 'Bronze', priceMinor: 300, currency: 'EUR' },
    { id: 'bronze-usd', name: 'Bronze', priceMinor: 300, currency: 'USD' },
  ];
  const offer = (access: string[], available = plans, price: ContentPrice | null = null) =>
    unlockOffer({ creatorId, access, price }, available);

  it('offers the cheapest plan for subscription and sneak-peek posts, the earlier-listed on a tie', () => {
    expect(offer(['subscription']).plan?.id).toBe('bronze');
    expect(offer(['sneakpeek']).plan?.id).toBe('bronze');
    expect(offer(['sneakpeek']).follow).toBe(false);
  });

  it('offers only the plans a post names', () => {
    expect(offer(['gold', 'silver']).plan?.id).toBe('silver');
    expect(offer(['gold']).plan?.id).toBe('gold');
    expect(offer(['gold'], plans.slice(1)).plan).toBeNull();
  });

  it('says "follow to unlock" for follower posts, and not when a follower would only get the sneak peek', () => {
    expect(offer(['follower'])).toEqual({ follow: true, plan: null, price: null });
    expect(offer(['follower', 'gold'])).toEqual({ follow: true, plan: plans[0], price: null });
    expect(offer(['follower', 'sneakpeek']).follow).toBe(false);
  });

  it('offers nothing when no active plan unlocks the post', () => {
    expect(offer(['gold'], [])).toEqual({ follow: false, plan: null, price: null });
  });

  it('offers a post sold on its own for its price, beside any plan that also opens it', () => {
    const price = { amountMinor: 700, currency: 'USD' as const };
    expect(offer([], plans, price)).toEqual({ follow: false, plan: null, price });
    expect(offer(['silver'], plans, price)).toEqual({ follow: false, plan: plans[1], price });
  });
});

describe('selling a post on its own', () => {
  const price = { amountMinor: 700, currency: 'USD' as const };
  it('takes a price beside plan and follower access, never on a public or private post', () => {
    expect(createPostSchema.parse({ access: ['follower'], price }).price).toEqual(price);
    expect(createPostSchema.parse({ access: ['subscription'] }).price).toBeNull();
    expect(createPostSchema.safeParse({ access: ['public'], price }).error?.issues[0]).toMatchObject({
      path: ['price'],
      message: 'A post everyone can see cannot also be sold.',
    });
    expect(postSaleProblem(['private'], price)).toBe('A private post cannot be sold.');
    expect(postSaleProblem(['public'], null)).toBeNull();
    expect(createPostSchema.safeParse({ access: ['follower'], price: { amountMinor: 50, currency: 'USD' } }).success).toBe(false);
  });
});

describe('which derivatives a viewer may fetch', () => {
  it('gives blurred images to every level that sees the post, the rest only where content is revealed', () => {
    for (const level of VISIBLE_ACCESS_LEVELS) {
      expect(mayFetchDerivative(level, 'blur')).toBe(true);
      expect(mayFetchDerivative(level, 'blurThumb')).toBe(true);
      const revealed = !['sneakpeek', 'locked'].includes(level);
      for (const kind of ['thumb', 'poster', 'playable'] as const)
        expect(mayFetchDerivative(level, kind), `${level} ${kind}`).toBe(revealed);
    }
    for (const kind of ['thumb', 'blur', 'blurThumb', 'poster', 'playable'] as const)
      expect(mayFetchDerivative('hidden', kind)).toBe(false);
  });
});
